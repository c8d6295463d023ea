package dev.switchcost.bench;

import dev.switchcost.measure.workload.HandoffPair;

/**
 * The one life cycle of a benchmark that owns a {@link HandoffPair} (the JMH thread side A): started
 * in trial setup and reported on stderr in one {@code #} line, checked after every iteration,
 * stopped at the end of the trial. {@link PlacedPair} starts a pair of threads;
 * {@code ProcessVsThreadSwitch.Processes} a thread and a process.
 */
public abstract class PairTrial extends CountedTrial {

    private HandoffPair pair;

    /** @return a started pair, the calling (JMH) thread its side A */
    protected abstract HandoffPair startPair();

    /** @return more words for the setup line, or "" */
    protected String describe() {
        return "";
    }

    @Override
    protected final void open() {
        pair = startPair();
        String more = describe();
        System.err.println("# " + pair.report() + (more.isEmpty() ? "" : "; " + more));
    }

    @Override
    protected final void check() {
        pair.checkPartner();
    }

    @Override
    protected final void close() {
        if (pair != null) {
            pair.close();
        }
    }

    /** One round trip: hand the turn to the partner and wait for it to come back. */
    public final void roundTrip() {
        pair.roundTrip();
    }
}
