package dev.switchcost.render;

import dev.switchcost.derive.CpuPerRequest;
import dev.switchcost.derive.CpuPerRequest.Run;
import dev.switchcost.measure.sample.LoadSummary;
import dev.switchcost.results.Estimate;

import java.util.List;
import java.util.Locale;

/**
 * The files of {@code scripts/studies/measure-forecast.sh}'s check: {@code cpu-per-request.tsv}, one line per
 * measured window; {@code verdict.md}, the measured change platform → virtual against the forecast's interval;
 * {@code summary.tsv}, that verdict in one row; and {@code table.md}, the rows of every server and request.
 */
public final class ForecastCheckReport {

    /** The TSV's header line. */
    public static final String TSV_HEADER = "run\tpool\ttarget_rps\tachieved_rps\tseconds\trequests_2xx\tcpu_ns\tcpu_ns_per_request"
            + "\tserver_cpu_share\tvoluntary_switches\tinvoluntary_switches\tswitches_per_request\tcarriers\tjit_share_of_cpu\tproblem";

    /**
     * The forecast's change in CPU per request, as read from its JSON.
     *
     * @param value ns per request (negative: virtual threads spend less)
     * @param lower the interval's lower end
     * @param upper its upper end
     * @param where the JSON path it was read from, so that a reader can check it
     * @param worse what the forecast says makes virtual threads worse whatever the price (a site that can pin every
     *              carrier at once), or null
     */
    public record Forecast(double value, double lower, double upper, String where, String worse) {
    }

    /** The summary's header line. */
    public static final String SUMMARY_HEADER = "case\ttitle\tforecast_ns\tforecast_lower\tforecast_upper\tchange_ns\tchange_lower"
            + "\tchange_upper\twidth_ratio\tverdict\twindows_left_out\tnote";

    /** The widest the measured change's interval may be, in widths of the forecast's, for the check to tell. */
    public static final double WIDTH_LIMIT = 2;

    private ForecastCheckReport() {
    }

    /** Why {@code r} is no measurement, in words; {@code null} when it is one. */
    public static String problem(Run r) {
        CpuPerRequest.Problem p = r.problem();
        if (p == null) {
            return null;
        }
        LoadSummary load = r.load();
        return switch (p) {
            case NO_LOAD -> "the load generator finished no run (see its output, NN-POOL.load.txt)";
            case NOT_EVERY_2XX -> String.format(Locale.ROOT, "not every request answered with a 2xx: %d done, %d 2xx, %d failed, %d errored, %d timeout",
                    load.done(), load.ok(), load.failed(), load.errored(), load.timeout());
            case RATE_NOT_HELD -> String.format(Locale.ROOT, "the fixed rate was not held: %.1f of %.0f requests/s", load.rate(), r.targetRate());
            case NO_CPU_TIME -> "no CPU time read for the server";
            case NO_CARRIER -> "the virtual-thread server ran without a carrier (no ForkJoinPool thread): not on virtual threads";
            case CARRIERS_ON_PLATFORM -> "the platform-thread server ran with " + r.carriers() + " virtual thread carriers";
        };
    }

    public static String tsv(List<Run> runs) {
        StringBuilder b = new StringBuilder(TSV_HEADER).append('\n');
        for (Run r : runs) {
            String problem = problem(r);
            b.append(String.format(Locale.ROOT, "%d\t%s\t%.0f\t%.2f\t%.2f\t%d\t%d\t%.1f\t%.4f\t%d\t%d\t%.3f\t%d\t%.4f\t%s%n", r.index(), r.pool().label(),
                    r.targetRate(), r.load().rate(), r.load().seconds(), r.load().ok(), r.cpuNs(),
                    r.nsPerRequest(), r.cpuShare(), r.voluntary(), r.involuntary(), r.switchesPerRequest(), r.carriers(), r.jitShare(),
                    problem == null ? "" : problem));
        }
        return b.toString();
    }

