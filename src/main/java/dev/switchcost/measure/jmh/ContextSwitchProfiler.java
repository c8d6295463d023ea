package dev.switchcost.measure.jmh;

import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.linux.Rusage;
import dev.switchcost.measure.sample.CountedThreads;
import dev.switchcost.measure.sample.ThreadCounters;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Counts the context switches of the benchmark's own threads, per op, without perf or privileges.
 *
 * <p>Before and after each measured iteration (not the warm-ups) it reads {@code /proc/self/task/<tid>/status}
 * ({@code voluntary_ctxt_switches}, {@code nonvoluntary_ctxt_switches}) and {@code sched}
 * ({@code se.nr_migrations}) of every thread of the fork, and sums the differences of the benchmark's
 * threads: those registered in {@link CountedThreads} (switchcost's benchmarks register the JMH
 * thread and every partner they start) and those whose kernel name matches {@code threads} (default:
 * switchcost's helper threads {@code switchcost-*} and the virtual-thread carriers
 * {@code ForkJoinPool-N-worker-*}, and the JDK's other virtual-thread helpers, see {@link #VT_HELPERS}), plus threads of other processes a benchmark registered with
 * {@link CountedThreads#registerExternal} (a partner process's ping-pong thread), read from
 * {@code /proc/<pid>/task/<tid>}.
 * Dividing by the iteration's operations gives switches per op; for switchcost's ping-pongs one op is
 * one round trip. Counts cover the whole iteration, including JMH's short ramp-up and warm-down
 * around the measured window, as JMH's own {@code gc.alloc.rate.norm} does.
 *
 * <p>Results: {@code ctxsw.voluntary.norm}, {@code ctxsw.involuntary.norm}, {@code ctxsw.total.norm}
 * (#/op), per role {@code ctxsw.<worker|partner|carrier|vthelper>.total.norm} (the kernel truncates
 * names to 15 characters, so on JDK 25 {@code carrier} also holds the pool's
 * {@code ForkJoinPool-N-delayScheduler}, the timer thread of timed parks), {@code cpu.migrations.norm}
 * (NaN where the kernel has no {@code se.nr_migrations}), {@code ctxsw.process.total.norm} (every
 * thread of the JVM, from {@code getrusage(RUSAGE_SELF)}: JIT, GC and JMH threads included), and
 * {@code ctxsw.threads}, how many threads were counted.
 */
public final class ContextSwitchProfiler implements InternalProfiler {

    /**
     * Platform threads the JDK runs for virtual threads besides carriers, by kernel name (15
     * characters): {@code VirtualThread-unparker} (timers, JDK 21) and {@code VirtualThread-unblocker}
     * (monitor wake-ups, JDK 24+) both appear as {@code VirtualThread-u}; the I/O pollers are
     * {@code Read-Poller}/{@code Write-Poller} (JDK 21) or {@code MasterPoller} (JDK 22+, whose
     * per-carrier pollers are themselves virtual threads).
     */
    static final String VT_HELPERS = "VirtualThread-.*|Read-Poller|Write-Poller|MasterPoller";

    static final String DEFAULT_THREADS = "switchcost-.*|ForkJoinPool-\\d+-.*|" + VT_HELPERS;

    private final Pattern threads;
    private Map<Integer, ThreadCounters> before;
    private Rusage processBefore;

    public ContextSwitchProfiler() throws ProfilerException {
        this("");
    }

    public ContextSwitchProfiler(String initLine) throws ProfilerException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> threadsOpt = parser.accepts("threads",
                        "Regex over thread names (comm, at most 15 characters) whose switches are counted.")
                .withRequiredArg().ofType(String.class).defaultsTo(DEFAULT_THREADS);
        parser.accepts("help", "Print this help.");
        OptionSet set = InitLine.parse(parser, initLine, "ctxsw",
                "Usage: -prof " + ContextSwitchProfiler.class.getName() + ":threads=REGEX");
        try {
            this.threads = Pattern.compile(set.valueOf(threadsOpt));
        } catch (PatternSyntaxException e) {
            throw new ProfilerException("ctxsw: bad threads regex: " + e.getDescription() + " in '" + e.getPattern() + "'");
        }
        if (!Files.isReadable(Path.of("/proc/self/task"))) {
            throw new ProfilerException("ctxsw: /proc/self/task is not readable; this profiler needs Linux procfs");
        }
    }

    @Override
    public String getDescription() {
        return "Voluntary/involuntary context switches and CPU migrations of the benchmark's threads, "
                + "from /proc/self/task/*/status and sched, normalized per op";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        if (iterationParams.getType() == IterationType.WARMUP) {
            return; // JMH keeps no warm-up's secondary results: reading /proc there only lengthens the fork
        }
        processBefore = LibC.isAvailable() ? Rusage.process() : null;
        before = CountedThreads.counters();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        if (iterationParams.getType() == IterationType.WARMUP) {
            return List.of();
        }
        Map<Integer, ThreadCounters> after = CountedThreads.counters();
        Rusage processDelta = processBefore == null ? null : Rusage.process().minus(processBefore);
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        return results(before, after, processDelta, ops, threads, CountedThreads.snapshot());
    }

    /**
     * The arithmetic, apart from /proc, so it can be checked on fixed snapshots. A thread absent from
     * {@code before} was created during the iteration: its counters started at zero.
     */
    static List<Result> results(Map<Integer, ThreadCounters> before, Map<Integer, ThreadCounters> after,
                                Rusage processDelta, long ops, Pattern threads, Map<Integer, String> registered) {
        long vol = 0;
        long invol = 0;
        long migrations = 0;
        boolean migrationsKnown = true;
        int counted = 0;
        Map<String, Long> byRole = new TreeMap<>();
        for (ThreadCounters a : after.values()) {
            ThreadCounters b = before.get(a.tid());
            String role = registered.get(a.tid());
            if (role == null && threads.matcher(a.name()).matches()) {
                role = role(a.name());
            }
            if (role == null) {
                continue;
            }
            if (b == null) {
                b = new ThreadCounters(a.tid(), a.name(), 0, 0, a.migrations() < 0 ? -1 : 0);
            }
            counted++;
            long dv = a.voluntary() - b.voluntary();
            long di = a.involuntary() - b.involuntary();
            vol += dv;
            invol += di;
            byRole.merge(role, dv + di, Long::sum);
            if (a.migrations() < 0 || b.migrations() < 0) {
                migrationsKnown = false;
            } else {
                migrations += a.migrations() - b.migrations();
            }
        }
        List<Result> out = new ArrayList<>();
        out.add(norm("ctxsw.voluntary.norm", vol, ops));
        out.add(norm("ctxsw.involuntary.norm", invol, ops));
        out.add(norm("ctxsw.total.norm", vol + invol, ops));
        byRole.forEach((role, switches) -> out.add(norm("ctxsw." + role + ".total.norm", switches, ops)));
        out.add(migrationsKnown ? norm("cpu.migrations.norm", migrations, ops)
                : new ScalarResult("cpu.migrations.norm", Double.NaN, "#/op", AggregationPolicy.AVG));
        if (processDelta != null) {
            out.add(norm("ctxsw.process.total.norm", processDelta.total(), ops));
        }
        out.add(new ScalarResult("ctxsw.voluntary", vol, "counts", AggregationPolicy.SUM));
        out.add(new ScalarResult("ctxsw.involuntary", invol, "counts", AggregationPolicy.SUM));
        out.add(new ScalarResult("ctxsw.threads", counted, "threads", AggregationPolicy.MAX));
        return out;
    }

    /**
     * The role of a thread recognised by name: partner (switchcost's helpers), carrier (virtual-thread
     * scheduler), vthelper (the JDK's other virtual-thread threads), or other.
     */
    static String role(String threadName) {
        return threadName.startsWith("switchcost-") ? CountedThreads.PARTNER
                : threadName.startsWith("ForkJoinPool-") ? CountedThreads.CARRIER
                : threadName.matches(VT_HELPERS) ? CountedThreads.VT_HELPER : "other";
    }

    private static ScalarResult norm(String label, long count, long ops) {
        return new ScalarResult(label, ops > 0 ? (double) count / ops : Double.NaN, "#/op", AggregationPolicy.AVG);
    }
}
