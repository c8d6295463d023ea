package dev.switchcost.measure.sample;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How much of the measured CPUs' time went to someone other than the benchmark during one iteration:
 * the arithmetic, apart from {@code /proc}, so it can be checked on captured snapshots.
 *
 * <h2>Definitions</h2>
 * For the <i>measured CPUs</i> M (the CPUs the trial's benchmark threads are allowed on: the placement's
 * CPUs when pinned, every allowed CPU when unpinned), between two snapshots:
 * <ul>
 *   <li><b>time</b> T = Σ over M of the CPU's {@code /proc/stat} total (ticks, 10 ms each);</li>
 *   <li><b>busy</b> = Σ over M of (total − idle − iowait − steal);</li>
 *   <li><b>benchmark</b> = Σ over the benchmark threads (those {@link CountedThreads} and the ctxsw
 *       profiler count, including a partner process's) of {@code schedstat} run time: all of it was
 *       spent on M, since M is the union of their CPUs;</li>
 *   <li><b>jvm</b> = the run time ({@code schedstat}, ns) of this JVM's other threads (JIT, GC, JMH)
 *       whose last CPU (field 39) at the end is in M; when M is every CPU this is exact, when pinned it
 *       is an estimate (a thread that ran on M and moved off before the end is not counted); a partner
 *       process's other threads count here too;</li>
 *   <li><b>others</b> = busy − benchmark − jvm, floored at 0: time on M taken by tasks outside this JVM
 *       (other processes, kernel threads, interrupts);</li>
 *   <li><b>named</b> = the run time ({@code schedstat}, ns) of the threads outside the run whose last CPU at
 *       the end is in M: the part of others that processes were seen taking, to the ns;</li>
 *   <li><b>steal</b> = Σ over M of steal.</li>
 * </ul>
 * Shares are of T. {@code /proc/stat} charges a whole 10 ms tick to whatever runs when it fires, so busy, and with it
 * others, is a sample: over one 300 ms iteration on one CPU known to about ±3 percentage points, tighter over a
 * trial. <i>named</i> is not sampled: each thread's {@code schedstat} counts its own run time to the ns (where a
 * thread's {@code schedstat} cannot be read, its whole ticks stand in).
 *
 * <p>The <b>intruder</b> is the process outside this JVM with the most run time ({@code schedstat})
 * on threads whose last CPU at the end of the iteration is in M, grouped by process; for a task
 * pinned to a measured CPU (a {@code taskset -c 1 yes}) that is exact, for an unpinned one an estimate.
 * Threads that ended during the iteration count as finished (their last counters stand, adding nothing);
 * threads born during it count from zero.
 */
public final class Interference {

    /** How many intruders a {@link Figures} keeps. */
    public static final int INTRUDERS = 3;

    private Interference() {
    }

    /**
     * What is read at an iteration's start or end.
     *
     * @param cpus  {@code /proc/stat} per CPU
     * @param bench the benchmark threads' {@code schedstat}, by tid (a thread gone keeps its last counters)
     * @param tasks every thread on the machine ({@code /proc/[pid]/task/[tid]/stat}), by tid
     * @param processTicks the whole CPU time (utime + stime of {@code /proc/<pid>/stat}, which keeps the time
     *              of threads that ended) of the benchmark's own processes, by pid; empty when not read
     */
    public record Snapshot(Map<Integer, CpuTicks> cpus, Map<Integer, SchedStat> bench, Map<Integer, TaskStat> tasks,
                           Map<Long, Long> processTicks) {

        /** A snapshot without whole-process times. */
        public Snapshot(Map<Integer, CpuTicks> cpus, Map<Integer, SchedStat> bench, Map<Integer, TaskStat> tasks) {
            this(cpus, bench, tasks, Map.of());
        }

        /** The machine now, without benchmark threads: around a program that reports its own CPU time ({@link #ofProgram}). */
        public static Snapshot machine() {
            return new Snapshot(CpuTicks.read(), Map.of(), TaskStat.scanAll());
        }
    }

    /** A process outside the JVM that ran on the measured CPUs. */
    public record Intruder(long pid, String comm, long ns) {
    }

    /**
     * One iteration's figures, all in ns.
     *
     * @param timeNs   T: the measured CPUs' time
     * @param busyNs   busy (not idle, not stolen)
     * @param benchNs  the benchmark threads' run time
     * @param jvmNs    this JVM's other threads on M
     * @param stealNs  stolen by the hypervisor
     * @param waitNs   the benchmark threads' run-queue delay (runnable, not running)
     * @param intruders the processes outside the JVM that ran on M, largest first, at most {@value #INTRUDERS}
     * @param irqNs    interrupts (irq + softirq of {@code /proc/stat}): inside busy, charged to no task
     * @param namedNs  every process outside the run that ran on M, added up (not only the largest few)
     */
    public record Figures(long timeNs, long busyNs, long benchNs, long jvmNs, long stealNs, long waitNs, long ops,
                         List<Intruder> intruders, long irqNs, long namedNs) {

        public Figures {
            intruders = List.copyOf(intruders);
        }

        /** Others' time that no process and no interrupt accounts for (tasks too short-lived to be seen), ns. */
        public long unattributedNs() {
            return Math.max(0, othersNs() - namedNs - irqNs);
        }

        /** The largest process outside the JVM on M, if any ran there. */
        public Optional<Intruder> intruder() {
            return intruders.stream().findFirst();
        }

        public long othersNs() {
            return Math.max(0, busyNs - benchNs - jvmNs);
        }

        /** The share of the processes outside the run, by their own run time (not the interrupts, not the unseen), percent. */
        public double namedPercent() {
            return percent(namedNs);
        }

        public double othersPercent() {
            return percent(othersNs());
        }

        /**
         * The intruder's share of the measured CPUs' time, in percent (0 without one): its own run time, at most T (a
         * process whose threads moved between CPUs is attributed by where they were at the end, which can add up to
         * more than the measured CPUs' time).
         */
        public double intruderPercent() {
            return intruder().map(i -> percent(Math.min(i.ns(), timeNs))).orElse(0.0);
        }

        /** A share of the measured CPUs' time, in percent. */
        public double percent(long ns) {
            return timeNs > 0 ? 100.0 * ns / timeNs : Double.NaN;
        }

        /** The benchmark threads' run-queue delay per op, ns; NaN without ops. */
        public double runQueuePerOp() {
            return ops > 0 ? (double) waitNs / ops : Double.NaN;
        }
    }

    /**
     * The JVMs that started this one, by {@code /proc} parentage in the snapshot: a JMH fork's host (the
     * switchcost command running the trials) and the launcher that re-ran it on a newer JDK. They are the
     * harness, not a neighbour: their time on M counts with {@code jvm}, and they are never named
     * intruders. (The compare host reading JMH's results while a cell ran was named once, 23% of one
     * iteration of an unpinned cell, on a quiet machine.) The walk stops at the first ancestor that is not
     * a {@code java} process.
     */
    static Set<Long> harness(Snapshot s, long selfPid) {
        Set<Long> out = new HashSet<>();
        TaskStat t = s.tasks().get((int) selfPid);
        while (t != null && t.ppid() > 1 && out.size() < 8) {
            TaskStat parent = s.tasks().get((int) t.ppid());
            if (parent == null || !parent.comm().equals("java") || parent.pid() != parent.tid()) {
                break;
            }
            out.add(parent.pid());
            t = parent;
        }
        return out;
    }

    /**
     * The run's own processes: this JVM and the {@link #harness}, whatever this JVM started (a partner process,
     * a program the benchmark runs), and the other JVMs the harness started with theirs (the forks before this
     * one, still shutting down: they were once named "java (pid N)", a new N each trial). Their time counts
     * with {@code jvm}; none is an intruder. Anything else the harness started (a test's {@code yes}) stays others.
     */
    static Set<Long> run(Snapshot s, long selfPid) {
        Set<Long> harness = harness(s, selfPid);
        Map<Long, TaskStat> main = new HashMap<>();
        s.tasks().values().stream().filter(t -> t.pid() == t.tid()).forEach(t -> main.put(t.pid(), t));
        Set<Long> out = new HashSet<>(harness);
        out.add(selfPid);
        for (long pid : main.keySet()) {
            TaskStat t = main.get(pid);
            for (int depth = 0; depth < 32 && t != null && t.ppid() > 1; depth++, t = main.get(t.ppid())) {
                if (t.ppid() == selfPid || harness.contains(t.ppid()) && t.comm().equals("java")) {
                    out.add(pid);
                    break;
                }
            }
        }
        return out;
    }

    /**
     * @param measured  M, the measured CPUs
     * @param benchTids the benchmark threads (of this JVM and of a partner process)
     * @param benchPids processes whose threads are all the benchmark's (a partner process), never intruders
     */
    public static Figures between(Snapshot before, Snapshot after, Set<Integer> measured, Set<Integer> benchTids,
                                  long selfPid, Set<Long> benchPids, long ops) {
        long benchRun = 0;
        long benchWait = 0;
        for (int tid : benchTids) {
            SchedStat a = after.bench().get(tid);
            if (a == null) {
                continue;
            }
            SchedStat d = a.minus(before.bench().getOrDefault(tid, new SchedStat(0, 0, 0)));
            benchRun += d.runNs();
            benchWait += d.waitNs();
        }
        return between(before, after, measured, benchTids, benchRun, benchWait, selfPid, benchPids, ops);
    }

    /**
     * The same arithmetic for a program that ran, start to end, between the two snapshots and told its own
     * CPU time (a native baseline program: {@code getrusage} of itself and its waited-for children), so
     * <i>benchmark</i> is that time rather than {@code schedstat} of threads that are gone by the end.
     * No run-queue delay is known ({@link Figures#waitNs} 0).
     *
     * @param programNs the program's own CPU time, all of it spent on M (M is the CPUs it was allowed on)
     * @param selfPid   the process that ran it (this JVM): its threads on M count as {@code jvm}, not others
     */
    public static Figures ofProgram(Snapshot before, Snapshot after, Set<Integer> measured, long programNs, long selfPid,
                                    long ops) {
        return between(before, after, measured, Set.of(), programNs, 0, selfPid, Set.of(), ops);
    }

    private static Figures between(Snapshot before, Snapshot after, Set<Integer> measured, Set<Integer> benchTids,
                                   long benchRun, long benchWait, long selfPid, Set<Long> benchPids, long ops) {
        Set<Long> run = run(after, selfPid);
        long total = 0;
        long busy = 0;
        long steal = 0;
        long irq = 0;
        for (int cpu : measured) {
            CpuTicks a = after.cpus().get(cpu);
            CpuTicks b = before.cpus().get(cpu);
            if (a == null || b == null) {
                continue;
            }
            total += a.total() - b.total();
            busy += a.busy() - b.busy();
            steal += a.steal() - b.steal();
            irq += a.irq() - b.irq();
        }
        long jvmNs = ended(before, after) * CpuTicks.NS_PER_TICK;
        Map<Long, Long> othersNs = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        for (TaskStat a : after.tasks().values()) {
            if (benchTids.contains(a.tid()) || !measured.contains(a.processor())) {
                continue;
            }
            long d = deltaNs(before, a);
            if (d <= 0) {
                continue;
            }
            if (benchPids.contains(a.pid()) || run.contains(a.pid())) {
                jvmNs += d;
            } else {
                othersNs.merge(a.pid(), d, Long::sum);
                names.computeIfAbsent(a.pid(), pid -> {
                    // a process is named by its main thread, whether or not that one ran
                    TaskStat main = after.tasks().get((int) (long) pid);
                    return main != null && main.pid() == pid ? main.comm() : a.comm();
                });
            }
        }
        List<Intruder> top = othersNs.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<Long, Long> e) -> e.getValue()).reversed()).limit(INTRUDERS)
                .map(e -> new Intruder(e.getKey(), names.get(e.getKey()), e.getValue())).toList();
        long named = othersNs.values().stream().mapToLong(Long::longValue).sum();
        return new Figures(total * CpuTicks.NS_PER_TICK, busy * CpuTicks.NS_PER_TICK, benchRun, jvmNs,
                steal * CpuTicks.NS_PER_TICK, benchWait, ops, top, irq * CpuTicks.NS_PER_TICK, named);
    }

    private static long delta(Snapshot before, TaskStat a) {
        TaskStat b = before.tasks().get(a.tid());
        return a.cpuTicks() - (b == null || b.pid() != a.pid() ? 0 : b.cpuTicks());
    }

    /**
     * A thread's run time between the snapshots in ns: from {@code schedstat} where both ends were read (a thread
     * born between them counts from zero), else its whole ticks ({@link #delta}).
     */
    private static long deltaNs(Snapshot before, TaskStat a) {
        TaskStat b = before.tasks().get(a.tid());
        boolean same = b != null && b.pid() == a.pid();
        if (a.runNs() >= 0 && (!same || b.runNs() >= 0)) {
            return a.runNs() - (same ? b.runNs() : 0);
        }
        return delta(before, a) * CpuTicks.NS_PER_TICK;
    }

    /**
     * The time of the run's own threads that no scan saw (born and ended between two snapshots, as
     * {@code ThreadCreation}'s are by the hundred per op: they were once read as others): a whole
     * process's time ({@link Snapshot#processTicks}) less that of its threads seen at the end, on any CPU.
     * It counts as on M: a thread starts on the CPUs of the thread that created it.
     */
    private static long ended(Snapshot before, Snapshot after) {
        long out = 0;
        for (Map.Entry<Long, Long> e : after.processTicks().entrySet()) {
            Long b = before.processTicks().get(e.getKey());
            if (b == null) {
                continue;
            }
            long seen = after.tasks().values().stream().filter(t -> t.pid() == e.getKey()).mapToLong(t -> delta(before, t)).sum();
            out += Math.max(0, e.getValue() - b - seen);
        }
        return out;
    }
}
