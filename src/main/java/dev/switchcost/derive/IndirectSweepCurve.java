package dev.switchcost.derive;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.IndirectSweepResults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The figures of a {@code switchcost working-set} run ({@link IndirectSweepResults}): per implementation
 * (JVM, C), size, stride and placement, the mean over the repetitions that did not fail, each with its
 * 99.9% error by the one rule ({@link Estimate#ofSamples}).
 */
public final class IndirectSweepCurve {

    private IndirectSweepCurve() {
    }

    /**
     * One implementation at one size, stride and placement.
     *
     * @param impl               JVM or C
     * @param indirect           paired indirect cost, ns per switch (first − second walk), mean over repetitions
     * @param firstWalk          ns per first walk
     * @param secondWalk         ns per second walk
     * @param roundTripPerSwitch the whole round trip / 2 (walks and clock reads included), ns
     * @param direct             the direct cost: {@code roundTripPerSwitch} of the size-0 cell of the same impl, stride and
     *                           placement; null without one
     * @param total              direct + {@link #answer()} (the whole cost where derived, else the paired indirect), Li et
     *                           al.'s "total cost per switch" (without the walk itself); null without a direct cost
     * @param switchesPerRoundTrip mean context switches per round trip (≈ 2 on one CPU)
     * @param repetitions        repetitions averaged
     * @param failed             repetitions that failed (left out)
     * @param beyond             the CPU time per switch beyond two second walks ({@code switch.beyond}), mean over
     *                           repetitions; null unless every usable repetition read it
     * @param whole              beyond − beyond of the size-0 cell of the same impl, stride and placement: the whole cost
     *                           through the caches, in the switch and after it; null without both, or where either cell
     *                           counted fewer than {@link IndirectCost#MIN_SWITCHES_PER_ROUND_TRIP} switches per round trip
     */
    public record Point(String impl, long workingSetKiB, long strideBytes, String placement, Estimate indirect, Estimate firstWalk,
                        Estimate secondWalk, Estimate roundTripPerSwitch, Estimate direct, Estimate total,
                        double switchesPerRoundTrip, int repetitions, int failed, Estimate beyond, Estimate whole) {

        /** @return the answer: the whole cost where derived, else the paired estimate */
        public Estimate answer() {
            return whole != null ? whole : indirect;
        }
    }

    /** Every cell with at least one usable repetition, ordered by placement, stride, impl (JVM first) and size. */
    public static List<Point> of(IndirectSweepResults results) {
        List<Point> out = new ArrayList<>();
        for (IndirectSweepResults.Cell c : results.cells()) {
            List<IndirectSweepResults.Sample> ok = c.usable();
            if (ok.isEmpty()) {
                continue;
            }
            Estimate rt = roundTripPerSwitch(ok);
            Optional<IndirectSweepResults.Cell> zero = zeroOf(results, c);
            Estimate direct = zero.map(z -> roundTripPerSwitch(z.usable())).orElse(null);
            Estimate indirect = Estimate.ofSamples(ok.stream().mapToDouble(IndirectSweepResults.Sample::indirectNsPerSwitch).toArray());
            Estimate beyond = beyond(ok);
            Estimate beyondAtZero = c.workingSetKiB() == 0 ? beyond : zero.map(z -> beyond(z.usable())).orElse(null);
            double switches = switchesPerRoundTrip(ok);
            // the whole cost only between round trips that switched on every handoff (IndirectCost.Flag.FEWER_SWITCHES)
            boolean like = IndirectCost.switchedEveryHandoff(switches)
                    && zero.map(z -> IndirectCost.switchedEveryHandoff(switchesPerRoundTrip(z.usable()))).orElse(true);
            Estimate whole = beyond == null || beyondAtZero == null || !like ? null
                    : c.workingSetKiB() == 0 ? Estimate.exact(0) : beyond.minus(beyondAtZero);
            out.add(new Point(c.impl(), c.workingSetKiB(), c.strideBytes(), c.placement(), indirect,
                    Estimate.ofSamples(ok.stream().mapToDouble(IndirectSweepResults.Sample::firstWalkNs).toArray()),
                    Estimate.ofSamples(ok.stream().mapToDouble(IndirectSweepResults.Sample::secondWalkNs).toArray()),
                    rt, direct, direct == null ? null : direct.plus(whole != null ? whole : indirect),
                    switches, ok.size(), c.samples().size() - ok.size(), beyond, whole));
        }
        out.sort(Comparator.comparing(Point::placement).thenComparingLong(Point::strideBytes)
                .thenComparing(p -> p.impl().equals(IndirectSweepResults.JVM) ? 0 : 1).thenComparingLong(Point::workingSetKiB));
        return out;
    }

    /**
     * The JVM's whole cost through the caches against C's at one size, stride and placement, paired by repetition: the
     * JVM and C cells of a repetition ran one after the other, so what moved the host between repetitions moves both.
     *
     * @param jvmOverC the geometric mean of the repetitions' JVM/C ratios with its 99.9 % interval over them
     *                 ({@link Estimate#pairedRatio}); null when fewer than two repetitions give both, or a repetition's
     *                 whole cost on either side is not above 0 (a ratio of such is no ratio)
     * @param pairs    the repetitions that gave both sides
     */
    public record Against(long workingSetKiB, long strideBytes, String placement, Estimate jvmOverC, int pairs) {
    }

    /**
     * For every size above 0 with both a JVM and a C cell: the JVM's whole cost over C's, repetition by repetition, each
     * side's whole cost being its {@code beyond} less the same repetition's {@code beyond} at size 0. Only repetitions where
     * all four cells read the threads' CPU time and switched on every handoff count.
     */
    public static List<Against> jvmAgainstC(IndirectSweepResults results) {
        List<Against> out = new ArrayList<>();
        for (IndirectSweepResults.Cell j : results.cells()) {
            if (!j.impl().equals(IndirectSweepResults.JVM) || j.workingSetKiB() == 0) {
                continue;
            }
            Optional<IndirectSweepResults.Cell> c = results.cells().stream().filter(x -> x.impl().equals(IndirectSweepResults.C)
                    && x.workingSetKiB() == j.workingSetKiB() && x.strideBytes() == j.strideBytes() && x.placement().equals(j.placement()))
                    .findFirst();
            Optional<IndirectSweepResults.Cell> j0 = zeroOf(results, j);
            Optional<IndirectSweepResults.Cell> c0 = c.flatMap(x -> zeroOf(results, x));
            if (c.isEmpty() || j0.isEmpty() || c0.isEmpty()) {
                continue;
            }
            List<Double> ratios = new ArrayList<>();
            boolean positive = true;
            for (IndirectSweepResults.Sample js : j.usable()) {
                Double jw = whole(js, j0.get(), js.repetition());
                Double cw = c.get().usable().stream().filter(x -> x.repetition() == js.repetition()).findFirst()
                        .map(cs -> whole(cs, c0.get(), cs.repetition())).orElse(null);
                if (jw == null || cw == null) {
                    continue;
                }
                positive &= jw > 0 && cw > 0;
                ratios.add(jw / cw);
            }
            Estimate r = ratios.size() < 2 || !positive ? null
                    : Estimate.pairedRatio(ratios.stream().mapToDouble(Double::doubleValue).toArray());
            out.add(new Against(j.workingSetKiB(), j.strideBytes(), j.placement(), r, ratios.size()));
        }
        out.sort(Comparator.comparing(Against::placement).thenComparingLong(Against::strideBytes)
                .thenComparingLong(Against::workingSetKiB));
        return out;
    }

    /** One repetition's whole cost: its beyond less the size-0 cell's in the same repetition; null where either is missing. */
    private static Double whole(IndirectSweepResults.Sample s, IndirectSweepResults.Cell zero, int repetition) {
        IndirectSweepResults.Sample z = zero.usable().stream().filter(x -> x.repetition() == repetition).findFirst().orElse(null);
        if (z == null || s.beyondNsPerSwitch() == null || z.beyondNsPerSwitch() == null
                || !IndirectCost.switchedEveryHandoff(s.switchesPerRoundTrip()) || !IndirectCost.switchedEveryHandoff(z.switchesPerRoundTrip())) {
            return null;
        }
        return s.beyondNsPerSwitch() - z.beyondNsPerSwitch();
    }

    /** Mean counted switches per round trip over the repetitions that counted them, NaN where none did. */
    private static double switchesPerRoundTrip(List<IndirectSweepResults.Sample> ok) {
        return ok.stream().mapToDouble(IndirectSweepResults.Sample::switchesPerRoundTrip).filter(Double::isFinite).average()
                .orElse(Double.NaN);
    }

    private static Estimate roundTripPerSwitch(List<IndirectSweepResults.Sample> ok) {
        return Estimate.ofSamples(ok.stream().mapToDouble(s -> s.nsPerRoundTrip() / 2).toArray());
    }

    /** The size-0 cell of the same impl, stride and placement, with a usable repetition. */
    private static Optional<IndirectSweepResults.Cell> zeroOf(IndirectSweepResults results, IndirectSweepResults.Cell of) {
        return results.cells().stream()
                .filter(c -> c.workingSetKiB() == 0 && c.impl().equals(of.impl()) && c.strideBytes() == of.strideBytes()
                        && c.placement().equals(of.placement()) && !c.usable().isEmpty())
                .findFirst();
    }

    /** The mean beyond over the repetitions, or null unless every one read it. */
    private static Estimate beyond(List<IndirectSweepResults.Sample> ok) {
        return ok.isEmpty() || ok.stream().anyMatch(s -> s.beyondNsPerSwitch() == null) ? null
                : Estimate.ofSamples(ok.stream().mapToDouble(IndirectSweepResults.Sample::beyondNsPerSwitch).toArray());
    }
}
