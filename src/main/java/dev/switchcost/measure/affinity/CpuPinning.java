package dev.switchcost.measure.affinity;

import dev.switchcost.measure.linux.Syscalls;
import net.openhft.affinity.Affinity;

import java.util.BitSet;

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
        Thread t = Thread.currentThread();
        if (t.isVirtual()) {
            throw new IllegalStateException("cannot pin virtual thread " + t + ": the mask would apply to its carrier");
        }
        BitSet previous = Affinity.getAffinity();
        BitSet mask = new BitSet();
        mask.set(cpu);
        Affinity.setAffinity(mask);
        int now = Syscalls.currentCpu();
        if (now != cpu) {
            Affinity.setAffinity(previous);
            throw new IllegalStateException("pinned " + t.getName() + " to cpu " + cpu + " but sched_getcpu() says " + now);
        }
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

    /** @return whether {@code -Dswitchcost.cpus} or {@code SWITCHCOST_CPUS} narrows the CPUs */
    public static boolean isSelectionSet() {
        String chosen = System.getProperty(CPUS_PROPERTY, System.getenv(CPUS_ENV));
        return chosen != null && !chosen.isBlank();
    }

    /** A {@code SWITCHCOST_CPUS} / {@code -Dswitchcost.cpus} the user got wrong (the CLI exits 2 with the message). */
    public static final class BadCpuSelection extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadCpuSelection(String message, Throwable cause) {
            super(message, cause);
        }
    }

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
