package dev.switchcost.results;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One result of a JMH JSON file ({@code -rf json}): a trial (benchmark × parameters) on one JVM, with
 * units normalised ({@link Metric}) and the raw iterations kept.
 *
 * @param source     the file it was read from
 * @param benchmark  full name, {@code dev.switchcost.bench.FutexPingPong.roundTrip}
 * @param mode       JMH mode ({@code avgt}, {@code thrpt}, {@code sample}, {@code ss})
 * @param params     the {@code @Param} values, sorted by name
 * @param secondary  secondary scores by label ({@code ctxsw.total.norm}, {@code perf.cache-misses.norm}, ...)
 * @param jvm        the JVM the forks ran on
 * @param settings   JMH's settings for this trial
 * @param failure    why this row's trial failed (from the directory's status file), or null: a failed row is
 *                   shown as such and never used in a derived figure
 * @param disturbance why this row's trial was disturbed (others took its CPUs; kept with
 *                   {@code run --allow-disturbed}), or null: such a row is used, and marked wherever shown
 * @param percentiles the per-op latency distribution of a sample-mode row ({@code -bm sample}), else null
 */
public record JmhRow(Path source, String benchmark, String mode, Map<String, String> params, Metric primary,
                     Map<String, Metric> secondary, Jvm jvm, Settings settings, String failure, String disturbance,
                     Percentiles percentiles) {

    /**
     * @param jdkVersion {@code jdkVersion}, e.g. {@code 25.0.3}
     * @param vmVersion  {@code vmVersion}, e.g. {@code 25.0.3+9-LTS}
     * @param java       {@code jvm}: the java binary
     */
    public record Jvm(String jdkVersion, String vmName, String vmVersion, String java, List<String> jvmArgs) {
        /** {@code JDK 25.0.3}, or {@code JDK ?} when JMH did not say. */
        public String label() {
            return "JDK " + (jdkVersion == null ? "?" : jdkVersion);
        }
    }

    /** JMH's settings as its JSON gives them; -1 / null where absent. */
    public record Settings(String jmhVersion, int forks, int threads, int warmupIterations, String warmupTime,
                           int measurementIterations, String measurementTime) {
        /** {@code 1 fork, 4 × 300 ms warmup, 20 × 300 ms measurement}. */
        public String describe() {
            return forks + (forks == 1 ? " fork, " : " forks, ") + warmupIterations + " × " + warmupTime + " warmup, "
                    + measurementIterations + " × " + measurementTime + " measurement" + (threads > 1 ? ", " + threads + " threads" : "");
        }
    }

    public boolean failed() {
        return failure != null;
    }

    public JmhRow withFailure(String why) {
        return new JmhRow(source, benchmark, mode, params, primary, secondary, jvm, settings, why, disturbance, percentiles);
    }

    public boolean disturbed() {
        return disturbance != null;
    }

    public JmhRow withDisturbance(String why) {
        return new JmhRow(source, benchmark, mode, params, primary, secondary, jvm, settings, failure, why, percentiles);
    }

    /** {@code FutexPingPong}. */
    public String benchmarkClass() {
        String[] parts = benchmark.split("\\.");
        return parts.length < 2 ? benchmark : parts[parts.length - 2];
    }

    /** {@code roundTrip}. */
    public String method() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    /** {@code FutexPingPong.roundTrip}. */
    public String shortName() {
        return benchmarkClass() + "." + method();
    }

    public String param(String name) {
        return params.get(name);
    }

    /** The value of benchmark parameter {@code p}, or null when the row has none. */
    public String param(Param p) {
        return params.get(p.key());
    }

    /** {@code placement=SAME_CPU workingSetKiB=16}, or empty. */
    public String paramsText() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** Identity of the trial across files and runs: short name, parameters and mode (not the JVM). */
    public String key() {
        return shortName() + (params.isEmpty() ? "" : " " + paramsText()) + " [" + mode + "]";
    }

    public Estimate estimate() {
        return primary.estimate();
    }

    /**
     * The forks with measurements of the primary score in this row; without raw data (one-fork sample mode, old files)
     * the forks JMH's settings name, or 0 when unknown.
     */
    public int forks() {
        int k = primary.forkMeans().length;
        return k > 0 || settings == null ? k : Math.max(0, settings.forks());
    }

    /** Each fork's mean of the primary score, in its unit; the units of the between-fork rule ({@link Estimate}). */
    public double[] forkMeans() {
        return primary.forkMeans();
    }

    /** The most measurement iterations any fork of the primary score has; without raw data JMH's setting, or 0. */
    public int iterationsPerFork() {
        int n = Arrays.stream(primary.raw()).mapToInt(f -> f.length).max().orElse(0);
        return n > 0 || settings == null ? n : Math.max(0, settings.measurementIterations());
    }

    /** Whether the primary score keeps its iterations ({@code rawData}, or a multi-fork sample-mode histogram). */
    public boolean hasRawIterations() {
        return primary.raw().length > 0;
    }

    /** A secondary score, NaN when absent (e.g. run without that profiler). */
    public double secondaryScore(String label) {
        Metric m = secondary.get(label);
        return m == null ? Double.NaN : m.score();
    }

    /** JMH's GC profiler's ({@code -prof gc}) bytes allocated per op. */
    public static final String ALLOC_NORM = "gc.alloc.rate.norm";

    /** Bytes allocated per op ({@value #ALLOC_NORM}, {@code -prof gc}), NaN without it. */
    public double bytesPerOp() {
        return secondaryScore(ALLOC_NORM);
    }

    /** Switches per op counted by ContextSwitchProfiler, NaN without it. */
    public double switchesPerOp() {
        return secondaryScore("ctxsw.total.norm");
    }

    /** The JDK version the forks ran on, {@code ?} when JMH did not say. */
    public String jdk() {
        return jvm.jdkVersion() == null ? "?" : jvm.jdkVersion();
    }

    public String jdkLabel() {
        return jvm.label();
    }
}
