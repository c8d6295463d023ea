package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.workload.HandoffPair;
import dev.switchcost.measure.workload.InjectedDelay;
import dev.switchcost.measure.workload.PingPong;
import dev.switchcost.measure.workload.PlacedPingPong;
import dev.switchcost.measure.workload.ThreadKind;
import dev.switchcost.measure.workload.Turn;

/**
 * The one placed-pair state of the handoff benchmarks: the JMH thread (side A) and a partner thread
 * (side B) placed as {@link #where()} says, pinned, checked with {@code sched_getcpu} and reported on
 * stderr in one {@code #} line; the partner registers itself as counted ({@link PingPong}), the JMH
 * thread through {@link CountedTrial}; a {@link dev.switchcost.measure.workload.PairWatchdog} guards untimed
 * turns; the pair's life cycle is {@link PairTrial}'s.
 *
 * <p>Subclasses declare their {@code @Param}s (a class that declares {@code placement} must run at
 * every placement: unavailable ones are narrowed away before JMH runs) and say which turn, which
 * partner and what partner work.
 */
public abstract class PlacedPair extends PairTrial {

    /** @return where the two sides run */
    protected abstract Placement where();

    /** @return a fresh turn, side A's */
    protected abstract Turn newTurn();

    /** @return the partner's kind; a virtual partner needs {@link Placement#UNPINNED} */
    protected ThreadKind partnerKind() {
        return ThreadKind.PLATFORM;
    }

    /** @return true for spin turns: two spinners on one CPU run inline on the JMH thread */
    protected boolean inlineOnOneCpu() {
        return false;
    }

    /**
     * @return what the partner does each time it holds the turn: nothing ({@link PingPong#NO_WORK}), unless a study
     *         injects a known delay ({@link InjectedDelay})
     */
    protected Runnable partnerWork() {
        return InjectedDelay.partnerWork();
    }

    @Override
    protected final HandoffPair startPair() {
        return PlacedPingPong.start(where(), newTurn(), partnerKind(), inlineOnOneCpu(), partnerWork());
    }
}
