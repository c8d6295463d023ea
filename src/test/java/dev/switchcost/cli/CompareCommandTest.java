package dev.switchcost.cli;

import dev.switchcost.derive.GapDecomposition;
import dev.switchcost.launch.Jdk;
import dev.switchcost.launch.TestJdks;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.nativebaseline.NativeSimulation;
import dev.switchcost.render.CompareTable;
import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import dev.switchcost.session.CompareSimulation;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@Measures
class CompareCommandTest {

    @Test
    void anUnknownPlacementOrOneWithoutANativeProgramIsPicocliRefusalInOneLine() {
        for (String bad : List.of("NOWHERE", "SMT_SIBLING")) {
            CliResult r = CliResult.run("compare", "--placements", "SAME_CPU," + bad);
            assertEquals(ExitCodes.USAGE, r.exit(), r.err());
            // picocli's refusal, as for every option: the value and the placements it takes, then where the help is
            String first = r.err().lines().findFirst().orElseThrow();
            assertTrue(r.oneLineError() && first.contains("'--placements'")
                    && first.contains("expected one of [UNPINNED, SAME_CPU, CROSS_CPU] but was '" + bad + "'"), r.err());
        }
    }

    @Test
    void picocliParsesPlacementsInAnyCaseIntoPlacement() {
        CommandLine cl = SwitchcostCommand.newCommandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        CommandLine compare = cl.getSubcommands().get("compare");
        cl.parseArgs("compare", "--placements", "cross_cpu,SAME_CPU");
        assertEquals(List.of(Placement.CROSS_CPU, Placement.SAME_CPU), ((CompareCommand) compare.getCommand()).placements);
    }

    @Test
    void anUnknownOrMisplacedColumnIsAUsageError() {
        CliResult r = CliResult.run("compare", "--only", "NATIVE_FUTEX,JNA_FUTX");
        assertEquals(ExitCodes.USAGE, r.exit(), r.err());
        // picocli's refusal, as for every option: the value and the names it takes, then where the help is
        assertTrue(r.err().lines().findFirst().orElseThrow().contains("but was 'JNA_FUTX'"), r.err());
        CliResult spin = CliResult.run("compare", "--spin", "--only", "NATIVE_FUTEX");
        assertEquals(ExitCodes.USAGE, spin.exit(), spin.err());
        ReportCommandTest.assertOneLine(spin.err(), "drop --only");
    }

    @Test
    void zeroRepetitionsIsAUsageError() {
        CliResult r = CliResult.run("compare", "--repetitions", "0");
        assertEquals(ExitCodes.USAGE, r.exit());
        ReportCommandTest.assertOneLine(r.err(), "--repetitions must be 1..100");
    }

