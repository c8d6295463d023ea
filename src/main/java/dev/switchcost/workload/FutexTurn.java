package dev.switchcost.workload;

import dev.switchcost.linux.Futex;

import java.nio.ByteBuffer;

/**
 * The turn as a futex word: a side that finds the word holding the other side's number sleeps in
 * {@code FUTEX_WAIT}; passing the turn stores the new value and calls {@code FUTEX_WAKE}, always, as
 * the classic C ping-pong does (no "is anyone waiting" shortcut, no {@code sched_yield} retries), so
 * every wait that finds the turn elsewhere is a real block in the kernel.
 */
public final class FutexTurn implements Turn {

    private final Futex word;

    private FutexTurn(Futex word) {
        this.word = word;
    }

    /** A turn private to this process (FUTEX_*_PRIVATE), on its own cache line, starting with side A. */
    public static FutexTurn allocatePrivate() {
        FutexTurn t = new FutexTurn(Futex.allocatePrivate());
        t.word.set(A);
        return t;
    }

    /** A turn in memory shared between processes (non-private futex operations). */
    public static FutexTurn shared(ByteBuffer mapped, int offset) {
        return new FutexTurn(Futex.shared(mapped, offset));
    }

    public Futex futex() {
        return word;
    }

    @Override
    public void bind(int side) {
        // the kernel finds waiters by address: nothing to record
    }

    @Override
    public void pass(int side) {
        word.set(side);
        word.wake(1);
    }

    @Override
    public boolean await(int side, long timeoutNanos) {
        // Each wait is bounded by the timeout; no clock is read on the hot path.
        for (int v = word.get(); v != side; v = word.get()) {
            if (word.await(v, timeoutNanos) == Futex.WaitResult.TIMED_OUT && word.get() != side) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int current() {
        return word.get();
    }

    @Override
    public String mechanism() {
        return word.isShared() ? "futex-shared" : "futex";
    }
}
