package dev.switchcost.measure.affinity;

import java.util.Optional;

/**
 * Where the two sides of a handoff run. Every handoff benchmark exposes this as
 * {@code @Param placement}, so each result row says where its threads ran.
 */
public enum Placement {
    /** No affinity set: the scheduler places (and migrates) both threads. */
    UNPINNED,
    /** Both threads pinned to one logical CPU: every handoff is a switch on that CPU. */
    SAME_CPU,
    /** Each thread pinned to its own logical CPU, on different cores where the machine allows. */
    CROSS_CPU,
    /** Each thread pinned to one of two hardware threads (SMT siblings) of one core. */
    SMT_SIBLING;

    /**
     * The CPUs for side A and side B, or the reason this machine cannot provide the placement.
     *
     * @param allowed  the CPUs switchcost may use (process affinity mask, narrowed by {@code SWITCHCOST_CPUS})
     */
    public Assignment assign(Topology topology, CpuSet allowed) {
        int[] cpus = allowed.toArray();
        switch (this) {
            case UNPINNED:
                return new Assignment(this, -1, -1, null);
            case SAME_CPU:
                if (cpus.length < 1) {
                    return unavailable("no CPU is allowed");
                }
                // The highest allowed CPU: CPU 0 usually takes most device interrupts.
                int only = cpus[cpus.length - 1];
                return new Assignment(this, only, only, null);
            case CROSS_CPU:
                if (cpus.length < 2) {
                    return unavailable("needs two CPUs, only " + allowed + " allowed");
                }
                // Prefer two CPUs on different cores; fall back to siblings only when that is all there is.
                for (int i = cpus.length - 1; i >= 0; i--) {
                    for (int j = i - 1; j >= 0; j--) {
                        if (!topology.areSiblings(cpus[i], cpus[j])) {
                            return new Assignment(this, cpus[j], cpus[i], null);
                        }
                    }
                }
                return unavailable("all allowed CPUs (" + allowed + ") are SMT siblings of one core; use SMT_SIBLING");
            case SMT_SIBLING:
                for (int i = cpus.length - 1; i >= 0; i--) {
                    Optional<Integer> sibling = topology.smtSiblingOf(cpus[i], allowed);
                    if (sibling.isPresent()) {
                        return new Assignment(this, Math.min(cpus[i], sibling.get()), Math.max(cpus[i], sibling.get()), null);
                    }
                }
                return unavailable("no SMT siblings among allowed CPUs " + allowed
                        + " (each core has one hardware thread: see " + topology.root() + "/cpu*/topology/thread_siblings_list)");
            default:
                throw new AssertionError(this);
        }
    }

    /**
     * {@link #assign} for this process on this machine: {@link Topology#current()} and
     * {@link CpuPinning#allowedCpus()}, as every pair and every native program run uses it.
     *
     * @throws CpuPinning.BadCpuSelection when {@code SWITCHCOST_CPUS} is not a CPU list or names CPUs outside the mask
     */
    public Assignment assignHere() {
        return assign(Topology.current(), CpuPinning.allowedCpus());
    }

    private Assignment unavailable(String why) {
        return new Assignment(this, -1, -1, why);
    }

    /**
     * CPUs chosen for a placement.
     *
     * @param cpuA        CPU of side A (the JMH benchmark thread), -1 when unpinned
     * @param cpuB        CPU of side B (the partner), -1 when unpinned
     * @param unavailable why the machine cannot provide it, or null when it can
     */
    public record Assignment(Placement placement, int cpuA, int cpuB, String unavailable) {

        public boolean isAvailable() {
            return unavailable == null;
        }

        public boolean isPinned() {
            return cpuA >= 0;
        }

        /** @throws PlacementUnavailableException when the machine cannot provide the placement */
        public Assignment require() {
            if (unavailable != null) {
                throw new PlacementUnavailableException(placement, unavailable);
            }
            return this;
        }

        @Override
        public String toString() {
            return unavailable != null ? placement + " unavailable: " + unavailable
                    : isPinned() ? placement + " (side A on cpu " + cpuA + ", side B on cpu " + cpuB + ")"
                    : placement + " (scheduler chooses)";
        }
    }
}