    /**
     * @param title    what was measured, e.g. "Jetty 12.1.12, static file, 1000 requests/s"
     * @param forecast the forecast, or {@code null} when there is none yet
     * @param noForecast why there is none (shown when {@code forecast} is null)
     */
    public static String verdict(String title, List<Run> runs, CpuPerRequest.Measured m, Forecast forecast, String noForecast) {
        StringBuilder b = new StringBuilder();
        b.append("# The forecast against the measured change: ").append(title).append("\n\n");
        b.append("Measured (cpu-per-request.tsv): the server process's own CPU time per request answered, in windows of a"
                + " fixed rate; 99.9 % Student-t intervals between windows (").append(Estimate.class.getSimpleName())
                .append(".ofSamples), the change between interleaved pairs.\n\n");
        b.append("| | CPU per request (ns) | 99.9 % interval | windows |\n|---|---|---|---|\n");
        row(b, "platform threads", m.platform());
        row(b, "virtual threads", m.virtual());
        row(b, "change platform → virtual", m.change());
        if (m.changeWithoutJit() != null) {
            b.append("\nWithout the JIT compiler threads' CPU time (what the forecast prices is in the rest; a server"
                    + " still compiling adds a share that varies from window to window, `jit_share_of_cpu` in the TSV):\n\n");
            b.append("| | CPU per request (ns) | 99.9 % interval | windows |\n|---|---|---|---|\n");
            row(b, "platform threads", m.platformWithoutJit());
            row(b, "virtual threads", m.virtualWithoutJit());
            row(b, "change platform → virtual", m.changeWithoutJit());
        }
        long failed = runs.stream().filter(r -> r.problem() != null).count();
        if (failed > 0) {
            b.append("\n").append(failed).append(" of ").append(runs.size()).append(" windows are no measurement (left out):\n");
            runs.stream().filter(r -> r.problem() != null).forEach(r -> b.append("- window ").append(r.index()).append(" (")
                    .append(r.pool().label()).append("): ").append(problem(r)).append('\n'));
        }
        b.append("\n## Verdict\n\n");
        if (forecast == null) {
            b.append("No verdict: ").append(noForecast).append('\n');
        } else {
            b.append(String.format(Locale.ROOT, "Forecast (forecast.json, %s): %.0f ns per request, interval [%.0f, %.0f].%n%n",
                    forecast.where(), forecast.value(), forecast.lower(), forecast.upper()));
            if (forecast.worse() != null) {
                b.append("The forecast calls virtual threads worse here whatever the price: ").append(forecast.worse()).append(". ")
                        .append(stalled(runs) ? "The virtual-thread server stalled: " + stalledWindows(runs) + "."
                                : "The virtual-thread server did not stall in these windows.").append("\n\n");
            }
            b.append("Whole process: ").append(judged(m.change(), m.changeVerdict())).append('\n');
            if (m.changeWithoutJit() != null) {
                b.append("\nWithout the JIT compiler threads: ").append(judged(m.changeWithoutJit(), m.changeWithoutJitVerdict()))
                        .append('\n');
            }
            double ratio = widthRatio(judgedChange(m), forecast);
            if (Double.isFinite(ratio)) {
                b.append(String.format(Locale.ROOT, "%nThe measured change's interval is %.2f× as wide as the forecast's: %s%n", ratio,
                        ratio <= WIDTH_LIMIT ? "narrow enough to tell (at most " + WIDTH_LIMIT + "×)"
                                : "too wide to tell a forecast wrong by less than its own width (the check asks at most " + WIDTH_LIMIT + "×)"));
            }
        }
        return b.toString();
    }

    /** Whether a virtual-thread window went unanswered in part: the server stopped answering within the load's timeout. */
    static boolean stalled(List<Run> runs) {
        return runs.stream().anyMatch(r -> r.pool() == CpuPerRequest.Pool.VIRTUAL && unanswered(r));
    }

    private static boolean unanswered(Run r) {
        return r.load().errored() > 0 || r.load().timeout() > 0 || r.load().ok() == 0;
    }

    private static String stalledWindows(List<Run> runs) {
        List<Run> v = runs.stream().filter(r -> r.pool() == CpuPerRequest.Pool.VIRTUAL).toList();
        long bad = v.stream().filter(ForecastCheckReport::unanswered).count();
        return bad + " of its " + v.size() + " windows had requests unanswered (the threads at the first: logs/virtual-stalled-threads.*)";
    }

    /** The change the check judges: without the compiler threads where every window counted them, else the whole process. */
    static Estimate judgedChange(CpuPerRequest.Measured m) {
        return m.changeWithoutJit() != null ? m.changeWithoutJit() : m.change();
    }

    private static CpuPerRequest.Verdict judgedVerdict(CpuPerRequest.Measured m) {
        return m.changeWithoutJit() != null ? m.changeWithoutJitVerdict() : m.changeVerdict();
    }

    /** The measured interval's width over the forecast's; NaN when either has none. */
    static double widthRatio(Estimate measured, Forecast forecast) {
        double f = forecast == null ? Double.NaN : forecast.upper() - forecast.lower();
        return measured == null || !measured.errorKnown() || !(f > 0) ? Double.NaN : (measured.upper() - measured.lower()) / f;
    }

