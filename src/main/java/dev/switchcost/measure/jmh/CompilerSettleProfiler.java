package dev.switchcost.measure.jmh;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.sample.CountedThreads;
import dev.switchcost.measure.sample.SchedStat;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;

import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Keeps the JIT's work on the harness out of the measured window, and says how much JIT work was left in it.
 *
 * <p>switchcost's profilers read {@code /proc} before and after every iteration. That code runs once an iteration, so
 * it reaches the compilers' thresholds late, and its compilations ran on for 40–350 ms of most 200 ms iterations on a
 * 2-vCPU guest, on the CPUs the pair measures (docs/warm-up.md). Before each measured iteration this profiler waits
 * until this JVM's compiler threads have not run for {@value #QUIET_POLLS} polls {@value #POLL_MS} ms apart, at most
 * {@value #CAP_MS} ms; what compiles in the window after that was asked for by the benchmark itself. Warm-up iterations
 * are not waited for: compiling there is what they are for, and waiting before each of them made a fork 1.6 times as long.
 * Nor is a trial without warm-up: its window holds the benchmark's own compiling anyway, and the JVM's start-up
 * compiling would hold the wait at its cap.
 * It must be the last profiler added: JMH calls {@code beforeIteration} in the order profilers were added and
 * {@code afterIteration} in reverse, so this one's calls are the nearest to the window.
 *
 * <p>While it waits, the compiler threads are kept off the CPUs the benchmark's threads may run on, where the fork may use
 * others (a pair pinned to one CPU of two): on those CPUs the benchmark's threads are idle between iterations, and a
 * compiler thread that ran there and was last seen elsewhere would be read by the disturbance rule as another task's
 * time. Their masks are set back before the window.
 *
 * <p>Results, each per measured iteration of a trial with warm-up: {@link #WINDOW}, the compiler threads' CPU time
 * inside the window ({@code schedstat} run time, ms); {@link #SETTLE}, how long it waited before the window (ms);
 * {@link #CAPPED}, iterations whose wait ended at the cap with the compilers still at work (summed).
 */
public final class CompilerSettleProfiler implements InternalProfiler {

    public static final String WINDOW = "jit.window";
    public static final String SETTLE = "jit.settle";
    public static final String CAPPED = "jit.settle.capped";

    /** The kernel's 15-byte names of HotSpot's compiler threads (and Graal's, through JVMCI). */
    static final List<String> COMPILER_THREADS = List.of("C1 CompilerThre", "C2 CompilerThre", "JVMCI");
    static final int POLL_MS = 2;
    static final int QUIET_POLLS = 3;
    static final int CAP_MS = 1000;

    /** Finds the compiler threads by name and reads their run time; {@link #read} reads those found last. */
    private final Supplier<Map<Integer, Long>> find;
    private final Supplier<Map<Integer, Long>> read;
    private final LongSupplier clock;
    private final Sleeper sleeper;
    private final Confiner confiner;
    private long windowStartRunNs;
    private double settleMs;
    private boolean capped;
    private boolean measured;

    public CompilerSettleProfiler() throws ProfilerException {
        this("");
    }

    public CompilerSettleProfiler(String initLine) throws ProfilerException {
        this(initLine, new CompilerThreads(), System::nanoTime, Thread::sleep);
    }

    private CompilerSettleProfiler(String initLine, CompilerThreads threads, LongSupplier clock, Sleeper sleeper)
            throws ProfilerException {
        this(initLine, threads::find, threads::read, clock, sleeper, CompilerSettleProfiler::awayFromTheBenchmark);
    }

    CompilerSettleProfiler(String initLine, Supplier<Map<Integer, Long>> find, Supplier<Map<Integer, Long>> read,
                           LongSupplier clock, Sleeper sleeper, Confiner confiner) throws ProfilerException {
        if (!initLine.isBlank()) {
            throw new ProfilerException("compiler settle: takes no options (got '" + initLine + "')");
        }
        this.find = find;
        this.read = read;
        this.clock = clock;
        this.sleeper = sleeper;
        this.confiner = confiner;
    }

    /** Sleeps; a seam for tests. */
    interface Sleeper {
        void sleep(long ms) throws InterruptedException;
    }

    /** Confines the compiler threads while they settle; returns what sets their masks back. A seam for tests. */
    interface Confiner {
        Runnable confine(Set<Integer> compilerTids);
    }

    /**
     * Sets the compiler threads' masks to the CPUs the fork may use less those the benchmark's registered threads may run
     * on; nothing when that leaves none (a pair across every CPU, or no thread registered). Back: the CPUs the fork may use.
     */
    static Runnable awayFromTheBenchmark(Set<Integer> compilerTids) {
        Set<Integer> bench = CountedThreads.snapshot().keySet();
        if (bench.isEmpty()) {
            return () -> { };
        }
        BitSet allowed = CpuPinning.allowedCpus().toBitSet();
        BitSet away = (BitSet) allowed.clone();
        InterferenceProfiler.measuredCpus(bench).forEach(away::clear);
        if (away.isEmpty()) {
            return () -> { };
        }
        compilerTids.forEach(tid -> CpuPinning.setThreadMask(tid, away));
        return () -> compilerTids.forEach(tid -> CpuPinning.setThreadMask(tid, allowed));
    }

    @Override
    public String getDescription() {
        return "waits before each measured iteration until this JVM's compiler threads are idle, and reports their CPU time "
                + "inside the measured window (schedstat)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        measured = iterationParams.getType() == IterationType.MEASUREMENT && benchmarkParams.getWarmup().getCount() > 0;
        if (!measured) {
            return;
        }
        long start = clock.getAsLong();
        long deadline = start + CAP_MS * 1_000_000L;
        Map<Integer, Long> last = find.get();
        Runnable back = confiner.confine(last.keySet());
        int quiet = 0;
        try {
            while (quiet < QUIET_POLLS && clock.getAsLong() < deadline) {
                try {
                    sleeper.sleep(POLL_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                Map<Integer, Long> now = read.get();
                quiet = now.equals(last) ? quiet + 1 : 0;
                last = now;
            }
        } finally {
            back.run(); // the compilers' masks are set back whatever ended the wait
        }
        capped = quiet < QUIET_POLLS;
        settleMs = (clock.getAsLong() - start) / 1e6;
        windowStartRunNs = total(last);
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        if (!measured) {
            return List.of();
        }
        double windowMs = Math.max(0, total(read.get()) - windowStartRunNs) / 1e6;
        return List.of(
                new ScalarResult(WINDOW, windowMs, "ms", AggregationPolicy.AVG),
                new ScalarResult(SETTLE, settleMs, "ms", AggregationPolicy.AVG),
                new ScalarResult(CAPPED, capped ? 1 : 0, "iterations", AggregationPolicy.SUM));
    }

    /** This JVM's compiler threads: found by their names, then read alone, so that a poll costs a few file reads. */
    private static final class CompilerThreads {
        private final long pid = ProcessHandle.current().pid();
        private Set<Integer> tids = Set.of();

        Map<Integer, Long> find() {
            Map<Integer, Long> found = SchedStat.runNsOfSelfThreads(COMPILER_THREADS);
            tids = found.keySet();
            return found;
        }

        /** A thread that ended since it was found is left out (its time with it). */
        Map<Integer, Long> read() {
            Map<Integer, Long> out = new HashMap<>();
            for (int tid : tids) {
                SchedStat s = SchedStat.read(pid, tid);
                if (s != null) {
                    out.put(tid, s.runNs());
                }
            }
            return out;
        }
    }

    /** Compiler threads that ended between the reads take their time with them: the window's figure is then low. */
    private static long total(Map<Integer, Long> runNs) {
        return runNs.values().stream().mapToLong(Long::longValue).sum();
    }
}
