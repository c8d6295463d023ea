package dev.switchcost.measure.workload;

/**
 * The turn as a volatile int that a waiting side polls with {@link Thread#onSpinWait()}: no kernel,
 * no JVM scheduler. Across two CPUs a handoff is one cache-line transfer each way; two spinners on
 * one CPU can only take turns when the scheduler preempts one, so this is a baseline for CROSS_CPU
 * and SMT_SIBLING placements (see {@link PingPong#inline}).
 */
public final class SpinTurn implements Turn {

    private volatile int turn = A;

    @Override
    public void pass(int side) {
        turn = side;
    }

    @Override
    public boolean await(int side, long timeoutNanos) {
        if (turn == side) {
            return true;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        int spins = 0;
        while (turn != side) {
            Thread.onSpinWait();
            if ((++spins & 0xFFF) == 0 && System.nanoTime() - deadline > 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int current() {
        return turn;
    }

    @Override
    public String mechanism() {
        return "spin";
    }
}
