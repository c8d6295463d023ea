package dev.switchcost.measure.workload;

import java.util.concurrent.locks.LockSupport;

/**
 * {@link UntimedParkTurn}'s protocol with a bounded {@link LockSupport#parkNanos}: the
 * {@link WaitKind#TIMED} variant. Each wait reads {@code System.nanoTime()} twice and parks with a
 * timeout (for a platform thread HotSpot arms a timed {@code pthread_cond_timedwait}, i.e. a futex
 * wait with a timeout; for a virtual thread, a scheduler timer). Cancellable like the untimed turn,
 * so the two differ only in the timer.
 */
public final class ParkTurn extends AbstractParkTurn {

    @Override
    public boolean await(int side, long timeoutNanos) {
        if (turn == side) {
            return !cancelled;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (turn != side) {
            if (cancelled) {
                return false;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(this, left);
        }
        return !cancelled;
    }

    @Override
    public String mechanism() {
        return "park-timed";
    }
}
