package dev.switchcost.render;

import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.measure.jmh.ForwardingOutputFormat;
import dev.switchcost.session.PlannedTime;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A JMH {@link OutputFormat} that sends JMH's full text output to a log (usually {@code run.log})
 * and shows a compact progress view on the terminal: one line when a trial starts (n/N trials of the
 * whole run, which benchmark and parameters, JMH's percent complete of this JMH run, and the ETA of the whole run from its
 * plan ({@link PlannedTime}: every JMH run, fork, JVM start and iteration, and the C comparison's cells), one
 * line when it ends (score, its
 * 99.9% confidence interval as a share of the score, switches per op when counted), and a last line
 * at 100 % with the run's time.
 */
public final class ProgressFormat extends ForwardingOutputFormat {

    private static final Pattern PROGRESS = Pattern.compile("# Run progress: ([0-9.]+)% complete");

    private final PrintWriter terminal;
    private final int total;
    private final PlannedTime time;
    private final long startNanos = System.nanoTime();
    private String percent = "0";
    private int started;
    private String pending;
    private boolean failure;

    /**
     * @param total the number of trials the run was asked for ({@link TrialPlan#size()}), or 0 if unknown
     * @param time  the whole run's plan, which this JMH run's forks and iterations count down
     */
    public ProgressFormat(OutputFormat log, PrintWriter terminal, int total, PlannedTime time) {
        super(log);
        this.terminal = terminal;
        this.total = total;
        this.time = time;
    }

    /** The ETA of the whole run: what is left of its plan. */
    static String eta(PlannedTime time) {
        return Fmt.minutes(time.remainingNanos());
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        next.startBenchmark(params);
        started++;
        String ps = params.getParamsKeys().stream().map(k -> " " + k + "=" + params.getParam(k)).collect(Collectors.joining());
        String name = params.getBenchmark();
        name = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
        // JMH prints its "# Run progress" line just after this call: show ours once that arrived.
        pending = name + ps;
    }

    private void showPending() {
        if (pending != null) {
            terminal.printf(Locale.ROOT, "[%s | %3s%% | ETA %s] %s%n", count(started), percent, eta(time), pending);
            terminal.flush();
            pending = null;
        }
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        next.endBenchmark(result);
        showPending();
        if (result == null) {
            return;
        }
        Result<?> r = result.getPrimaryResult();
        int wanted = Math.max(1, result.getParams().getForks()) * result.getParams().getMeasurement().getCount();
        if (result.getIterationResults().size() < wanted) {
            terminal.printf(Locale.ROOT, "      FAILED after %d of %d iterations; left out of the results%n",
                    result.getIterationResults().size(), wanted);
            terminal.flush();
            return;
        }
        terminal.println(resultLine(result.getParams().getBenchmark(), r, result.getSecondaryResults().get("ctxsw.total.norm")));
        Disturbance.of(result.getSecondaryResults()).map(DisturbanceText::why)
                .ifPresent(why -> terminal.println("      DISTURBED" + why.substring(why.indexOf(":"))));
        terminal.flush();
    }

    /**
     * A finished trial in the card's unit: a round trip's time per switch (half of it, as the card), grouped
     * digits and no e-notation, its 99.9% interval over this trial's iterations (not the card's between-fork one).
     */
    static String resultLine(String benchmark, Result<?> r, Result<?> switches) {
        double[] ci = r.getScoreConfidence();
        double half = (ci[1] - ci[0]) / 2;
        boolean trip = benchmark != null && benchmark.substring(benchmark.lastIndexOf('.') + 1)
                .startsWith(dev.switchcost.results.Bench.Names.ROUND_TRIP_METHOD) && r.getScoreUnit().startsWith("ns/");
        double f = trip ? 0.5 : 1;
        String unit = trip ? "ns per switch (round trip / 2)" : r.getScoreUnit();
        String ciText = Double.isNaN(half) ? " (no CI: too few iterations)"
                : " ± " + Fmt.num(half * f) + " (99.9% CI over this trial's iterations, " + Math.round(100 * half / Math.abs(r.getScore())) + "%)";
        String swText = switches == null ? "" : ", " + Fmt.count(switches.getScore()) + (trip ? " switches per round trip" : " switches/op");
        return "      " + Fmt.num(r.getScore() * f) + " " + unit + ciText + swText;
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        next.iteration(benchParams, params, iteration);
        if (iteration == 1 && (params.getType() == IterationType.WARMUP || benchParams.getWarmup().getCount() == 0)) {
            time.forkStarted();
        }
        showPending();
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        next.iterationResult(benchParams, params, iteration, data);
        time.done(params.getTime().convertTo(java.util.concurrent.TimeUnit.NANOSECONDS));
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        next.endRun(result);
        long s = Math.round((System.nanoTime() - startNanos) / 1e9);
        terminal.printf(Locale.ROOT, "[%s | %3s%% | took %dm %02ds] done%n", count(started), "100", s / 60, s % 60);
        terminal.flush();
    }

    /** {@code n/N}, N padded to its width. */
    private String count(int n) {
        if (total <= 0) {
            return String.valueOf(n);
        }
        String t = String.valueOf(total);
        return String.format(Locale.ROOT, "%" + t.length() + "d/%s", n, t);
    }

    @Override
    public void println(String s) {
        next.println(s);
        Matcher m = PROGRESS.matcher(s);
        if (m.find()) {
            percent = String.format(Locale.ROOT, "%.0f", Double.parseDouble(m.group(1)));
            showPending();
        } else if (s.startsWith("<failure>")) {
            failure = true;
        } else if (failure && !s.isBlank()) {
            showPending();
            terminal.println("      FAILED: " + s.strip().lines().findFirst().orElse(""));
            terminal.flush();
            failure = false;
        } else if (s.startsWith("<forked VM failed") || s.startsWith("# switchcost:") || s.contains("ERROR")) {
            showPending();
            terminal.println(s.startsWith("<") ? "      FAILED: " + s : s);
            terminal.flush();
        }
    }

    @Override
    public void flush() {
        next.flush();
        terminal.flush();
    }
}
