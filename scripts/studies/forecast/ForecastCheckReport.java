package dev.switchcost.render;

import dev.switchcost.derive.CpuPerRequest;
import dev.switchcost.derive.CpuPerRequest.Run;
import dev.switchcost.measure.sample.H2loadSummary;
import dev.switchcost.results.Estimate;

import java.util.List;
import java.util.Locale;

/**
 * The two files of {@code scripts/studies/measure-forecast.sh}'s check: {@code cpu-per-request.tsv}, one line
 * per measured run, and {@code verdict.md}, the measured change platform → virtual against the forecast's interval.
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
     */
    public record Forecast(double value, double lower, double upper, String where) {
    }

    private ForecastCheckReport() {
    }

    /** Why {@code r} is no measurement, in words; {@code null} when it is one. */
    public static String problem(Run r) {
        CpuPerRequest.Problem p = r.problem();
        if (p == null) {
            return null;
        }
        H2loadSummary load = r.load();
        return switch (p) {
            case NO_LOAD -> "the load generator finished no run (see its output, NN-POOL.h2load.txt)";
            case NOT_EVERY_2XX -> String.format(Locale.ROOT, "not every request answered with a 2xx: %d done, %d 2xx, %d failed, %d errored, %d timeout",
                    load.done(), load.ok(), load.failed(), load.errored(), load.timeout());
            case RATE_NOT_HELD -> String.format(Locale.ROOT, "the fixed rate was not held: %.1f of %.0f requests/s", load.rate(), r.targetRate());
            case NO_CPU_TIME -> "no CPU time read for the server";
            case NO_CARRIER -> "the virtual pool ran without a virtual thread carrier (no ForkJoinPool thread): not on virtual threads";
            case CARRIERS_ON_PLATFORM -> "the platform pool ran with " + r.carriers() + " virtual thread carriers";
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
        b.append("Measured (cpu-per-request.tsv): the server process's own CPU time (utime + stime) per request answered, "
                + "each run a fresh server; 99.9 % Student-t intervals between runs (").append(Estimate.class.getSimpleName())
                .append(".ofSamples), the change between interleaved pairs.\n\n");
        b.append("| | CPU per request (ns) | 99.9 % interval | runs |\n|---|---|---|---|\n");
        row(b, "platform threads (threadpool)", m.platform());
        row(b, "virtual threads (threadpool-virtual)", m.virtual());
        row(b, "change platform → virtual", m.change());
        if (m.changeWithoutJit() != null) {
            b.append("\nWithout the JIT compiler threads' CPU time (what the forecast prices is in the rest; a fresh server"
                    + " still compiling adds a share that varies from run to run, `jit_share_of_cpu` in the TSV):\n\n");
            b.append("| | CPU per request (ns) | 99.9 % interval | runs |\n|---|---|---|---|\n");
            row(b, "platform threads (threadpool)", m.platformWithoutJit());
            row(b, "virtual threads (threadpool-virtual)", m.virtualWithoutJit());
            row(b, "change platform → virtual", m.changeWithoutJit());
        }
        long failed = runs.stream().filter(r -> r.problem() != null).count();
        if (failed > 0) {
            b.append("\n").append(failed).append(" of ").append(runs.size()).append(" runs are no measurement (left out):\n");
            runs.stream().filter(r -> r.problem() != null).forEach(r -> b.append("- run ").append(r.index()).append(" (")
                    .append(r.pool().label()).append("): ").append(problem(r)).append('\n'));
        }
        b.append("\n## Verdict\n\n");
        if (forecast == null) {
            b.append("No verdict: ").append(noForecast).append('\n');
        } else {
            b.append(String.format(Locale.ROOT, "Forecast (forecast.json, %s): %.0f ns per request, interval [%.0f, %.0f].%n%n",
                    forecast.where(), forecast.value(), forecast.lower(), forecast.upper()));
            b.append("Whole process: ").append(judged(m.change(), m.changeVerdict())).append('\n');
            if (m.changeWithoutJit() != null) {
                b.append("\nWithout the JIT compiler threads: ").append(judged(m.changeWithoutJit(), m.changeWithoutJitVerdict()))
                        .append('\n');
            }
        }
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
