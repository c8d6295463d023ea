package dev.switchcost.bench;

import dev.switchcost.linux.LibC;
import dev.switchcost.linux.Syscalls;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> What is a plain syscall worth from Java, and how much of that is the JNA binding?
 * This bounds from below what any context switch can cost: a syscall is a <em>mode</em> switch
 * (user to kernel and back), not a context switch.
 *
 * <p><b>Method.</b> {@code baseline}: an empty method (JMH's own overhead). {@code jnaCallNoKernel}:
 * libc {@code abs()} through JNA direct mapping, which never enters the kernel: the binding's cost.
 * {@code gettid}: {@code syscall(SYS_gettid)} through the same binding: one real kernel entry.
 * Kernel cost of a syscall is about {@code gettid - jnaCallNoKernel}.
 *
 * <p><b>Expected.</b> Tens of ns for the JNA call, 50–150 ns for gettid depending on CPU and
 * mitigations (see {@code /sys/devices/system/cpu/vulnerabilities}); no context switches
 * ({@code ctxsw.total.norm} ≈ 0 with {@code -prof dev.switchcost.jmh.ContextSwitchProfiler}).
 * A hypothesis, not a result: measured figures live in README.md.
 *
 * <p><b>Run.</b> {@code java -jar target/benchmarks.jar SyscallBaseline -prof dev.switchcost.jmh.ContextSwitchProfiler}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
@State(Scope.Thread)
public class SyscallBaseline extends CountedTrial {

    private int x = -42;

    @Override
    protected void open() {
        LibC.ensureAvailable();
    }

    @Benchmark
    public void baseline() {
        // intentionally empty: JMH's per-op cost
    }

    @Benchmark
    public int jnaCallNoKernel() {
        return LibC.abs(x);
    }

    @Benchmark
    public int gettid() {
        return Syscalls.gettid();
    }
}
