package dev.switchcost.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
        assertTrue(r.out().contains("Welch's t-test"), "states the rule");
        assertTrue(r.out().contains("\n0 of "), r.out());
        assertTrue(r.out().contains("FutexPingPong.roundTrip placement=SAME_CPU [avgt]"), r.out());
        assertTrue(r.out().contains("1.00"), r.out());
        assertTrue(r.out().startsWith("A: "), "machine summaries head the output");
        assertTrue(r.out().contains("AMD EPYC"), r.out());
        assertTrue(r.out().contains("\n   measuring commit not recorded (no provenance.json)\n"), "the measuring build, or that it is unknown");
    }

    /** Issue 18: two captured runs on hosts whose cpuidle driver, kernel and mitigations differ: each difference is named. */
    @Test
    void namesEachMachineDifferenceThatCanMoveAFigure() {
        CliResult r = CliResult.run("diff", "docs/results/2026-11-21-epyc-kvm/run-quick.json", "docs/results/2026-11-23b-epyc-kvm/quick");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("The machines differ in what can move a figure:\n"), r.out());
        assertTrue(r.out().contains("\n   cpuidle driver: A haltpoll  |  B none\n"), r.out());
        assertTrue(r.out().contains("\n   kernel: A 6.18.44-fc-v509  |  B 6.18.44-fc-v782\n"), r.out());
        assertTrue(r.out().contains("\n   mitigation spec_store_bypass: A Vulnerable  |  B Mitigation: "), r.out());
        CliResult same = CliResult.run("diff", FIXTURE.toString(), FIXTURE.toString());
        assertTrue(!same.out().contains("machines differ"), same.out());
    }

    /**
     * The rule works on the raw iterations: this test gives two rows ten iterations spread by ±1% in both
     * copies, and moves B's futex row by 5% (flagged: Welch's t-test rejects at 0.001) and its park row by
     * 0.2% (not flagged).
     */
    @Test
    void flagsADifferenceBeyondTheErrorAndNotOneWithin(@TempDir Path tmp) throws IOException {
        Path a = copyFixture(tmp.resolve("a"));
        Path b = copyFixture(tmp.resolve("b"));
        edit(a, 0, 0);
        edit(b, 0.05, 0.002);
        CliResult r = CliResult.run("diff", a.toString(), b.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String futexLine = r.out().lines().filter(l -> l.startsWith("FutexPingPong.roundTrip placement=SAME_CPU")).findFirst().orElseThrow();
        String parkLine = r.out().lines().filter(l -> l.startsWith("ParkUnparkPingPong.roundTrip_park placement=SAME_CPU")).findFirst().orElseThrow();
        assertTrue(futexLine.endsWith("B slower"), futexLine);
        assertTrue(!parkLine.contains("slower") && !parkLine.contains("faster") && !parkLine.contains("no error estimate"), parkLine);
        assertTrue(r.out().contains("\n1 of "), r.out());
    }

    @Test
    void failedTrialsAreShownNotJudgedAndTheStatusIsNamed(@TempDir Path tmp) throws IOException {
        Path a = copyFixture(tmp.resolve("a"));
        Path b = copyFixture(tmp.resolve("b"));
        edit(a, 0, 0);
        edit(b, 0.05, 0.002);
        Files.writeString(b.resolve("status"), "failed: 1 trial failed\ntrial-failed\tdev.switchcost.bench.FutexPingPong.roundTrip"
                + "\tplacement=SAME_CPU\tpartner died\n");
        CliResult r = CliResult.run("diff", a.toString(), b.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String futexLine = r.out().lines().filter(l -> l.startsWith("FutexPingPong.roundTrip placement=SAME_CPU")).findFirst().orElseThrow();
        assertTrue(futexLine.contains("FAILED") && futexLine.endsWith("failed trial: not judged"), futexLine);
        assertTrue(r.out().contains("(status: failed: 1 trial failed; 1 failed trial"), r.out());
        assertTrue(r.out().contains("\n0 of "), r.out());
    }

    /** Gives the SAME_CPU futex and park rows ten iterations (±1%), shifted by the given fractions. */
    private static void edit(Path dir, double futexShift, double parkShift) throws IOException {
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
                JsonArray it = new JsonArray();
                double sum = 0;
                for (int k = 0; k < 10; k++) {
                    double v = base * (1 + shift + 0.01 * ((k % 2 == 0) ? 1 : -1) * (k / 10.0));
                    it.add(v);
                    sum += v;
                }
                JsonArray raw = new JsonArray();
                raw.add(it);
                JsonObject pm = row.getAsJsonObject("primaryMetric");
                pm.add("rawData", raw);
                pm.addProperty("score", sum / 10);
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
