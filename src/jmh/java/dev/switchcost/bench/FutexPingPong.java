package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.workload.FutexTurn;
import dev.switchcost.measure.workload.Turn;
import dev.switchcost.measure.workload.WaitKind;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What does one round trip between two platform threads cost when each blocks in
 * the kernel with a raw futex, with no JVM code on the blocking path?
 *
 * <p><b>Method.</b> The JMH thread (side A) and a partner thread (side B) share a futex word that
 * holds whose turn it is ({@link PlacedPair}). A round trip: A stores B's turn and calls
 * {@code FUTEX_WAKE_PRIVATE}, then waits in {@code FUTEX_WAIT_PRIVATE} until the word says A; B does
 * the mirror image: the classic C ping-pong. {@code binding=JNA}: the two futex calls through JNA
 * direct mapping; {@code binding=FFM}: through the JDK's FFM downcall handles (JDK 22+; the wake is
 * linked {@code critical}, the wait, which blocks, is not). No {@code sched_yield}
 * retry loops, so a wait that finds the turn elsewhere really blocks. <b>Unit: one op = one round
 * trip = two handoffs.</b> {@code wait=UNTIMED}: {@code FUTEX_WAIT} with a null timeout, as the
 * classic program; a watchdog thread per trial (not per op) cancels the turn if the partner ends or
 * stops answering for 5 s, so nothing hangs. {@code wait=TIMED}: the same with a 5 s timeout on every
 * wait (the kernel arms and cancels an hrtimer each time): TIMED − UNTIMED is what a bounded wait costs.
 *
 * <p><b>Expected.</b> SAME_CPU: ≈ 2 context switches per op (voluntary + involuntary: the woken
 * partner often preempts the waker before it blocks), a few µs on a VM; TIMED a little slower than
 * UNTIMED with the same switches. CROSS_CPU: fewer than 2 switches counted for the two threads (a
 * wake can find its partner not yet asleep; switches to the idle task are not theirs), and each wake
 * is a cross-CPU interrupt. Check with {@code -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}. A
 * hypothesis; results live in README.md.
 *
 * <p><b>Not {@code JMHSample_18_Control}.</b> JMH's own ping-pong (two {@code @GroupThreads} spinning until
 * {@code Control.stopMeasurement}) cannot end an iteration when a side is blocked in the kernel, and would
 * count each side's half of the handoffs as ops; here the JMH thread is one side, one op is a whole round
 * trip, and the partner is started, pinned and released by the pair ({@link dev.switchcost.measure.workload.PingPong}
 * says why at length).
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar FutexPingPong -p placement=SAME_CPU -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}
 *
 * @see ParkUnparkPingPong the same protocol through the JVM's park/unpark
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class FutexPingPong {

    /** The placed pair on a private futex word. */
    @State(Scope.Thread)
    public static class Pair extends PlacedPair {
        @Param
        public Placement placement;

        /** Both by default, so the timer's cost is a row of its own in every run. */
        @Param({"UNTIMED", "TIMED"})
        public WaitKind wait;

        /** JNA and the JDK's FFM; FFM rows are skipped (one line) on JDK 21, before JMH runs. */
        @Param({"JNA", "FFM"})
        public Binding binding;

        @Override
        protected Placement where() {
            return placement;
        }

        @Override
        protected Turn newTurn() {
            return FutexTurn.allocatePrivate(wait, binding);
        }
    }

    @Benchmark
    public void roundTrip(Pair p) {
        p.roundTrip();
    }
}
