package dev.switchcost.measure.workload;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.util.concurrent.locks.LockSupport;

/**
 * The turn as a volatile int, each side waiting with one {@link WaitStrategy} (every one but the
 * Disruptor's, which is {@link DisruptorTurn}). A waiter that is about to park announces it
 * ({@code parked[side]}, volatile) and checks the turn again; a passer sets the turn and unparks only an
 * announced waiter: the usual way to skip the wake-up syscall when the waiter is still spinning. Agrona's
 * idle strategies poll with a bounded park and are never unparked, as they are used.
 *
 * <p>Cancellable: every loop checks {@code cancelled}, and {@link #cancel()} unparks both sides; a
 * spinning side is bounded by its owner's {@link PairWatchdog}, whose cancel it sees on its next poll.
 */
final class StrategyTurn implements CancellableTurn {

    /** Spins between two clock reads of a budgeted spin: the C twin's {@code SPIN_CHECK_EVERY}, so both pay alike for their clock. */
    static final int SPINS_PER_CLOCK_READ = 64;

    static final int BACKOFF_SPINS = 100;
    static final int BACKOFF_YIELDS = 10;
    static final long BACKOFF_MIN_PARK_NS = 1_000;
    static final long BACKOFF_MAX_PARK_NS = 1_000_000;

    private final WaitStrategy strategy;
    private final long budgetNs;
    private final Thread[] waiters = new Thread[2];
    private final IdleStrategy[] idle = new IdleStrategy[2];
    private volatile int turn = A;
    private final VolatileFlags parked = new VolatileFlags();
    private volatile boolean cancelled;

    StrategyTurn(WaitStrategy strategy, long budgetNs) {
        this.strategy = strategy;
        this.budgetNs = budgetNs;
        for (int side = A; side <= B; side++) {
            idle[side] = switch (strategy) {
                case AGRONA_BACKOFF -> new BackoffIdleStrategy();
                case AGRONA_SLEEPING -> new SleepingIdleStrategy();
                case AGRONA_YIELDING -> new YieldingIdleStrategy();
                default -> null;
            };
        }
    }

    @Override
    public void bind(int side) {
        waiters[side] = Thread.currentThread();
    }

    @Override
    public void pass(int side) {
        if (cancelled) {
            return;
        }
        turn = side;
        if (parked.get(side)) {
            LockSupport.unpark(waiters[side]);
        }
    }

    @Override
    public boolean await(int side, long timeoutNanos) {
        if (turn == side) {
            return !cancelled;
        }
        switch (strategy) {
            case PARK -> park(side);
            case SPIN -> {
                while (turn != side && !cancelled) {
                    Thread.onSpinWait();
                }
            }
            case YIELD -> {
                while (turn != side && !cancelled) {
                    Thread.yield();
                }
            }
            case SPIN_THEN_PARK -> {
                if (budgetNs > 0) {
                    long start = System.nanoTime();
                    int spins = 0;
                    while (turn != side && !cancelled) {
                        Thread.onSpinWait();
                        if (++spins % SPINS_PER_CLOCK_READ == 0 && System.nanoTime() - start >= budgetNs) {
                            break;
                        }
                    }
                }
                park(side);
            }
            case BACKOFF -> backoff(side);
            default -> {
                IdleStrategy s = idle[side];
                s.reset();
                while (turn != side && !cancelled) {
                    s.idle();
                }
            }
        }
        return !cancelled;
    }

    /** Announces the park, checks the turn again, parks until it is ours (or cancelled). */
    private void park(int side) {
        while (turn != side && !cancelled) {
            parked.set(side, true);
            if (turn != side && !cancelled) {
                LockSupport.park(this);
            }
            parked.set(side, false);
        }
    }

    private void backoff(int side) {
        for (int i = 0; i < BACKOFF_SPINS; i++) {
            if (turn == side || cancelled) {
                return;
            }
            Thread.onSpinWait();
        }
        for (int i = 0; i < BACKOFF_YIELDS; i++) {
            if (turn == side || cancelled) {
                return;
            }
            Thread.yield();
        }
        long bound = BACKOFF_MIN_PARK_NS;
        while (turn != side && !cancelled) {
            parked.set(side, true);
            if (turn != side && !cancelled) {
                LockSupport.parkNanos(this, bound);
            }
            parked.set(side, false);
            bound = Math.min(bound * 2, BACKOFF_MAX_PARK_NS);
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
        for (Thread t : waiters) {
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public int current() {
        return turn;
    }

    @Override
    public String mechanism() {
        return strategy.mechanism();
    }

    /** Two volatile booleans, one per side, on their own fields. */
    private static final class VolatileFlags {
        private volatile boolean a;
        private volatile boolean b;

        boolean get(int side) {
            return side == A ? a : b;
        }

        void set(int side, boolean value) {
            if (side == A) {
                a = value;
            } else {
                b = value;
            }
        }
    }
}
