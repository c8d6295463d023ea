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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Function;

/**
 * A trial's forks spread over the run instead of back to back: the options run as {@code rounds} JMH runs of one fork
 * per trial, every trial once per round, and each trial's forks are merged back into one result whose forks are the
 * rounds. The host drifts on the scale of minutes (forks back to back differed by 2.7 %, runs minutes apart
 * by 7–10 %), so forks a round apart see more of that drift, and the between-fork error covers it.
 *
 * <p>A trial that failed in any round is failed (its other forks are not kept); a fork that was disturbed is left out
 * unless disturbed trials are kept, and the trial is listed as disturbed either way.
 */
public final class Rounds {

    private Rounds() {
    }

    /**
     * {@code minRounds} rounds of every trial, then, up to {@code maxRounds}, rounds of the trials {@code next} names of the
     * rounds so far, one fork each, until it names none ({@code run --precision}: the trials short of their precision,
     * while the budget allows).
     */
    public static TrialLedger.Outcome execute(Options options, int minRounds, int maxRounds, IntFunction<OutputFormat> out,
                                              boolean keepDisturbed, Function<TrialLedger.Outcome, List<TrialPlan.Trial>> next)
            throws RunnerException {
        if (minRounds < 1 || maxRounds < minRounds) {
            throw new IllegalArgumentException("rounds must be at least 1 and at most " + maxRounds + ": " + minRounds);
        }
        Options oneFork = new OptionsBuilder().parent(options).forks(1).build();
        List<TrialLedger.Outcome> each = new ArrayList<>();
        List<TrialPlan.Trial> only = null;
        for (int i = 0; i < maxRounds; i++) {
            OutputFormat format = out.apply(i);
            if (only == null) {
                each.add(Trials.execute(oneFork, format, keepDisturbed));
            } else {
                for (TrialPlan.Trial t : only) {
                    each.add(Trials.execute(ForwardingOptions.only(oneFork, t), format, keepDisturbed));
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
