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
     * One thread over the whole sample.
     *
     * @param ended whether it was gone at the last reading
     */
    public record ThreadTotal(int pid, int tid, String name, long voluntary, long involuntary, long runNanos,
                              long waitNanos, boolean ended) {

        public long switches() {
            return voluntary + involuntary;
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
    private final Map<Long, TaskReading> base = new HashMap<>();
    private final Map<Long, TaskReading> last = new LinkedHashMap<>();
    private final Map<Long, Boolean> alive = new HashMap<>();
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

    /** The map key of a thread: pid and tid. */
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
        Map<Long, TaskReading> now = read();
        base.putAll(now);
    }

    /** The live threads of the tree now; updates {@link #last} and {@link #alive}. */
    private Map<Long, TaskReading> read() {
        Map<Long, TaskReading> now = new LinkedHashMap<>();
        for (long p : pids.get()) {
            readProcess((int) p, now);
            if (!processStarts.containsKey(p)) {
                ProcessHandle.of(p).flatMap(h -> h.info().startInstant()).ifPresent(t -> processStarts.put(p, t));
            }
        }
        alive.replaceAll((k, v) -> false);
        for (Map.Entry<Long, TaskReading> e : now.entrySet()) {
            last.put(e.getKey(), e.getValue());
            alive.put(e.getKey(), true);
        }
        return now;
    }

    private void readProcess(int pid, Map<Long, TaskReading> into) {
        Path tasks = proc.resolve(pid + "/task");
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(tasks)) {
            for (Path task : ds) {
                int tid = (int) ProcText.number(task);
                if (tid < 0) {
                    continue;
                }
                TaskReading r = TaskReading.read(task, pid, tid);
                if (r != null) {
                    into.put(key(pid, tid), r);
                }
            }
        } catch (IOException e) {
            if (!ProcText.vanished(e)) {
                throw new UncheckedIOException("cannot read " + tasks, e);
            }
            // the process ended while we looked: its threads keep their last readings
        }
    }

    /** The switches, CPU and delay of a thread since it was first counted. */
    private long[] delta(long key, TaskReading r) {
        TaskReading b = base.get(key);
        long run = r.runNanos() < 0 ? 0 : r.runNanos() - (b == null || b.runNanos() < 0 ? 0 : b.runNanos());
        long wait = r.waitNanos() < 0 ? 0 : r.waitNanos() - (b == null || b.waitNanos() < 0 ? 0 : b.waitNanos());
        return new long[] {r.voluntary() - (b == null ? 0 : b.voluntary()), r.involuntary() - (b == null ? 0 : b.involuntary()), run, wait};
    }

    @Override
    public synchronized Sample sample() {
        Map<Long, TaskReading> before = new HashMap<>(last);
        Map<Long, TaskReading> now = read();
        long nanos = System.nanoTime();
        double secs = (nanos - prevNanos) / 1e9;
        double vol = 0;
        double invol = 0;
        double wait = 0;
        double run = 0;
        Map<Long, double[]> perThread = new LinkedHashMap<>();
        for (Map.Entry<Long, TaskReading> e : last.entrySet()) {
            long k = e.getKey();
            TaskReading r = e.getValue();
            TaskReading p = before.containsKey(k) ? before.get(k) : base.get(k);
            long dv = r.voluntary() - (p == null ? 0 : p.voluntary());
            long di = r.involuntary() - (p == null ? 0 : p.involuntary());
            long dw = r.waitNanos() < 0 ? 0 : r.waitNanos() - (p == null || p.waitNanos() < 0 ? 0 : p.waitNanos());
            long dr = r.runNanos() < 0 ? 0 : r.runNanos() - (p == null || p.runNanos() < 0 ? 0 : p.runNanos());
            vol += dv;
            invol += di;
            wait += dw;
            run += dr;
            if (now.containsKey(k) || dv + di > 0) {
                perThread.put(k, new double[] {secs > 0 ? (dv + di) / secs : Double.NaN, secs > 0 ? dw / 1e6 / secs : Double.NaN});
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
        List<ThreadTotal> out = new ArrayList<>();
        for (Map.Entry<Long, TaskReading> e : last.entrySet()) {
            TaskReading r = e.getValue();
            long[] d = delta(e.getKey(), r);
            out.add(new ThreadTotal(r.pid(), r.tid(), r.name(), d[0], d[1], d[2], d[3], !alive.getOrDefault(e.getKey(), false)));
        }
        return out;
    }

    /** Cumulative switches of the tree so far: {voluntary, involuntary}. */
    public synchronized long[] totals() {
        long v = 0;
        long i = 0;
        for (ThreadTotal t : threads()) {
            v += t.voluntary();
            i += t.involuntary();
        }
        return new long[] {v, i};
    }

    /** Seconds from {@link #start()} to the latest reading. */
    public synchronized double seconds() {
        return (prevNanos - startNanos) / 1e9;
    }

    /** The intervals sampled so far, oldest first. */
    public synchronized List<Interval> history() {
        return List.copyOf(history);
    }

    @Override
    public void close() {
        // nothing to stop
    }
}
