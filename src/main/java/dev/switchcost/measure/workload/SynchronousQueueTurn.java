package dev.switchcost.measure.workload;

import java.util.concurrent.SynchronousQueue;

/**
 * The turn as a token handed through a {@link SynchronousQueue} per side: passing to a side
 * {@code put}s the token into that side's queue, which completes when the side {@code take}s it;
 * waiting is a {@code take} from one's own queue. A rendezvous: if the receiver has not reached its
 * {@code take} yet, the passer blocks until it does, so a handoff may block on either end.
 *
 * <p>Neither {@code put} nor {@code take} can be woken without an interrupt, so {@link #cancel()}
 * interrupts the bound threads (never the calling one); an interrupt seen after cancellation is
 * consumed here.
 */
public final class SynchronousQueueTurn implements CancellableTurn {

    private static final Object TOKEN = new Object();

    @SuppressWarnings("unchecked")
    private final SynchronousQueue<Object>[] queues = new SynchronousQueue[] {new SynchronousQueue<>(), new SynchronousQueue<>()};
    private final Thread[] waiters = new Thread[2];
    private volatile int turn = A;
    private volatile boolean cancelled;

    @Override
    public void bind(int side) {
        waiters[side] = Thread.currentThread();
    }

    @Override
    public void pass(int side) {
        if (cancelled) {
            Thread.interrupted();
            return;
        }
        turn = side;
        try {
            queues[side].put(TOKEN);
        } catch (InterruptedException e) {
            interruptedUnlessCancelled();
        }
    }

    @Override
    public boolean await(int side, long timeoutNanos) {
        if (cancelled) {
            Thread.interrupted();
            return false;
        }
        try {
            queues[side].take();
            return true;
        } catch (InterruptedException e) {
            interruptedUnlessCancelled();
            return false;
        }
    }

    private void interruptedUnlessCancelled() {
        if (!cancelled) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
        for (Thread t : waiters) {
            if (t != null && t != Thread.currentThread()) {
                t.interrupt();
            }
        }
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public int current() {
        return turn;
    }

    @Override
    public String mechanism() {
        return "synchronous-queue";
    }
}
