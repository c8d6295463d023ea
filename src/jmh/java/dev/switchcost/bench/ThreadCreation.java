package dev.switchcost.bench;

import dev.switchcost.measure.workload.ThreadKind;
import org.openjdk.jmh.annotations.*;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What does it cost to create, start and finish a thread: a platform thread (a
 * kernel thread with its stack) versus a virtual thread (a continuation on the heap)?
 *
 * <p><b>Method.</b> Each invocation starts {@value #THREADS_PER_OP} threads of {@code kind} with
 * {@code Thread.Builder.start} running an empty task, then joins them all (the Rust study's
 * spawn-then-join). Batching lets the threads' start-up overlap as it would in a server that spawns
 * a task per request, and amortizes the loop. Joins are bounded (10 s each, then the op fails).
 * Virtual threads run on the default scheduler (parallelism = available processors).
 *
 * <p><b>Unit: one op = one thread created, started, run and joined.</b>
 * ({@code @OperationsPerInvocation}; JMH scales the operation count the profilers see by the same
 * factor.) {@code ctxsw.worker.total.norm} counts the JMH thread's switches (its waits in
 * {@code join}); the new threads end before the profiler can read them, so their own switches appear
 * only in {@code ctxsw.process.total.norm} ({@code getrusage(RUSAGE_SELF)} keeps ended threads'
 * counts).
 *
 * <p><b>Expected.</b> Virtual well below platform: a platform thread costs {@code clone(2)}, a stack
 * mapping and a kernel wake-up of the new thread, a virtual one an object and a submission to the
 * carrier pool. A hypothesis, not a result; results live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar ThreadCreation -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
@State(Scope.Thread)
public class ThreadCreation extends CountedTrial {

    /** Threads started, then joined, per invocation. */
    public static final int THREADS_PER_OP = 100;
    private static final Duration JOIN_BOUND = Duration.ofSeconds(10);
    private static final Runnable EMPTY = () -> {
    };

    @Param
    public ThreadKind kind;

    private Thread.Builder builder;
    private final Thread[] batch = new Thread[THREADS_PER_OP];

    @Override
    protected void open() {
        // not named switchcost-*: they end before the profiler reads them, so counting some would mislead
        builder = kind.builder("created");
        System.err.println("# creation: " + kind.name().toLowerCase() + " threads, " + THREADS_PER_OP
                + " started then joined per invocation; one op = one thread; JDK " + Runtime.version());
    }

    @Benchmark
    @OperationsPerInvocation(THREADS_PER_OP)
    public void startAndJoin() throws InterruptedException {
        Thread[] b = batch;
        for (int i = 0; i < b.length; i++) {
            b[i] = builder.start(EMPTY);
        }
        for (Thread t : b) {
            if (!t.join(JOIN_BOUND)) {
                throw new IllegalStateException(t + " did not end within " + JOIN_BOUND.toSeconds() + " s (state " + t.getState() + ")");
            }
        }
    }
}
