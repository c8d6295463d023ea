package dev.switchcost.session;

import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.jmh.Trials;
import org.openjdk.jmh.profile.Profiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * One JVM cell of {@link CompareRunner} or {@link IndirectSweep}: one fork of one benchmark with its
 * parameters, options through {@link ForkOptions#withSwitchcostDefaults}, JMH's own output appended to the
 * JMH log; what came back, or why nothing did.
 *
 * @param result the trial's result, or null when it failed
 * @param error  why it failed (naming the JMH log where JMH's output says more), or null
 */
record JmhCell(RunResult result, String error) {

    /**
     * How a cell's fork runs: its iterations and their time, the profilers added (in this order).
     */
    record Shape(int warmupIterations, int measurementIterations, TimeValue iterationTime,
                 List<Class<? extends Profiler>> profilers) {

        /** How long a cell measures: what a native cell beside it runs for. */
        long measuredNanos() {
            return measurementIterations * iterationTime.convertTo(TimeUnit.NANOSECONDS);
        }

        /** "1 fork, W × T warmup, M × T measurement", as the results' settings say it. */
        String describe() {
            return "1 fork, " + warmupIterations + " × " + iterationTime + " warmup, " + measurementIterations + " × " + iterationTime
                    + " measurement";
        }
    }

    /**
     * Runs {@code benchmark} once with {@code params} on {@code java} (null: the JDK running switchcost).
     *
     * @param jmhOut the stream writing the JMH log
     * @param jmhLog that log's file, named in errors
     */
    static JmhCell run(String benchmark, Map<String, String> params, String java, Shape shape, PrintStream jmhOut, Path jmhLog) {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark) + "$")
                .forks(1)
                .warmupIterations(shape.warmupIterations())
                .warmupTime(shape.iterationTime())
                .measurementIterations(shape.measurementIterations())
                .measurementTime(shape.iterationTime());
        shape.profilers().forEach(b::addProfiler);
        b.shouldFailOnError(true);
        params.forEach(b::param);
        if (java != null) {
            b.jvm(java);
        }
        Options options;
        try {
            options = ForkOptions.withSwitchcostDefaults(b.build(), new PrintStream(PrintStream.nullOutputStream()));
        } catch (IllegalArgumentException e) {
            return new JmhCell(null, e.getMessage());
        }
        try {
            var results = new Runner(options, OutputFormatFactory.createFormatInstance(jmhOut, VerboseMode.NORMAL)).run();
            if (results.isEmpty()) {
                return new JmhCell(null, "JMH returned no result (see " + jmhLog + ")");
            }
            return new JmhCell(results.iterator().next(), null);
        } catch (RunnerException e) {
            return new JmhCell(null, "JMH failed: " + Trials.rootMessage(e) + " (see " + jmhLog + ")");
        }
    }

    /** A secondary result's score, NaN when the profiler reported none. */
    static double score(Map<String, Result> secondary, String key) {
        Result r = secondary.get(key);
        return r == null ? Double.NaN : r.getScore();
    }
}
