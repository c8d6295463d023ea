package dev.switchcost.render;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.AverageTimeResult;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.ScalarResult;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A progress line in the card's unit: per switch for a round trip, grouped digits, no e-notation (issue 29). */
class ProgressFormatTest {

    @Test
    void aRoundTripPrintsPerSwitchWithoutENotation() {
        // 41,421,120 ns over 10,000 ops: 4,142.112 ns per round trip
        AverageTimeResult r = new AverageTimeResult(ResultRole.PRIMARY, "roundTrip", 10_000, 41_421_120, TimeUnit.NANOSECONDS);
        ScalarResult sw = new ScalarResult("ctxsw.total.norm", 2.0, "#/op", AggregationPolicy.AVG);
        String line = ProgressFormat.resultLine("dev.switchcost.bench.FutexPingPong.roundTrip", r, sw);
        assertTrue(line.contains("2,071 ns per switch (round trip / 2)"), line);
        assertTrue(line.contains("2.00 switches per round trip"), line);
        assertFalse(line.matches(".*\\d[eE][+-]?\\d.*"), line);
    }

    @Test
    void anotherBenchmarkKeepsItsUnit() {
        AverageTimeResult r = new AverageTimeResult(ResultRole.PRIMARY, "gettid", 1_000_000, 126_402_000, TimeUnit.NANOSECONDS);
        String line = ProgressFormat.resultLine("dev.switchcost.bench.SyscallBaseline.gettid", r, null);
        assertTrue(line.contains("126 ns/op"), line);
    }

    /** The ETA is the whole run's plan less what of it ran, not JMH's ETA of the one JMH run it is in. */
    @Test
    void theEtaCountsTheWholeRunsPlan() {
        // two JMH runs: 3 trials × 5 forks and 3 trials × 2 forks of 1 s start + 300 ms warmup + 600 ms measurement, and
        // 16 C cells of 1.6 s: 28.5 + 11.4 + 25.6 = 65.5 s
        dev.switchcost.session.PlannedTime t = new dev.switchcost.session.PlannedTime(List.of(
                new dev.switchcost.session.PlannedTime.JmhRun(3, 5, 1, 300_000_000L, 3, 200_000_000L),
                new dev.switchcost.session.PlannedTime.JmhRun(3, 2, 1, 300_000_000L, 3, 200_000_000L)), 16, 1_600_000_000L);
        assertEquals("1m 06s", ProgressFormat.eta(t));
        for (int fork = 0; fork < 15; fork++) {
            t.forkStarted();
            t.done(900_000_000L);
        }
        assertEquals("0m 37s", ProgressFormat.eta(t), "the first JMH run's 15 forks ran: 37 s left");
    }

    /** What JMH tells the view of one fork (1 × 300 ms warmup, 3 × 200 ms measurement) counts that fork down from the ETA. */
    @Test
    void eachForkAndIterationJmhRunsCountsDown() {
        dev.switchcost.session.PlannedTime t = new dev.switchcost.session.PlannedTime(List.of(
                new dev.switchcost.session.PlannedTime.JmhRun(2, 5, 1, 300_000_000L, 3, 200_000_000L)), 0, 0);
        java.io.StringWriter shown = new java.io.StringWriter();
        org.openjdk.jmh.runner.format.OutputFormat log = org.openjdk.jmh.runner.format.OutputFormatFactory.createFormatInstance(
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), org.openjdk.jmh.runner.options.VerboseMode.SILENT);
        ProgressFormat p = new ProgressFormat(log, new java.io.PrintWriter(shown), 2, t);
        org.openjdk.jmh.infra.IterationParams warmup = new org.openjdk.jmh.infra.IterationParams(
                org.openjdk.jmh.runner.IterationType.WARMUP, 1, org.openjdk.jmh.runner.options.TimeValue.milliseconds(300), 1);
        org.openjdk.jmh.infra.IterationParams measure = new org.openjdk.jmh.infra.IterationParams(
                org.openjdk.jmh.runner.IterationType.MEASUREMENT, 3, org.openjdk.jmh.runner.options.TimeValue.milliseconds(200), 1);
        org.openjdk.jmh.infra.BenchmarkParams b = new org.openjdk.jmh.infra.BenchmarkParams("dev.switchcost.bench.SyscallBaseline.gettid",
                "gen", false, 1, new int[] {1}, List.of(), 1, 0, warmup, measure, org.openjdk.jmh.annotations.Mode.AverageTime,
                new org.openjdk.jmh.runner.WorkloadParams(), TimeUnit.NANOSECONDS, 1, "java", List.of(), "25", "vm", "25", "1.37",
                org.openjdk.jmh.runner.options.TimeValue.minutes(10));
        assertEquals("0m 19s", ProgressFormat.eta(t), "2 × 5 forks of 1.9 s");
        p.startBenchmark(b);
        p.iteration(b, warmup, 1);
        p.println("# Run progress: 0.00% complete, ETA 00:00:02");
        assertTrue(shown.toString().contains("[1/2 |   0% | ETA 0m 18s] SyscallBaseline.gettid"), shown.toString());
        p.iterationResult(b, warmup, 1, null);
        for (int i = 1; i <= 3; i++) {
            p.iteration(b, measure, i);
            p.iterationResult(b, measure, i, null);
        }
        assertEquals(10 * 1_900_000_000L - 1_900_000_000L, t.remainingNanos(), "one fork of 1.9 s ran");
    }
}
