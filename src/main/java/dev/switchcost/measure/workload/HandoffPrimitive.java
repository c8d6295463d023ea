package dev.switchcost.measure.workload;

import dev.switchcost.launch.JdkPolicy;

import java.util.function.Supplier;

/** The ways a Java task can hand the turn to another and block: a benchmark parameter, each a {@link Turn}. */
public enum HandoffPrimitive {
    /** {@link UntimedParkTurn}: {@code LockSupport.park()}/{@code unpark}, no timer. */
    LOCK_SUPPORT(UntimedParkTurn::new),
    /**
     * {@link ParkTurn}: {@code LockSupport.parkNanos(timeout)}/{@code unpark}, the bounded wait of the
     * foundation ping-pongs; for a virtual thread every park arms and cancels a scheduler timer.
     */
    PARK_NANOS(ParkTurn::new),
    /** {@link SynchronousQueueTurn}: {@code put}/{@code take} on a rendezvous queue per side. */
    SYNCHRONOUS_QUEUE(SynchronousQueueTurn::new),
    /** {@link LockConditionTurn}: {@code ReentrantLock} with a {@code Condition} per side. */
    REENTRANT_LOCK(LockConditionTurn::new),
    /** {@link MonitorTurn}: {@code synchronized} with {@code wait}/{@code notify}; pins a virtual thread's carrier before JDK 24. */
    SYNCHRONIZED(MonitorTurn::new),
    /** {@link ExchangerTurn}: both sides meet at one {@code Exchanger.exchange}, which spins before it parks. */
    EXCHANGER(ExchangerTurn::new),
    /** {@link QueueTurn#transfer()}: {@code LinkedTransferQueue.transfer}/{@code take}, a queue per side. */
    TRANSFER_QUEUE(QueueTurn::transfer),
    /** {@link QueueTurn#oneSlot()}: a one-slot {@code ArrayBlockingQueue} per side, {@code put}/{@code take}. */
    ARRAY_BLOCKING_QUEUE(QueueTurn::oneSlot),
    /** {@link SemaphoreTurn}: a {@code Semaphore} per side, {@code release}/{@code acquire}. */
    SEMAPHORE(SemaphoreTurn::new),
    /** {@link FutureTurn}: a fresh {@code CompletableFuture} per handoff, {@code complete}/{@code get}. */
    COMPLETABLE_FUTURE(FutureTurn::new);

    private final Supplier<Turn> turn;

    HandoffPrimitive(Supplier<Turn> turn) {
        this.turn = turn;
    }

    /** @return a fresh turn, side A's to start */
    public Turn newTurn() {
        return turn.get();
    }

    /** @return true if a virtual thread blocking this way pins its carrier on the running JDK (JEP 491 fixed {@code synchronized} in JDK 24) */
    public boolean pinsCarrier() {
        return this == SYNCHRONIZED && Runtime.version().feature() < JdkPolicy.NO_PINNING;
    }
}
