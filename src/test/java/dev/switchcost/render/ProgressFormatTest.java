package dev.switchcost.render;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.AverageTimeResult;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.ScalarResult;

import java.util.concurrent.TimeUnit;

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
}
