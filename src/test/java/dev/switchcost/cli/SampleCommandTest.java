package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleCommandTest {

    @TempDir
    Path tmp;

    private void assertUsage(CliResult r, String expected) {
        assertEquals(ExitCodes.USAGE, r.exit(), r.out() + r.err());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void missingCommandIsUsageError() {
        assertUsage(CliResult.run("sample"), "no command to sample");
        assertUsage(CliResult.run("sample", "--"), "no command to sample");
    }

    @Test
    void badIntervalsAreUsageErrors() {
        assertUsage(CliResult.run("sample", "--interval", "0s", "--", "true"), "too short");
        assertUsage(CliResult.run("sample", "--interval", "abc", "--", "true"), "not a duration");
        assertUsage(CliResult.run("sample", "--interval", "1500ms", "--", "true"), "whole seconds");
    }

    @Test
    void csvInMissingDirectoryIsUsageError() {
        assertUsage(CliResult.run("sample", "--csv", tmp.resolve("no/such/dir/x.csv").toString(), "--", "true"),
                "does not exist");
    }

    @Test
    void commandThatCannotStartIsUsageError() {
        assertUsage(CliResult.run("sample", "--no-baseline", "--no-perf", "--", "/no/such/program-xyz"), "cannot start");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void passesTheChildsExitCodeThroughAndWritesCsv() throws IOException {
        Path csv = tmp.resolve("s.csv");
        CliResult r = CliResult.run("sample", "--no-baseline", "--csv", csv.toString(), "--", "sh", "-c", "exit 7");
        assertEquals(7, r.exit(), r.out() + r.err());
        List<String> lines = Files.readAllLines(csv);
        assertTrue(lines.get(0).startsWith("elapsed_s,phase,vmstat.r,vmstat.in,vmstat.cs"), lines.get(0));
        assertTrue(lines.get(0).contains("tree.vol/s"), lines.get(0));
        assertTrue(lines.size() >= 2, "at least the final row: " + lines);
        assertTrue(r.out().contains("Command exited with 7"), r.out());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void samplesAShortChildAgainstABaseline() throws IOException {
        Path csv = tmp.resolve("sleep.csv");
        CliResult r = CliResult.run("sample", "--baseline", "1s", "--csv", csv.toString(), "--", "sleep", "1");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("idle baseline"), r.out());
        assertTrue(r.out().contains("Summary"), r.out());
        List<String> lines = Files.readAllLines(csv);
        assertTrue(lines.stream().anyMatch(l -> l.contains(",baseline,")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains(",run,")), lines.toString());
        // sleep blocks once in the kernel: its tree made at least one voluntary switch
        assertTrue(r.out().matches("(?s).*process tree: [1-9]\\d* voluntary.*"), r.out());
    }
}
