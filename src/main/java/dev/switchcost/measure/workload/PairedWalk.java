package dev.switchcost.measure.workload;

import java.lang.invoke.VarHandle;

/**
 * One side's paired estimator of the indirect cost: each time the side holds the turn it walks its
 * working set twice, timing each walk. The first walk comes right after the partner ran (a switch
 * in, its caches as the partner left them); the second immediately after, with no switch between, in
 * the same thread, the same compiled loop and the same second. Their difference is what the switch
 * did to this side's data in the caches and TLB.
 *
 * <p>Each walk ends with a full fence ({@link VarHandle#fullFence()}, a locked instruction on x86) before
 * the clock is read, so that a walk's interval holds its own stores and not the tail of the previous
 * walk's (the C programs' {@code working_set.h} does the same). {@code WorkingSetHandoff.walkAlonePaired}
 * is the estimator's control: the same paired walk with no switch, whose difference should be within
 * its error of 0.
 *
 * <p>Three clock reads and two fences per wake, outside the walks, and two additions into plain fields
 * of this side: nothing allocates, nothing is shared. The sums belong to the thread that walks; another
 * thread may {@link #takeFirstNanos() take} them only while this side waits for the turn (the turn's
 * handoff orders the accesses).
 */
public final class PairedWalk {

    private final WorkingSet set;
    private long firstNanos;
    private long secondNanos;

    public PairedWalk(WorkingSet set) {
        this.set = set;
    }

    /** The first walk (after a switch) and the second (right after it), each timed. */
    public void walkTwice() {
        long t0 = System.nanoTime();
        set.walk();
        VarHandle.fullFence();
        long t1 = System.nanoTime();
        set.walk();
        VarHandle.fullFence();
        long t2 = System.nanoTime();
        firstNanos += t1 - t0;
        secondNanos += t2 - t1;
    }

    /** @return the summed time of first walks since the last take, and resets it */
    public long takeFirstNanos() {
        long v = firstNanos;
        firstNanos = 0;
        return v;
    }

    /** @return the summed time of second walks since the last take, and resets it */
    public long takeSecondNanos() {
        long v = secondNanos;
        secondNanos = 0;
        return v;
    }
}
