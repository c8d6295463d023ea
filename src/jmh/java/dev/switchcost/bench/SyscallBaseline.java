package dev.switchcost.bench;

import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.NativeCalls;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What is a plain syscall worth from Java, and how much of that is the binding, JNA
 * or the JDK's own FFM? This bounds from below what any context switch can cost: a syscall is a
 * <em>mode</em> switch (user to kernel and back), not a context switch; and the binding's cost per
 * call, times the calls per round trip, is the binding's share of a JVM handoff's gap to C.
 *
 * <p><b>Method.</b> {@code baseline}: an empty method (JMH's own overhead). {@code callNoKernel}:
 * libc {@code abs()}, which never enters the kernel: the binding's cost. {@code gettid}:
 * {@code syscall(SYS_gettid)}: one real kernel entry. {@code binding=JNA}: JNA direct mapping;
 * {@code binding=FFM}: FFM downcall handles linked {@code critical} (neither call blocks), JDK 22+
 * (skipped with one line on JDK 21). {@code gettidNotCritical}: the same call linked as one that may
 * block (for FFM without {@code critical}: the Java→native thread-state transitions a futex wait
 * pays; for JNA identical to {@code gettid}). {@code gettidAsFutexWait}/{@code gettidAsFutexWake}:
 * the same syscall through the exact call shape of the futex wait and wake (six arguments, their
 * linkage and errno handling), so that calls × (these − C gettid) is the binding's share of a futex
 * round trip. Kernel cost of a syscall is about
 * {@code gettid - callNoKernel}.
 *
 * <p><b>Expected.</b> Tens of ns for the JNA call, less for FFM; 50–150 ns for gettid depending on CPU and
 * mitigations (see {@code /sys/devices/system/cpu/vulnerabilities}); no context switches
 * ({@code ctxsw.total.norm} ≈ 0 with {@code -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}).
 * A hypothesis, not a result: measured figures live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar SyscallBaseline -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class SyscallBaseline {

    /** The JMH thread, counted: the empty baseline's state. */
    @State(Scope.Thread)
    public static class Worker extends CountedTrial {
        @Override
        protected void open() {
        }
    }

    /** The binding the calls go through. */
    @State(Scope.Thread)
    public static class Calls extends CountedTrial {
        /** JNA and the JDK's FFM; FFM rows are skipped (one line) on JDK 21, before JMH runs. */
        @Param({"JNA", "FFM"})
        public Binding binding;

        int x = -42;
        NativeCalls calls;

        @Override
        protected void open() {
            calls = binding.calls();
        }
    }

    @Benchmark
    public void baseline(Worker w) {
        // intentionally empty: JMH's per-op cost
    }

    @Benchmark
    public int callNoKernel(Calls c) {
        return c.calls.abs(c.x);
    }

    @Benchmark
    public long gettid(Calls c) {
        return c.calls.gettid();
    }

    /** gettid linked as a call that may block (FFM without {@code critical}): the thread-state transitions alone. */
    @Benchmark
    public long gettidNotCritical(Calls c) {
        return c.calls.gettidNotCritical();
    }

    /**
     * gettid through the futex wait's own call shape (six arguments, its linkage and errno capture):
     * what the binding adds to each futex wait, for {@code switchcost compare}'s decomposition.
     */
    @Benchmark
    public long gettidAsFutexWait(Calls c) {
        return c.calls.gettidAsFutexWait();
    }

    /** gettid through the futex wake's own call shape: what the binding adds to each futex wake. */
    @Benchmark
    public long gettidAsFutexWake(Calls c) {
        return c.calls.gettidAsFutexWake();
    }
}
