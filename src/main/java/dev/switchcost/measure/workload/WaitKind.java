package dev.switchcost.measure.workload;

/**
 * How a blocking side of a handoff waits: a benchmark parameter ({@code @Param wait}), so the cost
 * of a bounded wait is a row of its own instead of a hidden share of every row.
 */
public enum WaitKind {
    /**
     * No timer: {@code FUTEX_WAIT} with a null timeout, {@code LockSupport.park()}, as the classic C
     * ping-pong and {@code java.util.concurrent}'s untimed waits do. Hang protection comes from a
     * {@link PairWatchdog} per trial, which costs nothing per operation.
     */
    UNTIMED,
    /**
     * A timeout on every wait ({@value PingPong#DEFAULT_TIMEOUT_SECONDS} s): {@code FUTEX_WAIT} with a
     * {@code timespec} (the kernel arms and cancels an hrtimer per wait), {@code parkNanos} (plus two
     * {@code System.nanoTime()} per wait). TIMED − UNTIMED is what the bound costs.
     */
    TIMED;

    /** @return a park/unpark turn that waits this way ({@link UntimedParkTurn} or {@link ParkTurn}) */
    public CancellableTurn parkTurn() {
        return this == UNTIMED ? new UntimedParkTurn() : new ParkTurn();
    }
}
