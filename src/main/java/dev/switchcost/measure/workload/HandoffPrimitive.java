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
    SYNCHRONIZED;

    /** @return a fresh turn, side A's to start */
    public Turn newTurn() {
        return switch (this) {
            case LOCK_SUPPORT -> new UntimedParkTurn();
            case PARK_NANOS -> new ParkTurn();
            case SYNCHRONOUS_QUEUE -> new SynchronousQueueTurn();
            case REENTRANT_LOCK -> new LockConditionTurn();
            case SYNCHRONIZED -> new MonitorTurn();
        };
    }

    /** @return true if a virtual thread blocking this way pins its carrier on the running JDK (JEP 491 fixed {@code synchronized} in JDK 24) */
    public boolean pinsCarrier() {
        return this == SYNCHRONIZED && Runtime.version().feature() < JdkPolicy.NO_PINNING;
    }
}
