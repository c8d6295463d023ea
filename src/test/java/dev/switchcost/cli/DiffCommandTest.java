package dev.switchcost.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.switchcost.cli.ReportCommandTest.FIXTURE;
import static dev.switchcost.cli.ReportCommandTest.assertOneLine;
import static dev.switchcost.cli.ReportCommandTest.copyFixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DiffCommandTest {

    @Test
    void identicalDirectoriesHaveNoFlagsAndRatioOne() {
        CliResult r = CliResult.run("diff", FIXTURE.toString(), FIXTURE.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("between-fork 99.9% interval of B/A excludes 1"), "states the rule");
        assertTrue(r.out().contains("\n0 of "), r.out());
        assertTrue(r.out().contains("FutexPingPong.roundTrip placement=SAME_CPU [avgt]"), r.out());
        assertTrue(r.out().contains(" 1 ± "), r.out());
        assertTrue(r.out().startsWith("A: "), "machine summaries head the output");
        assertTrue(r.out().contains("AMD EPYC"), r.out());
        assertTrue(r.out().contains("\n   measuring commit not recorded (no provenance.json)\n"), "the measuring build, or that it is unknown");
    }

    /** Issue 18: two captured runs on hosts whose cpuidle driver, kernel and mitigations differ: each difference is named. */
    /** Each judged row says the smallest change its forks would flag; a one-fork row says none. */
    @Test
    void eachRowSaysWhatChangeItsForksCouldDetect() {
        Path fiveForks = Fixtures.results("quick-aa-run-1-epyc-kvm-jdk25");
        CliResult r = CliResult.run("diff", fiveForks.toString(), fiveForks.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String header = r.out().lines().filter(l -> l.startsWith("benchmark [mode]")).findFirst().orElseThrow();
        assertTrue(header.contains("detects"), header);
        String row = r.out().lines().filter(l -> l.startsWith("FutexPingPong.roundTrip") && l.contains("SAME_CPU")).findFirst().orElseThrow();
        assertTrue(row.matches(".*×\\s+±[0-9.]+ %\\s+.*"), "a five-fork row names a detectable change: " + row);
    }

    @Test
    void namesEachMachineDifferenceThatCanMoveAFigure() {
        CliResult r = CliResult.run("diff", Fixtures.results("suite-haltpoll-epyc-kvm-jdk25").resolve("run-quick.json").toString(),
                Fixtures.results("quick-paired-cache-epyc-kvm-jdk25").toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("The machines differ in what can move a figure:\n"), r.out());
        assertTrue(r.out().contains("\n   cpuidle driver: A haltpoll  |  B none\n"), r.out());
        assertTrue(r.out().contains("\n   kernel: A 6.18.44-fc-v509  |  B 6.18.44-fc-v782\n"), r.out());
        assertTrue(r.out().contains("\n   mitigation spec_store_bypass: A Vulnerable  |  B Mitigation: "), r.out());
        CliResult same = CliResult.run("diff", FIXTURE.toString(), FIXTURE.toString());
        assertTrue(!same.out().contains("machines differ"), same.out());
    }

    /**
     * The rule works on the fork means: this test gives two rows five forks whose means spread ±1% in both copies, and
     * moves B's futex row by 20% (flagged: the interval of B/A excludes 1 and 20% is beyond the 10% minimum) and its park
     * row by 0.2% (the same: the whole interval lies within ±10%).
     */
    @Test
    void flagsADifferenceBeyondTheMinimumEffectAndCallsOneWithinTheMarginTheSame(@TempDir Path tmp) throws IOException {
        CliResult r = diffOf(tmp, 0.20, 0.002, 5);
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(line(r, "FutexPingPong.roundTrip placement=SAME_CPU").endsWith("B slower"), r.out());
        assertTrue(line(r, "ParkUnparkPingPong.roundTrip_park placement=SAME_CPU").endsWith("same within the margin"), r.out());
        assertTrue(r.out().contains("\nFutexPingPong.roundTrip placement=SAME_CPU [avgt]: B is 1.20 ± 0.0"), "hyperfine's words: " + r.out());
        assertTrue(r.out().contains("\n1 of "), r.out());
        assertTrue(r.out().contains("5 forks × 4 iterations; between-fork 99.9%"), "states what the ± covers: " + r.out());
    }

    /**
     * A 9% shift (1.09 ± 0.05×: the interval excludes 1 and reaches past 1.10) is below the default 10% minimum and not
     * within it either: not resolved; with --min-effect 5% it is flagged.
     */
    @Test
    void aDifferenceBelowTheMinimumEffectIsNotFlaggedUnlessTheMinimumIsLowered(@TempDir Path tmp) throws IOException {
        CliResult r = diffOf(tmp, 0.09, 0, 5);
        String futex = line(r, "FutexPingPong.roundTrip placement=SAME_CPU");
        assertTrue(futex.endsWith("not resolved"), futex);
        assertTrue(r.out().contains("not resolved at this precision (run with more forks to resolve it)"), r.out());
        assertTrue(r.out().contains("\n0 of "), r.out());
        CliResult lowered = CliResult.run("diff", "--min-effect", "5%", tmp.resolve("a").toString(), tmp.resolve("b").toString());
        assertEquals(ExitCodes.OK, lowered.exit(), lowered.err());
        assertTrue(line(lowered, "FutexPingPong.roundTrip placement=SAME_CPU").endsWith("B slower"), lowered.out());
        assertTrue(lowered.out().contains("minimum effect ±5.0 %"), "states the minimum in use: " + lowered.out());
    }

    /** A figure from one fork is never judged, however far apart: its ± misses the run-to-run variance. */
    @Test
    void aFigureFromOneForkIsNotJudged(@TempDir Path tmp) throws IOException {
        CliResult r = diffOf(tmp, 0.20, 0.002, 1);
        assertTrue(line(r, "FutexPingPong.roundTrip placement=SAME_CPU").endsWith("not judged (one fork)"), r.out());
        assertTrue(r.out().contains("\n0 of "), r.out());
        assertTrue(r.out().contains("1 fork × 20 iterations; within one fork 99.9% (not judged)"), r.out());
    }

    @Test
    void aMinimumEffectThatIsNoPercentageIsAUsageError(@TempDir Path tmp) throws IOException {
        for (String bad : List.of("x", "0%", "100", "-5%")) {
            CliResult r = CliResult.run("diff", "--min-effect", bad, FIXTURE.toString(), FIXTURE.toString());
            assertEquals(ExitCodes.USAGE, r.exit(), bad);
            assertOneLine(r.err(), "--min-effect takes a percentage");
        }
    }

    private static CliResult diffOf(Path tmp, double futexShift, double parkShift, int forks) throws IOException {
        Path a = copyFixture(tmp.resolve("a"));
        Path b = copyFixture(tmp.resolve("b"));
        edit(a, 0, 0, forks);
        edit(b, futexShift, parkShift, forks);
        return CliResult.run("diff", a.toString(), b.toString());
    }

    private static String line(CliResult r, String key) {
        return r.out().lines().filter(l -> l.startsWith(key)).findFirst().orElseThrow(() -> new AssertionError(r.out()));
    }

    @Test
    void failedTrialsAreShownNotJudgedAndTheStatusIsNamed(@TempDir Path tmp) throws IOException {
        Path a = copyFixture(tmp.resolve("a"));
        Path b = copyFixture(tmp.resolve("b"));
        edit(a, 0, 0, 5);
        edit(b, 0.20, 0.002, 5);
        Files.writeString(b.resolve("status"), "failed: 1 trial failed\ntrial-failed\tdev.switchcost.bench.FutexPingPong.roundTrip"
                + "\tplacement=SAME_CPU\tpartner died\n");
        CliResult r = CliResult.run("diff", a.toString(), b.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String futexLine = r.out().lines().filter(l -> l.startsWith("FutexPingPong.roundTrip placement=SAME_CPU")).findFirst().orElseThrow();
        assertTrue(futexLine.contains("FAILED") && futexLine.endsWith("failed trial: not judged"), futexLine);
        assertTrue(r.out().contains("(status: failed: 1 trial failed; 1 failed trial"), r.out());
        assertTrue(r.out().contains("\n0 of "), r.out());
    }

    /**
     * Gives the SAME_CPU futex and park rows {@code forks} forks (one fork: 20 iterations spread ±1%; more: 4 iterations
     * each, the fork means spread evenly over ±1%), shifted by the given fractions.
     */
    private static void edit(Path dir, double futexShift, double parkShift, int forks) throws IOException {
        JsonArray rows = JsonParser.parseString(Files.readString(dir.resolve("jmh.json"))).getAsJsonArray();
        int edited = 0;
        for (int i = 0; i < rows.size(); i++) {
            JsonObject row = rows.get(i).getAsJsonObject();
            String name = row.get("benchmark").getAsString();
            String placement = row.has("params") ? row.getAsJsonObject("params").get("placement").getAsString() : "";
            boolean futex = name.endsWith("FutexPingPong.roundTrip") && placement.equals("SAME_CPU");
            boolean park = name.endsWith("ParkUnparkPingPong.roundTrip_park") && placement.equals("SAME_CPU");
            if (futex || park) {
                double shift = futex ? futexShift : parkShift;
                double base = 5000;
                JsonArray raw = new JsonArray();
                double sum = 0;
                int iterations = forks == 1 ? 20 : 4;
                for (int f = 0; f < forks; f++) {
                    JsonArray it = new JsonArray();
                    double fork = forks == 1 ? 0 : 0.02 * f / (forks - 1) - 0.01;
                    for (int k = 0; k < iterations; k++) {
                        double v = base * (1 + shift + fork + 0.001 * (k % 2 == 0 ? 1 : -1) + (forks == 1 ? 0.01 * (k % 2 == 0 ? 1 : -1) * k / 20.0 : 0));
                        it.add(v);
                        sum += v;
                    }
                    raw.add(it);
                }
                JsonObject pm = row.getAsJsonObject("primaryMetric");
                pm.add("rawData", raw);
                pm.addProperty("score", sum / (forks * iterations));
                edited++;
            }
        }
        assertTrue(edited >= 2, "fixture has the rows this test edits");
        Files.writeString(dir.resolve("jmh.json"), rows.toString());
    }

    @Test
    void rowsOnlyInOneDirectoryAreShown(@TempDir Path tmp) throws IOException {
        Path b = copyFixture(tmp.resolve("b"));
        JsonArray rows = JsonParser.parseString(Files.readString(b.resolve("jmh.json"))).getAsJsonArray();
        rows.remove(0);
        Files.writeString(b.resolve("jmh.json"), rows.toString());
        CliResult r = CliResult.run("diff", FIXTURE.toString(), b.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("only in A"), r.out());
    }

    @Test
    void missingDirectoryIsAUsageError(@TempDir Path tmp) {
        CliResult r = CliResult.run("diff", FIXTURE.toString(), tmp.resolve("missing").toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertOneLine(r.err(), "does not exist");
    }

    @Test
    void directoryWithoutJmhJsonIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.copy(FIXTURE.resolve("compare.json"), tmp.resolve("compare.json"));
        CliResult r = CliResult.run("diff", FIXTURE.toString(), tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertOneLine(r.err(), "has none");
    }

    @Test
    void oneArgumentIsAUsageError() {
        CliResult r = CliResult.run("diff", FIXTURE.toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.err().contains("Missing required parameter"), r.err());
    }
}
