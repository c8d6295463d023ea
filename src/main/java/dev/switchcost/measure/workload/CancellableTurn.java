package dev.switchcost.measure.workload;

/**
 * A {@link Turn} whose waits can block without a timer, bounded instead by {@link #cancel()}.
 *
 * <p>Why: a timed wait is not free. For a platform thread the kernel arms and cancels an hrtimer
 * per timed {@code FUTEX_WAIT}; for a virtual thread {@code LockSupport.parkNanos} arms a timer on
 * the scheduler (JDK 21: the {@code VirtualThread-unparker} thread's queue; JDK 25: the carrier
 * pool's delay scheduler) and cancels it on wake-up, and the timer thread may itself wake. To measure the handoff and not the timer, the hot path of these turns
 * waits untimed ({@code park()}, {@code take()}, {@code await()}, {@code wait()}), as the
 * {@code java.util.concurrent} primitives they model do. Their bound comes from their owner's
 * {@link PairWatchdog}, which calls {@link #cancel()} when the partner is lost, and
 * {@link PingPong#close()} cancels instead of passing the turn.
 *
 * <p>For an untimed turn {@code timeoutNanos} of {@link #await} is therefore not a timer: a wait
 * returns {@code false} only once the turn is cancelled. The {@link WaitKind#TIMED} turns
 * ({@link ParkTurn}, a timed {@link FutexTurn}) are cancellable too, and also time out.
 */
public interface CancellableTurn extends Turn {

    /**
     * Makes every current and later {@link #await} return {@code false} and every later
     * {@link #pass} a no-op. Idempotent; callable from any thread, including a bound one.
     */
    void cancel();

    /** @return true once {@link #cancel()} has been called */
    boolean isCancelled();
}
