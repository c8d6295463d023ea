package dev.switchcost.measure.workload;

/**
 * A started pair whose calling thread is side A: {@link PlacedPingPong} (the partner a thread) or
 * {@link ProcessPingPong} (the partner a process). One life cycle for a benchmark that owns one:
 * start it, say {@link #report()} once, {@link #roundTrip()} per op, {@link #checkPartner()} after
 * every iteration, {@link #close()} at the end.
 */
public interface HandoffPair extends AutoCloseable {

    /** One round trip: hand the turn to the partner and wait for it to hand it back. */
    void roundTrip();

    /** @throws IllegalStateException carrying the partner's failure if it failed */
    void checkPartner();

    /**
     * @return the partner thread's time on a CPU so far ({@code schedstat} run time), ns, or -1 where it has
     *         no thread of its own in this process to read
     */
    default long partnerRunNs() {
        return -1;
    }

    /** @return one line saying where each side runs, as checked with sched_getcpu */
    String report();

    /** Stops the partner and unpins the calling thread. */
    @Override
    void close();
}
