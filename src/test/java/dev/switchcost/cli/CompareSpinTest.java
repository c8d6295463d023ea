package dev.switchcost.cli;

import com.google.gson.Gson;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.results.SpinCompareResults;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@Measures
class CompareSpinTest {

    @Test
    void badBudgetsOrRepliesExit2WithOneLine() {
        for (List<String> args : List.of(List.of("--budgets", "2us"), List.of("--budgets", "0"), List.of("--replies", "exp:0"),
                List.of("--replies", "soon"))) {
            CliResult r = CliResult.run(concat(List.of("compare", "--spin"), args));
            assertEquals(ExitCodes.USAGE, r.exit(), args + ": " + r.err());
            assertTrue(r.err().contains("switchcost: "), args + ": nothing said on stderr; stdout: " + r.out());
            ReportCommandTest.assertOneLine(r.err(), args.get(0));
        }
    }

    @Test
    void spinOptionsWithoutSpinOrWithWhatItCannotDoExit2WithOneLine() {
        CliResult noSpin = CliResult.run("compare", "--budgets", "5000");
        assertEquals(ExitCodes.USAGE, noSpin.exit(), noSpin.err());
        ReportCommandTest.assertOneLine(noSpin.err(), "--budgets is an option of the spin table: add --spin");
        CliResult unpinned = CliResult.run("compare", "--spin", "--placements", "UNPINNED");
        assertEquals(ExitCodes.USAGE, unpinned.exit(), unpinned.err());
        ReportCommandTest.assertOneLine(unpinned.err(), "compare --spin takes SAME_CPU and CROSS_CPU");
        CliResult simulate = CliResult.run("compare", "--spin", "--simulate");
        assertEquals(ExitCodes.USAGE, simulate.exit(), simulate.err());
        ReportCommandTest.assertOneLine(simulate.err(), "--simulate does not apply to --spin");
    }

    /**
     * One short repetition of three cells on one CPU: every C cell runs, hands over and counts; a JVM cell either runs or
     * says why not (its benchmark is another branch's until merged); the table and spin-compare.json come out.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void quickSameCpuRunWritesTheTableAndTheRawData(@TempDir Path tmp) throws IOException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        NativeRunner nr = NativeRunner.locate();
        Needs.C_COMPILER.assume(nr.unavailableReason());
        Path dir = tmp.resolve("spin");
        // --allow-disturbed: this checks the run's shape, not the machine's quiet
        CliResult r = CliResult.run("compare", "--spin", "--quick", "--repetitions", "1", "--budgets", "5000", "--replies", "10000",
                "--placements", "SAME_CPU", "--allow-disturbed", "-o", dir.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("spin 5,000 ns, park") && r.out().contains("command: switchcost compare --spin"), r.out());
        SpinCompareResults s = new Gson().fromJson(Files.readString(dir.resolve(SpinCompareResults.FILE_NAME)), SpinCompareResults.class);
        assertEquals(6, s.cells().size(), "PARK, one budget, SPIN; C and JVM each");
        for (SpinCompareResults.Cell c : s.cells()) {
            if (c.impl().equals(SpinCompareResults.JVM) && c.unavailable() != null) {
                assertTrue(c.unavailable().contains("SpinOrPark"), c.unavailable());
                continue;
            }
            assertNull(c.unavailable(), c.toString());
            assertEquals(1, c.samples().size(), c.toString());
            SpinCompareResults.Sample x = c.samples().get(0);
            assertNull(x.error(), c.toString());
            assertTrue(x.nsPerRoundTrip() > 0 && Double.isFinite(x.cpuNsPerRoundTrip()), c.toString());
            assertTrue(x.interference() != null, "every C repetition is judged by the disturbance rule: " + c);
            if (c.strategy().equals("PARK")) {
                assertTrue(x.switchesPerRoundTrip() >= 1.8, "PARK on one CPU switches twice per round trip: " + c);
            }
        }
        assertTrue(s.cells().stream().anyMatch(c -> c.impl().equals(SpinCompareResults.C) && c.usable().size() == 1), s.toString());
    }

    private static String[] concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toArray(String[]::new);
    }
}
