package dev.switchcost.bench;

import dev.switchcost.affinity.Placement;
import dev.switchcost.workload.PlacedPingPong;
import dev.switchcost.workload.ProcessPingPong;
import dev.switchcost.workload.SharedTurnFile;
import dev.switchcost.workload.ThreadKind;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> Seen from the JVM, how much dearer is a switch between two processes than a
 * switch between two threads of one process, everything else equal?
 *
 * <p><b>Method.</b> The blog study's {@code timectxsw} vs {@code timetctxsw}, on the JVM. Both
 * variants run the same futex ping-pong on a word in a {@code MAP_SHARED} file mapping (in
 * {@code /dev/shm}) with <em>non-private</em> {@code FUTEX_WAIT}/{@code FUTEX_WAKE}, the JMH thread
 * as side A. {@code roundTrip_threads}: side B is a platform thread of the same JVM.
 * {@code roundTrip_processes}: side B is a second JVM ({@code PartnerProcessMain}, same java and class
 * path) started in trial setup, pinned by argument, stopped in teardown. So the only difference is
 * process vs thread: an address-space (page-table) switch on every switch, and, on one CPU, the
 * caches and TLB the other process's JVM touches. <b>Unit: one op = one round trip = two switches.</b>
 * A dead partner process fails the run at once with its exit code (bounded waits checking
 * {@code Process.isAlive}); it is destroyed in teardown, by a shutdown hook, and exits by itself when
 * the JMH fork dies. {@code switchcost indirect RESULTS.json} prints process − thread per switch per
 * placement.
 *
 * <p><b>Expected.</b> SAME_CPU: ≈ 2 switches per op in both variants (the partner process's thread is
 * counted through {@code /proc/<pid>/task/<tid>}); the process variant slower by the cost of switching
 * address spaces (the blog measured ~100–300 ns per switch on 2010-era Xeons; PCID makes it smaller).
 * CROSS_CPU: fewer than 2 counted switches, and the address-space switch happens only when a CPU
 * goes idle→task, so the gap may vanish. A hypothesis; results live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar ProcessVsThreadSwitch -prof dev.switchcost.jmh.ContextSwitchProfiler -rf json};
 * then {@code switchcost indirect jmh-result.json}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class ProcessVsThreadSwitch {

    /** Side B is a thread of this JVM; the turn is a non-private futex on a shared file mapping. */
    @State(Scope.Thread)
    public static class Threads {
        @Param({"SAME_CPU", "CROSS_CPU", "UNPINNED"})
        public Placement placement;

        SharedTurnFile shared;
        PlacedPingPong pair;

        @Setup(Level.Trial)
        public void start() {
            shared = SharedTurnFile.create();
            try {
                pair = PlacedPingPong.start(placement, shared.turn(), ThreadKind.PLATFORM, false);
            } catch (RuntimeException | Error e) {
                shared.close();
                throw e;
            }
            System.err.println("# " + pair.report() + "; mapping " + shared.path());
        }

        @TearDown(Level.Iteration)
        public void checkPartner() {
            pair.pingPong().checkPartner();
        }

        @TearDown(Level.Trial)
        public void stop() {
            try {
                pair.close();
            } finally {
                shared.close();
            }
        }
    }

    /** Side B is another JVM process on the same kind of mapping. */
    @State(Scope.Thread)
    public static class Processes {
        @Param({"SAME_CPU", "CROSS_CPU", "UNPINNED"})
        public Placement placement;

        ProcessPingPong pair;

        @Setup(Level.Trial)
        public void start() {
            pair = ProcessPingPong.start(placement);
            System.err.println("# " + pair.report());
        }

        @TearDown(Level.Iteration)
        public void checkPartner() {
            pair.checkPartner();
        }

        @TearDown(Level.Trial)
        public void stop() {
            pair.close();
        }
    }

    /** One op = one round trip = two thread switches. */
    @Benchmark
    public void roundTrip_threads(Threads t) {
        t.pair.pingPong().roundTrip();
    }

    /** One op = one round trip = two process switches. */
    @Benchmark
    public void roundTrip_processes(Processes p) {
        p.pair.roundTrip();
    }
}