    /**
     * One row of {@code summary.tsv} (with its header): the judged change against the forecast.
     *
     * @param recorded why the recorded run is no measurement of the same load, or null
     */
    public static String summary(String name, String title, List<Run> runs, CpuPerRequest.Measured m, Forecast forecast,
                                 String recorded) {
        Estimate c = judgedChange(m);
        CpuPerRequest.Verdict v = judgedVerdict(m);
        long left = runs.stream().filter(r -> r.problem() != null).count();
        String note = recorded != null ? "recorded run: " + recorded
                : runs.stream().filter(r -> r.problem() != null).findFirst()
                        .map(r -> "first window left out, " + r.index() + " (" + r.pool().label() + "): " + problem(r)).orElse("");
        String verdict = forecast == null ? "no forecast"
                : forecast.worse() != null && stalled(runs) ? "worse, as forecast: the virtual-thread server stalled"
                : v == null ? "no verdict" : v.standing().name().toLowerCase(Locale.ROOT)
                + (forecast.worse() != null ? " (forecast worse: can stall; it did not)" : "");
        return SUMMARY_HEADER + "\n" + String.join("\t", name, title.replace('\t', ' '),
                num(forecast == null ? Double.NaN : forecast.value()), num(forecast == null ? Double.NaN : forecast.lower()),
                num(forecast == null ? Double.NaN : forecast.upper()), num(c.value()), num(c.lower()), num(c.upper()),
                String.format(Locale.ROOT, "%.2f", widthRatio(c, forecast)), verdict, Long.toString(left), note) + "\n";
    }

    private static String num(double x) {
        return String.format(Locale.ROOT, "%.0f", x);
    }

    /** {@code table.md} from summary rows (without their headers). */
    public static String table(List<String> rows) {
        StringBuilder b = new StringBuilder("| case | forecast change (ns/request) | measured change (ns/request, 99.9 %) |"
                + " width ratio (≤ " + WIDTH_LIMIT + ") | verdict | windows left out |\n|---|---|---|---|---|---|\n");
        for (String row : rows) {
            String[] f = row.split("\t", -1);
            if (f.length < 11) {
                continue;
            }
            String measured = f[5].equals("NaN") ? "none: no complete pair" : f[5] + " [" + f[6] + ", " + f[7] + "]";
            b.append(String.format(Locale.ROOT, "| %s | %s [%s, %s] | %s | %s | %s | %s |%n", f[0], f[2], f[3], f[4], measured,
                    f[8].equals("NaN") ? "–" : f[8], f[9].replace('_', ' '), f[10]));
        }
        rows.stream().map(r -> r.split("\t", -1)).filter(f -> f.length > 11 && !f[11].isEmpty())
                .forEach(f -> b.append("\n").append(f[0]).append(": ").append(f[11]).append('\n'));
        return b.toString();
    }

    private static String judged(Estimate measured, CpuPerRequest.Verdict v) {
        return v != null ? judgement(measured, v) : "no verdict: the measured change has fewer than two complete pairs";
    }

    /** How a measured change stands against the forecast's interval ({@code v}, of {@code measured}), in words. */
    static String judgement(Estimate measured, CpuPerRequest.Verdict v) {
        String outside = String.format(Locale.ROOT, "outside: the measured change lies %.0f ns per request %s the forecast's interval",
                v.miss(), v.below() ? "below" : "above");
        return switch (v.standing()) {
            case NO_VALUE -> "no verdict: the measured change has no value";
            case INSIDE -> "inside: the measured change lies within the forecast's interval";
            case OUTSIDE -> outside;
            case MISS -> outside + ", and its own 99.9 % interval misses the forecast's too: a miss";
            case NOT_RESOLVED -> outside + String.format(Locale.ROOT, ", but not resolved: the measurement's own 99.9 %% interval"
                    + " [%.0f, %.0f] overlaps the forecast's. Telling a miss of %.0f ns from noise needs a half-width below it, about"
                    + " %.0f× the pairs (the half-width shrinks as 1/√pairs)", measured.lower(), measured.upper(), v.miss(),
                    v.pairsNeeded());
        };
    }

    private static void row(StringBuilder b, String name, Estimate e) {
        b.append(String.format(Locale.ROOT, "| %s | %.0f | [%.0f, %.0f] | %d |%n", name, e.value(), e.lower(), e.upper(), e.units()));
    }
}
