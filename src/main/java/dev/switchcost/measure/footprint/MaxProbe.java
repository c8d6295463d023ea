package dev.switchcost.measure.footprint;

import dev.switchcost.measure.workload.ThreadKind;

import java.time.Duration;
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

    /**
     * The limit the next {@code step} tasks would come too close to, or null. Platform threads count
     * against thread ids, {@code threads-max}, {@code ulimit -u} (unless root), cgroup pids and
     * mappings; every task against memory and heap.
     */
    static Limit nearLimit(SystemLimits l, ThreadKind kind, long step) {
        if (kind == ThreadKind.PLATFORM) {
            if (l.pidMax() > 0 && l.systemThreads() >= 0 && l.systemThreads() + step + THREAD_RESERVE > l.pidMax()) {
                return Limit.PID_MAX;
            }
            if (l.threadsMax() > 0 && l.systemThreads() >= 0 && l.systemThreads() + step + THREAD_RESERVE > l.threadsMax()) {
                return Limit.THREADS_MAX;
            }
            if (!l.root() && l.nprocSoft() > 0 && l.processThreads() >= 0 && l.processThreads() + step + 64 > l.nprocSoft()) {
                return Limit.NPROC;
            }
            if (l.cgroupPidsMax() > 0 && l.cgroupPids() >= 0 && l.cgroupPids() + step + THREAD_RESERVE > l.cgroupPidsMax()) {
                return Limit.CGROUP_PIDS;
            }
            // a thread stack is a mapping plus a guard page: two per thread
            if (l.maxMapCount() > 0 && l.processMaps() >= 0 && l.processMaps() + 2 * step + MAP_RESERVE > l.maxMapCount()) {
                return Limit.MAX_MAP_COUNT;
            }
        }
        if (l.memAvailable() >= 0 && l.memTotal() > 0 && l.memAvailable() < memoryFloor(l)) {
            return Limit.MEMORY;
        }
        if (l.heapMax() > 0 && l.heapUsed() > HEAP_FRACTION * l.heapMax()) {
            return Limit.HEAP;
        }
        return null;
    }

    /** The limit nearest to exhaustion, for naming the cause of a failed thread creation. */
    static Limit nearest(SystemLimits l, ThreadKind kind) {
        Limit best = Limit.MEMORY;
        double bestRatio = l.memTotal() > 0 && l.memAvailable() >= 0 ? 1.0 - (double) l.memAvailable() / l.memTotal() : 0;
        double[] ratios = {
            ratio(l.systemThreads(), l.pidMax()), ratio(l.systemThreads(), l.threadsMax()),
            l.root() ? 0 : ratio(l.processThreads(), l.nprocSoft()), ratio(l.processMaps(), l.maxMapCount()),
            ratio(l.cgroupPids(), l.cgroupPidsMax()), ratio(l.heapUsed(), l.heapMax())
        };
        Limit[] limits = {Limit.PID_MAX, Limit.THREADS_MAX, Limit.NPROC, Limit.MAX_MAP_COUNT, Limit.CGROUP_PIDS, Limit.HEAP};
        for (int i = 0; i < ratios.length; i++) {
            if (kind == ThreadKind.VIRTUAL && limits[i] != Limit.HEAP) {
                continue;
            }
            if (ratios[i] > bestRatio) {
                bestRatio = ratios[i];
                best = limits[i];
            }
        }
        return best;
    }

    private static double ratio(long used, long limit) {
        return used < 0 || limit <= 0 ? 0 : (double) used / limit;
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
        Result result;
        ParkedTasks tasks = new ParkedTasks(kind);
        try {
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
            result = new Result(kind, tasks.size(), stop, detail, limits.get());
        } finally {
            tasks.close();
        }
        return result;
    }
}
