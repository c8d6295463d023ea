package dev.switchcost.measure.jmh;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.footprint.CpuLimit;
import dev.switchcost.measure.sample.CountedThreads;
import dev.switchcost.measure.sample.CpuTicks;
import dev.switchcost.measure.sample.Interference;
import dev.switchcost.measure.sample.ProcStatus;
import dev.switchcost.measure.sample.ProcText;
import dev.switchcost.measure.sample.SchedStat;
import dev.switchcost.measure.sample.TaskStat;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Measures, per iteration, how much of the CPUs the benchmark ran on was taken by someone else, so a
 * disturbed figure can be told from a result ({@link Disturbance}). switchcost's forks always get it,
 * beside {@link ContextSwitchProfiler}.
 *
 * <p>At each measured iteration's start and end (outside the measured region; warm-ups are not read) it reads
 * the per-CPU lines of {@code /proc/stat}, the {@code schedstat} of the benchmark threads (the threads the ctxsw
 * profiler counts: registered in {@link CountedThreads} or named like them, and a partner process's), and the
 * {@code stat} of every thread on the machine; the arithmetic and its exact definitions are in
 * {@link Interference}. The measured CPUs are the union of the benchmark threads' allowed CPUs
 * ({@code Cpus_allowed_list}) at the iteration's end: the placement's CPUs when pinned, every allowed
 * CPU when not.
 *
 * <p>Results (percent of the measured CPUs' time unless said): {@code interference.others} (mean over
 * iterations) and {@code interference.others.max} (the worst iteration), taken by tasks outside the run;
 * {@code interference.jvm}, the run's own non-benchmark threads (this JVM's JIT, GC and JMH threads, those
 * that ended unseen, the harness and the other forks: not intruders, but visible); {@code interference.steal};
 * {@code interference.irq}, interrupts; {@code interference.unattributed}, the part of others no process or
 * interrupt accounts for; {@code interference.named}, the processes outside the run by their own run time (ns, not
 * ticks); {@code interference.runqueue.norm}, the benchmark threads'
 * run-queue delay in ns per op; {@code interference.cpus}, how many CPUs were measured; and
 * {@code interference.intruder.<pid>.<comm>}, the largest process outside the JVM on those CPUs in each
 * iteration where it took at least {@value #INTRUDER_MIN_PERCENT}% (its worst iteration).
 *
 * <p>Where the fork's cgroup, or one above it, sets a CPU quota ({@link CpuLimit}), it also reads the throttling
 * counters of each such cgroup at the iteration's very edges (after the scans at its start, before them at its end):
 * {@code interference.quota.throttled}, the periods in which the quota stopped the cgroup's tasks,
 * {@code interference.quota.periods}, the periods that elapsed, and {@code interference.quota.throttled.ms}, how long
 * they were stopped (each summed over iterations), of the cgroup that was throttled most; and
 * {@code interference.quota.cgroup.<cgroup>}, that cgroup's quota in percent of one CPU. Without a quota there are none
 * of these; a cgroup file that cannot be read is noted once on stderr and leaves them out.
 */
public final class InterferenceProfiler implements InternalProfiler {

    /** An intruder below this share of an iteration is not named. */
    static final double INTRUDER_MIN_PERCENT = 0.5;

    private static final Pattern BENCH_NAMES = Pattern.compile(ContextSwitchProfiler.DEFAULT_THREADS);
    private final long selfPid = ProcessHandle.current().pid();
    /** The last schedstat read of each benchmark thread: a thread that vanished keeps these. */
    private final Map<Integer, SchedStat> lastSeen = new HashMap<>();
    private Interference.Snapshot before;
    private Set<Integer> measuredBefore;
    /** The fork's CPU quota, read at the first iteration; null when it cannot be read. */
    private CpuLimit limit;
    private Map<String, CpuLimit.Counters> throttleBefore;

    public InterferenceProfiler() throws ProfilerException {
        this("");
    }

    public InterferenceProfiler(String initLine) throws ProfilerException {
        if (!initLine.isBlank()) {
            throw new ProfilerException("interference: takes no options (got '" + initLine + "')");
        }
        if (!Files.isReadable(Path.of("/proc/stat")) || !Files.isReadable(Path.of("/proc/self/task"))) {
            throw new ProfilerException("interference: /proc/stat or /proc/self/task is not readable; this profiler needs Linux procfs");
        }
    }

    @Override
    public String getDescription() {
        return "CPU time taken by other tasks, steal, and the benchmark threads' run-queue delay on the measured CPUs, "
                + "from /proc/stat, /proc/*/task/*/stat and schedstat";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        if (iterationParams.getType() == IterationType.WARMUP) {
            return; // JMH keeps no warm-up's secondary results: scanning the machine's tasks there only lengthens the fork
        }
        before = snapshot();
        measuredBefore = measuredCpus(benchTids(before.tasks()));
        if (limit == null) {
            limit = CpuLimit.ofThisProcess();
            if (limit.unknown() != null) {
                System.err.println("# switchcost: the cgroup's CPU quota is not judged: " + limit.unknown());
            }
        }
        throttleBefore = throttleCounters();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        if (iterationParams.getType() == IterationType.WARMUP) {
            return List.of();
        }
        Map<String, CpuLimit.Counters> throttleAfter = throttleCounters();
        Interference.Snapshot after = snapshot();
        Set<Integer> bench = benchTids(after.tasks());
        // pinning happens in the first iteration's setup and is undone in the last one's teardown:
        // the CPUs pinned at either end are the ones measured
        Set<Integer> measured = new TreeSet<>(measuredCpus(bench));
        measured.retainAll(measuredBefore);
        if (measured.isEmpty()) {
            measured = measuredCpus(bench);
        }
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        Set<Long> benchPids = new HashSet<>();
        CountedThreads.externals().values().forEach(p -> benchPids.add((long) p));
        Interference.Figures f = Interference.between(before, after, measured, bench, selfPid, benchPids, ops);
        List<Result> out = results(f, measured.size());
        if (throttleBefore != null && throttleAfter != null) {
            out.addAll(results(limit.between(throttleBefore, throttleAfter)));
        }
        return out;
    }

    /** The quota's counters now; null when there is no quota or a file cannot be read (noted once). */
    private Map<String, CpuLimit.Counters> throttleCounters() {
        if (limit == null || limit.quotas().isEmpty()) {
            return null;
        }
        try {
            return limit.counters();
        } catch (IllegalArgumentException e) {
            System.err.println("# switchcost: the cgroup's CPU quota is not judged: " + e.getMessage());
            limit = new CpuLimit(limit.version(), limit.cgroup(), List.of(), e.getMessage());
            return null;
        }
    }

    /** One iteration's throttling as results (none without a quota). */
    static List<Result> results(Optional<CpuLimit.Throttling> throttling) {
        return throttling.<List<Result>>map(t -> List.of(
                new ScalarResult(Disturbance.THROTTLED, t.throttled(), "periods", AggregationPolicy.SUM),
                new ScalarResult(Disturbance.QUOTA_PERIODS, t.periods(), "periods", AggregationPolicy.SUM),
                new ScalarResult(Disturbance.THROTTLED_MS, t.throttledNs() / 1e6, "ms", AggregationPolicy.SUM),
                new ScalarResult(Disturbance.quotaLabel(t.quota().cgroup()), 100 * t.quota().cpus(), "% of a CPU",
                        AggregationPolicy.MAX))).orElse(List.of());
    }

    static List<Result> results(Interference.Figures f, int cpus) {
        List<Result> out = new ArrayList<>();
        out.add(new ScalarResult(Disturbance.OTHERS, f.othersPercent(), "%", AggregationPolicy.AVG));
        out.add(new ScalarResult(Disturbance.OTHERS + ".max", f.othersPercent(), "%", AggregationPolicy.MAX));
        out.add(new ScalarResult("interference.jvm", f.percent(f.jvmNs()), "%", AggregationPolicy.AVG));
        out.add(new ScalarResult(Disturbance.STEAL, f.percent(f.stealNs()), "%", AggregationPolicy.AVG));
        out.add(new ScalarResult(Disturbance.IRQ, f.percent(f.irqNs()), "%", AggregationPolicy.AVG));
        out.add(new ScalarResult(Disturbance.UNATTRIBUTED, f.percent(f.unattributedNs()), "%", AggregationPolicy.AVG));
        out.add(new ScalarResult(Disturbance.NAMED, f.namedPercent(), "%", AggregationPolicy.AVG));
        out.add(new ScalarResult("interference.runqueue.norm", f.runQueuePerOp(), "ns/op", AggregationPolicy.AVG));
        out.add(new ScalarResult("interference.cpus", cpus, "cpus", AggregationPolicy.MAX));
        out.add(new ScalarResult(Disturbance.TICKS, (double) f.timeNs() / CpuTicks.NS_PER_TICK, "ticks", AggregationPolicy.SUM));
        f.intruder().filter(i -> f.intruderPercent() >= INTRUDER_MIN_PERCENT).ifPresent(i -> out.add(new ScalarResult(
                Disturbance.intruderLabel(i.pid(), i.comm()), f.intruderPercent(), "%", AggregationPolicy.MAX)));
        return out;
    }

    private Interference.Snapshot snapshot() {
        Map<Integer, CpuTicks> cpus = CpuTicks.read();
        Map<Integer, TaskStat> tasks = TaskStat.scanAll();
        for (int tid : benchTids(tasks)) {
            Integer ext = CountedThreads.externals().get(tid);
            SchedStat s = SchedStat.read(ext == null ? selfPid : ext, tid);
            SchedStat retired = CountedThreads.retiredSchedStat(tid);
            if (retired != null && (s == null || s.runNs() <= retired.runNs())) {
                // released or ended: its final counters, as the ctxsw profiler does
                s = retired;
            }
            if (s != null) {
                lastSeen.put(tid, s);
            }
        }
        Map<Long, Long> whole = new HashMap<>();
        Set<Long> own = new HashSet<>(Set.of(selfPid));
        CountedThreads.externals().values().forEach(p -> own.add((long) p));
        for (long pid : own) {
            long t = TaskStat.processTicks(pid);
            if (t >= 0) {
                whole.put(pid, t);
            }
        }
        return new Interference.Snapshot(cpus, Map.copyOf(lastSeen), tasks, whole);
    }

    /** The threads the ctxsw profiler counts: registered (here or in a partner process), or named like switchcost's. */
    private Set<Integer> benchTids(Map<Integer, TaskStat> tasks) {
        Set<Integer> out = new TreeSet<>(CountedThreads.snapshot().keySet());
        tasks.values().stream().filter(t -> t.pid() == selfPid && BENCH_NAMES.matcher(t.comm()).matches())
                .forEach(t -> out.add(t.tid()));
        return out;
    }

    /** The union of the live benchmark threads' allowed CPUs; this process's allowed CPUs when none can be read. */
    static Set<Integer> measuredCpus(Set<Integer> bench) {
        long selfPid = ProcessHandle.current().pid();
        Set<Integer> out = new TreeSet<>();
        for (int tid : bench) {
            Integer ext = CountedThreads.externals().get(tid);
            Path status = Path.of("/proc", String.valueOf(ext == null ? selfPid : ext), "task", String.valueOf(tid), "status");
            try {
                String list = ProcStatus.cpusAllowed(ProcText.lines(status));
                if (list != null) {
                    CpuSet.parse(list).stream().forEach(out::add);
                }
            } catch (IOException gone) {
                // a thread that ended has no CPUs left to measure
            }
        }
        if (out.isEmpty()) {
            CpuPinning.allowedCpus().stream().forEach(out::add);
        }
        return out;
    }
}
