package dev.switchcost.session;

import dev.switchcost.measure.jmh.TrialLedger;
import dev.switchcost.measure.jmh.TrialPlan;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.PrecisionResults;
import dev.switchcost.results.RunStatus;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;

import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * {@code run --precision}: more rounds of forks until every trial's figure is as precise as asked — the half-width of
 * its between-fork interval (the one rule, {@link Estimate}) within {@code target} of its value — or the budget ends;
 * then it says which trials stopped on the budget, and records it ({@link PrecisionResults}).
 *
 * <p>The budget is one deadline for the whole run, every JMH run and the C comparison in it ({@link #from}). A JMH run's
 * first rounds always run; a round is added only while the deadline allows one more as long as the rounds so far took on
 * average.
 *
 * @param target relative half-width asked for, e.g. 0.03 for 3 %
 * @param budget how long the whole run may go on, its added rounds included
 */
public record Precision(double target, Duration budget) {

    /** At most this many forks per trial, whatever the budget. */
    public static final int MAX_FORKS = 20;

    public Precision {
        if (!(target > 0 && target < 1)) {
            throw new IllegalArgumentException("the precision must be between 0 and 100 %: " + target);
        }
        if (budget.isNegative() || budget.isZero()) {
            throw new IllegalArgumentException("the budget must be positive: " + budget);
        }
    }

    /** The relative half-width of a trial's figure from its forks ({@link Estimate#ofSamples}); NaN with fewer than two. */
    static double relativeHalfWidth(RunResult r) {
        double[] forkMeans = r.getBenchmarkResults().stream().map(BenchmarkResult::getPrimaryResult)
                .mapToDouble(x -> x.getScore()).toArray();
        Estimate e = Estimate.ofSamples(forkMeans);
        return e.halfWidth() / Math.abs(e.value());
    }

    /** The trials of {@code o} whose figure is not yet within the target, by name. */
    List<String> imprecise(TrialLedger.Outcome o) {
        return o.complete().stream().filter(r -> !(relativeHalfWidth(r) <= target)).map(r -> TrialPlan.key(r.getParams()).toString())
                .toList();
    }

    /** Each complete trial of {@code o}, how precise and whether within the target, as {@code precision.json} holds it. */
    List<PrecisionResults.Trial> trials(TrialLedger.Outcome o, String jdkVersion) {
        return o.complete().stream().map(r -> {
            TrialPlan.Trial t = TrialPlan.key(r.getParams());
            double h = relativeHalfWidth(r);
            return new PrecisionResults.Trial(t.benchmark(), t.mode().shortLabel(),
                    RunStatus.FailedTrial.withJdk(t.params(), jdkVersion), h, h <= target);
        }).toList();
    }

    /** The deadline of a run that starts at {@code startNanos} on {@code clock}. */
    Deadline from(long startNanos, LongSupplier clock) {
        return new Deadline(startNanos + budget.toNanos(), clock);
    }

    /**
     * The one deadline of a whole run.
     *
     * @param atNanos when the budget ends, on {@code clock}
     */
    record Deadline(long atNanos, LongSupplier clock) {

        /**
         * Whether one more round fits before the deadline, with {@code reservedNanos} left after it for what the run
         * still has to do (the first rounds of its later JMH runs, the C comparison): {@code rounds} rounds since
         * {@code jmhRunStartNanos} took on average what the next one is taken to take.
         */
        boolean anotherRoundFits(long jmhRunStartNanos, int rounds, long reservedNanos) {
            long now = clock.getAsLong();
            long perRound = rounds < 1 ? 0 : (now - jmhRunStartNanos) / rounds;
            return now + perRound + reservedNanos <= atNanos;
        }

    }

    /**
     * Whether to stop a JMH run that began at {@code jmhRunStartNanos}: every trial within the target, or no round fits
     * before the deadline with {@code reserved} (what the run's plan has left after this JMH run) after it.
     */
    Predicate<TrialLedger.Outcome> enough(Deadline deadline, long jmhRunStartNanos, LongSupplier reserved) {
        return o -> imprecise(o).isEmpty() || !deadline.anotherRoundFits(jmhRunStartNanos, rounds(o), reserved.getAsLong());
    }

    /** The rounds an outcome holds: the most forks of any of its trials. */
    static int rounds(TrialLedger.Outcome o) {
        return o.complete().stream().mapToInt(r -> r.getBenchmarkResults().size()).max().orElse(0);
    }
}
