package dev.switchcost.measure.sample;

import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.linux.Syscalls;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The kernel threads whose context switches belong to a benchmark, by role. A thread registers
 * itself (its tid is only known from inside, through {@code gettid}); the
 * {@link dev.switchcost.measure.jmh.ContextSwitchProfiler} counts the registered threads plus those it
 * recognises by name. Names alone are not enough: the kernel keeps 15 characters of a thread's
 * name, and JMH names its workers {@code <benchmark>-jmh-worker-N}.
 */
public final class CountedThreads {

    /** The JMH thread that runs the benchmark method. */
    public static final String WORKER = "worker";
    /** A thread switchcost starts as the other side of a handoff. */
    public static final String PARTNER = "partner";
    /** A carrier thread of the virtual-thread scheduler. */
    public static final String CARRIER = "carrier";
    /** A platform thread the JDK runs for virtual threads besides carriers: timer, monitor unblocker, I/O poller. */
    public static final String VT_HELPER = "vthelper";

    private static final Map<Integer, String> ROLES = new ConcurrentHashMap<>();
    private static final Map<Integer, ThreadCounters> RETIRED = new ConcurrentHashMap<>();
    private static final Map<Integer, SchedStat> RETIRED_SCHED = new ConcurrentHashMap<>();
    /** Threads of other processes (e.g. a partner process), tid to pid. */
    private static final Map<Integer, Integer> EXTERNAL = new ConcurrentHashMap<>();

    private CountedThreads() {
    }

    /** Registers the calling platform thread under {@code role}; a no-op where libc is unavailable. */
    public static void registerCurrent(String role) {
        if (LibC.isAvailable() && !Thread.currentThread().isVirtual()) {
            ROLES.put(Syscalls.gettid(), role);
        }
    }

    /**
     * Records the calling thread's final counters, for a profiler that reads after the thread has
     * ended or been released; its role stays registered.
     */
    public static void retireCurrent() {
        if (LibC.isAvailable() && !Thread.currentThread().isVirtual()) {
            int tid = Syscalls.gettid();
            if (ROLES.containsKey(tid)) {
                retire((int) ProcessHandle.current().pid(), tid);
            }
        }
    }

    /**
     * Registers a thread of another process (a partner process started by a benchmark) under
     * {@code role}, so the profiler counts it from {@code /proc/<pid>/task/<tid>}. Tids are unique
     * machine-wide (in one pid namespace), so they share the map with this process's threads.
     */
    public static void registerExternal(int pid, int tid, String role) {
        EXTERNAL.put(tid, pid);
        ROLES.put(tid, role);
    }

    /**
     * Records an external thread's current counters as final, before its process is stopped; its
     * registration stays, as for {@link #retireCurrent()}. A no-op if the thread is already gone.
     */
    public static void retireExternal(int tid) {
        Integer pid = EXTERNAL.get(tid);
        if (pid != null) {
            retire(pid, tid);
        }
    }

    /** Keeps a thread's counters as final, from {@code /proc/<pid>/task/<tid>}; nothing if it is gone. */
    private static void retire(int pid, int tid) {
        ThreadCounters c = ThreadCounters.read(pid, tid);
        if (c != null) {
            RETIRED.put(tid, c);
        }
        SchedStat s = SchedStat.read(pid, tid);
        if (s != null) {
            RETIRED_SCHED.put(tid, s);
        }
    }

    /** @return external threads registered with {@link #registerExternal}, tid to pid */
    public static Map<Integer, Integer> externals() {
        return Map.copyOf(EXTERNAL);
    }

    /**
     * Every thread of this process and the live external ones ({@link #registerExternal}), each registered thread
     * that has retired since with its final counters instead (unless the live ones are ahead: a thread that runs on).
     */
    public static Map<Integer, ThreadCounters> counters() {
        Map<Integer, ThreadCounters> all = new HashMap<>(ThreadCounters.snapshotSelf());
        EXTERNAL.forEach((tid, pid) -> {
            ThreadCounters c = ThreadCounters.read(pid, tid);
            if (c != null) {
                all.put(tid, c);
            }
        });
        RETIRED.forEach((tid, retired) -> {
            ThreadCounters now = all.get(tid);
            if (now == null || now.total() <= retired.total()) {
                all.put(tid, retired);
            }
        });
        return all;
    }

    /** Final run time and run-queue delay of a retired thread, or null. */
    public static SchedStat retiredSchedStat(int tid) {
        return RETIRED_SCHED.get(tid);
    }

    public static Map<Integer, String> snapshot() {
        return Map.copyOf(ROLES);
    }
}
