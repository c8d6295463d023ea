package dev.switchcost.derive;

import dev.switchcost.results.Bench;
import dev.switchcost.results.Family;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything {@code derive} makes of one results input, made once ({@link #of}): the card, the report, A against B,
 * {@code indirect} and {@code compare} only format it. {@code ArchitectureTest} holds that no other class calls a
 * derivation, so each runs once per input.
 *
 * @param headlines     the answer card's figures, one per JDK ({@link Headline#perJdk})
 * @param pinning       the pinning study ({@link PinningStudy#derive})
 * @param gap           the JVM−C gap's shares per compare cell, empty without compare.json ({@link GapDecomposition#of})
 * @param afterSwitch   a binding's call right after a switch, empty without those cells ({@link GapDecomposition#afterSwitch})
 * @param workingSet    the working-set rows' costs per switch ({@link IndirectCost#derive}), empty when refused
 * @param workingSetRefused why the working-set rows could not be derived (e.g. a throughput-mode row), or null
 * @param paired        each paired working-set row's estimate beside its control and size-0 row ({@link IndirectCost#paired})
 * @param processThread process against thread switch per placement ({@link ProcessThreadCost#derive})
 * @param distribution  the sampled rows' latency distributions ({@link LatencyDistribution#of})
 * @param sweep         the working-set sweep's curve, empty without indirect.json ({@link IndirectSweepCurve#of})
 * @param sweepAgainstC the sweep's JVM against C per size, paired by repetition, empty without indirect.json
 *                      ({@link IndirectSweepCurve#jvmAgainstC})
 * @param primitives    the primitive matrix, empty without PrimitiveHandoff rows ({@link PrimitiveMatrix#of})
 * @param spin          the spin budget per placement, empty without SpinOrPark rows ({@link SpinBudget#of})
 * @param spinTwin      the JVM's spin-then-park curve beside the C twin's, empty without spin-compare.json ({@link SpinTwin#of})
 */
public record Findings(Results input, List<Headline> headlines, PinningStudy pinning, List<GapDecomposition.Row> gap,
                       List<GapDecomposition.AfterSwitch> afterSwitch, List<IndirectCost.Row> workingSet,
                       String workingSetRefused, Map<JmhRow, IndirectCost.Paired> paired,
                       List<ProcessThreadCost.Row> processThread, List<LatencyDistribution.Series> distribution,
                       List<IndirectSweepCurve.Point> sweep, List<IndirectSweepCurve.Against> sweepAgainstC,
                       List<PrimitiveMatrix.Cell> primitives,
                       List<SpinBudget> spin, List<SpinTwin> spinTwin) {

    public static Findings of(Results r) {
        List<JmhRow> usable = r.usable();
        Map<JmhRow, IndirectCost.Paired> paired = pairedRows(usable);
        List<IndirectCost.Row> ws;
        String refused = null;
        try {
            ws = IndirectCost.derive(usable, paired);
        } catch (IllegalArgumentException e) {
            ws = List.of();
            refused = e.getMessage();
        }
        List<GapDecomposition.Row> gap = r.compare() == null ? List.of() : GapDecomposition.of(r.compare());
        return new Findings(r, Headline.perJdk(r, paired), PinningStudy.derive(r), gap,
                r.compare() == null ? List.of() : GapDecomposition.afterSwitch(r.compare(), gap), ws, refused, paired,
                ProcessThreadCost.derive(usable), LatencyDistribution.of(usable),
                r.indirectSweep() == null ? List.of() : IndirectSweepCurve.of(r.indirectSweep()),
                r.indirectSweep() == null ? List.of() : IndirectSweepCurve.jvmAgainstC(r.indirectSweep()),
                PrimitiveMatrix.of(usable), SpinBudget.of(usable),
                r.spinCompare() == null ? List.of() : SpinTwin.of(r.spinCompare()));
    }

    /** Each paired working-set row's estimate (a time per op) in {@code rows}, by its row: the card and the table read these. */
    public static Map<JmhRow, IndirectCost.Paired> pairedRows(List<JmhRow> rows) {
        Map<JmhRow, IndirectCost.Paired> paired = new LinkedHashMap<>();
        for (JmhRow x : rows) {
            if (Family.WORKING_SET.has(x) && Bench.Names.PAIRED_METHOD.equals(x.method()) && x.primary().isTimePerOp()) {
                paired.put(x, IndirectCost.paired(x, rows));
            }
        }
        return paired;
    }

    /** @return the spin budget of {@code placement}'s SpinOrPark rows, or null without them */
    public SpinBudget spin(String placement) {
        return spin.stream().filter(s -> s.placement().equals(placement)).findFirst().orElse(null);
    }

    /** Where and on what row {@code x} of this input was measured ({@link Like}). */
    public Like.Side side(JmhRow x) {
        return Headline.side(input, x);
    }

    /** Where and on what compare cell {@code c} of this input was measured ({@link Like}). */
    public Like.Side side(CompareResults.Cell c) {
        return Headline.side(input, c);
    }

    /**
     * The paired estimate of working-set row {@code x} of this input.
     *
     * @throws IllegalArgumentException when {@code x} is not one of its paired working-set rows
     */
    public IndirectCost.Paired paired(JmhRow x) {
        IndirectCost.Paired p = paired.get(x);
        if (p == null) {
            throw new IllegalArgumentException(x.key() + " is not a paired working-set row of " + input.label());
        }
        return p;
    }
}
