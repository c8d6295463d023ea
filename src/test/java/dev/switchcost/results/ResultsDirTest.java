package dev.switchcost.results;

import dev.switchcost.SwitchcostException;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsDirTest {

    static final Clock FIXED = Clock.fixed(Instant.parse("2026-11-22T14:05:09Z"), ZoneOffset.UTC);

    @TempDir
    Path parent;

    /** Issue 11 case 5: two runs in the same second get two directories. */
    @Test
    void twoRunsInTheSameSecondGetTwoDirectories() throws IOException {
        try (ResultsDir a = ResultsDir.create(parent, "box", null, FIXED);
             ResultsDir b = ResultsDir.create(parent, "box", null, FIXED);
             ResultsDir c = ResultsDir.create(parent, "box", "compare", FIXED)) {
            assertEquals("box-20261122-140509", a.dir().getFileName().toString());
            assertEquals("box-20261122-140509-2", b.dir().getFileName().toString());
            assertEquals("box-20261122-140509-compare", c.dir().getFileName().toString());
            assertNotEquals(a.dir(), b.dir());
            assertEquals(RunStatus.State.RUNNING, ResultsDir.readStatus(a.dir()).state());
            a.complete();
            b.complete();
            c.complete();
        }
    }

    /** Issue 18: the build that measured is recorded when the run starts, and read back with the results. */
    @Test
    void recordsTheMeasuringBuildAtRunTimeAndReadsItBack() throws IOException {
        Provenance now = Provenance.current();
        try (ResultsDir a = ResultsDir.create(parent, "box", null, FIXED);
             ResultsDir b = ResultsDir.claim(parent.resolve("claimed"), "-o")) {
            for (ResultsDir d : List.of(a, b)) {
                assertTrue(Files.isRegularFile(d.dir().resolve(ResultsDir.PROVENANCE)), "written before anything is measured");
                Files.copy(Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25/jmh.json"), d.jmhJson());
                d.complete();
                Provenance read = Results.load(d.dir()).provenance();
                assertEquals(now.switchcostVersion(), read.switchcostVersion());
                assertEquals(now.commit(), read.commit());
                assertEquals(now.dirty(), read.dirty());
                assertEquals(org.openjdk.jmh.util.Version.getPlainVersion().strip(), read.jmhVersion());
                assertFalse(read.recordedAt().isBlank());
            }
        }
    }

    @Test
    void aDirectoryWrittenBeforeProvenanceHasNone() {
        Results old = Results.load(Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25"));
        assertEquals(null, old.provenance());
        assertTrue(old.notes().isEmpty(), "provenance.json is not a JMH file to be skipped with a note: " + old.notes());
    }

    @Test
    void aMalformedProvenanceFileIsNamed() throws IOException {
        Files.writeString(parent.resolve(ResultsDir.PROVENANCE), "[1, 2]");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Provenance.read(parent));
        assertTrue(e.getMessage().contains(ResultsDir.PROVENANCE), e.getMessage());
    }

    @Test
    void concurrentCreatorsNeverShareADirectory() throws Exception {
        int n = 8;
        List<Thread> threads = new ArrayList<>();
        Set<Path> dirs = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> dirs.add(ResultsDir.create(parent, "box", null, FIXED).dir()));
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(n, dirs.size());
    }

    @Test
    void hostNamesAreMadeSafe() {
        assertEquals("a_b_c-20261122-140509", ResultsDir.name("a/b c", LocalDateTime.now(FIXED), null));
        assertEquals("unknown-20261122-140509", ResultsDir.name(null, LocalDateTime.now(FIXED), ""));
    }

    @Test
    void statusLifecycleAndFailedTrialsRoundTrip() throws IOException {
        ResultsDir d = ResultsDir.create(parent, "box", null, FIXED);
        d.recordTrial(new RunStatus.FailedTrial("dev.switchcost.bench.ProcessVsThreadSwitch.roundTrip_processes",
                Map.of("placement", "SAME_CPU"), "partner process died\n(exit 137)", false));
        assertEquals(RunOwner.current().statusLine() + "\ntrial-failed\tdev.switchcost.bench.ProcessVsThreadSwitch.roundTrip_processes\tplacement=SAME_CPU"
                + "\tpartner process died (exit 137)\n", Files.readString(d.dir().resolve(ResultsDir.STATUS)));
        d.complete(); // refused to say complete with a failed trial
        RunStatus s = ResultsDir.readStatus(d.dir());
        assertEquals(RunStatus.State.FAILED, s.state());
        assertEquals("1 trial failed", s.reason());
        assertEquals(1, s.failedTrials().size());
        assertTrue(s.trial("dev.switchcost.bench.ProcessVsThreadSwitch.roundTrip_processes",
                Map.of("placement", "SAME_CPU", "other", "x"), false).isPresent());
        assertFalse(s.trial("dev.switchcost.bench.ProcessVsThreadSwitch.roundTrip_processes",
                Map.of("placement", "CROSS_CPU"), false).isPresent());
        assertFalse(s.complete());
        d.close();
    }

    @Test
    void aDisturbedTrialIsRecordedApartFromFailedOnesAndDoesNotRefuseComplete() throws IOException {
        ResultsDir d = ResultsDir.create(parent, "box", null, FIXED);
        d.recordTrial(new RunStatus.FailedTrial("dev.switchcost.bench.FutexPingPong.roundTrip", Map.of("placement", "SAME_CPU"),
                "disturbed: other tasks took 56% of the measured CPUs' time (limit 5%); largest: yes (pid 20025) took 58%", true));
        assertTrue(Files.readString(d.dir().resolve(ResultsDir.STATUS)).contains("\ntrial-disturbed\tdev.switchcost.bench.FutexPingPong.roundTrip"
                + "\tplacement=SAME_CPU\tdisturbed: other tasks took 56%"), Files.readString(d.dir().resolve(ResultsDir.STATUS)));
        d.complete(); // kept with --allow-disturbed: the run completes, marked
        RunStatus s = ResultsDir.readStatus(d.dir());
        assertEquals(RunStatus.State.COMPLETE, s.state());
        assertTrue(s.failedTrials().get(0).disturbed());
        assertTrue(s.trial("dev.switchcost.bench.FutexPingPong.roundTrip", Map.of("placement", "SAME_CPU"), true).isPresent());
        assertFalse(s.trial("dev.switchcost.bench.FutexPingPong.roundTrip", Map.of("placement", "SAME_CPU"), false).isPresent(),
                "disturbed is not failed");
        assertFalse(s.complete(), "shown with a warning");
        assertTrue(s.describe().contains("1 disturbed trial") && !s.describe().contains("failed trial"), s.describe());
        d.close();
    }

    /** Whether the run kept a disturbed trial's rows is written on its line, and read back; a line without it reads as kept. */
    @Test
    void aDisturbedTrialSaysWhetherItsRowsWereKept() throws IOException {
        ResultsDir d = ResultsDir.create(parent, "box", null, FIXED);
        String bench = "dev.switchcost.bench.FutexPingPong.roundTrip";
        d.recordTrial(new RunStatus.FailedTrial(bench, Map.of("placement", "SAME_CPU"), "disturbed: others took 56%", true, false));
        d.recordTrial(new RunStatus.FailedTrial(bench, Map.of("placement", "CROSS_CPU"), "disturbed: others took 9%", true, true));
        String text = Files.readString(d.dir().resolve(ResultsDir.STATUS));
        assertTrue(text.contains("\tplacement=SAME_CPU\tdisturbed: others took 56%\tleft-out\n")
                && text.contains("\tplacement=CROSS_CPU\tdisturbed: others took 9%\tkept\n"), text);
        RunStatus s = ResultsDir.readStatus(d.dir());
        assertTrue(s.failedTrials().get(0).leftOut() && !s.failedTrials().get(1).leftOut(), s.toString());
        assertEquals("disturbed: others took 56%", s.failedTrials().get(0).reason());
        Files.writeString(d.dir().resolve(ResultsDir.STATUS), "complete\ntrial-disturbed\t" + bench + "\tplacement=SAME_CPU\tdisturbed\n");
        assertTrue(ResultsDir.readStatus(d.dir()).failedTrials().get(0).kept(), "written before the field: its rows, if any, were kept");
        d.close();
    }

    @Test
    void aThrottledTrialsStatusSaysAQuotaThrottledIt() throws IOException {
        ResultsDir d = ResultsDir.create(parent, "box", null, FIXED);
        d.recordTrial(new RunStatus.FailedTrial("dev.switchcost.bench.FutexPingPong.roundTrip", Map.of("placement", "SAME_CPU"),
                "disturbed: throttled by a CPU quota (20% of one CPU, cgroup /ci): 9 of 9 periods, 1.0 s", true));
        d.complete();
        assertTrue(ResultsDir.readStatus(d.dir()).describe().endsWith("; 1 disturbed trial (a CPU quota throttled them; rows left out,"
                + " or marked where kept with --allow-disturbed)"), ResultsDir.readStatus(d.dir()).describe());
        d.recordTrial(new RunStatus.FailedTrial("dev.switchcost.bench.FutexPingPong.roundTrip", Map.of("placement", "CROSS_CPU"),
                "disturbed: other tasks took 56% of the measured CPUs' time (limit 5%)", true));
        assertTrue(ResultsDir.readStatus(d.dir()).describe().contains("2 disturbed trials (other tasks took their CPUs or a CPU quota"
                + " throttled them;"), ResultsDir.readStatus(d.dir()).describe());
        d.close();
    }

    @Test
    void interruptedAndFailedAreRead() throws IOException {
        ResultsDir d = ResultsDir.create(parent, "box", null, FIXED);
        d.interrupted();
        assertEquals(RunStatus.State.INTERRUPTED, ResultsDir.readStatus(d.dir()).state());
        d.fail("could not write jmh.json");
        RunStatus s = ResultsDir.readStatus(d.dir());
        assertEquals(RunStatus.State.FAILED, s.state());
        assertEquals("failed: could not write jmh.json", s.describe());
    }

    @Test
    void closingARunStillRunningMarksItFailed() throws IOException {
        ResultsDir d = ResultsDir.create(parent, "box", null, FIXED).interruptedOnExit();
        d.close();
        assertEquals(RunStatus.State.FAILED, ResultsDir.readStatus(d.dir()).state());
    }

    @Test
    void noStatusFileIsUnknownAndAGarbledOneIsAnError() throws IOException {
        assertEquals(RunStatus.State.UNKNOWN, ResultsDir.readStatus(parent).state());
        Files.writeString(parent.resolve("status"), "banana\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultsDir.readStatus(parent));
        assertTrue(e.getMessage().contains("not a switchcost status file"), e.getMessage());
    }

    @Test
    void claimTakesANewOrEmptyDirectoryAndRefusesAUsedOne() throws IOException {
        Path fresh = parent.resolve("x/y");
        try (ResultsDir d = ResultsDir.claim(fresh, "--results-dir")) {
            assertTrue(Files.isRegularFile(fresh.resolve("status")));
            d.complete();
        }
        SwitchcostException e = assertThrows(SwitchcostException.class, () -> ResultsDir.claim(fresh, "--results-dir"));
        assertEquals(SwitchcostException.Kind.USAGE, e.kind());
        assertTrue(e.getMessage().contains("already holds files"), e.getMessage());
        Path file = Files.createFile(parent.resolve("afile"));
        assertEquals(SwitchcostException.Kind.USAGE, assertThrows(SwitchcostException.class, () -> ResultsDir.claim(file, "--results-dir")).kind());
    }

    /** A read-only file system is the environment: exit 3, one line (a read-only tmpfs; needs root to mount). */
    @Test
    void aReadOnlyFileSystemIsAnEnvironmentError() throws Exception {
        Path ro = Files.createDirectory(parent.resolve("rofs"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k,ro", "tmpfs", ro.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        Needs.ROOT.assume(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "cannot mount a tmpfs: " + out);
        try {
            SwitchcostException e = assertThrows(SwitchcostException.class, () -> ResultsDir.create(ro, "box", null));
            assertEquals(SwitchcostException.Kind.ENVIRONMENT, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("read-only file system") && !e.getMessage().contains("\n"), e.getMessage());
            SwitchcostException w = assertThrows(SwitchcostException.class, () -> ResultsDir.requireWritableDirectory(ro, "-o"));
            assertEquals(SwitchcostException.Kind.ENVIRONMENT, w.kind(), w.getMessage());
        } finally {
            new ProcessBuilder("umount", ro.toString()).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aParentThatIsAFileIsAUsageError() throws IOException {
        Path file = Files.createFile(parent.resolve("afile"));
        SwitchcostException e = assertThrows(SwitchcostException.class, () -> ResultsDir.create(file, "box", null));
        assertEquals(SwitchcostException.Kind.USAGE, e.kind());
    }

    @Test
    void anUnwritableParentIsAUsageErrorWithOneLine() throws IOException {
        Path ro = Files.createDirectory(parent.resolve("ro"));
        ro.toFile().setWritable(false, false);
        try {
            Needs.NON_ROOT.assume(!Files.isWritable(ro), "as root, permissions do not bind");
            SwitchcostException e = assertThrows(SwitchcostException.class, () -> ResultsDir.create(ro, "box", null));
            assertEquals(SwitchcostException.Kind.USAGE, e.kind());
            assertFalse(e.getMessage().contains("\n"));
        } finally {
            ro.toFile().setWritable(true);
        }
        try (Stream<Path> s = Files.list(ro)) {
            assertEquals(0, s.count());
        }
    }

    /** -prof jfr's recordings: under jfr/ and jfr-jdk<version>/ (run --jdk), one trial directory deep; nothing else. */
    @Test
    void jfrFilesAreTheRecordingsUnderTheJfrDirectories() throws IOException {
        try (ResultsDir run = ResultsDir.create(parent, "host", null)) {
            Path a = Files.createDirectories(run.jfrDir().resolve("dev.switchcost.bench.A.x-AverageTime")).resolve("profile.jfr");
            Path b = Files.createDirectories(run.jfrDir("21.0.8").resolve("dev.switchcost.bench.B.y-AverageTime")).resolve("profile.jfr");
            Files.writeString(a, "a");
            Files.writeString(b, "b");
            Files.writeString(run.dir().resolve("stray.jfr"), "not in a jfr directory");
            Files.writeString(run.jfrDir().resolve("notes.txt"), "not a recording");
            assertEquals(run.dir().resolve("jfr-jdk21.0.8"), run.jfrDir("21.0.8"));
            assertEquals(List.of(a, b), ResultsDir.jfrFiles(run.dir()));
            assertEquals(List.of(b), ResultsDir.recordings(run.jfrDir("21.0.8")));
            assertEquals(List.of(), ResultsDir.jfrFiles(parent.resolve("absent")));
            run.complete();
        }
    }
}
