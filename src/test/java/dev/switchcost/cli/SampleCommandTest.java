package dev.switchcost.cli;

import dev.switchcost.launch.ParentDeath;
import dev.switchcost.measure.sample.HostileNames;
import dev.switchcost.measure.sample.PerfSupport;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import dev.switchcost.testing.TinyTmpfs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Measures
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
        assertUsage(CliResult.run("sample", "--interval", "50ms", "--", "true"), "--interval 50ms is too short");
    }

    @Test
    void eitherAPidOrACommand() {
        assertUsage(CliResult.run("sample", "--pid", "1", "--", "true"), "not both");
        assertUsage(CliResult.run("sample", "--pid", "2147483647"), "--pid 2147483647: no such process");
    }

    @Test
    void csvInMissingDirectoryIsUsageError() {
        assertUsage(CliResult.run("sample", "--csv", tmp.resolve("no/such/dir/x.csv").toString(), "--", "true"),
                "does not exist");
    }

    @Test
    void commandThatCannotStartIsUsageError() {
        assertUsage(CliResult.run("sample", "--no-baseline", "--no-perf", "--", "/no/such/program-xyz"), "cannot start");
        // the same answer when it would have run under perf
        assertUsage(CliResult.run("sample", "--no-baseline", "--", "no-such-program-xyz"), "not found on PATH");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void passesTheChildsExitCodeThroughAndWritesCsv() throws IOException {
        Path csv = tmp.resolve("s.csv");
        CliResult r = CliResult.run("sample", "--no-baseline", "--csv", csv.toString(), "--", "sh", "-c", "exit 7");
        assertEquals(7, r.exit(), r.out() + r.err());
        List<String> lines = Files.readAllLines(csv);
        assertTrue(lines.get(0).startsWith("elapsed_s,phase,machine.cs/s,machine.in/s,machine.r"), lines.get(0));
        assertTrue(lines.get(0).contains("tree.vol/s"), lines.get(0));
        assertTrue(lines.size() >= 2, "at least the final row: " + lines);
        assertTrue(r.out().contains("Command exited with 7"), r.out());
    }

    /** Issue 21 item 7: a background process the command leaves running does not outlive sample, and is named. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aBackgroundProcessTheCommandLeavesIsStoppedAndNamed() throws IOException, InterruptedException {
        Path pidFile = tmp.resolve("bg.pid");
        CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "100ms", "--", "sh", "-c",
                "sleep 300 & echo $! > " + pidFile + "; sleep 1");
        assertEquals(0, r.exit(), r.out() + r.err());
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        for (int i = 0; i < 50 && !goneQuietly(pid); i++) {
            Thread.sleep(20);
        }
        assertTrue(goneQuietly(pid), "the background sleep was stopped: " + r.out());
        assertTrue(r.out().contains("Stopped 1 process the command left running") && r.out().contains("sleep (pid " + pid + ")"),
                r.out());
    }

    /** Issue 30 item 5: a child orphaned before the first reading is found by the variable it inherited. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aBackgroundProcessLeftBeforeAnyReadingIsStoppedAndNamed() throws IOException, InterruptedException {
        Path pidFile = tmp.resolve("bg.pid");
        CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "1s", "--", "bash", "-c",
                "sleep 302 & echo $! > " + pidFile + "; exit 0");
        assertEquals(0, r.exit(), r.out() + r.err());
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        for (int i = 0; i < 50 && !goneQuietly(pid); i++) {
            Thread.sleep(20);
        }
        assertTrue(goneQuietly(pid), "the background sleep was stopped: " + r.out());
        assertTrue(r.out().contains("sleep (pid " + pid + ")"), r.out());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void samplesAShortChildAgainstABaseline() throws IOException {
        Path csv = tmp.resolve("sleep.csv");
        CliResult r = CliResult.run("sample", "--baseline", "1s", "--csv", csv.toString(), "--", "sleep", "1");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("idle baseline"), r.err());
        assertTrue(r.out().contains("Summary"), r.out());
        List<String> lines = Files.readAllLines(csv);
        assertTrue(lines.stream().anyMatch(l -> l.contains(",baseline,")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains(",run,")), lines.toString());
        // sleep blocks once in the kernel: its tree made at least one switch (voluntary, where they are told apart)
        assertTrue(r.out().matches("(?s).*process tree: [1-9]\\d* (voluntary|switches).*"), r.out());
    }

    @Test
    void baselineIsWholeIntervalsAndWhatItSays() {
        assertEquals(Duration.ofSeconds(2), SampleCommand.baselineLength(null, Duration.ofSeconds(1)));
        assertEquals(Duration.ofMillis(500), SampleCommand.baselineLength(Duration.ofMillis(500),
                Duration.ofMillis(250)));
    }

    @Test
    void baselineShorterThanOneIntervalIsRefusedBeforeWaiting() {
        assertUsage(CliResult.run("sample", "--interval", "600s", "--baseline", "2s", "--", "true"),
                "--baseline 2000ms is shorter than --interval 600000ms");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aCsvThatCannotBeWrittenExitsNonZeroNamingIt() throws Exception {
        try (TinyTmpfs fs = TinyTmpfs.mount(tmp, 64)) {
            fs.fill();
            Path csv = fs.dir().resolve("s.csv");
            CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--csv", csv.toString(), "--", "true");
            assertEquals(ExitCodes.ENVIRONMENT, r.exit(), r.out() + r.err());
            assertTrue(r.err().contains("could not write " + csv + ": no space left on device"), r.err());
            assertTrue(!Files.exists(csv));
            try (var left = Files.list(fs.dir())) {
                assertTrue(left.allMatch(f -> f.getFileName().toString().equals("filler")), "no temporary file left");
            }
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void perfColumnsCountProcessesTheCommandStartsLater() throws IOException {
        PerfSupport perf = PerfSupport.probe();
        Needs.PERF.assume(perf.available() && perf.supported().contains("context-switches"), "perf cannot count context-switches here: " + perf.summary());
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

    @Test
    @EnabledOnOs(OS.LINUX)
    @Timeout(120) // a guard against the old behaviour (waiting out the interval), not a measurement
    void samplingEndsWhenTheCommandEndsWhateverTheInterval() {
        CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "600s", "--", "true");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("Command exited with 0"), r.out());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    @Timeout(120)
    void aPidThatExitsMidSampleEndsItWithWhatWasGathered() throws Exception {
        Process sleeper = new ProcessBuilder("sh", "-c", "sleep 0.3; sleep 0.3; sleep 0.3").start();
        try {
            Path csv = tmp.resolve("pid.csv");
            CliResult r = CliResult.run("sample", "--pid", String.valueOf(sleeper.pid()), "--interval", "100ms", "--duration", "10m",
                    "--csv", csv.toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("Process " + sleeper.pid() + " ended"), r.out());
            List<String> lines = Files.readAllLines(csv);
            assertTrue(lines.size() >= 2, lines.toString());
            // the shell and its sleeps blocked: their switches were counted though every one of them has ended
            assertTrue(r.out().matches("(?s).*Process " + sleeper.pid() + " and its children: [1-9]\\d* voluntary.*"), r.out());
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    @Timeout(120)
    void sigtermWritesTheCsvAndKillsACommandThatIgnoresIt() throws Exception {
        Path csv = tmp.resolve("term.csv");
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        Path log = Files.createTempFile("sample-sigterm", ".log");
        Process p = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), SwitchcostCommand.class.getName(),
                "sample", "--no-baseline", "--no-perf", "--interval", "100ms", "--csv", csv.toString(), "--",
                "sh", "-c", "trap '' TERM; echo ready $$; while :; do sleep 0.05; done")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long shell = -1;
        String seen = "";
        try {
            while (p.isAlive() && shell < 0) {
                Thread.sleep(50);
                seen = Files.readString(log);
                Matcher m = Pattern.compile("ready (\\d+)\n").matcher(seen);
                if (m.find()) {
                    shell = Long.parseLong(m.group(1));
                }
            }
            assertTrue(shell > 0, "the command started: " + seen);
            Thread.sleep(500);
            p.destroy(); // SIGTERM, as kill would send
            p.waitFor();
            seen = Files.readString(log);
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(log);
        }
        assertTrue(Files.exists(csv), "the CSV is written on SIGTERM: " + seen);
        assertTrue(Files.readAllLines(csv).get(0).startsWith("elapsed_s,phase"), seen);
        Path plot = tmp.resolve("term.png");
        try (var left = Files.list(tmp)) {
            assertTrue(left.allMatch(f -> f.equals(csv) || f.equals(plot)), "no temporary file left");
        }
        // the plot written during shutdown: ImageIO's file cache used to throw there (a trace, exit 4)
        assertFalse(seen.contains("Exception") || seen.contains("internal error"), seen);
        assertTrue(gone(shell), "the command that ignored SIGTERM was killed: " + seen);
    }

    /** kill -9 of sample (no hook runs) takes perf, its shell and the sampled command with it, and leaves no temp file. */
    @Test
    @EnabledOnOs(OS.LINUX)
    @Timeout(120)
    void sigkillOfSampleKillsPerfAndTheCommand() throws Exception {
        Assumptions.assumeTrue(ParentDeath.available(), "no setpriv --pdeathsig here");
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        Path log = tmp.resolve("kill.log");
        Path tmpDir = tmp.resolve("java-tmp");
        Files.createDirectory(tmpDir);
        Process p = new ProcessBuilder(javaBin, "-Djava.io.tmpdir=" + tmpDir, "-cp", System.getProperty("java.class.path"),
                SwitchcostCommand.class.getName(), "sample", "--no-baseline", "--interval", "100ms", "--",
                "sh", "-c", "echo ready $$; exec sleep 60")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        List<ProcessHandle> below = new ArrayList<>();
        try {
            long shell = -1;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (p.isAlive() && shell < 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
                Matcher m = Pattern.compile("ready (\\d+)\n").matcher(Files.readString(log));
                if (m.find()) {
                    shell = Long.parseLong(m.group(1));
                }
            }
            assertTrue(shell > 0, "the command started: " + Files.readString(log));
            p.descendants().forEach(below::add);
            p.destroyForcibly(); // SIGKILL
            p.waitFor();
            long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (below.stream().anyMatch(h -> !goneQuietly(h.pid())) && System.nanoTime() < guard) {
                Thread.sleep(50);
            }
            assertTrue(below.stream().allMatch(h -> goneQuietly(h.pid())), "left running after kill -9 of sample: "
                    + below.stream().filter(h -> !goneQuietly(h.pid())).map(h -> h.pid() + " " + h.info().commandLine().orElse(""))
                    .toList() + "\n" + Files.readString(log));
            try (var left = Files.list(tmpDir)) {
                assertEquals(List.of(), left.toList(), "no temporary file left");
            }
        } finally {
            p.destroyForcibly();
            below.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static boolean goneQuietly(long pid) {
        try {
            return gone(pid);
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void flameGraphNamesTheAgentCannotCarryAreUsageErrors() {
        assertUsage(CliResult.run("sample", "--flamegraph", tmp.resolve("a b.html").toString(), "--", "true"), "space, comma");
        assertUsage(CliResult.run("sample", "--flamegraph", tmp.resolve("none/fg.html").toString(), "--", "true"),
                "existing, writable directory");
    }

    /** A command that starts no JVM writes no flame graph: one line and exit 3; without --flamegraph nothing changes. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aFlameGraphOfACommandWithoutAJvmIsRefusedWithExit3() {
        Path fg = tmp.resolve("fg.html");
        CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "100ms", "--flamegraph", fg.toString(),
                "--", "sh", "-c", "sleep 0.2");
        Needs.ASYNC_PROFILER.assume(!r.err().contains("async-profiler not found"), "not built: " + r.err());
        assertEquals(ExitCodes.ENVIRONMENT, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("started no JVM"), r.err());
        assertEquals(1, r.err().lines().filter(l -> l.startsWith("switchcost: ")).count(), r.err());
        assertTrue(Files.notExists(fg));
        assertEquals(0, CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "100ms", "--", "sh", "-c", "sleep 0.2").exit());
    }

    /**
     * End to end on a JVM that switches: the graph is written, and the note below its title names the placement mix of the wake-ups
     * (priced where results with the prices exist, else saying why not). Skipped where async-profiler cannot profile
     * or the scheduler's trace gives no mix (not root, no tracefs).
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aFlameGraphOfAJvmNamesThePlacementMixBelowItsTitle() throws IOException {
        Path fg = tmp.resolve("fg.html");
        CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "100ms", "--flamegraph", fg.toString(),
                "-o", tmp.resolve("mix").toString(),
                "--", Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", "target/test-classes",
                "dev.switchcost.testing.PingPongFixture", "5000");
        Assumptions.assumeFalse(r.exit() == ExitCodes.ENVIRONMENT && r.err().contains("--flamegraph"),
                "async-profiler cannot profile here: " + r.err());
        assertEquals(0, r.exit(), r.out() + r.err());
        Needs.TRACEFS.assume(!r.out().contains("Placement of the wake-ups:"), "no placement mix traced here: " + r.out());
        String html = Files.readString(fg);
        Matcher note = Pattern.compile("<div id='note'[^>]*>([^<]*)</div>").matcher(html);
        assertTrue(html.contains("<h1") && note.find(), "a title and the note below it");
        assertTrue(note.group(1).matches(".*\\d+ % same-CPU / \\d+ % cross-CPU wake-ups \\(.*tracefs.*"), note.group(1));
        assertTrue(Files.exists(tmp.resolve("fg.counts.html")) && Files.exists(tmp.resolve("fg.collapsed")));
        assertTrue(html.contains("PingPongFixture"), "the fixture's frames are drawn");
        // the mix for forecast --sample says the window it was counted in, of which command and processes
        dev.switchcost.results.SamplePlacement mix = dev.switchcost.results.SamplePlacement.read(tmp.resolve("mix"));
        assertTrue(mix.seconds() > 0 && mix.started() != null && !mix.pids().isEmpty(), mix.json());
        assertTrue(mix.command().contains("PingPongFixture"), mix.command());
        assertTrue(r.out().contains("Placement mix for forecast --sample " + tmp.resolve("mix") + ": "), r.out());
    }

    /** Whether a process is gone, or a zombie waiting for a reaper that is not ours. */
    private static boolean gone(long pid) throws IOException {
        Path stat = Path.of("/proc", String.valueOf(pid), "stat");
        try {
            String s = Files.readString(stat);
            return s.substring(s.lastIndexOf(')') + 2).startsWith("Z");
        } catch (NoSuchFileException e) {
            return true;
        }
    }

    /**
     * A command shorter than one interval: the /proc readings barely see it, but its switches are counted whole
     * (getrusage of the command and the processes it waited for: ten sleeps and ten waits, at least 20 voluntary) and
     * priced, where the readings alone once said that nothing switched.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aCommandShorterThanAnIntervalIsCountedWhole() {
        CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "1s",
                "--other-machine", "--costs", "src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25", "--",
                "sh", "-c", "i=0; while [ $i -lt 10 ]; do sleep 0.01; i=$((i+1)); done");
        assertEquals(0, r.exit(), r.out() + r.err());
        Matcher m = Pattern.compile("Command's process tree: (\\d+) voluntary, (\\d+) involuntary switches and [\\d.]+ s of CPU in"
                + " [\\d.]+ s \\(getrusage: the command and every process it waited for\\); /proc readings every 1 s saw (\\d+) of them")
                .matcher(r.out());
        assertTrue(m.find(), r.out());
        assertTrue(Long.parseLong(m.group(1)) >= 20, r.out());
        assertTrue(Long.parseLong(m.group(3)) < Long.parseLong(m.group(1)) + Long.parseLong(m.group(2)), "the readings missed some: " + r.out());
        assertTrue(r.out().contains("has no CPU time per switch"), "latency-only results price nothing: " + r.out());
    }

    /** Under perf stat, perf's own sums over every interval count the command whole (getrusage cannot: perf -I keeps it). */
    @Test
    @EnabledOnOs(OS.LINUX)
    void underPerfTheCommandIsCountedByPerf() {
        PerfSupport perf = PerfSupport.probe();
        Needs.PERF.assume(perf.available() && perf.supported().contains("context-switches"), "perf cannot count context-switches here: " + perf.summary());
        CliResult r = CliResult.run("sample", "--no-baseline", "--interval", "1s", "--",
                "sh", "-c", "i=0; while [ $i -lt 10 ]; do sleep 0.01; i=$((i+1)); done");
        assertEquals(0, r.exit(), r.out() + r.err());
        Matcher m = Pattern.compile("Command's process tree: (\\d+) switches( and [\\d.]+ s of CPU)? in [\\d.]+ s \\(perf stat: every"
                + " process of the command, and the shell that keeps its exit code\\)").matcher(r.out());
        assertTrue(m.find(), r.out());
        assertTrue(Long.parseLong(m.group(1)) >= 20, r.out());
    }

    /**
     * The command runs for half a second or more, so that several 100 ms readings see the shell waiting for its
     * children: a 0.1 s command ended between two readings on a loaded CI machine and nothing was seen to switch.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void pricesTheSwitchesWithTheCostsOfAResultsDirectory() {
        CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "100ms",
                "--other-machine", "--costs", "src/test/resources/fixtures/results/workingset-placements-epyc-kvm-jdk25", "--",
                "sh", "-c", "i=0; while [ $i -lt 50 ]; do sleep 0.01; i=$((i+1)); done");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().matches("(?s).*What these switches cost in CPU time \\((this machine's measured CPU time per switch|the CPU time"
                + " per switch measured on another machine), from src/test/resources/fixtures/results/workingset-placements-epyc-kvm-jdk25.*"),
                r.out());
        assertTrue(r.out().matches("(?s).*switches/s × [\\d,.]+ ± [\\d,.]+ ns CPU per switch = [\\d,.]+ ± [\\d,.]+ ms of CPU time per second.*"),
                r.out());
        assertTrue(r.out().contains("Latency, not CPU: time your threads waited to be woken"), r.out());
        assertTrue(r.out().contains("% of one CPU"), r.out());
        assertTrue(r.out().contains("Assumes each switch sampled costs the threads what the benchmark's did (platform threads"), r.out());
        assertTrue(r.out().contains("A busy program's own switch path can cost more than the benchmark's")
                && r.out().contains("forecast --switch-path"), "says what the price leaves out: " + r.out());
        assertTrue(r.out().contains("wake-ups were on the waker's CPU") || r.out().contains("Placement of the wake-ups: "), r.out());
        assertTrue(r.out().contains("Busiest threads"), r.out());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void withoutResultsTheCostLineSaysHowToGetThem() {
        Assumptions.assumeTrue(ResultsDir.newestFirst(Path.of("results")).isEmpty(),
                "this checkout has results/ of its own");
        CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "100ms", "--", "sh", "-c", "sleep 0.3; sleep 0.3");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("Cost: no complete results of this machine: run `switchcost run --quick` first"), r.out());
    }

    @Test
    void badCostOptionsAreUsageErrors() {
        assertUsage(CliResult.run("sample", "--costs", tmp.resolve("none").toString(), "--", "true"), "--costs " + tmp.resolve("none"));
        assertUsage(CliResult.run("sample", "--other-machine", "--costs", "src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25",
                "--working-set", "256", "--", "true"), "no CPU time per switch");
        assertUsage(CliResult.run("sample", "--other-machine", "--costs", "src/test/resources/fixtures/results/workingset-placements-epyc-kvm-jdk25",
                "--working-set", "3", "--", "true"), "no indirect cost at 3 KiB");
    }

    /**
     * A command whose process is named with ESC/OSC (a symlink to sleep; the kernel names a process after
     * the file it runs), sampled beside others named with a split UTF-8 character, a newline and U+202E
     * (issue 30: exit 4 with a stack trace): exit 0, the name shown escaped.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aCommandWithAHostileNameIsSampledAndItsNameEscaped() throws Exception {
        try (HostileNames names = HostileNames.start(tmp)) {
            Path esc = Files.createSymbolicLink(tmp.resolve("\u001b]0;x\u0007" + "\u00e9".repeat(6)), Path.of("/bin/sh"));
            CliResult r = CliResult.run("sample", "--no-baseline", "--no-perf", "--interval", "100ms", "--", esc.toString(),
                    "-c", "sleep 0.3; sleep 0.3; sleep 0.3");
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("\\x1b]0;x\\x07éééé\uFFFD"), r.out());
            assertFalse(r.out().contains("\u001b") || r.err().contains("\u001b"), r.out() + r.err());
        }
    }
}
