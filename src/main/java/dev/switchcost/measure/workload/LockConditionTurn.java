package dev.switchcost.measure.workload;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The turn as an int guarded by a {@link ReentrantLock}, with one {@link Condition} per side: a side
 * waits with {@code condition.await()} until the turn is its own; passing sets the turn and signals
 * the other side's condition. The classic monitor pattern from {@code java.util.concurrent}: a
 * handoff costs a lock acquisition on each side on top of the park/unpark underneath.
 */
public final class LockConditionTurn implements CancellableTurn {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition[] turnOf = {lock.newCondition(), lock.newCondition()};
    private int turn = A;
    private volatile boolean cancelled;

    @Override
    public void pass(int side) {
        lock.lock();
        try {
            if (cancelled) {
                return;
            }
            turn = side;
            turnOf[side].signal();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean await(int side, long timeoutNanos) {
        lock.lock();
        try {
            while (turn != side && !cancelled) {
                turnOf[side].awaitUninterruptibly();
            }
            return !cancelled;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void cancel() {
        lock.lock();
        try {
            cancelled = true;
            turnOf[A].signalAll();
            turnOf[B].signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public int current() {
        lock.lock();
        try {
            return turn;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String mechanism() {
        return "lock-condition";
    }
}
