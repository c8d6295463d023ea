package dev.switchcost.measure.workload;

/**
 * A turn shared by two sides, {@link #A} and {@link #B}: the ping-pong protocol's one piece of state.
 * A side waits until the turn is its own, does its work, and passes the turn to the other side,
 * waking it. Implementations differ only in how a side waits: blocking in the kernel
 * ({@link FutexTurn}), parking in the JVM ({@link ParkTurn}) or spinning ({@link SpinTurn}).
 *
 * <p>No wait hangs for good: a {@link CancellableTurn} (every blocking turn here) is released by
 * {@link CancellableTurn#cancel()}, which its owner's {@link PairWatchdog} calls when the partner
 * stops answering; {@link SpinTurn} bounds its spin with a clock it reads every 4096 spins.
 */
public interface Turn {

    int A = 0;
    int B = 1;

    /**
     * Records which thread waits as {@code side}; call from that thread before its first wait. Only turns that
     * wake a waiter by identity ({@code unpark}, an interrupt) keep it: a futex word is found by address, a
     * monitor, a condition or a Disruptor strategy keeps its own waiters, and a spinner needs no waking.
     */
    default void bind(int side) {
    }

    /** Gives the turn to {@code side} and wakes it if it is waiting. */
    void pass(int side);

    /**
     * Waits until the turn is {@code side}'s.
     *
     * @param timeoutNanos a bound for turns with a timed wait ({@link WaitKind#TIMED}, {@link SpinTurn});
     *                     untimed turns ignore it and return false only once cancelled
     * @return false if the turn was cancelled or {@code timeoutNanos} passed first
     */
    boolean await(int side, long timeoutNanos);

    /** @return whose turn it is now */
    int current();

    /** @return a short name of the mechanism, for messages and result labels */
    String mechanism();
}
