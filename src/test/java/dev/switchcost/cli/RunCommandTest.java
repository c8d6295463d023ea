package dev.switchcost.cli;

import dev.switchcost.measure.jmh.CompilerSettleProfiler;
import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.PinnedEventsProfiler;
import dev.switchcost.measure.jmh.TrialPlan;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.render.AnswerCard;
import dev.switchcost.results.QuickSet;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.TinyTmpfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Mode;
import picocli.CommandLine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@Measures
class RunCommandTest {


    @TempDir
    Path tmp;

    private void assertUsage(CliResult r, String expected) {
        assertEquals(ExitCodes.USAGE, r.exit(), r.out() + r.err());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void resultsDirThatIsAFileIsUsageError() throws IOException {
        Path file = Files.createFile(tmp.resolve("file"));
        assertUsage(CliResult.run("run", "-o", file.toString(), "FutexPingPong"), "not a directory");
    }

    @Test
    void unwritableResultsDirIsUsageError() throws IOException {
        Path file = Files.createFile(tmp.resolve("file"));
        assertUsage(CliResult.run("run", "-o", file.resolve("below").toString(), "FutexPingPong"),
                "cannot write results");
    }

    @Test
    void badRegexIsUsageError() {
        assertUsage(CliResult.run("run", "-o", tmp.toString(), "Futex(("), "bad benchmark regex");
    }

    @Test
    void quickAndFullTogetherIsUsageError() {
        assertUsage(CliResult.run("run", "--quick", "--full"), "mutually exclusive");
    }

    @Test
    void aBadPrecisionIsAUsageError() {
        assertUsage(CliResult.run("run", "--precision", "abc"), "--precision takes a percentage");
        assertUsage(CliResult.run("run", "--precision", "150%"), "--precision takes a percentage");
        assertUsage(CliResult.run("run", "--full", "--precision", "5%"), "--full runs each benchmark's own");
        // the quick set's own forks take a budget (its precision is the quick set's); JMH's -f or --full leave none to bound
        assertUsage(CliResult.run("run", "--full", "--budget", "1m"), "--budget bounds --precision");
        assertUsage(CliResult.run("run", "-f", "2", "--budget", "1m"), "--budget bounds --precision");
    }

    @Test
    void theOldOptionNamesAreRefusedForJmhsOwnAndDashO() {
        // JMH's -f -wi -i -w -r -p, and -o/--output, are the one spelling of each (--prof is JMH's -prof: its perf is JMH's
        // LinuxPerfProfiler, no longer switchcost's PerfStatProfiler); a name taken by mistake would meet no benchmark
        for (List<String> old : List.of(List.of("--forks", "1"), List.of("--warmup-iterations", "1"), List.of("--iterations", "1"),
                List.of("--time", "1s"), List.of("--param", "placement=SAME_CPU"),
                List.of("--results-dir", tmp.toString()), List.of("--out", tmp.toString()))) {
            List<String> args = new ArrayList<>(List.of("run"));
            args.addAll(old);
            args.add("NoSuchBenchmarkAnywhere");
            assertUsage(CliResult.run(args.toArray(String[]::new)), old.get(0));
        }
        assertNoRunDir();
    }

    @Test
    void zeroIterationsIsUsageError() {
        assertUsage(CliResult.run("run", "-o", tmp.toString(), "-i", "0"), "should be positive");
        assertNoRunDir();
    }

    private void assertNoRunDir() {
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(), s.toList(), "a rejected run leaves no directory");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void unknownProfilerIsUsageErrorOnTheTerminalAndLeavesNoDirectory() {
        assertUsage(CliResult.run("run", "-o", tmp.toString(), "-prof", "bogus", "FutexPingPong"), "-prof bogus: no such profiler");
        assertNoRunDir();
    }

    @Test
    void badParamValueIsUsageErrorOnTheTerminal() {
        assertUsage(CliResult.run("run", "-o", tmp.toString(), "-p", "primitive=BOGUS", "VirtualThreadHandoffOneCarrier"),
                "-p primitive=BOGUS: not one of [LOCK_SUPPORT");
        assertUsage(CliResult.run("run", "-o", tmp.toString(), "-p", "carriers=one", "VirtualThreadHandoffOneCarrier"),
                "-p carriers=one: not a int");
        assertNoRunDir();
    }

    @Test
    void paramNoSelectedBenchmarkDeclaresIsUsageError() {
        assertUsage(CliResult.run("run", "-o", tmp.toString(), "-p", "nosuch=1", "FutexPingPong"),
                "no selected benchmark has a @Param 'nosuch'");
        assertNoRunDir();
    }

    @Test
    void unknownOptionNamesTheOptionAsTyped() {
        assertUsage(CliResult.run("run", "-o", tmp.toString(), "--no-such-option"), "unknown option --no-such-option");
        assertNoRunDir();
    }

    @Test
    void jmhOutputFileOptionIsRefusedWithTheReason() {
        assertUsage(CliResult.run("run", "-o", tmp.toString(), "-rff", "x.json", "FutexPingPong"), "-rff is not used here");
        assertNoRunDir();
    }

    @Test
    void regexMatchingNothingIsUsageError() {
        assertUsage(CliResult.run("run", "-o", tmp.toString(), "NoSuchBenchmarkAnywhere"), "no benchmark matches");
    }

    private Path onlyRunDir() throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            List<Path> dirs = s.toList();
            assertEquals(1, dirs.size(), dirs.toString());
            return dirs.get(0);
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void jmhOptionsPassThroughAndProfGcIsAProfiler() throws IOException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        // --allow-disturbed: this checks the run's shape, not the machine's quiet (DisturbanceTest does that)
        CliResult r = CliResult.run("run", "--allow-disturbed", "-o", tmp.toString(), "-f", "1", "-wi", "1", "-w", "100ms", "-i", "2",
                "-r", "100ms", "-prof", "gc", "-p", "placement=SAME_CPU", "-p", "wait=UNTIMED", "-p", "binding=JNA", "FutexPingPong");
        assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
        Path dir = onlyRunDir();
        String json = Files.readString(dir.resolve("jmh.json"));
        assertTrue(json.contains("\"gc.alloc.rate\""), "-prof gc ran: " + json);
        assertTrue(json.contains("\"warmupIterations\" : 1") && json.contains("\"measurementIterations\" : 2"), json);
        assertEquals("complete", Files.readAllLines(dir.resolve("status")).get(0));
        assertTrue(r.out().contains("[1/1 |") && r.out().contains("| 100% |"), "whole-run progress n/N ending at 100 %: " + r.out());
        // the run ends with the answer card and the report it wrote, not JMH's table (that is in run.log)
        int card = r.out().indexOf("switchcost: what a context switch costs on this machine");
        assertTrue(card > 0, r.out());
        String[] cardLines = r.out().substring(card).strip().split("\n");
        assertTrue(cardLines.length <= AnswerCard.MAX_LINES, r.out().substring(card));
        assertTrue(cardLines[cardLines.length - 1].startsWith("Report: " + dir.resolve("report.html")), r.out().substring(card));
        assertTrue(Files.isRegularFile(dir.resolve("report.html")));
        assertTrue(!r.out().contains("Benchmark                ") && Files.readString(dir.resolve("run.log")).contains("Benchmark "),
                "JMH's table is in run.log only");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aFailedTrialExitsNonZeroIsLeftOutAndTheDirectorySaysFailed() throws IOException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        // carriers=2 on the one-carrier class: its setup refuses in the fork
        CliResult r = CliResult.run("run", "--allow-disturbed", "-o", tmp.toString(), "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms",
                "-p", "carriers=2", "-p", "pair=VT_VT", "-p", "primitive=LOCK_SUPPORT",
                "VirtualThreadHandoffOneCarrier|SyscallBaseline.gettid");
        assertEquals(ExitCodes.FAILURE, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("1 trial failed") && r.err().contains("carriers=2 but this JVM has"), r.err());
        Path dir = onlyRunDir();
        String json = Files.readString(dir.resolve("jmh.json"));
        assertTrue(json.contains("SyscallBaseline.gettid") && !json.contains("VirtualThreadHandoffOneCarrier"), json);
        List<String> status = Files.readAllLines(dir.resolve("status"));
        assertTrue(status.get(0).matches("failed: 1 of \\d+ trials failed"), status.toString());
        assertTrue(status.stream().anyMatch(l -> l.startsWith("trial-failed\tdev.switchcost.bench.VirtualThreadHandoffOneCarrier.roundTrip\t")
                && l.contains("carriers=2")), status.toString());
        assertTrue(Files.readString(dir.resolve("run.log")).contains("carriers=2 but this JVM has"));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aFullDiskIsExit3OnOneLine() throws Exception {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        try (TinyTmpfs fs = TinyTmpfs.mount(tmp, 64)) {
            Files.createDirectories(fs.dir().resolve("results"));
            fs.fill();
            CliResult r = CliResult.run("run", "-o", fs.dir().resolve("results").toString(), "-f", "1", "-wi", "0", "-i", "1",
                    "-r", "100ms", "SyscallBaseline.gettid");
            assertEquals(ExitCodes.ENVIRONMENT, r.exit(), r.out() + r.err());
            assertTrue(r.oneLineError(), r.err());
        }
    }

    /**
     * The end of a run whose results are written but whose report cannot be: one line naming the file,
     * and a non-zero exit instead of 0 (a full disk gives 3 the same way, through ResultWriteException).
     */
    @Test
    void aReportThatCannotBeWrittenIsNotExitZero() throws IOException {
        Path fixture = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
        RunCommand cmd = new RunCommand();
        CommandLine cl = new CommandLine(cmd);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.parseArgs("-o", tmp.toString(), "FutexPingPong");
        try (ResultsDir run = ResultsDir.create(tmp, "host", null)) {
            for (String f : List.of("jmh.json", "machine.json")) {
                Files.copy(fixture.resolve(f), run.dir().resolve(f));
            }
            run.complete();
            Files.createDirectories(run.dir().resolve("report.html").resolve("in-the-way")); // the report's name is taken
            int code = cmd.answer(run);
            assertNotEquals(ExitCodes.OK, code, out + "\n" + err);
            assertTrue(err.toString().strip().startsWith("switchcost: no answer card or report: could not write "
                    + run.dir().resolve("report")), err.toString());
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            assertEquals("complete", Files.readAllLines(run.dir().resolve("status")).get(0), "the results stay complete");
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void tinyRunWritesJmhJsonMachineJsonAndLog() throws IOException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        CliResult r = CliResult.run("run", "--allow-disturbed", "-o", tmp.toString(), "-f", "1", "-wi", "1", "-w", "100ms",
                "-i", "1", "-r", "100ms", "-p", "placement=SAME_CPU", "FutexPingPong");
        assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
        Path dir;
        try (Stream<Path> s = Files.list(tmp)) {
            List<Path> dirs = s.toList();
            assertEquals(1, dirs.size());
            dir = dirs.get(0);
        }
        assertTrue(dir.getFileName().toString().matches(".+-\\d{8}-\\d{6}(-\\d+)?"), dir.toString());
        String json = Files.readString(dir.resolve("jmh.json"));
        assertTrue(json.contains("\"benchmark\" : \"dev.switchcost.bench.FutexPingPong.roundTrip\""), json);
        assertTrue(json.contains("ctxsw.total.norm"), json);
        assertTrue(json.contains("\"" + CompilerSettleProfiler.WINDOW + "\""), "the compilers settled before the warmed trial's window: " + json);
        MachineInfo m = MachineInfo.fromJson(Files.readString(dir.resolve(MachineInfo.FILE_NAME)));
        assertNotNull(m.perf(), "machine.json has the perf section");
        assertTrue(Files.readString(dir.resolve("run.log")).contains("# Benchmark: dev.switchcost.bench.FutexPingPong.roundTrip"));
        assertTrue(r.out().contains("FutexPingPong.roundTrip binding=JNA placement=SAME_CPU wait=UNTIMED"), r.out());
    }

    /**
     * {@code -prof jfr} (JMH's Flight Recorder profiler) writes its recording into the results directory, named at the
     * end of the run and in the report, and nothing into the working directory (where JMH alone would put it).
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void jfrRecordingsLandInTheResultsDirectoryNotTheWorkingDirectory() throws Exception {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        Path cwd = Files.createDirectory(tmp.resolve("cwd"));
        Path results = tmp.resolve("results");
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(javaBin, "--enable-native-access=ALL-UNNAMED", "-Djmh.ignoreLock=true",
                "-cp", System.getProperty("java.class.path"), SwitchcostCommand.class.getName(),
                "run", "--allow-disturbed", "-o", results.toString(), "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms",
                "-p", "binding=JNA", "-prof", "jfr", "SyscallBaseline.gettid$").directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        try (Stream<Path> s = Files.list(cwd)) {
            assertEquals(List.of(), s.toList(), "nothing in the working directory");
        }
        Path dir;
        try (Stream<Path> s = Files.list(results)) {
            dir = s.findFirst().orElseThrow();
        }
        List<Path> files = ResultsDir.jfrFiles(dir);
        assertEquals(1, files.size(), "one recording for the one trial: " + files);
        Path jfr = files.get(0);
        assertTrue(jfr.startsWith(dir.resolve("jfr")) && jfr.getFileName().toString().equals("profile.jfr")
                && jfr.getParent().getFileName().toString().startsWith("dev.switchcost.bench.SyscallBaseline.gettid-"), jfr.toString());
        assertTrue(Files.size(jfr) > 0, "a recording, not an empty file");
        assertTrue(out.contains("JFR recordings (-prof jfr") && out.contains("  " + jfr), out);
        String report = Files.readString(dir.resolve(ResultsDir.REPORT_MD));
        assertTrue(report.contains("JFR recordings (`-prof jfr`") && report.contains("`" + dir.relativize(jfr) + "`"), report);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void sigtermMarksTheRunInterruptedAndLeavesNoEmptyResultFile() throws Exception {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(javaBin, "--enable-native-access=ALL-UNNAMED", "-Djmh.ignoreLock=true",
                "-cp", System.getProperty("java.class.path"), SwitchcostCommand.class.getName(),
                "run", "-o", tmp.toString(), "-f", "1", "-wi", "0", "-i", "50", "-r", "200ms", "-p", "placement=SAME_CPU",
                "FutexPingPong").redirectErrorStream(true).start();
        try (var lines = new BufferedReader(new InputStreamReader(p.getInputStream())).lines()) {
            // wait until the trial runs, then stop the run as Ctrl-C or kill would
            String seen = lines.filter(l -> l.startsWith("[1/")).findFirst().orElse(null);
            assertNotNull(seen, "the run started");
            Thread.sleep(1000);
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the run stopped");
        } finally {
            p.destroyForcibly();
        }
        Path dir = onlyRunDir();
        assertEquals("interrupted", Files.readAllLines(dir.resolve("status")).get(0));
        assertTrue(!Files.exists(dir.resolve("jmh.json")) || Files.size(dir.resolve("jmh.json")) > 0, "no 0-byte jmh.json");
        try (Stream<Path> s = Files.list(dir)) {
            assertTrue(s.noneMatch(f -> f.getFileName().toString().contains(".part") || f.getFileName().toString().endsWith(".tmp")));
        }
        String log = Files.readString(dir.resolve("run.log"));
        assertTrue(log.contains("\n# switchcost: interrupted\n"), log.substring(Math.max(0, log.length() - 300)));
    }

    /**
     * Issue 18: the card compares virtual with platform threads like with like, so the quick set holds both sides of the
     * one-CPU pair: two virtual threads on one carrier, and two platform threads parking on one CPU.
     */
    @Test
    void quickMeasuresBothSidesOfTheOneCpuVirtualPlatformPair() {
        List<String> trials = TrialPlan.of(prepared().options()).keys().stream()
                .map(t -> t.benchmark().replaceFirst("^.*\\.bench\\.", "") + " " + t.params()).toList();
        assertTrue(trials.stream().anyMatch(t -> t.startsWith("VirtualThreadHandoffOneCarrier.roundTrip ") && t.contains("pair=VT_VT")),
                trials.toString());
        assertTrue(trials.stream().anyMatch(t -> t.startsWith("ParkUnparkPingPong.roundTrip_park ") && t.contains("placement=SAME_CPU")
                && t.contains("wait=UNTIMED")), trials.toString());
        assertTrue(trials.stream().noneMatch(t -> t.startsWith("ParkUnparkPingPong.roundTrip_spin")), trials.toString());
    }

    /** The card's cache line: the paired round trip on one CPU at the quick size and at size 0, in a run of its own. */
    @Test
    void quickRunsTheCacheLineOnOneCpuAtItsSizeAndAtSizeZeroAsARunOfItsOwn() {
        RunCommand.Prepared quick = prepared();
        assertTrue(TrialPlan.of(quick.options()).keys().stream().noneMatch(t -> t.benchmark().contains("WorkingSet")),
                "the main run has no working-set trial");
        assertNotNull(quick.cache(), "run --quick has cache-line trials");
        List<String> trials = TrialPlan.of(quick.cache()).keys().stream()
                .map(t -> t.benchmark().replaceFirst("^.*\\.bench\\.", "") + " " + t.params()).toList();
        assertEquals(2, trials.size(), trials.toString());
        assertTrue(trials.stream().allMatch(t -> t.startsWith("WorkingSetHandoff.roundTripPaired ") && t.contains("placement=SAME_CPU")
                && t.contains("sharing=PRIVATE") && t.contains("strideBytes=64")), trials.toString());
        assertTrue(trials.stream().anyMatch(t -> t.contains("workingSetKiB=0")), trials.toString());
        assertTrue(trials.stream().anyMatch(t -> t.contains("workingSetKiB=" + QuickSet.workingSetKiB())), trials.toString());
        assertEquals(QuickSet.ITERATIONS, quick.cache().getMeasurementIterations().get());
        assertEquals(null, prepared("FutexPingPong").cache(), "a benchmark regex runs what it names");
    }

    /** sample's prices right after run --quick: the paired round trip at size 0 across two CPUs, one trial of its own. */
    @Test
    void quickRunsThePairedRoundTripAtSizeZeroAcrossCpusAsOneTrialOfItsOwn() {
        RunCommand.Prepared quick = prepared();
        assertNotNull(quick.price(), "run --quick has the price trial across CPUs");
        List<String> trials = TrialPlan.of(quick.price()).keys().stream()
                .map(t -> t.benchmark().replaceFirst("^.*\\.bench\\.", "") + " " + t.params()).toList();
        assertEquals(1, trials.size(), trials.toString());
        String t = trials.get(0);
        assertTrue(t.startsWith("WorkingSetHandoff.roundTripPaired ") && t.contains("placement=CROSS_CPU") && t.matches(".*workingSetKiB=0[,}].*")
                && t.contains("handoff=FUTEX") && t.contains("sharing=PRIVATE") && t.contains("strideBytes=64") && t.contains("walk=LI"), t);
        assertEquals(null, prepared("FutexPingPong").price(), "a benchmark regex runs what it names");
    }

    @Test
    void quickRunsTheHandoffsAgainInSampleModeAsARunOfTheirOwnAndARegexOrAModeDoesNot() {
        RunCommand.Prepared quick = prepared();
        assertNotNull(quick.distribution(), "run --quick has distribution trials");
        assertEquals(List.of(Mode.SampleTime), List.copyOf(quick.distribution().getBenchModes()));
        assertTrue(quick.options().getBenchModes().isEmpty(), "the mean rows keep their own mode (average time)");
        List<String> trials = TrialPlan.of(quick.distribution()).keys().stream()
                .map(t -> t.benchmark().replaceFirst("^.*\\.bench\\.", "") + " " + t.mode().shortLabel() + " " + t.params()).toList();
        assertEquals(5, trials.size(), trials.toString());
        assertTrue(trials.stream().allMatch(t -> t.contains(" sample ")), trials.toString());
        assertEquals(2, trials.stream().filter(t -> t.startsWith("FutexPingPong.roundTrip ")).count(), trials.toString());
        assertEquals(2, trials.stream().filter(t -> t.startsWith("VirtualThreadHandoffOneCarrier.roundTrip ")).count(), trials.toString());
        assertEquals(1, trials.stream().filter(t -> t.startsWith("SyscallBaseline.baseline ")).count(), "the timer's own row");
        assertEquals(QuickSet.DISTRIBUTION_ITERATIONS, quick.distribution().getMeasurementIterations().get());
        assertEquals(1, prepared("--", "-i", "1").distribution().getMeasurementIterations().get(), "the user's -i applies to both");
        assertEquals(null, prepared("FutexPingPong").distribution(), "a benchmark regex runs what it names");
        assertEquals(null, prepared("--", "-bm", "avgt").distribution(), "a mode given is the user's");
    }

    /**
     * JFR's pinned-event count runs only when asked: a recording slows every virtual-thread mount (the LockSupport
     * handoff on one carrier read 2.1x its time with it on JDK 21, 2026-11-23), so it is never beside a quoted figure.
     */
    @Test
    void registersThePinnedEventsProfilerOnlyWhenAsked() {
        List<String> profilers = prepared("--", "-prof", "gc", "VirtualThreadHandoffTwoCarriers").options().getProfilers().stream()
                .map(p -> p.getKlass()).toList();
        assertFalse(profilers.contains(PinnedEventsProfiler.class.getName()), profilers.toString());
        assertTrue(profilers.contains("gc") && profilers.contains(ContextSwitchProfiler.class.getName()), profilers.toString());
        assertEquals(1, prepared("--", "-prof", PinnedEventsProfiler.class.getName(), "VirtualThreadHandoffTwoCarriers").options()
                .getProfilers().stream().filter(p -> p.getKlass().equals(PinnedEventsProfiler.class.getName())).count(),
                "given: used once");
    }

    private static RunCommand.Prepared prepared(String... args) {
        RunCommand c = new RunCommand();
        new CommandLine(c).parseArgs(args);
        return c.prepare(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
    }
}