    /**
     * One short repetition on one CPU: native and JMH cells run, the table and compare.json come out,
     * and both futex columns count the two switches per round trip a same-CPU handoff must make.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void quickSameCpuRunWritesTableAndCountsSwitches(@TempDir Path tmp) throws IOException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        NativeRunner nr = NativeRunner.locate();
        Needs.C_COMPILER.assume(nr.unavailableReason());
        Path dir = tmp.resolve("cmp");
        // --allow-disturbed: this checks the run's shape, not the machine's quiet
        CliResult r = CliResult.run("compare", "--quick", "--repetitions", "1", "--placements", "SAME_CPU", "--simulate",
                "--only", "NATIVE_FUTEX,NATIVE_PARKER,JNA_FUTEX,LOCK_SUPPORT,NATIVE_GETTID", "--allow-disturbed", "-o", dir.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("native futex, threads") && r.out().contains("JNA futex (FutexPingPong)"), r.out());
        assertTrue(r.out().contains("command: switchcost compare --quick"), r.out());
        assertTrue(Files.exists(dir.resolve("machine.json")));
        CompareResults c = CompareResults.read(dir.resolve("compare.json"));
        for (Column col : new Column[] {Column.NATIVE_FUTEX, Column.NATIVE_PARKER, Column.JNA_FUTEX, Column.LOCK_SUPPORT}) {
            CompareResults.Cell cell = c.cell(col, "SAME_CPU").orElseThrow();
            assertEquals(1, cell.samples().size(), cell.toString());
            CompareResults.Sample s = cell.samples().get(0);
            assertTrue(s.error() == null, s.error());
            assertTrue(Double.isFinite(s.nsPerRoundTrip()) && s.nsPerRoundTrip() > 0, s.toString());
            assertEquals(2.0, s.switchesPerRoundTrip(), 0.2, col + ": " + s);
            assertNotNull(s.interference(), col + ": every cell, JVM or native, is judged by the disturbance rule");
            assertTrue(s.interference().othersPercent() >= 0 && s.interference().othersPercent() <= 100, col + ": " + s);
            assertEquals(s.disturbed(), s.disturbedKept(), col + ": kept (--allow-disturbed) exactly when disturbed");
        }
        assertTrue(c.cell(Column.NATIVE_GETTID, "SAME_CPU").isEmpty(), "gettid runs unpinned only");
        assertTrue(c.cell(Column.NATIVE_GETTID, "UNPINNED").isPresent(), "gettid runs unpinned whatever placements were asked");
        assertTrue(c.cell(Column.FFM_FUTEX, "SAME_CPU").isEmpty() && c.cell(Column.JMH_EMPTY, "UNPINNED").isEmpty(),
                "--only runs the columns named and no other");
        // --simulate: with valgrind (CI installs it) both programs are counted; without, one line and the column says so
        assertTrue(r.out().contains(CompareTable.INSTRUCTIONS_HEADER), r.out());
        if (NativeSimulation.valgrindMissing().isEmpty()) {
            assertTrue(c.simulation().count(Column.NATIVE_FUTEX).isPresent() && c.simulation().count(Column.NATIVE_PARKER).isPresent(),
                    String.valueOf(c.simulation()));
        } else {
            assertEquals(CompareSimulation.NO_VALGRIND, c.simulation().unavailable());
            assertEquals(1, r.err().lines().filter(l -> l.contains("--simulate")).count(), r.err());
        }
        assertEquals("complete\n", Files.readString(dir.resolve("status")), "the run is marked complete");
    }

    /**
     * Issue 12: {@code compare --jdk A --jdk B} runs every JVM cell on each JDK, labelled with it, beside
     * one run of each native program; FFM on JDK 21 is a cell that says why it did not run; the gap is
     * split per JDK.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void jdksSideBySide(@TempDir Path tmp) throws IOException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        NativeRunner nr = NativeRunner.locate();
        Needs.C_COMPILER.assume(nr.unavailableReason());
        Jdk jdk21 = TestJdks.jdk21();
        Jdk newer = TestJdks.atLeast(Binding.FFM_MIN_FEATURE);
        Path dir = tmp.resolve("cmp");
        CliResult r = CliResult.run("compare", "--quick", "--repetitions", "1", "--placements", "SAME_CPU", "--allow-disturbed",
                "--only", "NATIVE_FUTEX,NATIVE_GETTID,JNA_FUTEX,JNA_AS_FUTEX_CALL,FFM_FUTEX,FFM_AS_FUTEX_WAIT,FFM_AS_FUTEX_WAKE",
                "--jdk", jdk21.java().getPath(), "--jdk", newer.java().getPath(), "-o", dir.toString(), "--format", "csv");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        // --format csv: stdout is the table's rows alone (the trailer went to stderr), one per JDK, as --from re-prints them
        List<List<String>> csv = DiffFormatsTest.parse(r.out());
        assertEquals(CompareTable.EXPORT_COLUMNS, csv.get(0));
        assertTrue(r.err().contains("raw data: "), r.err());
        assertEquals(r.out(), CliResult.run("compare", "--from", dir.toString(), "--format", "csv").out());
        CompareResults c = CompareResults.read(dir.resolve("compare.json"));
        List<CompareResults.Cell> nativeFutex = c.cells(Column.NATIVE_FUTEX, "SAME_CPU");
        assertEquals(1, nativeFutex.size(), "native cells run once");
        assertNull(nativeFutex.get(0).jdk());
        List<CompareResults.Cell> jna = c.cells(Column.JNA_FUTEX, "SAME_CPU");
        assertEquals(List.of(jdk21.version, newer.version), jna.stream().map(CompareResults.Cell::jdk).toList());
        for (CompareResults.Cell cell : jna) {
            assertTrue(cell.label().endsWith(" · JDK " + cell.jdk()), cell.label());
            CompareResults.Sample s = cell.samples().get(0);
            assertNull(s.error(), s.error());
            assertEquals(2.0, s.switchesPerRoundTrip(), 0.2, cell.label() + ": " + s);
            assertTrue(r.out().contains(cell.label()), r.out());
        }
        List<CompareResults.Cell> ffm = c.cells(Column.FFM_FUTEX, "SAME_CPU");
        assertEquals(2, ffm.size());
        assertTrue(ffm.get(0).unavailable() != null && ffm.get(0).unavailable().contains("JDK 21"), String.valueOf(ffm.get(0)));
        assertTrue(ffm.get(0).samples().isEmpty());
        assertNull(ffm.get(1).unavailable());
        assertEquals(1, ffm.get(1).samples().size());
        List<String> decomposed = GapDecomposition.of(c).stream().map(GapDecomposition.Row::label).toList();
        assertTrue(decomposed.contains(Column.JNA_FUTEX.label() + " · JDK " + jdk21.version), decomposed.toString());
        assertTrue(decomposed.contains(Column.JNA_FUTEX.label() + " · JDK " + newer.version), decomposed.toString());
        for (GapDecomposition.Row row : GapDecomposition.of(c)) {
            assertTrue(Double.isFinite(row.binding().value()), "each JDK's binding priced from its own syscall rows: " + row);
        }
    }

    @Test
    void anUnknownJdkIsAUsageErrorBeforeAnythingRuns(@TempDir Path tmp) {
        CliResult r = CliResult.run("compare", "--quick", "--jdk", "/nonexistent/java", "-o", tmp.resolve("x").toString());
        assertEquals(ExitCodes.USAGE, r.exit(), r.err());
        ReportCommandTest.assertOneLine(r.err(), "--jdk /nonexistent/java is neither a java that runs nor a JDK home");
        assertFalse(Files.exists(tmp.resolve("x")), "no results directory for a refused run");
    }

    /** Issue 11 cases 5 and 6: an unwritable or used -o is one line, exit 2, before anything runs. */
    @Test
    void unwritableOrUsedResultsDirIsAUsageError(@TempDir Path tmp) throws IOException {
        Path file = Files.createFile(tmp.resolve("file"));
        CliResult r = CliResult.run("compare", "--quick", "-o", file.resolve("below").toString());
        assertEquals(ExitCodes.USAGE, r.exit(), r.err());
        ReportCommandTest.assertOneLine(r.err(), "cannot write results into");
        Path used = Files.createDirectory(tmp.resolve("used"));
        Files.writeString(used.resolve("compare.json"), "{}");
        CliResult u = CliResult.run("compare", "--quick", "-o", used.toString());
        assertEquals(ExitCodes.USAGE, u.exit(), u.err());
        ReportCommandTest.assertOneLine(u.err(), "already holds files");
        assertEquals("{}", Files.readString(used.resolve("compare.json")), "another run's file is untouched");
    }
}
