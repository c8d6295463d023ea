package dev.switchcost.bench;

import dev.switchcost.measure.workload.CompensatedBlocks;
import dev.switchcost.measure.workload.PingPong;
import org.openjdk.jmh.annotations.*;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What CPU time does a virtual thread spend, beyond the call itself, on each call that blocks its
 * carrier (a file's read, {@code File.canRead}, {@code Object.wait} before JDK 24), where a server's other carriers
 * are idle? The forecast adds it per such call counted in a platform-thread recording; on platform threads it is
 * nothing.
 *
 * <p><b>Method.</b> The JMH thread, as a server's poller would, hands a turn to a virtual thread, which makes the JDK's
 * bracket around a blocking call ({@code Blocker.begin} and {@code end}, nothing inside: {@link CompensatedBlocks})
 * and hands it back ({@code call=COMPENSATED}), or hands it straight back ({@code call=PLAIN}); then the JMH thread
 * sleeps {@value #GAP_MICROS} µs, in which the carriers park again, as between a server's requests. Two carriers
 * ({@code parallelism=2}): the scheduler compensates for the blocking one by waking the other, which finds nothing to
 * run and parks. Each iteration reads the CPU time of the carriers and the JMH thread ({@link ThreadsCpu}:
 * {@code schedstat}, not the compiler's or the collector's) at its set-up and tear-down, never per op, and reports it
 * per op as {@code cpu.pair}. The price is COMPENSATED's {@code cpu.pair} less PLAIN's: the sleep and the handoffs are
 * in both. The primary score is wall time per call, mostly the sleep: not a cost. (The sleep is
 * the JMH thread's, a platform thread's: on JDK 21.0.8 here a virtual thread's own 200 µs timed parks, in a loop, lost
 * a wake-up three times in nine forks of some 19,000 parks each, and the trial failed.)
 *
 * <p><b>Unit: one op = one call (with its handoffs and the park).</b>
 *
 * <p><b>Expected.</b> COMPENSATED about one carrier switch per op more than PLAIN ({@code ctxsw.carrier.total.norm}:
 * the woken carrier's park), and a few microseconds of CPU more: a futex wake of a parked thread, its wake-up, its
 * scan of the queues and its park. A hypothesis, not a result.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar VirtualThreadBlockingCall -prof dev.switchcost.measure.jmh.ContextSwitchProfiler -prof dev.switchcost.measure.jmh.PairedWalkProfiler}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {CompensatedBlocks.EXPORT, "-Djdk.virtualThreadScheduler.parallelism=2"})
@State(Scope.Thread)
public class VirtualThreadBlockingCall extends CountedTrial {

    /** The park after each call, µs: long enough for a woken carrier to park again. */
    public static final int GAP_MICROS = 200;
    private static final int GAP_NANOS = (int) TimeUnit.MICROSECONDS.toNanos(GAP_MICROS);

    /** {@code COMPENSATED}: the JDK's blocking-call bracket per op; {@code PLAIN}: none, the difference's other side. */
    @Param({CompensatedBlocks.COMPENSATED, CompensatedBlocks.PLAIN})
    public String call;

    /** The carriers (on JDK 25 with the scheduler's timer, {@code ForkJoinPool-N-delayScheduler}, idle here). */
    private final ThreadsCpu cpu = new ThreadsCpu(List.of("ForkJoinPool-"));
    private PingPong calls;

    @Override
    protected void open() {
        boolean compensate = switch (call) {
            case CompensatedBlocks.COMPENSATED -> true;
            case CompensatedBlocks.PLAIN -> false;
            default -> throw new IllegalArgumentException("call must be " + CompensatedBlocks.COMPENSATED + " or "
                    + CompensatedBlocks.PLAIN + ", not " + call);
        };
        calls = CompensatedBlocks.start(compensate, PingPong.DEFAULT_TIMEOUT_NANOS);
        System.err.println("# blocking call: a platform thread hands a virtual thread a turn, which it hands back "
                + (compensate ? "after the JDK's blocking-call bracket" : "at once") + ", then sleeps " + GAP_MICROS + " µs; carriers "
                + System.getProperty("jdk.virtualThreadScheduler.parallelism") + "; one op = one call; JDK " + Runtime.version());
    }

    @Setup(Level.Iteration)
    public void markCpu() {
        cpu.mark();
    }

    /** The gap is a sleep, not a park: the partner's unpark that hands the turn back can leave a park's permit set. */
    @Benchmark
    public void call() throws InterruptedException {
        calls.roundTrip();
        Thread.sleep(0, GAP_NANOS);
    }

    /** Runs on the JMH thread, which holds the turn after the iteration's last invocation. */
    @TearDown(Level.Iteration)
    public void recordCpu() {
        cpu.record();
    }

    @Override
    protected void check() {
        calls.checkPartner();
    }

    @Override
    protected void close() {
        if (calls != null) {
            calls.close();
        }
    }
}
