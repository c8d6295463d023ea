package dev.switchcost.measure.jmh;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Function;

/**
 * A trial's forks spread over the run instead of back to back: the options run as {@code rounds} JMH runs of one fork
 * per trial, every trial once per round, and each trial's forks are merged back into one result whose forks are the
 * rounds. The host drifts on the scale of minutes (forks back to back differed by 2.7 %, runs minutes apart
 * by 7–10 %), so forks a round apart see more of that drift, and the between-fork error covers it. Several JMH runs of
 * one run (the quick run's means, cache line, price and distribution) share the rounds: each round runs a fork of every
 * one of them that has rounds left, so each of their trials' forks spread over the whole run, not over its own stretch.
 *
 * <p>A trial that failed in any round is failed (its other forks are not kept); a fork that was disturbed is left out
 * unless disturbed trials are kept, and the trial is listed as disturbed either way.
 */
public final class Rounds {

    private Rounds() {
    }

    /**
     * One JMH run of those that share the rounds.
     *
     * @param options its options (their fork count is replaced by one per round)
     * @param rounds  the rounds it always runs: one fork of each of its trials in each
     */
    public record Run(Options options, int rounds) {
        public Run {
            if (rounds < 1) {
                throw new IllegalArgumentException("rounds must be at least 1: " + rounds);
            }
        }
    }

    /**
     * Rounds of {@code runs}: each run's first {@link Run#rounds} rounds, a fork of each of its trials in each, in the
     * order given; then, up to {@code maxRounds}, rounds of the trials {@code next} names of the rounds so far, one fork
     * each, until it names none ({@code run --precision}: the trials short of their precision, while the budget allows).
     */
    public static TrialLedger.Outcome execute(List<Run> runs, int maxRounds, IntFunction<OutputFormat> out,
                                              boolean keepDisturbed, Function<TrialLedger.Outcome, List<TrialPlan.Trial>> next)
            throws RunnerException {
        int minRounds = runs.stream().mapToInt(Run::rounds).max().orElse(0);
        if (minRounds < 1 || maxRounds < minRounds) {
            throw new IllegalArgumentException("rounds must be at least 1 and at most " + maxRounds + ": " + minRounds);
        }
        List<Options> oneFork = new ArrayList<>();
        Map<TrialPlan.Trial, Options> home = new HashMap<>();
        for (Run r : runs) {
            Options o = new OptionsBuilder().parent(r.options()).forks(1).build();
            oneFork.add(o);
            TrialPlan.of(o).keys().forEach(t -> home.putIfAbsent(t, o));
        }
        List<TrialLedger.Outcome> each = new ArrayList<>();
        List<TrialPlan.Trial> only = null;
        for (int i = 0; i < maxRounds; i++) {
            OutputFormat format = out.apply(i);
            if (only == null) {
                for (int r = 0; r < runs.size(); r++) {
                    if (i < runs.get(r).rounds()) {
                        each.add(Trials.execute(oneFork.get(r), format, keepDisturbed));
                    }
                }
            } else {
                for (TrialPlan.Trial t : only) {
                    each.add(Trials.execute(ForwardingOptions.only(home.get(t), t), format, keepDisturbed));
                }
            }
            if (i + 1 >= minRounds) {
                only = next.apply(merge(each));
                if (only.isEmpty()) {
                    break;
                }
            }
        }
        return merge(each);
    }

    /** The rounds' outcomes as one: each trial's complete forks in one result, failures and disturbances of any round. */
    static TrialLedger.Outcome merge(List<TrialLedger.Outcome> rounds) {
        Map<TrialPlan.Trial, String> failed = new LinkedHashMap<>();
        Map<TrialPlan.Trial, Disturbance.Reading> disturbed = new LinkedHashMap<>();
        Map<TrialPlan.Trial, List<RunResult>> forks = new LinkedHashMap<>();
        boolean kept = true;
        for (TrialLedger.Outcome o : rounds) {
            o.failed().forEach(failed::putIfAbsent);
            o.disturbed().forEach(disturbed::putIfAbsent);
            kept &= o.keptDisturbed();
            for (RunResult r : o.complete()) {
                forks.computeIfAbsent(TrialPlan.key(r.getParams()), k -> new ArrayList<>()).add(r);
            }
        }
        List<RunResult> complete = new ArrayList<>();
        forks.forEach((trial, rs) -> {
            if (!failed.containsKey(trial)) {
                complete.add(merged(rs));
            }
        });
        return new TrialLedger.Outcome(complete, failed, disturbed, kept);
    }

    /** One result of several runs of one trial: their forks, in order, under the first's parameters with the fork count. */
    static RunResult merged(List<RunResult> runs) {
        if (runs.size() == 1) {
            return runs.get(0);
        }
        List<BenchmarkResult> forks = new ArrayList<>();
        runs.forEach(r -> forks.addAll(r.getBenchmarkResults()));
        return new RunResult(withForks(runs.get(0).getParams(), forks.size()), forks);
    }

    static BenchmarkParams withForks(BenchmarkParams p, int forks) {
        WorkloadParams w = new WorkloadParams();
        int order = 0;
        for (String k : p.getParamsKeys()) {
            w.put(k, p.getParam(k), order++);
        }
        @SuppressWarnings("unchecked")
        Collection<String> labels = p.getThreadGroupLabels();
        @SuppressWarnings("unchecked")
        Collection<String> jvmArgs = p.getJvmArgs();
        return new BenchmarkParams(p.getBenchmark(), p.generatedBenchmark(), p.shouldSynchIterations(), p.getThreads(),
                p.getThreadGroups(), labels, forks, p.getWarmupForks(), p.getWarmup(), p.getMeasurement(), p.getMode(), w,
                p.getTimeUnit(), p.getOpsPerInvocation(), p.getJvm(), jvmArgs, p.getJdkVersion(), p.getVmName(),
                p.getVmVersion(), p.getJmhVersion(), p.getTimeout());
    }
}
