package dev.switchcost.measure.workload;

import java.util.concurrent.locks.LockSupport;

/**
 * {@link ParkTurn}'s protocol with an untimed {@link LockSupport#park(Object)}: a volatile turn
 * flag; passing sets it and unparks the other side. For a platform thread a park is a futex wait in
 * HotSpot; for a virtual thread it unmounts the continuation and frees the carrier, and unpark
 * submits it to the scheduler. No timer is armed (see {@link CancellableTurn}).
 */
public final class UntimedParkTurn extends AbstractParkTurn {

    @Override
    public boolean await(int side, long timeoutNanos) {
        while (turn != side) {
            if (cancelled) {
                return false;
            }
            LockSupport.park(this);
        }
        return !cancelled;
    }

    @Override
    public String mechanism() {
        return "park";
    }
}
