package dev.switchcost.measure.workload;

/**
 * The turn as an int guarded by this object's monitor: a side waits with {@link Object#wait()} inside
 * {@code synchronized} until the turn is its own; passing sets the turn and calls
 * {@link Object#notify()} (at most one side ever waits, so one notification is enough).
 *
 * <p>For virtual threads this is the case that changed with the JDK: before JDK 24 a virtual thread
 * that waits inside {@code synchronized} <em>pins</em> its carrier, which then blocks in the kernel
 * (and the scheduler may add a carrier to compensate); from JDK 24 (JEP 491) it unmounts like a
 * park. The carrier's context switches ({@code ctxsw.carrier.total.norm}) show which happened, so
 * always read results of this turn together with the JDK that produced them.
 */
public final class MonitorTurn implements CancellableTurn {

    private int turn = A;
    private volatile boolean cancelled;

    @Override
    public synchronized void pass(int side) {
        if (cancelled) {
            return;
        }
        turn = side;
        notify();
    }

    @Override
    public synchronized boolean await(int side, long timeoutNanos) {
        boolean interrupted = false;
        try {
            while (turn != side && !cancelled) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            return !cancelled;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public synchronized void cancel() {
        cancelled = true;
        notifyAll();
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public synchronized int current() {
        return turn;
    }

    @Override
    public String mechanism() {
        return "monitor-wait";
    }
}
