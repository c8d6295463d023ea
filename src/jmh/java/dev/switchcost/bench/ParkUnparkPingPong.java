package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.workload.SpinTurn;
import dev.switchcost.measure.workload.Turn;
import dev.switchcost.measure.workload.WaitKind;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What does one {@code LockSupport.park()}/{@code unpark()} round trip between two
 * platform threads cost, compared with a raw futex ({@link FutexPingPong}) and with a handoff that
 * never leaves user space? This is also the platform-thread pair that can be pinned
 * ({@code SAME_CPU}, {@code CROSS_CPU}, {@code SMT_SIBLING}); the virtual-thread classes run their
 * {@code PT_PT} pair unpinned only.
 *
 * <p><b>Method.</b> The JMH thread (side A) and a partner platform thread (side B) pass a volatile
 * turn flag ({@link PlacedPair}). {@code roundTrip_park}: a side waits with {@code LockSupport.park()}
 * until the flag is its own, as {@code java.util.concurrent}'s untimed waits do; passing the turn sets
 * the flag and {@code unpark}s the other side (a futex wake inside HotSpot). {@code wait=TIMED} parks
 * with {@code parkNanos(5 s)} instead, reading {@code System.nanoTime()} twice per wait: TIMED −
 * UNTIMED is the bounded wait's cost. Untimed waits are guarded by a watchdog thread per trial (not
 * per op) that cancels the turn if the partner ends or stops answering. {@code roundTrip_spin}: the
 * same protocol with a busy-wait ({@code Thread.onSpinWait}) instead of parking: the no-kernel
 * baseline. Two spinners cannot take turns on one CPU without the scheduler, so on SAME_CPU the spin
 * variant runs both sides inline on the JMH thread (the protocol's own cost, zero switches) and says
 * so on stderr. <b>Unit: one op = one round trip = two handoffs.</b>
 *
 * <p><b>Expected.</b> Park, SAME_CPU: ≈ 2 context switches per op, a little above
 * {@link FutexPingPong} in time (the JVM's park path: a mutex and a condition variable around the
 * futex, and thread-state transitions). Spin: ≈ 0 switches per op; across CPUs, the time is two
 * cache-line transfers. Check with {@code -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}. A
 * hypothesis; results live in README.md.
 *
 * <p><b>Not {@code JMHSample_18_Control}.</b> JMH's own ping-pong (two {@code @GroupThreads} spinning until
 * {@code Control.stopMeasurement}) cannot end an iteration when a side is blocked in the kernel, and would
 * count each side's half of the handoffs as ops; here the JMH thread is one side, one op is a whole round
 * trip, and the partner is started, pinned and released by the pair ({@link dev.switchcost.measure.workload.PingPong}
 * says why at length).
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar ParkUnparkPingPong -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class ParkUnparkPingPong {

    @State(Scope.Thread)
    public static class ParkPair extends PlacedPair {
        @Param
        public Placement placement;

        /** Both by default, so the timer's cost is a row of its own in every run. */
        @Param({"UNTIMED", "TIMED"})
        public WaitKind wait;

        @Override
        protected Placement where() {
            return placement;
        }

        @Override
        protected Turn newTurn() {
            return wait.parkTurn();
        }
    }

    @State(Scope.Thread)
    public static class SpinPair extends PlacedPair {
        @Param
        public Placement placement;

        @Override
        protected Placement where() {
            return placement;
        }

        @Override
        protected Turn newTurn() {
            return new SpinTurn();
        }

        @Override
        protected boolean inlineOnOneCpu() {
            return true;
        }
    }

    @Benchmark
    public void roundTrip_park(ParkPair p) {
        p.roundTrip();
    }

    @Benchmark
    public void roundTrip_spin(SpinPair p) {
        p.roundTrip();
    }
}
