package dev.switchcost.measure.linux;

import dev.switchcost.measure.affinity.CpuSet;

/** Test only: a class at the bottom of measure that reaches up into affinity ({@code ArchitectureTest}). */
public final class ReachesUp {

    private ReachesUp() {
    }

    static int size() {
        return CpuSet.parse("0-1").size();
    }
}
