package dev.switchcost.measure.jmh;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Turns the paired walks of a working-set benchmark ({@code WorkingSetHandoff.roundTripPaired}) into
 * per-iteration secondary results, so JMH gives each its mean and 99.9% error across iterations.
 *
 * <p>At the end of each iteration the benchmark {@link #record records} each side's summed first-walk
 * and second-walk nanoseconds ({@link dev.switchcost.measure.workload.PairedWalk}); every recorded side
 * walked twice in every op of the iteration, so with {@code ops} the iteration's operations (JMH's
 * {@code allOps}, warm-up and warm-down ops included, as the sums are) and {@code sides} the number of
 * records, there were {@code sides·ops} first walks. Results:
 * <ul>
 *   <li>{@code walk.first}: ns per first walk (right after a switch in);</li>
 *   <li>{@code walk.second}: ns per second walk (right after the first, no switch between);</li>
 *   <li>{@code indirect.paired}: first − second, ns per switch: each switch hands the CPU to one side,
 *       which then does exactly one first walk.</li>
 *   <li>{@code switch.beyond}: the pair's CPU time per switch less two walks at the second walk's speed, where
 *       the benchmark {@link #recordPairRun records} the pair's CPU time ({@code schedstat} run time of both
 *       threads, read at the iteration's set-up and tear-down, never per op): the switch's direct cost plus
 *       everything the caches add, in the switch itself (its own data evicted by the walks, the walks' dirty
 *       lines written back on its path) and in the first walk after it. Time another task took of the CPU is
 *       not in it. Less its value at size 0, it is what {@code switchcost indirect} calls the whole cost
 *       through the caches; {@code indirect.paired} alone sees only the part after the switch.</li>
 * </ul>
 * And for any benchmark that records only the pair's CPU time (a {@code PairTrial} that
 * {@code reportsPairCpu}: {@code PrimitiveHandoff}, {@code SpinOrPark}), {@code cpu.pair}: the pair's CPU time per
 * op, ns (both threads' {@code schedstat} run time over the iteration's ops, warm-up ops included, divided by
 * JMH's {@code allOps}). Benchmarks that record nothing get no results from this profiler. Registered by
 * {@code switchcost run} and {@code compare} beside {@link ContextSwitchProfiler}; by hand,
 * {@code -prof dev.switchcost.measure.jmh.PairedWalkProfiler}.
 */
public final class PairedWalkProfiler implements InternalProfiler {

    public static final String FIRST = "walk.first";
    public static final String SECOND = "walk.second";
    public static final String INDIRECT = "indirect.paired";
    public static final String SWITCH = "switch.beyond";
    public static final String CPU = "cpu.pair";

    private static final Object LOCK = new Object();
    private static long firstNanos;
    private static long secondNanos;
    private static int sides;
    /** The pair's CPU time over the iteration's ops, ns; -1 when not recorded or unreadable. */
    private static long pairRunNanos = -1;

    public PairedWalkProfiler() {
    }

    public PairedWalkProfiler(String initLine) {
    }

    /**
     * The pair's CPU time ({@code schedstat} run time of both sides) from just before the iteration's
     * first op to just after its last, or -1 where it could not be read: called from the benchmark's
     * iteration tear-down, once per iteration.
     */
    public static void recordPairRun(long nanos) {
        synchronized (LOCK) {
            pairRunNanos = nanos;
        }
    }

    /**
     * One side's sums for the iteration that is ending: called from the benchmark's iteration tear-down,
     * once per side that did one paired walk per op.
     */
    public static void record(long sideFirstNanos, long sideSecondNanos) {
        synchronized (LOCK) {
            firstNanos += sideFirstNanos;
            secondNanos += sideSecondNanos;
            sides++;
        }
    }

    @Override
    public String getDescription() {
        return "Paired walks of the working-set benchmarks: first walk after a switch, second walk without one, "
                + "and their difference per switch";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        take();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long[] t = take();
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        return results(t[0], t[1], (int) t[2], ops, t[3]);
    }

    /** The registry's sums, cleared: {first, second, sides, pair run}. */
    private static long[] take() {
        synchronized (LOCK) {
            long[] t = {firstNanos, secondNanos, sides, pairRunNanos};
            firstNanos = 0;
            secondNanos = 0;
            sides = 0;
            pairRunNanos = -1;
            return t;
        }
    }

    /** The arithmetic, apart from the registry, so it can be checked on fixed sums. */
    static List<Result> results(long firstNanos, long secondNanos, int sides, long ops, long pairRunNanos) {
        if (sides == 0) {
            return pairRunNanos >= 0 && ops > 0
                    ? List.of(new ScalarResult(CPU, (double) pairRunNanos / ops, "ns/op", AggregationPolicy.AVG))
                    : List.of();
        }
        double walks = (double) sides * ops;
        double first = ops > 0 ? firstNanos / walks : Double.NaN;
        double second = ops > 0 ? secondNanos / walks : Double.NaN;
        List<Result> out = new ArrayList<>(List.of(
                new ScalarResult(FIRST, first, "ns/walk", AggregationPolicy.AVG),
                new ScalarResult(SECOND, second, "ns/walk", AggregationPolicy.AVG),
                new ScalarResult(INDIRECT, first - second, "ns/switch", AggregationPolicy.AVG)));
        if (pairRunNanos >= 0 && ops > 0) {
            // each switch hands the CPU to one side, which walks twice: per switch, the pair's CPU time
            // less two walks at the undisturbed (second walk's) speed
            out.add(new ScalarResult(SWITCH, pairRunNanos / walks - 2 * second, "ns/switch", AggregationPolicy.AVG));
        }
        return out;
    }
}
