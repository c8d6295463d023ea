package dev.switchcost.measure.affinity;

import dev.switchcost.measure.linux.Syscalls;
import net.openhft.affinity.Affinity;
import net.openhft.affinity.impl.LinuxHelper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Pins the calling platform thread with OpenHFT's {@link Affinity#setAffinity(BitSet)} and restores
 * its previous mask on {@link #close()}. ({@code AffinityLock} is not used: it keeps CPU 0 for the OS
 * and hands out a single CPU on a two-CPU machine, which makes SAME_CPU/CROSS_CPU impossible there.)
 * Virtual threads cannot be pinned: the mask would land on whichever carrier runs them.
 */
public final class CpuPinning implements AutoCloseable {

    /** Environment variable / system property naming the CPUs switchcost may use, e.g. {@code 2,3}. */
    public static final String CPUS_ENV = "SWITCHCOST_CPUS";
    public static final String CPUS_PROPERTY = "switchcost.cpus";
    /** One directory per thread of this process. */
    private static final Path TASKS = Path.of("/proc/self/task");

    private final Thread thread;
    private final BitSet previous;
    private final int cpu;

    private CpuPinning(Thread thread, BitSet previous, int cpu) {
        this.thread = thread;
        this.previous = previous;
        this.cpu = cpu;
    }

    /**
     * Pins the calling thread to {@code cpu} and checks, with {@code sched_getcpu}, that it now runs there.
     *
     * @throws IllegalStateException when the thread is virtual or the kernel did not move it
     */
    public static CpuPinning pinCurrentThread(int cpu) {
        BitSet mask = new BitSet();
        mask.set(cpu);
        CpuPinning pin = narrowCurrentThread("pin", mask, cpu);
        int now = Syscalls.currentCpu();
        if (now != cpu) {
            pin.close();
            throw new IllegalStateException("pinned " + pin.thread.getName() + " to cpu " + cpu + " but sched_getcpu() says " + now);
        }
        return pin;
    }

    /**
     * Narrows the calling platform thread's mask to {@link #allowedCpus()} until {@link #close()}, so that a
     * process it starts meanwhile inherits that mask: every thread of a native program, UNPINNED ones
     * included, then runs on the CPUs switchcost may use ({@link #cpu()} is -1).
     *
     * @throws IllegalStateException when the thread is virtual
     * @throws BadCpuSelection       when {@code SWITCHCOST_CPUS} is not a CPU list or names CPUs outside the mask
     */
    public static CpuPinning confineCurrentThread() {
        return narrowCurrentThread("confine", allowedCpus().toBitSet(), -1);
    }

    private static CpuPinning narrowCurrentThread(String verb, BitSet mask, int cpu) {
        Thread t = Thread.currentThread();
        if (t.isVirtual()) {
            throw new IllegalStateException("cannot " + verb + " virtual thread " + t + ": the mask would apply to its carrier");
        }
        BitSet previous = Affinity.getAffinity();
        Affinity.setAffinity(mask);
        return new CpuPinning(t, previous, cpu);
    }

    /**
     * The CPUs switchcost may use: this process's affinity mask, narrowed by {@code -Dswitchcost.cpus}
     * or {@code SWITCHCOST_CPUS} when set.
     *
     * @throws BadCpuSelection when that setting is not a CPU list or names CPUs outside the mask
     */
    public static CpuSet allowedCpus() {
        CpuSet mask = CpuSet.of(Affinity.getAffinity());
        String chosen = System.getProperty(CPUS_PROPERTY, System.getenv(CPUS_ENV));
        if (chosen == null || chosen.isBlank()) {
            return mask;
        }
        CpuSet wanted;
        try {
            wanted = CpuSet.parse(chosen);
        } catch (IllegalArgumentException e) {
            throw new BadCpuSelection(CPUS_ENV + "=" + chosen + ": " + e.getMessage() + "; fix it or unset it", e);
        }
        CpuSet both = wanted.intersect(mask);
        if (both.size() != wanted.size()) {
            throw new BadCpuSelection(CPUS_ENV + "=" + chosen + " names CPUs outside this process's mask " + mask
                    + "; choose among those or unset it", null);
        }
        return both;
    }

    /**
     * Confines every thread of this process to {@link #allowedCpus()}, so that a trial's threads (the JMH
     * thread, a partner, virtual-thread carriers, the JVM's own) may run on those CPUs only, pinned or not.
     * Threads that exist now are set one by one ({@code sched_setaffinity} on each task of
     * {@code /proc/self/task}, again until no new one appears); a thread started later inherits the mask of
     * the thread that starts it, so carriers and partners started after this are confined too. A thread
     * pinned afterwards ({@link #pinCurrentThread}) narrows its own mask further and restores this one.
     * Call it where no thread of this process is pinned (at trial setup): the allowed CPUs are read from the
     * calling thread's mask.
     *
     * @return the CPUs every thread is now allowed
     * @throws BadCpuSelection when {@code SWITCHCOST_CPUS} is not a CPU list or names CPUs outside the mask
     */
    public static CpuSet confineProcess() {
        CpuSet allowed = allowedCpus();
        BitSet mask = allowed.toBitSet();
        Set<Integer> done = new HashSet<>();
        boolean more = true;
        while (more) {
            more = false;
            for (int tid : tasks()) {
                if (done.add(tid)) {
                    more = true;
                    setThreadMask(tid, mask);
                }
            }
        }
        return allowed;
    }

    /**
     * Sets the mask of this process's thread {@code tid} (another thread than the caller's, such as one of the JVM's
     * own); a thread that ended meanwhile is left alone.
     *
     * @return false when the thread had ended
     */
    public static boolean setThreadMask(int tid, BitSet mask) {
        try {
            LinuxHelper.sched_setaffinity(tid, mask);
            return true;
        } catch (IllegalStateException e) {
            if (Files.exists(TASKS.resolve(Integer.toString(tid)))) {
                throw e;
            }
            return false;
        }
    }

    private static List<Integer> tasks() {
        try (Stream<Path> s = Files.list(TASKS)) {
            return s.map(p -> Integer.parseInt(p.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + TASKS, e);
        }
    }

    /**
     * @return how the CPUs were chosen, e.g. {@code SWITCHCOST_CPUS=1} or {@code -Dswitchcost.cpus=1}, or null
     *         when no selection is set (the inherited mask alone applies)
     */
    public static String selectionSetting() {
        String property = System.getProperty(CPUS_PROPERTY);
        String chosen = property != null ? property : System.getenv(CPUS_ENV);
        return chosen == null || chosen.isBlank() ? null
                : (property != null ? "-D" + CPUS_PROPERTY : CPUS_ENV) + "=" + chosen;
    }

    /** A {@code SWITCHCOST_CPUS} / {@code -Dswitchcost.cpus} the user got wrong (the CLI exits 2 with the message). */
    public static final class BadCpuSelection extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadCpuSelection(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** @return the CPU the thread is pinned to, or -1 when {@link #confineCurrentThread confined} to the allowed CPUs */
    public int cpu() {
        return cpu;
    }

    /** Restores the mask the thread had before; must be called from the pinned thread. */
    @Override
    public void close() {
        if (Thread.currentThread() != thread) {
            throw new IllegalStateException("unpin from " + Thread.currentThread().getName() + ", pinned " + thread.getName());
        }
        Affinity.setAffinity(previous);
    }
}
