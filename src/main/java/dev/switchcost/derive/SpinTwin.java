package dev.switchcost.derive;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.SpinCompareResults;
import dev.switchcost.results.SpinGrid;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The spin-then-park curve of the JVM beside its C twin's ({@code compare --spin}, {@code spin-compare.json}), per
 * placement and reply delay D: for each implementation, latency + CPU per round trip (the cost {@link SpinBudget}
 * chooses a budget by) at PARK (B = 0) and at every SPIN_THEN_PARK budget, and SPIN's alone.
 *
 * <p>The cost of a repetition is its mean round trip plus both threads' CPU time per round trip, measured together;
 * a cell's cost is the mean of its usable repetitions' costs with the 99.9% error between them (the one rule,
 * {@link Estimate}). Failed and left-out repetitions are not in it; a cell without any is not on the curve.
 *
 * @param placement SAME_CPU or CROSS_CPU
 * @param reply     D as the cells spell it ({@code 0}, {@code exp:20000}, {@code bimodal:5:500000})
 * @param sides     the C twin's, then the JVM's, each where it has a usable cell
 */
public record SpinTwin(String placement, String reply, List<Side> sides) {

    /**
     * One implementation's curve.
     *
     * @param impl  {@link SpinCompareResults#C} or {@link SpinCompareResults#JVM}
     * @param curve cost by spin budget, ascending, PARK at B = 0
     * @param spin  SPIN's cost, or null without a usable SPIN cell
     */
    public record Side(String impl, Map<Long, Estimate> curve, Estimate spin) {
    }

    /** @return one per (placement, reply) in the order of the cells; empty when no cell has a usable repetition */
    public static List<SpinTwin> of(SpinCompareResults r) {
        Map<List<String>, List<SpinCompareResults.Cell>> byCase = r.cells().stream()
                .collect(Collectors.groupingBy(c -> List.of(c.placement(), c.reply()), LinkedHashMap::new, Collectors.toList()));
        return byCase.entrySet().stream().map(e -> new SpinTwin(e.getKey().get(0), e.getKey().get(1),
                        Stream.of(SpinCompareResults.C, SpinCompareResults.JVM)
                                .map(impl -> side(impl, e.getValue().stream().filter(c -> c.impl().equals(impl))
                                        .toList()))
                                .filter(Objects::nonNull).toList()))
                .filter(t -> !t.sides().isEmpty()).toList();
    }

    private static Side side(String impl, List<SpinCompareResults.Cell> cells) {
        Map<Long, Estimate> curve = new LinkedHashMap<>();
        Estimate spin = null;
        for (SpinCompareResults.Cell c
                : cells.stream().sorted(Comparator.comparingLong(SpinCompareResults.Cell::budgetNs)).toList()) {
            Estimate cost = cost(c);
            if (cost == null) {
                continue;
            }
            if (SpinGrid.Strategy.SPIN.name().equals(c.strategy())) {
                spin = cost;
            } else {
                curve.put(c.budgetNs(), cost); // PARK is budget 0
            }
        }
        return curve.isEmpty() && spin == null ? null : new Side(impl, curve, spin);
    }

    /** Latency + CPU per round trip, repetition by repetition; null without a usable repetition with both. */
    static Estimate cost(SpinCompareResults.Cell c) {
        double[] sums = c.usable().stream().mapToDouble(s -> s.nsPerRoundTrip() + s.cpuNsPerRoundTrip())
                .filter(Double::isFinite).toArray();
        return sums.length == 0 ? null : Estimate.ofSamples(sums);
    }
}
