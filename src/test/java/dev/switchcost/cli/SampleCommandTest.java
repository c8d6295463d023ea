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

    @Test
    void baselineIsWholeIntervalsAndWhatItSays() {
        assertEquals(java.time.Duration.ofSeconds(2), SampleCommand.baselineLength(null, java.time.Duration.ofSeconds(1)));
        assertEquals(java.time.Duration.ofSeconds(600), SampleCommand.baselineLength(null, java.time.Duration.ofSeconds(600)));
        assertEquals(java.time.Duration.ofSeconds(6), SampleCommand.baselineLength(java.time.Duration.ofSeconds(5),
                java.time.Duration.ofSeconds(2)));
    }

    @Test
    void baselineShorterThanOneIntervalIsRefusedBeforeWaiting() {
        assertUsage(CliResult.run("sample", "--interval", "600s", "--baseline", "2s", "--", "true"),
                "--baseline 2000ms is shorter than --interval 600s");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aCsvThatCannotBeWrittenExitsNonZeroNamingIt() throws Exception {
        try (dev.switchcost.testing.TinyTmpfs fs = dev.switchcost.testing.TinyTmpfs.mount(tmp, 64)) {
            fs.fill();
            Path csv = fs.dir().resolve("s.csv");
            CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--csv", csv.toString(), "--", "true");
            assertEquals(ExitCodes.FAILURE, r.exit(), r.out() + r.err());
            assertTrue(r.err().contains("cannot write " + csv), r.err());
            assertTrue(!Files.exists(csv));
            try (var left = Files.list(fs.dir())) {
                assertTrue(left.allMatch(f -> f.getFileName().toString().equals("filler")), "no temporary file left");
            }
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void perfColumnsCountProcessesTheCommandStartsLater() throws IOException {
        dev.switchcost.measure.sample.PerfSupport perf = dev.switchcost.measure.sample.PerfSupport.probe();
        org.junit.jupiter.api.Assumptions.assumeTrue(perf.available() && perf.supported().contains("context-switches"),
                () -> "perf cannot count context-switches here: " + perf.summary());
        Path csv = tmp.resolve("later.csv");
        // the switching happens in processes started a second after the command: 200 sleeps, each a switch
        CliResult r = CliResult.run("sample", "--no-baseline", "--csv", csv.toString(), "--", "sh", "-c",
                "sleep 1; i=0; while [ $i -lt 200 ]; do sleep 0.001; i=$((i+1)); done");
        assertEquals(0, r.exit(), r.out() + r.err());
        List<String> lines = Files.readAllLines(csv);
        List<String> head = List.of(lines.get(0).split(","));
        int col = head.indexOf("perf.context-switches/s");
        assertTrue(col > 0, "perf column present: " + head);
        double switches = 0;
        double prev = 0;
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split(",", -1);
            double t = Double.parseDouble(f[0]);
            if (!f[col].isEmpty()) {
                switches += Double.parseDouble(f[col]) * (t - prev);
            }
            prev = t;
        }
        assertTrue(switches >= 200, "switches counted in processes started later: " + switches + "\n" + String.join("\n", lines));
    }
}
