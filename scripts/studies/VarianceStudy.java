import dev.switchcost.measure.jmh.CompilerSettleProfiler;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Metric;
import dev.switchcost.results.Results;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the quick run's between-fork variance comes from: for results directories of the same rows run with different
 * warm-ups (scripts/studies/measure-quick-variance.sh makes them), per row the mean, the spread between forks and within them,
 * the first measured iteration against the rest, and the JIT's time inside the measured iterations (JMH's
 * {@code -prof comp}: {@code compiler.time.profiled}, ms per fork; where a fork's compilers were settled before each
 * measured iteration, their CPU time inside the windows, {@link CompilerSettleProfiler#WINDOW}). Reads through the one
 * reader ({@link Results#load}). Then, per design (a label's part before its last {@code -}: {@code head-3} is {@code head})
 * and row of three forks or more, each fork's mean over its run's mean, by fork (a round, where the run made them in rounds), averaged over the
 * design's runs: a trend over the run shows as rounds that differ, and is between-fork variance the interval carries.
 * Usage: {@code java -cp target/benchmarks.jar scripts/studies/VarianceStudy.java LABEL=DIR...}
 */
public final class VarianceStudy {

    public static void main(String[] args) {
        System.out.println("| design | row | forks | mean (ns/op) | ± 99.9 % | between forks (CV) | within a fork (CV) |"
                + " first iteration / rest (median) | JIT in the measured iterations, ms per fork (median) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        Map<String, List<double[]>> byRound = new LinkedHashMap<>();
        for (String a : args) {
            String[] kv = a.split("=", 2);
            Results r = Results.load(Path.of(kv[1]));
            for (JmhRow x : r.rows()) {
                if (!x.primary().isTimePerOp() || x.failed() || !x.hasRawIterations()) {
                    continue;
                }
                double[][] raw = x.primary().raw();
                double[] means = x.forkMeans();
                Estimate e = Estimate.ofSamples(means);
                double within = Arrays.stream(raw).filter(f -> f.length > 1).mapToDouble(f -> cv(f)).average().orElse(Double.NaN);
                double[] first = Arrays.stream(raw).filter(f -> f.length > 1)
                        .mapToDouble(f -> f[0] / Arrays.stream(f, 1, f.length).average().orElseThrow()).sorted().toArray();
                Metric jit = x.secondary().getOrDefault("compiler.time.profiled", x.secondary().get(CompilerSettleProfiler.WINDOW));
                String jitText = jit == null || jit.raw().length == 0 ? "–"
                        : String.format(Locale.ROOT, "%.0f", median(Arrays.stream(jit.raw()).mapToDouble(f -> Arrays.stream(f).sum()).toArray()));
                System.out.printf(Locale.ROOT, "| %s | %s%s | %d | %,.0f | %.1f %% | %.1f %% | %.1f %% | %.3f | %s |%n", kv[0],
                        x.shortName(), x.disturbed() ? " (disturbed)" : "", means.length, e.value(), 100 * e.halfWidth() / e.value(),
                        100 * cv(means), 100 * within, first.length == 0 ? Double.NaN : first[first.length / 2], jitText);
                double mean = Arrays.stream(means).average().orElse(Double.NaN);
                String design = kv[0].contains("-") ? kv[0].substring(0, kv[0].lastIndexOf('-')) : kv[0];
                if (means.length >= 3) {
                    byRound.computeIfAbsent(design + " | " + x.shortName() + " " + x.params() + " [" + x.mode() + "]",
                            k -> new ArrayList<>()).add(Arrays.stream(means).map(m -> m / mean).toArray());
                }
            }
        }
        System.out.println();
        System.out.println("| design | row | runs | fork mean / run mean, by round (mean over the runs) |");
        System.out.println("|---|---|---|---|");
        byRound.forEach((row, runs) -> {
            int rounds = runs.stream().mapToInt(r -> r.length).min().orElse(0);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < rounds; i++) {
                final int round = i;
                b.append(String.format(Locale.ROOT, "%s%.3f", i == 0 ? "" : " · ", runs.stream().mapToDouble(r -> r[round]).average().orElseThrow()));
            }
            System.out.printf(Locale.ROOT, "| %s | %d | %s |%n", row, runs.size(), b);
        });
    }

    static double cv(double[] v) {
        DescriptiveStatistics s = new DescriptiveStatistics(v);
        return s.getStandardDeviation() / s.getMean();
    }

    static double median(double[] v) {
        return v.length == 0 ? Double.NaN : new DescriptiveStatistics(v).getPercentile(50);
    }
}
