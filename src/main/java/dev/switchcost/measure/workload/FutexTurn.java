package dev.switchcost.measure.workload;

import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.Futex;

import java.nio.ByteBuffer;

/**
 * The turn as a futex word: a side that finds the word holding the other side's number sleeps in
 * {@code FUTEX_WAIT}; passing the turn stores the new value and calls {@code FUTEX_WAKE}, always, as
 * the classic C ping-pong does (no "is anyone waiting" shortcut, no {@code sched_yield} retries), so
 * every wait that finds the turn elsewhere is a real block in the kernel.
 *
 * <p>{@link WaitKind#UNTIMED} (the default) waits with a null timeout, as the classic program does;
 * {@link WaitKind#TIMED} passes a timeout to every wait, so the kernel arms and cancels an hrtimer
 * each time: the measured variant that shows what a bounded wait costs. Either way the turn is
 * {@link #cancel() cancellable}: cancelling stores {@link #CANCELLED} (neither side's number) and
 * wakes every waiter, so a waiter that was about to sleep finds the word changed ({@code EAGAIN})
 * and a sleeping one wakes; passing is a compare-and-set, so it cannot overwrite a cancel.
 */
public final class FutexTurn implements CancellableTurn {

    /** The word's value once cancelled: neither {@link #A} nor {@link #B}. */
    public static final int CANCELLED = 2;

    private final Futex word;
    private final WaitKind wait;

    private FutexTurn(Futex word, WaitKind wait) {
        this.word = word;
        this.wait = wait;
    }

    /**
     * A turn private to this process (FUTEX_*_PRIVATE), on its own cache line, starting with side A,
     * whose kernel calls go through {@code binding} ({@link Binding#JNA} unless the binding is what is measured).
     *
     * @throws UnsupportedOperationException when this JVM cannot provide the binding
     */
    public static FutexTurn allocatePrivate(WaitKind wait, Binding binding) {
        FutexTurn t = new FutexTurn(Futex.allocatePrivate(binding), wait);
        t.word.set(A);
        return t;
    }

    /** A turn in memory shared between processes (non-private futex operations). */
    public static FutexTurn shared(ByteBuffer mapped, int offset, WaitKind wait) {
        return new FutexTurn(Futex.shared(mapped, offset), wait);
    }

    public WaitKind waitKind() {
        return wait;
    }

    @Override
    public void pass(int side) {
        // only the holder passes, so the word holds the other side's number unless cancelled meanwhile
        if (word.compareAndSet(1 - side, side)) {
            word.wake(1);
        }
    }

    /**
     * Waits until the word holds {@code side}.
     *
     * @param timeoutNanos bound on each {@code FUTEX_WAIT} for {@link WaitKind#TIMED}; ignored for UNTIMED
     * @return false if cancelled, or (TIMED) if a wait timed out with the turn still elsewhere
     */
    @Override
    public boolean await(int side, long timeoutNanos) {
        for (int v = word.get(); v != side; v = word.get()) {
            if (v == CANCELLED) {
                return false;
            }
            if (wait == WaitKind.UNTIMED) {
                word.awaitUntimed(v);
            } else if (word.await(v, timeoutNanos) == Futex.WaitResult.TIMED_OUT && word.get() != side) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void cancel() {
        word.set(CANCELLED);
        word.wake(Integer.MAX_VALUE);
    }

    @Override
    public boolean isCancelled() {
        return word.get() == CANCELLED;
    }

    @Override
    public int current() {
        return word.get();
    }

    @Override
    public String mechanism() {
        return (word.isShared() ? "futex-shared" : "futex") + (wait == WaitKind.TIMED ? "-timed" : "")
                + (word.binding() == Binding.JNA ? "" : " (" + word.binding() + ")");
    }
}
