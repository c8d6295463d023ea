package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.workload.HandoffPrimitive;
import dev.switchcost.measure.workload.Turn;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> A primitive that spins before it parks may be fast because it burns a CPU, and only its
 * CPU time shows that: what does a handoff cost with each primitive a Java program uses to hand work to a
 * waiting thread ({@code LockSupport}, {@code parkNanos}, {@code SynchronousQueue}, {@code ReentrantLock}
 * and a {@code Condition}, {@code synchronized}, {@code Exchanger}, {@code LinkedTransferQueue.transfer},
 * a one-slot {@code ArrayBlockingQueue}, {@code Semaphore}, a {@code CompletableFuture} per handoff), in
 * time, in kernel switches and in CPU time?
 *
 * <p><b>Method.</b> The JMH thread (side A) and a partner platform thread (side B) take turns through
 * {@code primitive} ({@link HandoffPrimitive}, the same turns as the virtual-thread handoff classes),
 * placed as {@code placement} says: {@code SAME_CPU} (both pinned to one CPU), {@code CROSS_CPU} (pinned to
 * two), {@code UNPINNED}. Untimed waits are guarded by a watchdog thread per trial, not per op
 * ({@link PlacedPair}). Each iteration reads both threads' {@code schedstat} run time before its first op
 * and after its last (nothing per op), and {@code PairedWalkProfiler} reports it as {@code cpu.pair}: the
 * CPU time the pair burned per round trip. {@code ContextSwitchProfiler} counts the switches per round trip
 * ({@code ctxsw.total.norm}); {@code InterferenceProfiler} marks an iteration another task disturbed.
 * <b>Unit: one op = one round trip = two handoffs</b>; halve a figure for one handoff.
 *
 * <p><b>Expected.</b> On SAME_CPU every blocking primitive ≈ 2 switches per round trip, and CPU time ≈
 * time (one CPU, nothing else runs). CROSS_CPU: the primitives that spin before parking
 * ({@code EXCHANGER}, {@code TRANSFER_QUEUE}, {@code SYNCHRONOUS_QUEUE}) may hand off without a switch
 * when the partner answers within their spin, at the price of a CPU time up to twice the time (both
 * threads on a CPU); the others park and pay two wake-ups. {@code COMPLETABLE_FUTURE} adds an allocation
 * per handoff. A hypothesis; the run's figures are the answer ({@code docs/spin-or-park.md}).
 * Virtual threads: the same primitives run in {@link VirtualThreadHandoffOneCarrier} and
 * {@link VirtualThreadHandoffTwoCarriers} with {@code -p primitive=}.
 *
 * <p><b>Run.</b> {@code scripts/switchcost run --full 'PrimitiveHandoff\.roundTrip$'} (the profilers are
 * {@code run}'s defaults), or {@code scripts/studies/measure-spin.sh}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 10, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class PrimitiveHandoff {

    @State(Scope.Thread)
    public static class Pair extends PlacedPair {
        @Param
        public HandoffPrimitive primitive;

        /** Every placement, like every placed class; the machine's unavailable ones are narrowed away before JMH runs. */
        @Param
        public Placement placement;

        @Override
        protected Placement where() {
            return placement;
        }

        @Override
        protected Turn newTurn() {
            return primitive.newTurn();
        }

        @Override
        protected boolean reportsPairCpu() {
            return true;
        }

        @Override
        protected String describe() {
            return "primitive " + primitive + "; one op = one round trip; pair CPU time read per iteration";
        }
    }

    @Benchmark
    public void roundTrip(Pair p) {
        p.roundTrip();
    }
}
