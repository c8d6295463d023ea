package dev.switchcost.bench;

import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What does one handoff round trip cost between two virtual threads that share one
 * carrier, next to the same round trip between a virtual and a platform thread and between two
 * platform threads, and with which blocking primitive? How many kernel context switches does it take?
 *
 * <p><b>Method.</b> Two tasks, <em>ping</em> and <em>pong</em>, created in trial setup with
 * {@code Thread.ofVirtual()}/{@code Thread.ofPlatform()} as {@code pair} says ({@code VT_VT},
 * {@code VT_PT}, {@code PT_PT}; not JMH's virtual executor), take turns through {@code primitive}:
 * {@code LOCK_SUPPORT} ({@code park()}/{@code unpark}), {@code PARK_NANOS} (the same with a bounded
 * {@code parkNanos}, which arms a scheduler timer per park for a virtual thread),
 * {@code SYNCHRONOUS_QUEUE} ({@code put}/{@code take}), {@code REENTRANT_LOCK} ({@code Condition.await}/
 * {@code signal}), {@code SYNCHRONIZED} ({@code wait}/{@code notify}). The JMH thread is a platform
 * thread, so it does not take part: each invocation it hands a turn to ping, ping does
 * {@value HandoffTasks#ROUND_TRIPS_PER_OP} round trips with pong and hands the turn back (see
 * {@link dev.switchcost.measure.workload.DrivenPingPong}); those two extra handoffs are spread over the
 * batch. This JVM runs with {@code -Djdk.virtualThreadScheduler.parallelism=1} and
 * {@code maxPoolSize=1}: exactly one carrier, no compensation; the {@code carriers} column says so.
 *
 * <p><b>Unit: one op = one round trip = two handoffs.</b> {@code @OperationsPerInvocation} makes
 * JMH divide time by the round trips, and JMH multiplies the iteration's operation count by the same
 * factor before it reaches profilers (the generated {@code _jmhStub} code does
 * {@code res.allOps *= opsPerInv} and {@code res.measuredOps *= opsPerInv}), so
 * {@code ContextSwitchProfiler}'s {@code ctxsw.*.norm} are per round trip too.
 *
 * <p><b>Expected.</b> {@code VT_VT}: about 0 kernel switches per round trip
 * ({@code ctxsw.total.norm}, which counts the JMH thread, platform tasks and the carrier
 * {@code ForkJoinPool-1-worker-1}; {@code ctxsw.carrier.total.norm} alone is the virtual threads'
 * kernel cost) and a time well below {@code PT_PT}, whose switches per round trip (up to two,
 * unpinned) are the kernel's. {@code VT_PT}: the platform side blocks in the
 * kernel every round trip and the carrier parks whenever it has nothing to run, so up to two
 * kernel switches per round trip. {@code SYNCHRONIZED} before JDK 24 pins the carrier (carrier
 * switches per round trip become non-zero; {@code VT_VT} is refused here, it would deadlock on one
 * carrier); from JDK 24 it should look like the other primitives. The JDK that ran is in setup's
 * {@code # handoff:} line and in JMH's JSON ({@code jdkVersion}). A hypothesis, not a result; results
 * live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar VirtualThreadHandoff -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}
 * <br>No {@code placement} parameter: every task is left to the scheduler (a virtual thread cannot be
 * pinned). The pinned platform pair is {@link ParkUnparkPingPong}.
 *
 * @see VirtualThreadHandoffTwoCarriers the same with two carriers
 * @see ParkUnparkPingPong the platform-only ping-pong with the JMH thread as one side
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Djdk.virtualThreadScheduler.parallelism=1", "-Djdk.virtualThreadScheduler.maxPoolSize=1"})
public class VirtualThreadHandoffOneCarrier {

    @State(Scope.Thread)
    public static class Tasks extends HandoffTasks {
        /** The carrier count, fixed by this class's {@code @Fork}; setup checks it against the JVM. */
        @Param("1")
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
