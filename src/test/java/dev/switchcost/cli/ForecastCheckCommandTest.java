package dev.switchcost.cli;

import dev.switchcost.measure.sample.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** forecast-check, a program of its own run by scripts/studies/measure-forecast.sh as its last step of scripts/studies/measure-forecast.sh: its files, its verdict, its exit codes. */
class ForecastCheckCommandTest {

    @TempDir
    Path dir;

    /** A run as the script leaves it: the real h2load output (10,000 requests in 10 s) and the server's readings. */
    private void run(String id, String pool, long ticks, int carriers) throws IOException {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Files.writeString(runs.resolve(id + "-" + pool + ".h2load.txt"), String.join("\n", Fixtures.lines("h2load/h2load-1.52-h1-1000rps.txt")));
        Files.writeString(runs.resolve(id + "-" + pool + ".proc"), "pool=" + pool + "\nrate=1000\ncpu_ticks=" + ticks
                + "\njit_ticks=15\nvoluntary=30000\ninvoluntary=400\ncarriers=" + carriers + "\n");
    }

    /** Platform 300 and 310 ticks, virtual 280 and 292: 1000 ns per tick per request, so the pairs differ by -20 and -18 µs. */
    private void twoPairs() throws IOException {
        run("01", "platform", 300, 0);
        run("02", "virtual", 280, 2);
        run("03", "platform", 310, 0);
        run("04", "virtual", 292, 2);
    }

    @Test
    void writesTheTableAndAVerdictInsideTheForecastsInterval() throws IOException {
        twoPairs();
        Files.writeString(dir.resolve("forecast.json"), "{\"nowNs\": {\"perUnit\": {\"value\": 30000, \"lower\": 28000, \"upper\": 32000}},"
                + " \"savedNs\": {\"perUnit\": {\"value\": 20000, \"lower\": 15000, \"upper\": 25000}}}");
        CliResult r = check(dir.toString(), "--title", "Jetty test");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        List<String> tsv = Files.readAllLines(dir.resolve("cpu-per-request.tsv"));
        assertEquals(5, tsv.size());
        assertTrue(tsv.get(1).startsWith("1\tplatform\t1000\t1000.00\t10.00\t10000\t3000000000\t300000.0\t0.3000\t30000\t400\t3.040\t0\t0.0500\t"), tsv.get(1));
        String verdict = Files.readString(dir.resolve("verdict.md"));
        assertTrue(verdict.startsWith("# The forecast against the measured change: Jetty test"), verdict);
        assertTrue(verdict.contains("| change platform → virtual | -19000 |"), verdict);
        assertTrue(verdict.contains("Forecast (forecast.json, -savedNs.perUnit): -20000 ns per request, interval [-25000, -15000]"), verdict);
        assertTrue(verdict.contains("Whole process: inside: the measured change lies within the forecast's interval"), verdict);
        // 15 of each run's ticks were the JIT's: 285 and 295 ticks left of the platform runs' 300 and 310
        assertTrue(verdict.contains("Without the JIT compiler threads' CPU time"), verdict);
        assertTrue(verdict.contains("| platform threads (threadpool) | 290000 |"), verdict);
        assertTrue(verdict.contains("Without the JIT compiler threads: inside"), verdict);
        assertEquals(verdict, r.out());
    }

    @Test
    void aMissIsMeasured() throws IOException {
        twoPairs();
        Files.writeString(dir.resolve("f.json"), "{\"savedNs\": {\"perUnit\": {\"value\": 5000, \"lower\": 4000, \"upper\": 6000}}}");
        CliResult r = check(dir.toString(), "--forecast", dir.resolve("f.json").toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("outside: the measured change lies 13000 ns per request below the forecast's interval"), r.out());
        // two pairs: t(1) makes the measured interval far wider than the miss
        assertTrue(r.out().contains(", but not resolved: the measurement's own 99.9 % interval"), r.out());
    }

    @Test
    void aForecastWithoutPerUnitFiguresIsNoForecast() throws IOException {
        twoPairs();
        Files.writeString(dir.resolve("f.json"), "{\"savedNs\": {\"perUnit\": null, \"total\": {\"value\": 1, \"lower\": 0, \"upper\": 2}}}");
        CliResult r = check(dir.toString(), "--forecast", dir.resolve("f.json").toString());
        assertTrue(r.out().contains("has no savedNs.perUnit with an interval"), r.out());
    }

    @Test
    void withoutAForecastTheVerdictSaysWhy() throws IOException {
        twoPairs();
        CliResult r = check(dir.toString(), "--no-forecast", "this build has no forecast command");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(Files.readString(dir.resolve("verdict.md")).contains("No verdict: this build has no forecast command"));
    }

    @Test
    void aRunThatIsNoMeasurementFailsTheCheckAndIsNamed() throws IOException {
        twoPairs();
        run("04", "virtual", 292, 0);
        CliResult r = check(dir.toString());
        assertEquals(ExitCodes.FAILURE, r.exit(), r.err());
        String verdict = Files.readString(dir.resolve("verdict.md"));
        assertTrue(verdict.contains("1 of 4 runs are no measurement"), verdict);
        assertTrue(verdict.contains("- run 4 (virtual): the virtual pool ran without a virtual thread carrier"), verdict);
    }

    /** The recorded run must have seen the measured runs' load: a run at 970 of 1000 requests/s (captured) fails the check. */
    @Test
    void aRecordedRunThatDidNotHoldTheRateFailsTheCheck() throws IOException {
        twoPairs();
        Files.writeString(dir.resolve("pt-record.h2load.txt"), String.join("\n", Fixtures.lines("h2load/h2load-1.52-h1-1000rps-in-flight.txt")));
        CliResult r = check(dir.toString());
        assertEquals(ExitCodes.FAILURE, r.exit(), r.err());
        assertTrue(Files.readString(dir.resolve("verdict.md")).contains(
                "The recorded run is no measurement of the same load: the fixed rate was not held: 970.2 of 1000 requests/s"), r.out());
    }

    @Test
    void aDirectoryWithoutRunsIsAUsageErrorInOneLine() {
        CliResult r = check(dir.toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains("no measured runs in"), r.err());
        assertFalse(Files.exists(dir.resolve("verdict.md")));
    }

    @Test
    void aProgramOfItsOwnNotASwitchcostCommand() {
        assertFalse(CliResult.run("--help").out().contains("forecast-check"));
        CliResult r = CliResult.run("forecast-check", dir.toString());
        assertEquals(ExitCodes.USAGE, r.exit(), r.err());
        assertTrue(r.oneLineError() && r.err().contains("forecast-check"), r.err());
        CliResult help = check("--help");
        assertEquals(ExitCodes.OK, help.exit(), help.err());
        assertTrue(help.out().contains("java -cp target/benchmarks.jar dev.switchcost.cli.ForecastCheckCommand"), help.out());
    }

    private static CliResult check(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = ForecastCheckCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new CliResult(exit, out.toString(), err.toString());
    }
}
