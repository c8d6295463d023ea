package dev.switchcost.jmh;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JMH {@link OutputFormat} that sends JMH's full text output to a log (usually {@code run.log})
 * and shows a compact progress view on the terminal: one line when a benchmark starts (which
 * benchmark, which parameters, JMH's percent complete and ETA), one line when it ends (score, its
 * 99.9% confidence interval as a share of the score, switches per op when counted).
 */
public final class ProgressFormat implements OutputFormat {

    private static final Pattern PROGRESS = Pattern.compile("# Run progress: ([0-9.]+)% complete, ETA (\\S+)");

    private final OutputFormat log;
    private final PrintWriter terminal;
    private String percent = "0.00";
    private String eta = "?";
    private int started;
    private String pending;

    public ProgressFormat(OutputFormat log, PrintWriter terminal) {
        this.log = log;
        this.terminal = terminal;
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        log.startBenchmark(params);
        started++;
        StringBuilder ps = new StringBuilder();
        for (String k : params.getParamsKeys()) {
            ps.append(' ').append(k).append('=').append(params.getParam(k));
        }
        String name = params.getBenchmark();
        name = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
        // JMH prints its "# Run progress" line just after this call: show ours once that arrived.
        pending = name + ps;
    }

    private void showPending() {
        if (pending != null) {
            terminal.printf(Locale.ROOT, "[%3d | %6s%% done | ETA %s] %s%n", started, percent, eta, pending);
            terminal.flush();
            pending = null;
        }
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        log.endBenchmark(result);
        showPending();
        if (result == null) {
            return;
        }
        Result<?> r = result.getPrimaryResult();
        double[] ci = r.getScoreConfidence();
        double half = (ci[1] - ci[0]) / 2;
        String ciText = Double.isNaN(half) ? "(no CI: too few iterations)"
                : String.format(Locale.ROOT, "± %.3g (99.9%% CI, %.1f%% of score)", half, 100 * half / Math.abs(r.getScore()));
        Result<?> sw = result.getSecondaryResults().get("ctxsw.total.norm");
        String swText = sw == null ? "" : String.format(Locale.ROOT, ", %.2f switches/op", sw.getScore());
        terminal.printf(Locale.ROOT, "      %.3f %s %s%s%n", r.getScore(), r.getScoreUnit(), ciText, swText);
        terminal.flush();
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        log.iteration(benchParams, params, iteration);
        showPending();
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        log.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startRun() {
        log.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        log.endRun(result);
    }

    @Override
    public void print(String s) {
        log.print(s);
    }

    @Override
    public void println(String s) {
        log.println(s);
        Matcher m = PROGRESS.matcher(s);
        if (m.find()) {
            percent = m.group(1);
            eta = m.group(2);
            showPending();
        } else if (s.startsWith("# switchcost:") || s.startsWith("<failure>") || s.contains("ERROR")) {
            terminal.println(s);
        }
    }

    @Override
    public void flush() {
        log.flush();
        terminal.flush();
    }

    @Override
    public void close() {
        log.close();
    }

    @Override
    public void verbosePrintln(String s) {
        log.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        log.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        log.write(b);
    }
}
