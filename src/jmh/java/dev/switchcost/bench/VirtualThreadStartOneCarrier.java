package dev.switchcost.bench;

import dev.switchcost.measure.workload.PingPong;
import dev.switchcost.measure.workload.VirtualThreadStarts;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What CPU time does a virtual thread's start cost, from its start to its end, where a server on
 * virtual threads starts one per task? The forecast adds it per task; {@link ThreadCreation} measures wall time on
 * two carriers, where a carrier's waits are not CPU time.
 *
 * <p><b>Method.</b> A virtual <em>starter</em> starts a virtual thread running an empty task and joins it,
 * {@value #STARTS_PER_OP} times per invocation ({@link VirtualThreadStarts}), on one carrier
 * ({@code parallelism=1}, {@code maxPoolSize=1}, as {@link VirtualThreadHandoffOneCarrier}): the carrier never waits
 * inside an invocation, so its time is CPU time. Per start it holds the start, the new thread's mount, run and end,
 * and the starter's unmount and mount in its join: one virtual switch more than the task's own, which the price
 * subtracts (the {@code VirtualThreadHandoffOneCarrier} round trip / 2, from the same run).
 *
 * <p><b>Unit: one op = one virtual thread started, run and joined.</b>
 *
 * <p><b>Expected.</b> Under a microsecond and about 0 kernel switches per op ({@code ctxsw.total.norm}): an object, a
 * submission to the one carrier's queue, two mounts. A hypothesis, not a result.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar VirtualThreadStartOneCarrier -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Djdk.virtualThreadScheduler.parallelism=1", "-Djdk.virtualThreadScheduler.maxPoolSize=1"})
@State(Scope.Thread)
public class VirtualThreadStartOneCarrier extends CountedTrial {

    /** Starts per invocation: the caller's two handoffs per invocation are spread over them. */
    public static final int STARTS_PER_OP = 10_000;
    private static final Runnable EMPTY = () -> {
    };

    private PingPong starts;

    @Override
    protected void open() {
        HandoffTasks.requireCarriers(1);
        starts = VirtualThreadStarts.start(STARTS_PER_OP, EMPTY, PingPong.DEFAULT_TIMEOUT_NANOS);
        System.err.println("# starts: a virtual starter starts and joins " + STARTS_PER_OP + " virtual threads per invocation"
                + " on one carrier; one op = one start; JDK " + Runtime.version());
    }

    @Benchmark
    @OperationsPerInvocation(STARTS_PER_OP)
    public void startAndJoin() {
        starts.roundTrip();
    }

    @Override
    protected void check() {
        starts.checkPartner();
    }

    @Override
    protected void close() {
        starts.close();
    }
}
