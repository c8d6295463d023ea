package dev.switchcost.session;

import dev.switchcost.measure.jmh.TrialLedger;
import dev.switchcost.measure.jmh.TrialPlan;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.PrecisionResults;
import dev.switchcost.results.QuickSet;
import dev.switchcost.results.RunStatus;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;

/**
 * {@code run --precision}, and the quick run's design: after the first rounds, forks are added to the trials whose figure
 * is not yet as precise as asked — the half-width of its between-fork interval (the one rule, {@link Estimate}) within
 * {@code target} of its value, {@code across} for a trial whose threads run on two CPUs ({@link QuickSet#oneCpu}) — a
 * fork of each such trial per round, while the budget allows them all to reach it: the forks each trial needs at the
 * spread its forks show ({@link Estimate#unitsFor}, Kalibera and Jones's rule for a level's repetitions) are summed
 * nearest first, and the trials whose sum does not fit before the deadline get none (nor does one that would need more
 * than {@link #MAX_FORKS}); the card says how many each would need. Figures of JMH's sample
 * mode are percentiles, not fork means: they get no forks.
 *
 * <p>The budget is one deadline for the whole run, every JMH run and the C comparison in it ({@link #from}). A JMH run's
 * first rounds always run; a fork is added only while the deadline allows it, at what a fork took on average so far.
 *
 * @param target relative half-width asked for, e.g. 0.03 for 3 %
 * @param across the same for a trial on two CPUs
 * @param budget how long the whole run may go on, its added rounds included
 */
public record Precision(double target, double across, Duration budget) {

    /** At most this many forks per trial, whatever the budget. */
    public static final int MAX_FORKS = PrecisionResults.MAX_FORKS;

    /** The quick run's: {@link QuickSet#ONE_CPU_PRECISION}, {@link QuickSet#ACROSS_PRECISION}, {@link QuickSet#BUDGET}. */
    public static final Precision QUICK = new Precision(QuickSet.ONE_CPU_PRECISION, QuickSet.ACROSS_PRECISION, QuickSet.BUDGET);

    public Precision {
        if (!(target > 0 && target < 1) || !(across > 0 && across < 1)) {
            throw new IllegalArgumentException("the precision must be between 0 and 100 %: " + target);
        }
        if (budget.isNegative() || budget.isZero()) {
            throw new IllegalArgumentException("the budget must be positive: " + budget);
        }
    }

    /** One target for every trial. */
    public Precision(double target, Duration budget) {
        this(target, target, budget);
    }

    /** The target of trial {@code t}. */
    double targetOf(TrialPlan.Trial t) {
        return QuickSet.oneCpu(t.benchmark(), t.params()) ? target : across;
    }

    /** A trial's figure from its forks ({@link Estimate#ofSamples}). */
    static Estimate estimate(RunResult r) {
        return Estimate.ofSamples(r.getBenchmarkResults().stream().map(BenchmarkResult::getPrimaryResult)
                .mapToDouble(x -> x.getScore()).toArray());
    }

    /** The relative half-width of a trial's figure from its forks; NaN with fewer than two. */
    static double relativeHalfWidth(RunResult r) {
        Estimate e = estimate(r);
        return e.halfWidth() / Math.abs(e.value());
    }

    /** Whether a trial's figure is a mean of its forks, which forks make more precise (not JMH's sample mode). */
    static boolean aMean(RunResult r) {
        return r.getParams().getMode() != Mode.SampleTime;
    }

    /** The mean trials of {@code o} whose figure is not yet within its target. */
    List<RunResult> shortOf(TrialLedger.Outcome o) {
        return o.complete().stream().filter(Precision::aMean)
                .filter(r -> !(relativeHalfWidth(r) <= targetOf(TrialPlan.key(r.getParams())))).toList();
    }

    /** The trials of {@code o} whose figure is not yet within the target, by name. */
    List<String> imprecise(TrialLedger.Outcome o) {
        return shortOf(o).stream().map(r -> TrialPlan.key(r.getParams()).toString()).toList();
    }

