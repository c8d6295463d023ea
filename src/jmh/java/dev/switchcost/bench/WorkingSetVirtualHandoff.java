package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> {@link WorkingSetHandoff}'s question with a virtual-thread partner: what does the
 * working set add to a park/unpark handoff between the JMH platform thread and a virtual thread?
 *
 * <p><b>Method.</b> Exactly {@link WorkingSetHandoff}'s {@code roundTrip} (same sizes, strides,
 * sharing; handoff VIRTUAL: {@code LockSupport} park/unpark, partner a virtual thread; placement
 * UNPINNED; neither is a {@code @Param}, so result rows carry only size, stride and sharing). It is
 * a sibling class, not a {@code handoff} value of the parent, because a virtual thread cannot be
 * pinned: the only placement is {@code UNPINNED}, which the parent's pinned placements would otherwise
 * cross with configurations that cannot run. The baselines ({@code walkAlone}, size 0) are
 * {@link WorkingSetHandoff}'s: run both classes into one JSON file ({@code WorkingSet} as the regex)
 * and {@code switchcost indirect} pairs them. <b>One op = one round trip = two handoffs; each side
 * walks once.</b>
 *
 * <p><b>Expected.</b> Each handoff unmounts/mounts the partner on a carrier thread and wakes the JMH
 * thread with a futex, so kernel switches per op are counted on the worker and carrier
 * ({@code ctxsw.carrier.total.norm}); the cache behaviour follows where the scheduler put the carrier
 * (unpinned: it may move). A hypothesis; results live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar WorkingSet -p workingSetKiB=0,24,48 -p strideBytes=64
 * -prof dev.switchcost.measure.jmh.ContextSwitchProfiler -rf json}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 10, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class WorkingSetVirtualHandoff {

    /**
     * Virtual partner, park/unpark, scheduler-placed. Handoff and placement are fixed, not
     * {@code @Param}s, so {@code -p handoff=...} or {@code -p placement=...} meant for
     * {@link WorkingSetHandoff} cannot turn this class into something else when both run together.
     */
    @State(Scope.Thread)
    public static class VirtualPair extends WorkingSetHandoff.Pair {
        @Override
        protected Placement where() {
            return Placement.UNPINNED;
        }

        @Override
        WorkingSetHandoff.Handoff handoff() {
            return WorkingSetHandoff.Handoff.VIRTUAL;
        }
    }

    /** {@link VirtualPair} with the paired estimator ({@link WorkingSetHandoff#roundTripPaired}). */
    @State(Scope.Thread)
    public static class PairedVirtualPair extends VirtualPair {
        @Override
        boolean paired() {
            return true;
        }
    }

    /** One op = one round trip = two handoffs; each side walks its working set once. */
    @Benchmark
    public void roundTrip(VirtualPair p) {
        p.walkAndRoundTrip();
    }

    /** The paired estimator with a virtual partner, as {@link WorkingSetHandoff#roundTripPaired}. */
    @Benchmark
    public void roundTripPaired(PairedVirtualPair p) {
        p.pairedWalksAndRoundTrip();
    }
}
