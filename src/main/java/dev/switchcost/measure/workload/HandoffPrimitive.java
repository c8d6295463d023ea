package dev.switchcost.measure.workload;

import dev.switchcost.launch.JdkPolicy;

/** The ways a Java task can hand the turn to another and block: a benchmark parameter, each a {@link Turn}. */
public enum HandoffPrimitive {
    /** {@link UntimedParkTurn}: {@code LockSupport.park()}/{@code unpark}, no timer. */
    LOCK_SUPPORT,
    /**
     * {@link ParkTurn}: {@code LockSupport.parkNanos(timeout)}/{@code unpark}, the bounded wait of the
     * foundation ping-pongs; for a virtual thread every park arms and cancels a scheduler timer.
     */
    PARK_NANOS,
    /** {@link SynchronousQueueTurn}: {@code put}/{@code take} on a rendezvous queue per side. */
    SYNCHRONOUS_QUEUE,
    /** {@link LockConditionTurn}: {@code ReentrantLock} with a {@code Condition} per side. */
    REENTRANT_LOCK,
    /** {@link MonitorTurn}: {@code synchronized} with {@code wait}/{@code notify}; pins a virtual thread's carrier before JDK 24. */
    SYNCHRONIZED,
    /** {@link ExchangerTurn}: both sides meet at one {@code Exchanger.exchange}, which spins before it parks. */
    EXCHANGER,
    /** {@link QueueTurn#transfer()}: {@code LinkedTransferQueue.transfer}/{@code take}, a queue per side. */
    TRANSFER_QUEUE,
    /** {@link QueueTurn#oneSlot()}: a one-slot {@code ArrayBlockingQueue} per side, {@code put}/{@code take}. */
    ARRAY_BLOCKING_QUEUE,
    /** {@link SemaphoreTurn}: a {@code Semaphore} per side, {@code release}/{@code acquire}. */
    SEMAPHORE,
    /** {@link FutureTurn}: a fresh {@code CompletableFuture} per handoff, {@code complete}/{@code get}. */
    COMPLETABLE_FUTURE;

    /** @return a fresh turn, side A's to start */
    public Turn newTurn() {
        return switch (this) {
            case LOCK_SUPPORT -> new UntimedParkTurn();
            case PARK_NANOS -> new ParkTurn();
            case SYNCHRONOUS_QUEUE -> new SynchronousQueueTurn();
            case REENTRANT_LOCK -> new LockConditionTurn();
            case SYNCHRONIZED -> new MonitorTurn();
            case EXCHANGER -> new ExchangerTurn();
            case TRANSFER_QUEUE -> QueueTurn.transfer();
            case ARRAY_BLOCKING_QUEUE -> QueueTurn.oneSlot();
            case SEMAPHORE -> new SemaphoreTurn();
            case COMPLETABLE_FUTURE -> new FutureTurn();
        };
    }

    /** @return true if a virtual thread blocking this way pins its carrier on the running JDK (JEP 491 fixed {@code synchronized} in JDK 24) */
    public boolean pinsCarrier() {
        return this == SYNCHRONIZED && Runtime.version().feature() < JdkPolicy.NO_PINNING;
    }
}
