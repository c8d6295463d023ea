package dev.switchcost.measure.workload;

import java.util.concurrent.locks.LockSupport;

/**
 * What the park turns share: a volatile turn flag; passing sets it and unparks the other side;
 * cancelling unparks both. The subclasses differ only in how they wait ({@link UntimedParkTurn},
 * {@link ParkTurn}), so that the timer is the one difference between their rows.
 */
abstract sealed class AbstractParkTurn implements CancellableTurn permits ParkTurn, UntimedParkTurn {

    volatile int turn = A;
    volatile boolean cancelled;
    private final Thread[] waiters = new Thread[2];

    @Override
    public final void bind(int side) {
        waiters[side] = Thread.currentThread();
    }

    @Override
    public final void pass(int side) {
        if (cancelled) {
            return;
        }
        turn = side;
        LockSupport.unpark(waiters[side]);
    }

    @Override
    public final void cancel() {
        cancelled = true;
        for (Thread t : waiters) {
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    @Override
    public final boolean isCancelled() {
        return cancelled;
    }

    @Override
    public final int current() {
        return turn;
    }
}
