package dev.switchcost.bench;

import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What does a handoff round trip cost when the two virtual threads may run on
 * different carriers, that is, when a virtual-thread handoff can need a kernel wakeup of an idle
 * carrier?
 *
 * <p><b>Method.</b> Exactly {@link VirtualThreadHandoffOneCarrier}'s (same state, same unit: one op =
 * one round trip, {@value HandoffTasks#ROUND_TRIPS_PER_OP} per invocation, {@code ctxsw.*.norm} per round
 * trip), in a JVM with {@code -Djdk.virtualThreadScheduler.parallelism=2} and {@code maxPoolSize=2}.
 * A sibling class because the carrier count is a JVM flag; the {@code carriers} column says 2.
 * {@code PT_PT} rows do not use carriers and repeat the one-carrier class's experiment.
 *
 * <p><b>Expected.</b> {@code VT_VT}: unpark submits pong to the pool; if the other carrier is idle
 * (parked in the kernel) the pool may wake it, so kernel switches per round trip between 0 and 2 on
 * the carriers ({@code ctxsw.carrier.total.norm}) depending on whether work-stealing wakes the idle
 * carrier, and a time between the one-carrier figure and {@code PT_PT}'s. {@code SYNCHRONIZED} before
 * JDK 24: each waiting virtual thread pins one of the two carriers, so each round trip costs the
 * carriers two kernel switches. A hypothesis, not a result; results live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar VirtualThreadHandoffTwoCarriers -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}
 *
 * @see VirtualThreadHandoffOneCarrier
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2"})
public class VirtualThreadHandoffTwoCarriers {

    @State(Scope.Thread)
    public static class Tasks extends HandoffTasks {
        /** The carrier count, fixed by this class's {@code @Fork}; setup checks it against the JVM. */
        @Param("2")
        public int carriers;

        @Override
        int carriers() {
            return carriers;
        }
    }

    @Benchmark
    @OperationsPerInvocation(HandoffTasks.ROUND_TRIPS_PER_OP)
    public void roundTrip(Tasks t) {
        t.tasks.drive();
    }
}