    /**
     * One line on how {@code o}'s trials came out against their targets: every one reached it, or which did not, each with
     * the precision it reached, its forks and the forks its spread would need (more than {@link #MAX_FORKS}: out of reach).
     */
    String summary(TrialLedger.Outcome o) {
        String targets = Math.round(target * 1000) / 10.0 + " %" + (across != target ? " (" + Math.round(across * 1000) / 10.0
                + " % across CPUs)" : "");
        List<RunResult> left = shortOf(o);
        if (left.isEmpty()) {
            return "precision " + targets + ": every trial reached it";
        }
        return "precision " + targets + ": " + left.size() + " trial(s) short of it when the run's budget (" + budget.toSeconds()
                + " s) or reach ended: " + left.stream().map(r -> {
                    int k = forksNeeded(r);
                    return TrialPlan.key(r.getParams()) + " ±" + Math.round(relativeHalfWidth(r) * 1000) / 10.0 + " % with "
                            + r.getBenchmarkResults().size() + " forks, " + (k > MAX_FORKS ? "over " + MAX_FORKS : k) + " needed";
                }).collect(java.util.stream.Collectors.joining("; "));
    }

    /** The forks a trial would need for its target at the spread its forks show ({@link Estimate#unitsFor}). */
    int forksNeeded(RunResult r) {
        return estimate(r).unitsFor(targetOf(TrialPlan.key(r.getParams())), MAX_FORKS);
    }

    /**
     * Each complete mean trial of {@code o}, how precise and whether within its target, as {@code precision.json} holds it,
     * with what a fork of its JMH run took ({@code secondsPerFork}).
     */
    List<PrecisionResults.Trial> trials(TrialLedger.Outcome o, String jdkVersion, ToDoubleFunction<TrialPlan.Trial> secondsPerFork) {
        return o.complete().stream().filter(Precision::aMean).map(r -> {
            TrialPlan.Trial t = TrialPlan.key(r.getParams());
            double h = relativeHalfWidth(r);
            return new PrecisionResults.Trial(t.benchmark(), t.mode().shortLabel(),
                    RunStatus.FailedTrial.withJdk(t.params(), jdkVersion), h, h <= targetOf(t), targetOf(t),
                    r.getBenchmarkResults().size(), forksNeeded(r), secondsPerFork.applyAsDouble(t));
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
         * How many more forks fit before the deadline, with {@code reservedNanos} left after them for what the run still
         * has to do (the first rounds of its later JMH runs, the C comparison): {@code forks} forks since
         * {@code jmhRunStartNanos} took on average what each next one is taken to take.
         */
        int forksThatFit(long jmhRunStartNanos, int forks, long reservedNanos) {
            long now = clock.getAsLong();
            long perFork = forks < 1 ? 0 : (now - jmhRunStartNanos) / forks;
            long left = atNanos - now - reservedNanos;
            return left <= 0 ? 0 : perFork == 0 ? Integer.MAX_VALUE : (int) Math.min(Integer.MAX_VALUE, left / perFork);
        }
    }

    /**
     * The trials of a JMH run that began at {@code jmhRunStartNanos} to give one more fork each: those short of their
     * target, nearest to it first, as long as the forks all of them still need to reach it fit before the deadline with
     * {@code reserved} (what the run's plan has left after this JMH run) after them; empty to stop. A trial whose forks would
     * not all fit gets none, nor does one behind it: the budget goes where it resolves a figure, not where it narrows one
     * that stays short.
     */
    Function<TrialLedger.Outcome, List<TrialPlan.Trial>> next(Deadline deadline, long jmhRunStartNanos, LongSupplier reserved) {
        return o -> {
            int forks = o.complete().stream().mapToInt(r -> r.getBenchmarkResults().size()).sum();
            int fit = deadline.forksThatFit(jmhRunStartNanos, forks, reserved.getAsLong());
            List<RunResult> nearestFirst = shortOf(o).stream()
                    .filter(r -> forksNeeded(r) <= MAX_FORKS && r.getBenchmarkResults().size() < MAX_FORKS)
                    .sorted(Comparator.comparingInt(r -> forksNeeded(r) - r.getBenchmarkResults().size())).toList();
            List<TrialPlan.Trial> within = new ArrayList<>();
            long forksToTarget = 0;
            for (RunResult r : nearestFirst) {
                forksToTarget += forksNeeded(r) - r.getBenchmarkResults().size();
                if (forksToTarget > fit) {
                    break;
                }
                within.add(TrialPlan.key(r.getParams()));
            }
            return within;
        };
    }
}
