package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.workload.HandoffPair;
import dev.switchcost.measure.workload.ProcessPingPong;
import dev.switchcost.measure.workload.SharedTurnFile;
import dev.switchcost.measure.workload.Turn;
import dev.switchcost.measure.workload.WaitKind;
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
 * Waits are untimed ({@code wait=UNTIMED}; {@code -p wait=TIMED} for a timeout on every wait); a
 * watchdog thread per trial fails the run within 100 ms of the partner process dying or being
 * stopped, with its exit code; the partner is destroyed in teardown, by a shutdown hook, and exits by
 * itself when the JMH fork dies. The mapping's file is unlinked as soon as both sides have it mapped. {@code switchcost indirect RESULTS.json} prints process − thread per switch per
 * placement.
 *
 * <p><b>Expected.</b> SAME_CPU: ≈ 2 switches per op in both variants (the partner process's thread is
 * counted through {@code /proc/<pid>/task/<tid>}); the process variant slower by the cost of switching
 * address spaces (the blog measured ~100–300 ns per switch on 2010-era Xeons; PCID makes it smaller).
 * CROSS_CPU: fewer than 2 counted switches, and the address-space switch happens only when a CPU
 * goes idle→task, so the gap may vanish. A hypothesis; results live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar ProcessVsThreadSwitch -prof dev.switchcost.measure.jmh.ContextSwitchProfiler -rf json};
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
    public static class Threads extends PlacedPair {
        /** Every placement, like every placed class, so one JMH run can narrow them all with one -p. */
        @Param
        public Placement placement;

        @Param({"UNTIMED"})
        public WaitKind wait;

        @Override
        protected Placement where() {
            return placement;
        }

        @Override
        protected Turn newTurn() {
            try (SharedTurnFile shared = SharedTurnFile.create()) {
                // mapped: its name can go now; the mapping lives as long as the turn
                return shared.turn(wait);
            }
        }
    }

    /** Side B is another JVM process on the same kind of mapping. */
    @State(Scope.Thread)
    public static class Processes extends PairTrial {
        /** Every placement, like every placed class, so one JMH run can narrow them all with one -p. */
        @Param
        public Placement placement;

        @Param({"UNTIMED"})
        public WaitKind wait;

        @Override
        protected HandoffPair startPair() {
            return ProcessPingPong.start(placement, wait);
        }
    }

    /** One op = one round trip = two thread switches. */
    @Benchmark
    public void roundTrip_threads(Threads t) {
        t.roundTrip();
    }

    /** One op = one round trip = two process switches. */
    @Benchmark
    public void roundTrip_processes(Processes p) {
        p.roundTrip();
    }
}
