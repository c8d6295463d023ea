package dev.switchcost.measure.jmh;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A JMH {@link OutputFormat} in front of another that notes, per trial, why it failed: the first line
 * of the exception JMH prints after {@code <failure>} (a benchmark, setup or teardown threw; the
 * fork reports it through this format) or JMH's {@code <forked VM failed with exit code N>}. Which
 * trials failed is decided by {@link #outcome} from what came back, against the {@link TrialPlan};
 * the ledger only supplies the reasons.
 */
public final class TrialLedger extends ForwardingOutputFormat {

    private final Map<TrialPlan.Trial, String> reasons = new LinkedHashMap<>();
    private final List<TrialPlan.Trial> started = new ArrayList<>();
    private TrialPlan.Trial current;
    private boolean expectCause;

    public TrialLedger(OutputFormat next) {
        super(next);
    }

    /**
     * One run's result: the complete trials (every iteration of every fork), the failed or missing ones
     * with a reason each, and the disturbed ones ({@link Disturbance}).
     *
     * @param complete       results to report and write: without the disturbed trials, unless they are kept
     * @param failed         each failed or missing trial, with its reason
     * @param disturbed      each trial that completed while others took its CPUs, with what the rule read
     * @param keptDisturbed  whether the disturbed trials are kept in {@code complete} ({@code --allow-disturbed})
     */
    public record Outcome(Collection<RunResult> complete, Map<TrialPlan.Trial, String> failed,
                          Map<TrialPlan.Trial, Disturbance.Reading> disturbed, boolean keptDisturbed) {

        /** This run's trials and then {@code next}'s (another JMH run into the same results). */
        public Outcome plus(Outcome next) {
            List<RunResult> all = new ArrayList<>(complete);
            all.addAll(next.complete());
            Map<TrialPlan.Trial, String> f = new LinkedHashMap<>(failed);
            f.putAll(next.failed());
            Map<TrialPlan.Trial, Disturbance.Reading> d = new LinkedHashMap<>(disturbed);
            d.putAll(next.disturbed());
            return new Outcome(all, f, d, keptDisturbed && next.keptDisturbed());
        }

        /** Every trial completed, and none was disturbed unless disturbed trials are kept. */
        public boolean ok() {
            return failed.isEmpty() && (keptDisturbed || disturbed.isEmpty());
        }
    }

    /**
     * Splits {@code results} into complete trials and failed ones, and adds the requested trials that
     * did not come back at all. Complete trials that {@link Disturbance} calls disturbed are set apart: left
     * out of the complete ones, or kept there when {@code keepDisturbed}; either way listed with their reason.
     *
     * @param results what JMH's {@code Runner.run()} returned (empty when it threw)
     * @param abort   why the run stopped early (JMH's {@code -foe}), or null
     */
    public Outcome outcome(TrialPlan plan, Collection<RunResult> results, String abort, boolean keepDisturbed) {
        List<RunResult> complete = new ArrayList<>();
        Map<TrialPlan.Trial, String> failed = new LinkedHashMap<>();
        Map<TrialPlan.Trial, Disturbance.Reading> disturbed = new LinkedHashMap<>();
        Set<TrialPlan.Trial> back = new HashSet<>();
        for (RunResult r : results) {
            TrialPlan.Trial key = TrialPlan.key(r.getParams());
            back.add(key);
            if (TrialPlan.isComplete(r)) {
                Optional<Disturbance.Reading> why = Disturbance.of(r.getAggregatedResult().getSecondaryResults());
                why.ifPresent(w -> disturbed.put(key, w));
                if (why.isEmpty() || keepDisturbed) {
                    complete.add(r);
                }
            } else {
                failed.put(key, reasons.getOrDefault(key, "fewer iterations came back than were asked for"));
            }
        }
        for (TrialPlan.Trial key : plan.keys()) {
            if (!back.contains(key)) {
                failed.put(key, reasons.getOrDefault(key, started.contains(key) ? "no result came back"
                        : abort != null ? "not run: " + abort : "not run"));
            }
        }
        return new Outcome(complete, failed, disturbed, keepDisturbed);
    }

    public boolean anyStarted() {
        return !started.isEmpty();
    }

    private void note(String reason) {
        if (current != null && reason != null && !reason.isBlank()) {
            reasons.putIfAbsent(current, reason.strip());
        }
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        current = TrialPlan.key(params);
        started.add(current);
        expectCause = false;
        next.startBenchmark(params);
    }

    @Override
    public void println(String s) {
        if (s != null) {
            if (s.startsWith("<failure>")) {
                expectCause = true;
            } else if (expectCause && !s.isBlank()) {
                note(s.lines().findFirst().orElse(s));
                expectCause = false;
            } else if (s.startsWith("<forked VM failed")) {
                note(s.substring(1, s.length() - (s.endsWith(">") ? 1 : 0)));
            }
        }
        next.println(s);
    }
}
