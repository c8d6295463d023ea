package dev.switchcost.measure.workload;

/**
 * What the turns built on an interruptible {@code java.util.concurrent} primitive share
 * ({@link ExchangerTurn}, {@link QueueTurn}, {@link SemaphoreTurn}, {@link FutureTurn}): a volatile turn
 * for {@link #current()}, the bound threads, and cancellation by interrupt, since none of these
 * primitives can be woken otherwise without passing the turn. As in {@link SynchronousQueueTurn}, an
 * interrupt seen after cancellation is consumed here; one seen before is restored.
 */
abstract sealed class InterruptibleTurn implements CancellableTurn permits ExchangerTurn, QueueTurn, SemaphoreTurn, FutureTurn {

    private final Thread[] waiters = new Thread[2];
    private volatile int turn = A;
    private volatile boolean cancelled;

    /** Hands the turn to {@code side} through the primitive; may block (a rendezvous). */
    abstract void handOver(int side) throws InterruptedException;

    /** Blocks until {@code side} has been handed the turn through the primitive. */
    abstract void waitFor(int side) throws InterruptedException;

    @Override
    public final void bind(int side) {
        waiters[side] = Thread.currentThread();
    }

    @Override
    public final void pass(int side) {
        if (cancelled) {
            Thread.interrupted();
            return;
        }
        turn = side;
        try {
            handOver(side);
        } catch (InterruptedException e) {
            interruptedUnlessCancelled();
        }
    }

    @Override
    public final boolean await(int side, long timeoutNanos) {
        if (cancelled) {
            Thread.interrupted();
            return false;
        }
        try {
            waitFor(side);
            return !cancelled;
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
    public final void cancel() {
        cancelled = true;
        for (Thread t : waiters) {
            if (t != null && t != Thread.currentThread()) {
                t.interrupt();
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
