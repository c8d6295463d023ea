package dev.switchcost.bench;

import dev.switchcost.affinity.Placement;
import dev.switchcost.workload.FutexTurn;
import dev.switchcost.workload.PlacedPingPong;
import dev.switchcost.workload.ThreadKind;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What does one round trip between two platform threads cost when each blocks in
 * the kernel with a raw futex, with no JVM code on the blocking path?
 *
 * <p><b>Method.</b> The JMH thread (side A) and a partner thread (side B) share a futex word that
 * holds whose turn it is. A round trip: A stores B's turn and calls {@code FUTEX_WAKE_PRIVATE}, then
 * waits in {@code FUTEX_WAIT_PRIVATE} until the word says A; B does the mirror image. Both calls go
 * through JNA direct mapping; no {@code sched_yield} retry loops, so a wait that finds the turn
 * elsewhere really blocks. <b>Unit: one op = one round trip = two handoffs.</b> Every wait carries a
 * 5 s timeout (an armed hrtimer) so a lost partner fails the run instead of hanging it.
 *
 * <p><b>Expected.</b> SAME_CPU: ≈ 2 context switches per op (voluntary + involuntary: the woken
 * partner often preempts the waker before it blocks), a few µs on a VM. CROSS_CPU: fewer than 2
 * switches counted for the two threads (a wake can find its partner not yet asleep; switches to the
 * idle task are not theirs), and each wake is a cross-CPU interrupt. Check with
 * {@code -prof dev.switchcost.jmh.ContextSwitchProfiler}. A hypothesis; results live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar FutexPingPong -p placement=SAME_CPU -prof dev.switchcost.jmh.ContextSwitchProfiler}
 *
 * @see ParkUnparkPingPong the same protocol through the JVM's park/unpark
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
@State(Scope.Thread)
public class FutexPingPong {

    @Param
    public Placement placement;

    private PlacedPingPong pair;

    @Setup(Level.Trial)
    public void start() {
        pair = PlacedPingPong.start(placement, FutexTurn.allocatePrivate(), ThreadKind.PLATFORM, false);
        System.err.println("# " + pair.report());
    }

    @TearDown(Level.Iteration)
    public void checkPartner() {
        pair.pingPong().checkPartner();
    }

    @TearDown(Level.Trial)
    public void stop() {
        pair.close();
    }

    @Benchmark
    public void roundTrip() {
        pair.pingPong().roundTrip();
    }
}
