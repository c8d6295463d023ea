package dev.switchcost.bench;

import dev.switchcost.affinity.Placement;
import dev.switchcost.workload.ParkTurn;
import dev.switchcost.workload.PlacedPingPong;
import dev.switchcost.workload.SpinTurn;
import dev.switchcost.workload.ThreadKind;
import dev.switchcost.workload.Turn;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What does one park/unpark round trip between two platform threads cost, compared
 * with a raw futex ({@link FutexPingPong}) and with a handoff that never leaves user space?
 *
 * <p><b>Method.</b> The JMH thread (side A) and a partner platform thread (side B) pass a volatile
 * turn flag. {@code roundTrip_park}: a side waits with {@code LockSupport.parkNanos} until the flag is
 * its own; passing the turn sets the flag and {@code unpark}s the other side (a futex wake inside
 * HotSpot). {@code roundTrip_spin}: the same protocol with a busy-wait ({@code Thread.onSpinWait})
 * instead of parking: the no-kernel baseline. Two spinners cannot take turns on one CPU without the
 * scheduler, so on SAME_CPU the spin variant runs both sides inline on the JMH thread (the
 * protocol's own cost, zero switches) and says so on stderr. <b>Unit: one op = one round trip = two
 * handoffs.</b> All waits are bounded (5 s) so a lost partner fails the run instead of hanging it.
 *
 * <p><b>Expected.</b> Park, SAME_CPU: ≈ 2 context switches per op, a little above
 * {@link FutexPingPong} in time (the JVM's park path: a mutex and a condition variable around the
 * futex). Spin: ≈ 0 switches per op; across CPUs, the time is two cache-line transfers. Check with
 * {@code -prof dev.switchcost.jmh.ContextSwitchProfiler}. A hypothesis; results live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar ParkUnparkPingPong -prof dev.switchcost.jmh.ContextSwitchProfiler}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class ParkUnparkPingPong {

    /** Shared life cycle of both variants: a ping-pong placed once per trial, checked per iteration. */
    @State(Scope.Thread)
    public abstract static class Pair {
        @Param
        public Placement placement;

        PlacedPingPong pair;

        abstract Turn newTurn();

        abstract boolean inlineOnOneCpu();

        @Setup(Level.Trial)
        public void start() {
            pair = PlacedPingPong.start(placement, newTurn(), ThreadKind.PLATFORM, inlineOnOneCpu());
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
    }

    @State(Scope.Thread)
    public static class ParkPair extends Pair {
        @Override
        Turn newTurn() {
            return new ParkTurn();
        }

        @Override
        boolean inlineOnOneCpu() {
            return false;
        }
    }

    @State(Scope.Thread)
    public static class SpinPair extends Pair {
        @Override
        Turn newTurn() {
            return new SpinTurn();
        }

        @Override
        boolean inlineOnOneCpu() {
            return true;
        }
    }

    @Benchmark
    public void roundTrip_park(ParkPair p) {
        p.pair.pingPong().roundTrip();
    }

    @Benchmark
    public void roundTrip_spin(SpinPair p) {
        p.pair.pingPong().roundTrip();
    }
}
