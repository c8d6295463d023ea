package dev.switchcost.bench;

import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.sample.SchedStat;
import dev.switchcost.measure.workload.HandoffPair;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

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

    /**
     * The pair's time on a CPU so far: the calling (JMH) thread's {@code schedstat} run time plus the
     * partner thread's. Read outside the measured loop (iteration set-up and tear-down), never per op.
     *
     * @return ns, or -1 where either side cannot be read (a partner with no thread of its own)
     */
    protected final long pairRunNs() {
        SchedStat self = SchedStat.readSelf();
        long partner = pair == null ? -1 : pair.partnerRunNs();
        return self == null || partner < 0 ? -1 : self.runNs() + partner;
    }

    /**
     * @return true for benchmarks that report the pair's CPU time per op ({@link PairedWalkProfiler#CPU}):
     *         each iteration then reads both sides' {@code schedstat} before its first op and after its last
     */
    protected boolean reportsPairCpu() {
        return false;
    }

    private long cpuAtStart = -1;

    /** Notes the pair's CPU time before the iteration's first op, where {@link #reportsPairCpu()}. */
    @Setup(Level.Iteration)
    public final void markPairCpu() {
        cpuAtStart = reportsPairCpu() ? pairRunNs() : -1;
    }

    /**
     * Hands the pair's CPU time over the iteration to {@link PairedWalkProfiler}. Runs on the JMH thread,
     * which holds the turn after the iteration's last round trip, so the partner is waiting.
     */
    @TearDown(Level.Iteration)
    public final void recordPairCpu() {
        if (reportsPairCpu()) {
            long now = pairRunNs();
            PairedWalkProfiler.recordPairRun(now < 0 || cpuAtStart < 0 ? -1 : now - cpuAtStart);
        }
    }

    /** One round trip: hand the turn to the partner and wait for it to come back. */
    public final void roundTrip() {
        pair.roundTrip();
    }
}
