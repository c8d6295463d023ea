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
        CliHarness r = CliHarness.run("diff", FIXTURE.toString(), FIXTURE.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        assertTrue(r.out().contains("|a − b| > errA + errB"), "states the rule");
        assertTrue(r.out().contains("\n0 of "), r.out());
        assertTrue(r.out().contains("FutexPingPong.roundTrip placement=SAME_CPU [avgt]"), r.out());
        assertTrue(r.out().contains("1.000"), r.out());
        assertTrue(r.out().startsWith("A: "), "machine summaries head the output");
        assertTrue(r.out().contains("AMD EPYC"), r.out());
    }

    /**
     * The fixture ran 2 iterations, for which JMH reports no error (NaN); this test gives two rows an
     * error of 5% in both copies and moves B's score by 3 errors (flagged) and by 1 error (not flagged).
     */
    @Test
    void flagsADifferenceBeyondTheCombinedErrorAndNotOneWithin(@TempDir Path tmp) throws IOException {
        Path a = copyFixture(tmp.resolve("a"));
        Path b = copyFixture(tmp.resolve("b"));
        edit(a, 0);
        edit(b, 3);
        edit(b, 1);
        CliHarness r = CliHarness.run("diff", a.toString(), b.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        String futexLine = r.out().lines().filter(l -> l.startsWith("FutexPingPong.roundTrip placement=SAME_CPU")).findFirst().orElseThrow();
        String parkLine = r.out().lines().filter(l -> l.startsWith("ParkUnparkPingPong.roundTrip_park placement=SAME_CPU")).findFirst().orElseThrow();
        assertTrue(futexLine.endsWith("beyond error"), futexLine);
        assertTrue(!parkLine.contains("beyond error") && !parkLine.contains("no error estimate"), parkLine);
        assertTrue(r.out().contains("\n1 of "), r.out());
    }

    /** Sets a 5% error on the SAME_CPU futex (shifts = 0 or 3 errors) or park row (shifts = 0 or 1), shifting the score. */
    private static void edit(Path dir, int shifts) throws IOException {
        JsonArray rows = JsonParser.parseString(Files.readString(dir.resolve("jmh.json"))).getAsJsonArray();
        int edited = 0;
        for (int i = 0; i < rows.size(); i++) {
            JsonObject row = rows.get(i).getAsJsonObject();
            String name = row.get("benchmark").getAsString();
            String placement = row.has("params") ? row.getAsJsonObject("params").get("placement").getAsString() : "";
            boolean futex = name.endsWith("FutexPingPong.roundTrip") && placement.equals("SAME_CPU");
            boolean park = name.endsWith("ParkUnparkPingPong.roundTrip_park") && placement.equals("SAME_CPU");
            if ((futex && shifts != 1) || (park && shifts != 3)) {
                JsonObject pm = row.getAsJsonObject("primaryMetric");
                double score = pm.get("score").getAsDouble();
                double err = 0.05 * score;
                pm.addProperty("score", score + shifts * 1.01 * err);
                pm.addProperty("scoreError", err);
                edited++;
            }
        }
        assertTrue(edited >= 1, "fixture has the rows this test edits");
        Files.writeString(dir.resolve("jmh.json"), rows.toString());
    }

    @Test
    void rowsOnlyInOneDirectoryAreShown(@TempDir Path tmp) throws IOException {
        Path b = copyFixture(tmp.resolve("b"));
        JsonArray rows = JsonParser.parseString(Files.readString(b.resolve("jmh.json"))).getAsJsonArray();
        rows.remove(0);
        Files.writeString(b.resolve("jmh.json"), rows.toString());
        CliHarness r = CliHarness.run("diff", FIXTURE.toString(), b.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        assertTrue(r.out().contains("only in A"), r.out());
    }

    @Test
    void missingDirectoryIsAUsageError(@TempDir Path tmp) {
        CliHarness r = CliHarness.run("diff", FIXTURE.toString(), tmp.resolve("missing").toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertOneLine(r.err(), "does not exist");
    }

    @Test
    void directoryWithoutJmhJsonIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.copy(FIXTURE.resolve("compare.json"), tmp.resolve("compare.json"));
        CliHarness r = CliHarness.run("diff", FIXTURE.toString(), tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertOneLine(r.err(), "has none");
    }

    @Test
    void oneArgumentIsAUsageError() {
        CliHarness r = CliHarness.run("diff", FIXTURE.toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("Missing required parameter"), r.err());
    }
}
