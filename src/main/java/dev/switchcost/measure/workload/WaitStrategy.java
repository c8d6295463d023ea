package dev.switchcost.measure.workload;

/**
 * How both sides of {@code SpinOrPark} wait for the turn: a benchmark parameter ({@code @Param strategy}),
 * each a {@link CancellableTurn} ({@link #newTurn(long)}). Only {@link #SPIN_THEN_PARK} reads the spin
 * budget; the others ignore it.
 */
public enum WaitStrategy {
    /** Park at once: {@code LockSupport.park()} until the turn is ours; the passer unparks a parked waiter. */
    PARK,
    /** Busy spin with {@code Thread.onSpinWait()}; never enters the kernel to wait. */
    SPIN,
    /** {@code Thread.yield()} in a loop ({@code sched_yield}): runs whatever else is runnable on the CPU. */
    YIELD,
    /** Spin for the budget B ({@code System.nanoTime()} read every {@value StrategyTurn#SPINS_PER_CLOCK_READ} spins, as the C twin does), then park as {@link #PARK}; B = 0 parks at once. */
    SPIN_THEN_PARK,
    /**
     * Ours: {@value StrategyTurn#BACKOFF_SPINS} spins, then {@value StrategyTurn#BACKOFF_YIELDS} yields, then
     * {@code parkNanos} with a bound from {@value StrategyTurn#BACKOFF_MIN_PARK_NS} ns doubling to
     * {@value StrategyTurn#BACKOFF_MAX_PARK_NS} ns; the passer unparks a parked waiter, so the bound only
     * caps a missed wake-up.
     */
    BACKOFF,
    /** Agrona's {@code BackoffIdleStrategy()} with its defaults (10 spins, 5 yields, parkNanos 1 µs doubling to 1 ms); polls, never woken. */
    AGRONA_BACKOFF,
    /** Agrona's {@code SleepingIdleStrategy()}: {@code parkNanos(1 µs)} per idle; polls, never woken. */
    AGRONA_SLEEPING,
    /** Agrona's {@code YieldingIdleStrategy}: {@code Thread.yield()} per idle. */
    AGRONA_YIELDING,
    /** LMAX Disruptor's {@code BlockingWaitStrategy}: a lock and condition, signalled on publish. */
    DISRUPTOR_BLOCKING,
    /** LMAX Disruptor's {@code SleepingWaitStrategy()}: 200 polls (100 spinning, 100 yielding), then {@code parkNanos(100)}. */
    DISRUPTOR_SLEEPING,
    /** LMAX Disruptor's {@code YieldingWaitStrategy}: 100 spins, then {@code Thread.yield()}. */
    DISRUPTOR_YIELDING,
    /** LMAX Disruptor's {@code BusySpinWaitStrategy}: {@code Thread.onSpinWait()} in a loop. */
    DISRUPTOR_BUSY_SPIN;

    /**
     * @param budgetNs the spin budget, ns ({@link #SPIN_THEN_PARK} only; must be ≥ 0)
     * @return a fresh turn, side A's, whose sides both wait this way
     */
    public CancellableTurn newTurn(long budgetNs) {
        if (budgetNs < 0) {
            throw new IllegalArgumentException("budgetNs " + budgetNs + " is negative; write a spin budget in ns, 0 or more");
        }
        return name().startsWith("DISRUPTOR_") ? new DisruptorTurn(this) : new StrategyTurn(this, budgetNs);
    }

    /** The name a turn waiting this way gives its mechanism in messages and result labels, e.g. {@code wait-spin-then-park}. */
    public String mechanism() {
        return "wait-" + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
