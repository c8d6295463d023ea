package dev.switchcost.measure.sample;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Voluntary and involuntary context switches of a process tree (the root and all its descendants,
 * every thread of each), from {@code /proc/<pid>/task/<tid>/status} via {@link ThreadCounters}.
 * Threads and processes that end keep the last counts seen for them, so totals never go back;
 * switches a thread made after its last reading and before it ended are missed (at most one
 * interval's worth for short-lived threads).
 *
 * <p>Columns: {@code vol/s}, {@code invol/s} (per second over the interval), {@code threads}
 * (live threads in the tree).
 */
public final class ProcStatusSampler implements Sampler {

    private final ProcessHandle root;
    private final Path proc;
    private final Map<Long, long[]> lastSeen = new HashMap<>(); // key pid<<32|tid → {vol, invol}
    private long prevVol;
    private long prevInvol;
    private long prevNanos;

    public ProcStatusSampler(ProcessHandle root) {
        this(root, Path.of("/proc"));
    }

    ProcStatusSampler(ProcessHandle root, Path proc) {
        this.root = root;
        this.proc = proc;
    }

    @Override
    public String name() {
        return "tree";
    }

    @Override
    public List<String> columns() {
        return List.of("vol/s", "invol/s", "threads");
    }

    @Override
    public void start() {
        read();
        prevVol = total(0);
        prevInvol = total(1);
        prevNanos = System.nanoTime();
    }

    /** Reads every live thread of the tree; @return how many there were. */
    private int read() {
        int threads = 0;
        List<ProcessHandle> tree;
        try (Stream<ProcessHandle> d = root.descendants()) {
            tree = Stream.concat(Stream.of(root), d).toList();
        }
        for (ProcessHandle p : tree) {
            Map<Integer, ThreadCounters> tasks;
            try {
                tasks = ThreadCounters.snapshot(proc.resolve(p.pid() + "/task"));
            } catch (UncheckedIOException e) {
                continue; // the process ended while we looked
            }
            for (ThreadCounters t : tasks.values()) {
                lastSeen.put((p.pid() << 32) | t.tid(), new long[] {t.voluntary(), t.involuntary()});
                threads++;
            }
        }
        return threads;
    }

    private long total(int i) {
        long s = 0;
        for (long[] v : lastSeen.values()) {
            s += v[i];
        }
        return s;
    }

    /** Cumulative switches of the tree so far: {voluntary, involuntary}. */
    public long[] totals() {
        return new long[] {total(0), total(1)};
    }

    @Override
    public Sample sample() {
        int threads = read();
        long now = System.nanoTime();
        long vol = total(0);
        long invol = total(1);
        double secs = (now - prevNanos) / 1e9;
        Map<String, Double> v = new LinkedHashMap<>();
        v.put("vol/s", secs > 0 ? (vol - prevVol) / secs : Double.NaN);
        v.put("invol/s", secs > 0 ? (invol - prevInvol) / secs : Double.NaN);
        v.put("threads", (double) threads);
        prevVol = vol;
        prevInvol = invol;
        prevNanos = now;
        return new Sample(name(), v);
    }

    @Override
    public void close() {
        // nothing to stop
    }
}
