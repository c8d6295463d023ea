package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Every thread of a process tree (the root and its descendants), read at every interval from
 * {@code /proc/<pid>/task/<tid>/{status,schedstat}}: voluntary and involuntary switches, CPU time and
 * run-queue delay. A thread that ends keeps its last reading, so totals never go back (what it did
 * after its last reading is missed: at most one interval's worth). A thread already running at
 * {@link #start()} counts from that reading; one that starts later counts from zero.
 *
 * <p>Columns: {@code vol/s}, {@code invol/s}, {@code wait-ms/s} (run-queue delay summed over threads,
 * ms per second), {@code cpus} (CPU time per second: 1.0 is one CPU busy), {@code threads} (live).
 */
public final class ThreadSampler implements Sampler {

    /**
     * One thread's counters: over the whole sample ({@link ThreadSampler#threads()}), or since it started (a reading).
     *
     * @param name      the thread's comm (15 characters at most)
     * @param runNanos  CPU time, ns (-1 in a reading without schedstat)
     * @param waitNanos run-queue delay, ns (-1 in a reading without schedstat)
     * @param ended     whether it was gone at the last reading
     */
    public record ThreadTotal(int pid, int tid, String name, long voluntary, long involuntary, long runNanos,
                              long waitNanos, boolean ended) {

        public long switches() {
            return voluntary + involuntary;
        }

        /**
         * Reads {@code taskDir} ({@code /proc/<pid>/task/<tid>}): its switches ({@code status}) and its CPU and
         * run-queue time ({@code schedstat}) since the thread started.
         *
         * @return the reading, or null when the thread has ended (the file is gone, or the kernel answers ESRCH)
         * @throws IOException for any other failure to read
         */
        static ThreadTotal read(Path taskDir, int pid, int tid) throws IOException {
            try {
                ProcStatus st = ProcStatus.parse(ProcText.lines(taskDir.resolve("status")));
                Path schedstat = taskDir.resolve("schedstat");
                // a kernel without CONFIG_SCHED_INFO has no schedstat
                SchedStat ss = Files.exists(schedstat) ? SchedStat.parse(ProcText.read(schedstat)) : null;
                return new ThreadTotal(pid, tid, st.name(), st.voluntary(), st.involuntary(), ss == null ? -1 : ss.runNs(),
                        ss == null ? -1 : ss.waitNs(), false);
            } catch (IOException e) {
                if (ProcText.vanished(e)) {
                    return null;
                }
                throw e;
            }
        }

        /** This reading less an earlier one of the thread ({@code p}; null: it counts from zero). */
        private ThreadTotal minus(ThreadTotal p, boolean ended) {
            return new ThreadTotal(pid, tid, name, voluntary - (p == null ? 0 : p.voluntary),
                    involuntary - (p == null ? 0 : p.involuntary), since(runNanos, p == null ? -1 : p.runNanos),
                    since(waitNanos, p == null ? -1 : p.waitNanos), ended);
        }

        /** A time counter's growth; one the kernel does not keep (-1) grows by nothing. */
        private static long since(long now, long before) {
            return now < 0 ? 0 : now - Math.max(0, before);
        }
    }

    /**
     * One interval, per thread: key ({@link #key}) → {switches/s, run-queue delay ms/s}.
     *
     * @param end seconds since {@link #start()} at the interval's end
     */
    public record Interval(double end, Map<Long, double[]> perThread) {
    }

    private final Supplier<List<Long>> pids;
    private final Path proc;
    private final Map<Long, ThreadTotal> base = new HashMap<>();
    private final Map<Long, ThreadTotal> last = new LinkedHashMap<>();
    private Set<Long> alive = Set.of();
    private final List<Interval> history = new ArrayList<>();
    /** Each process seen, with its start time as the system reported it then. */
    private final Map<Long, Instant> processStarts = new HashMap<>();
    private long startNanos;
    private long prevNanos;

    public ThreadSampler(ProcessHandle root) {
        this(() -> {
            try (Stream<ProcessHandle> d = root.descendants()) {
                return Stream.concat(Stream.of(root), d).map(ProcessHandle::pid).toList();
            }
        }, Path.of("/proc"));
    }

    /** Samples the processes {@code pids} names at each reading, under {@code proc} (a captured copy in tests). */
    ThreadSampler(Supplier<List<Long>> pids, Path proc) {
        this.pids = pids;
        this.proc = proc;
    }

    /**
     * @return every process of the tree seen at some reading, the root included: its pid and its start time
     *         when the first reading saw it (so that a pid reused later by another process is not taken for it)
     */
    public synchronized Map<Long, Instant> processesSeen() {
        return Map.copyOf(processStarts);
    }

    public static long key(int pid, int tid) {
        return ((long) pid << 32) | (tid & 0xffffffffL);
    }

    @Override
    public String name() {
        return "tree";
    }

    @Override
    public List<String> columns() {
        return List.of("vol/s", "invol/s", "wait-ms/s", "cpus", "threads");
    }

    @Override
    public synchronized void start() {
        startNanos = System.nanoTime();
        prevNanos = startNanos;
        base.putAll(read());
    }

    /** The live threads of the tree now; updates {@link #last} and {@link #alive}. */
    private Map<Long, ThreadTotal> read() {
        Map<Long, ThreadTotal> now = new LinkedHashMap<>();
        for (long p : pids.get()) {
            readProcess((int) p, now);
            processStarts.computeIfAbsent(p, seen -> ProcessHandle.of(seen).flatMap(h -> h.info().startInstant())
                    .orElse(null));
        }
        last.putAll(now);
        alive = now.keySet();
        Map<Integer, TickPlacement.Reading> cpus = new HashMap<>();
        now.values().forEach(t -> {
            Integer cpu = processor.get(t.tid());
            if (cpu != null) {
                cpus.put(t.tid(), new TickPlacement.Reading(t.pid(), cpu, t.voluntary()));
            }
        });
        ticks.tick(cpus);
        return now;
    }

    /** Each thread's CPU at the latest reading ({@code stat} field 39), by tid. */
    private final Map<Integer, Integer> processor = new HashMap<>();
    private final TickPlacement ticks = new TickPlacement();

    /** The placement of the sampled threads' handoffs from their CPUs at each reading: where no trace can be had. */
    public TickPlacement ticks() {
        return ticks;
    }

    private void readProcess(int pid, Map<Long, ThreadTotal> into) {
        Path tasks = proc.resolve(pid + "/task");
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(tasks)) {
            for (Path task : ds) {
                int tid = (int) ProcText.number(task);
                if (tid < 0) {
                    continue;
                }
                ThreadTotal r = ThreadTotal.read(task, pid, tid);
                if (r != null) {
                    into.put(key(pid, tid), r);
                    readProcessor(task, pid, tid);
                }
            }
        } catch (IOException e) {
            if (!ProcText.vanished(e)) {
                throw new UncheckedIOException("cannot read " + tasks, e);
            }
            // the process ended while we looked: its threads keep their last readings
        }
    }

    /** The CPU the thread last ran on, kept in {@link #processor}; a stat that cannot be read leaves it out. */
    private void readProcessor(Path task, int pid, int tid) {
        try {
            processor.put(tid, TaskStat.parse(pid, ProcText.read(task.resolve("stat"))).processor());
        } catch (IOException | IllegalArgumentException e) {
            processor.remove(tid);
        }
    }

    @Override
    public synchronized Sample sample() {
        Map<Long, ThreadTotal> before = new HashMap<>(last);
        Map<Long, ThreadTotal> now = read();
        long nanos = System.nanoTime();
        double secs = (nanos - prevNanos) / 1e9;
        double vol = 0;
        double invol = 0;
        double wait = 0;
        double run = 0;
        Map<Long, double[]> perThread = new LinkedHashMap<>();
        for (Map.Entry<Long, ThreadTotal> e : last.entrySet()) {
            long k = e.getKey();
            ThreadTotal d = e.getValue().minus(before.containsKey(k) ? before.get(k) : base.get(k), false);
            vol += d.voluntary();
            invol += d.involuntary();
            wait += d.waitNanos();
            run += d.runNanos();
            if (now.containsKey(k) || d.switches() > 0) {
                perThread.put(k, new double[] {secs > 0 ? d.switches() / secs : Double.NaN,
                        secs > 0 ? d.waitNanos() / 1e6 / secs : Double.NaN});
            }
        }
        prevNanos = nanos;
        history.add(new Interval((nanos - startNanos) / 1e9, Collections.unmodifiableMap(perThread)));
        Map<String, Double> v = new LinkedHashMap<>();
        v.put("vol/s", secs > 0 ? vol / secs : Double.NaN);
        v.put("invol/s", secs > 0 ? invol / secs : Double.NaN);
        v.put("wait-ms/s", secs > 0 ? wait / 1e6 / secs : Double.NaN);
        v.put("cpus", secs > 0 ? run / 1e9 / secs : Double.NaN);
        v.put("threads", (double) now.size());
        return new Sample(name(), v);
    }

    /** Every thread counted so far, in the order first seen. */
    public synchronized List<ThreadTotal> threads() {
        return last.entrySet().stream()
                .map(e -> e.getValue().minus(base.get(e.getKey()), !alive.contains(e.getKey()))).toList();
    }

    /** Cumulative switches of the tree so far: {voluntary, involuntary}. */
    public synchronized long[] totals() {
        List<ThreadTotal> all = threads();
        return new long[] {all.stream().mapToLong(ThreadTotal::voluntary).sum(), all.stream().mapToLong(ThreadTotal::involuntary).sum()};
    }

    /** Seconds from {@link #start()} to the latest reading. */
    public synchronized double seconds() {
        return (prevNanos - startNanos) / 1e9;
    }

    /** The intervals sampled so far, oldest first. */
    public synchronized List<Interval> history() {
        return List.copyOf(history);
    }
}
