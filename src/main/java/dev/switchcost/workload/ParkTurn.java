package dev.switchcost.workload;

import java.util.concurrent.locks.LockSupport;

/**
 * The turn as a volatile int with {@link LockSupport#parkNanos}/{@link LockSupport#unpark}: the
 * JVM's own blocking path (a futex wait underneath for platform threads, an unmount for virtual ones).
 */
public final class ParkTurn implements Turn {

    private volatile int turn = A;
    private final Thread[] waiters = new Thread[2];

    @Override
    public void bind(int side) {
        waiters[side] = Thread.currentThread();
    }

    @Override
    public void pass(int side) {
        turn = side;
        LockSupport.unpark(waiters[side]);
    }

    @Override
    public boolean await(int side, long timeoutNanos) {
        if (turn == side) {
            return true;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (turn != side) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(this, left);
        }
        return true;
    }

    @Override
    public int current() {
        return turn;
    }

    @Override
    public String mechanism() {
        return "park";
    }
}
