package dev.switchcost.measure.footprint;

import dev.switchcost.measure.workload.ThreadKind;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Creates parked tasks until a limit stops it, names the limit, and removes every task it made.
 *
 * <p>It stops <em>before</em> a system-wide limit bites, keeping {@link #THREAD_RESERVE} thread ids and
 * {@link #MAP_RESERVE} mappings spare and at least {@link #memoryFloor} of memory available, so the
 * rest of the machine stays usable while the probe holds its tasks; it also stops at the Java heap
 * (90% used after a GC), at the cap, and if the JVM refuses to create a task
 * ({@code OutOfMemoryError}, caught: then the limit nearest to exhaustion is named). Limits are checked
 * every {@link #checkEvery} tasks.
 */
public final class MaxProbe {

    /** Thread ids left for the rest of the system. */
    public static final long THREAD_RESERVE = 1024;
    /** Mappings left for the rest of this process. */
    public static final long MAP_RESERVE = 2048;
    public static final double HEAP_FRACTION = 0.9;

    /** Why the probe stopped. */
    public enum Limit {
        CAP("cap"),
        PID_MAX("kernel.pid_max"),
        THREADS_MAX("kernel.threads-max"),
        NPROC("ulimit -u"),
        MAX_MAP_COUNT("vm.max_map_count"),
        CGROUP_PIDS("cgroup pids.max"),
        MEMORY("memory (MemAvailable)"),
        HEAP("Java heap (-Xmx)");

        public final String label;

        Limit(String label) {
            this.label = label;
        }
    }

    /**
     * @param kind    what was created
     * @param created tasks alive when it stopped
     * @param limit   what stopped it
     * @param detail  one line: the numbers behind the limit, or the JVM's error
     * @param atStop  the limits when it stopped
     */
    public record Result(ThreadKind kind, long created, Limit limit, String detail, SystemLimits atStop) {
    }

    private MaxProbe() {
    }

    /** @return bytes of MemAvailable below which the probe stops: 5% of MemTotal, at least 512 MiB */
    static long memoryFloor(SystemLimits l) {
        return Math.max(512L << 20, l.memTotal() / 20);
    }

    static int checkEvery(ThreadKind kind) {
        return kind == ThreadKind.PLATFORM ? 128 : 10_000;
    }

    /** A limit a platform thread counts against: {@code used + perThread · step + reserve} must stay within {@code max}. */
    private record Bound(Limit limit, long used, long max, long perThread, long reserve) {
        double ratio() {
            return used < 0 || max <= 0 ? 0 : (double) used / max;
        }
    }

    /** The limits a platform thread counts against, in {@link Limit}'s order; root is not held to {@code ulimit -u}. */
    private static List<Bound> threadBounds(SystemLimits l) {
        return List.of(new Bound(Limit.PID_MAX, l.systemThreads(), l.pidMax(), 1, THREAD_RESERVE),
                new Bound(Limit.THREADS_MAX, l.systemThreads(), l.threadsMax(), 1, THREAD_RESERVE),
                new Bound(Limit.NPROC, l.root() ? -1 : l.processThreads(), l.nprocSoft(), 1, 64),
                // a thread stack is a mapping plus a guard page: two per thread
                new Bound(Limit.MAX_MAP_COUNT, l.processMaps(), l.maxMapCount(), 2, MAP_RESERVE),
                new Bound(Limit.CGROUP_PIDS, l.cgroupPids(), l.cgroupPidsMax(), 1, THREAD_RESERVE));
    }

    /**
     * The limit the next {@code step} tasks would come too close to, or null. Platform threads count
     * against thread ids, {@code threads-max}, {@code ulimit -u} (unless root), mappings and cgroup
     * pids; every task against memory and heap.
     */
    static Limit nearLimit(SystemLimits l, ThreadKind kind, long step) {
        for (Bound b : kind == ThreadKind.PLATFORM ? threadBounds(l) : List.<Bound>of()) {
            if (b.max() > 0 && b.used() >= 0 && b.used() + b.perThread() * step + b.reserve() > b.max()) {
                return b.limit();
            }
        }
        return l.memAvailable() >= 0 && l.memTotal() > 0 && l.memAvailable() < memoryFloor(l) ? Limit.MEMORY
                : l.heapMax() > 0 && l.heapUsed() > HEAP_FRACTION * l.heapMax() ? Limit.HEAP
                : null;
    }

    /** The limit nearest to exhaustion, for naming the cause of a failed thread creation. */
    static Limit nearest(SystemLimits l, ThreadKind kind) {
        Limit best = Limit.MEMORY;
        double bestRatio = l.memTotal() > 0 && l.memAvailable() >= 0 ? 1.0 - (double) l.memAvailable() / l.memTotal() : 0;
        List<Bound> bounds = new ArrayList<>(kind == ThreadKind.PLATFORM ? threadBounds(l) : List.of());
        bounds.add(new Bound(Limit.HEAP, l.heapUsed(), l.heapMax(), 0, 0));
        for (Bound b : bounds) {
            if (b.ratio() > bestRatio) {
                bestRatio = b.ratio();
                best = b.limit();
            }
        }
        return best;
    }

    /**
     * Runs the probe: creates tasks until a limit or {@code cap}, reports through {@code progress},
     * then releases and joins them all.
     *
     * @param limits reads the limits (injectable for tests)
     * @throws IllegalStateException if tasks remain after release
     */
    public static Result run(ThreadKind kind, long cap, Supplier<SystemLimits> limits, Consumer<String> progress)
            throws InterruptedException {
        if (cap < 1) {
            throw new IllegalArgumentException("cap must be positive: " + cap);
        }
        int every = checkEvery(kind);
        try (ParkedTasks tasks = new ParkedTasks(kind)) {
            Limit stop = null;
            String detail = null;
            long nextReport = 1;
            while (stop == null) {
                if (tasks.size() >= cap) {
                    stop = Limit.CAP;
                    detail = "reached --cap " + cap;
                    break;
                }
                if (tasks.size() % every == 0) {
                    SystemLimits l = limits.get();
                    Limit near = nearLimit(l, kind, every);
                    if (near == Limit.HEAP) {
                        System.gc(); // count only live tasks against the heap
                        l = limits.get();
                        near = nearLimit(l, kind, every);
                    }
                    if (near != null) {
                        stop = near;
                        detail = "stopped before it: " + l.describe();
                        break;
                    }
                    if (tasks.size() >= nextReport) {
                        progress.accept(tasks.size() + " " + kind.name().toLowerCase() + " tasks");
                        nextReport = Math.max(nextReport * 10, 1);
                    }
                }
                try {
                    tasks.startOne();
                } catch (OutOfMemoryError e) {
                    SystemLimits l = limits.get();
                    stop = nearest(l, kind);
                    detail = "the JVM could not create task " + (tasks.size() + 1) + " (" + e.getMessage() + "); nearest limit: "
                            + l.describe();
                }
            }
            tasks.awaitAllWaiting(Duration.ofSeconds(60));
            return new Result(kind, tasks.size(), stop, detail, limits.get());
        }
    }
}
