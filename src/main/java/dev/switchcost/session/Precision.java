package dev.switchcost.session;

import dev.switchcost.measure.jmh.TrialLedger;
import dev.switchcost.measure.jmh.TrialPlan;
import dev.switchcost.results.Estimate;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * {@code run --precision}: more rounds of forks until every trial's figure is as precise as asked — the half-width of
 * its between-fork interval (the one rule, {@link Estimate}) within {@code target} of its value — or the time budget
 * ends; then it says which trials stopped on the budget.
 *
 * @param target relative half-width asked for, e.g. 0.03 for 3 %
 * @param budget how long the rounds of one JMH run may go on
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

    /** Whether to stop: every trial within the target, or the budget (from {@code startNanos}) spent. */
    Predicate<TrialLedger.Outcome> enough(long startNanos) {
        return o -> imprecise(o).isEmpty() || System.nanoTime() - startNanos > budget.toNanos();
    }
}
