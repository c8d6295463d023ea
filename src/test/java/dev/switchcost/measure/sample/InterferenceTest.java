package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The interference arithmetic on snapshots captured on the 2-CPU development VM (kernel 6.18, a busy
 * shared machine), see {@code fixtures/interference}: a shell busy loop {@code taskset -c 1 sh -c 'while :;
 * do :; done'} (pid 3869) stands for the benchmark thread on CPU 1; in {@code hog-*} a
 * {@code taskset -c 1 yes} (pid 3870) runs beside it, in {@code busy-*} it does not (other work on the
 * machine still does). Snapshots are about 1.1 s apart.
 */
class InterferenceTest {

    private static final int BENCH = 3869;
    private static final long YES = 3870;

    private static Interference.Snapshot snapshot(String name) {
        return Fixtures.snapshot("interference/" + name);
    }

    private static Interference.Figures figures(String window) {
        return Interference.between(snapshot(window + "-before"), snapshot(window + "-after"), Set.of(1), Set.of(BENCH),
                BENCH, Set.of(), 1000);
    }

    @Test
    void othersAreTheMeasuredCpusBusyTimeLessTheBenchmarkThreadsRunTime() {
        Interference.Figures f = figures("hog");
        // cpu1: total 92683+9839+66037+1210+269+144 - (92618+9791+66037+1210+269+144) = 113 ticks, none idle
        assertEquals(1_130_000_000L, f.timeNs());
        assertEquals(1_130_000_000L, f.busyNs());
        assertEquals(232_166_785L - 77_961_617L, f.benchNs());
        assertEquals(1_287_432_453L - 277_656_493L, f.waitNs());
        assertEquals(0, f.stealNs());
        assertEquals(f.busyNs() - f.benchNs(), f.othersNs());
        assertEquals(100.0 * (1_130_000_000L - 154_205_168L) / 1_130_000_000L, f.othersPercent(), 1e-9);
        assertEquals((1_287_432_453L - 277_656_493L) / 1000.0, f.runQueuePerOp(), 1e-9);
    }

    @Test
    void namesThePinnedHogAmongTheLargestIntrudersOnTheMeasuredCpu() {
        Interference.Figures hog = figures("hog");
        Interference.Intruder yes = hog.intruders().stream().filter(i -> i.pid() == YES).findFirst().orElseThrow(
                () -> new AssertionError("yes not among " + hog.intruders()));
        assertEquals("yes", yes.comm());
        // utime+stime 6+19 after, 2+5 before
        assertEquals(180_000_000L, yes.ns());
        assertTrue(hog.intruders().size() <= Interference.INTRUDERS);
        assertTrue(hog.intruders().get(0).ns() >= hog.intruders().get(hog.intruders().size() - 1).ns());
        assertFalse(hog.intruders().stream().anyMatch(i -> i.pid() == BENCH), "the benchmark is never its own intruder");

        Interference.Figures busy = figures("busy");
        assertFalse(busy.intruders().stream().anyMatch(i -> i.pid() == YES), "no yes after it was killed: " + busy.intruders());
    }

    @Test
    void thisJvmsOtherThreadsOnTheMeasuredCpusAreTheirOwnFigureNotOthers() {
        Interference.Snapshot before = snapshot("hog-before");
        Interference.Snapshot after = snapshot("hog-after");
        // call yes's process "this JVM": its time moves from others to jvm
        Interference.Figures f = Interference.between(before, after, Set.of(1), Set.of(BENCH), YES, Set.of(), 1000);
        assertEquals(180_000_000L, f.jvmNs());
        assertEquals(figures("hog").othersNs() - 180_000_000L, f.othersNs());
        assertFalse(f.intruders().stream().anyMatch(i -> i.pid() == YES));
    }

    @Test
    void aCpuOutsideTheMeasuredOnesIsNotCounted() {
        Interference.Figures cpu0 = Interference.between(snapshot("hog-before"), snapshot("hog-after"), Set.of(0),
                Set.of(), -2, Set.of(), 1000);
        assertFalse(cpu0.intruders().stream().anyMatch(i -> i.pid() == YES), "yes is pinned to cpu 1");
        assertEquals(0, cpu0.benchNs());
    }

    @Test
    void aVanishedThreadKeepsItsLastCountersAndANewOneCountsFromZero() {
        Interference.Snapshot before = new Interference.Snapshot(Map.of(1, new CpuTicks(1, 100, 0, 0, 0)),
                Map.of(7, new SchedStat(500, 50, 5)), Map.of(9, new TaskStat(9, 9, "gone", 40, 1, 0)));
        Interference.Snapshot after = new Interference.Snapshot(Map.of(1, new CpuTicks(1, 200, 0, 0, 0)),
                Map.of(7, new SchedStat(500, 50, 5), 8, new SchedStat(300, 30, 3)), Map.of(10, new TaskStat(10, 10, "new", 4, 1, 0)));
        Interference.Figures f = Interference.between(before, after, Set.of(1), Set.of(7, 8), 1, Set.of(), 0);
        assertEquals(300, f.benchNs());
        assertEquals(30, f.waitNs());
        assertEquals(List.of(new Interference.Intruder(10, "new", 40_000_000L)), f.intruders());
        assertTrue(Double.isNaN(f.runQueuePerOp()), "no ops: no per-op figure");
    }

    @Test
    void stealIsItsOwnShareAndNotBusy() {
        Map<Integer, CpuTicks> b = CpuTicks.parse(List.of("cpu1 100 0 0 100 0 0 0 10 0 0"));
        Map<Integer, CpuTicks> a = CpuTicks.parse(List.of("cpu1 150 0 0 130 0 0 0 30 0 0"));
        Interference.Figures f = Interference.between(new Interference.Snapshot(b, Map.of(), Map.of()),
                new Interference.Snapshot(a, Map.of(), Map.of()), Set.of(1), Set.of(), 1, Set.of(), 1);
        assertEquals(20.0, f.percent(f.stealNs()), 1e-9);
        assertEquals(50.0, f.othersPercent(), 1e-9);
    }

    @Test
    void parsersReadRealLinesAndRejectOthersNamingThem() {
        Map<Integer, CpuTicks> cpus = CpuTicks.parse(Fixtures.lines("interference/hog-after-proc-stat.txt"));
        assertEquals(Set.of(0, 1), cpus.keySet(), "the aggregate cpu line is not a CPU");
        assertEquals(new CpuTicks(1, 92683 + 9839 + 66037 + 1210 + 269 + 144, 66037 + 1210, 144, 269), cpus.get(1));
        String yes = Fixtures.lines("interference/hog-after-task-stat.txt").stream().filter(l -> l.startsWith("3870 (yes)"))
                .findFirst().orElseThrow();
        TaskStat odd = TaskStat.parse(5, yes.replace("(yes)", "(a (b) c)"));
        assertEquals("a (b) c", odd.comm());
        assertEquals(3870, odd.tid());
        assertEquals(6 + 19, odd.cpuTicks());
        assertEquals(1, odd.processor(), "field 39: yes was pinned to cpu 1");
        assertEquals(3865, odd.ppid(), "field 4: the shell that started yes");
        assertEquals(new SchedStat(1, 2, 3), SchedStat.parse("1 2 3\n"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> SchedStat.parse("1 2"));
        assertTrue(bad.getMessage().contains("'1 2'"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TaskStat.parse(1, "12 (x) S 1 2"));
        assertThrows(IllegalArgumentException.class, () -> CpuTicks.parse(List.of("cpu3 1 2 3")));
    }

    @Test
    void endedTasksReadAsVanishedNotAsErrors() {
        assertTrue(ProcText.vanished(new NoSuchFileException("/proc/1/task/2/stat")));
        assertTrue(ProcText.vanished(new IOException("No such process")));
        assertFalse(ProcText.vanished(new IOException("Permission denied")));
        assertEquals(null, SchedStat.read(Integer.MAX_VALUE, Integer.MAX_VALUE));
    }

    @Test
    void anIntrudersShareIsNeverMoreThanTheMeasuredCpusTime() {
        // a multi-threaded process whose threads all ended on cpu 1 after running on both CPUs
        Interference.Snapshot before = new Interference.Snapshot(Map.of(1, new CpuTicks(1, 0, 0, 0, 0)), Map.of(),
                Map.of(20, new TaskStat(20, 20, "java", 0, 0, 0), 21, new TaskStat(20, 21, "C2", 0, 0, 0)));
        Interference.Snapshot after = new Interference.Snapshot(Map.of(1, new CpuTicks(1, 10, 0, 0, 0)), Map.of(),
                Map.of(20, new TaskStat(20, 20, "java", 8, 1, 0), 21, new TaskStat(20, 21, "C2", 8, 1, 0)));
        Interference.Figures f = Interference.between(before, after, Set.of(1), Set.of(), 1, Set.of(), 1);
        assertEquals(160_000_000L, f.intruder().orElseThrow().ns());
        assertEquals("java", f.intruder().orElseThrow().comm(), "named after its main thread");
        assertEquals(100.0, f.intruderPercent(), 1e-9);
    }

    /**
     * A neighbour bursting a few ms at a time moves its whole ticks by 0 or 1 in a 200 ms window; its {@code schedstat}
     * counts each ns. Where both ends were read, the ns count is its share (and the named share); a thread born in the
     * window counts from zero; a thread whose schedstat was not read at one end falls back to its ticks.
     */
    @Test
    void processesOutsideTheRunAreCountedByTheirOwnRunTimeToTheNs() {
        Interference.Snapshot before = new Interference.Snapshot(Map.of(1, new CpuTicks(1, 0, 0, 0, 0)), Map.of(),
                Map.of(60, new TaskStat(60, 60, "python3", 7, 1, 1, 70_000_000L),
                        70, new TaskStat(70, 70, "old", 3, 1, 1)));
        Interference.Snapshot after = new Interference.Snapshot(Map.of(1, new CpuTicks(1, 20, 0, 0, 0)), Map.of(),
                Map.of(60, new TaskStat(60, 60, "python3", 7, 1, 1, 79_280_000L),
                        61, new TaskStat(61, 61, "sh", 0, 1, 1, 1_500_000L),
                        70, new TaskStat(70, 70, "old", 4, 1, 1, 40_000_000L)));
        Interference.Figures f = Interference.between(before, after, Set.of(1), Set.of(), 1, Set.of(), 1);
        assertEquals(List.of(new Interference.Intruder(70, "old", 10_000_000L), new Interference.Intruder(60, "python3", 9_280_000L),
                new Interference.Intruder(61, "sh", 1_500_000L)), f.intruders());
        assertEquals(100.0 * 20_780_000L / 200_000_000L, f.namedPercent(), 1e-9);
    }

    @Test
    void aProcessIsNamedByItsMainThreadEvenWhenOnlyAnotherThreadRan() {
        Interference.Snapshot before = new Interference.Snapshot(Map.of(1, new CpuTicks(1, 0, 0, 0, 0)), Map.of(),
                Map.of(30, new TaskStat(30, 30, "java", 5, 0, 0), 31, new TaskStat(30, 31, "C2 CompilerThre", 0, 1, 0)));
        Interference.Snapshot after = new Interference.Snapshot(Map.of(1, new CpuTicks(1, 10, 0, 0, 0)), Map.of(),
                Map.of(30, new TaskStat(30, 30, "java", 5, 0, 0), 31, new TaskStat(30, 31, "C2 CompilerThre", 3, 1, 0)));
        Interference.Figures f = Interference.between(before, after, Set.of(1), Set.of(), 1, Set.of(), 1);
        assertEquals(List.of(new Interference.Intruder(30, "java", 30_000_000L)), f.intruders());
    }

    /**
     * The JVMs that started this one (a JMH fork's host, the launcher above it) are the harness: their time
     * counts with this JVM's, never as others'. A shell above them, and any other java, stay others.
     */
    @Test
    void theJvmsThatStartedThisOneAreTheHarnessNotIntruders() {
        long self = 40;
        Map<Integer, TaskStat> b = Map.of(
                40, new TaskStat(40, 40, "java", 0, 1, 41),
                41, new TaskStat(41, 41, "java", 0, 1, 42), 43, new TaskStat(41, 43, "C2 CompilerThre", 0, 1, 42),
                42, new TaskStat(42, 42, "java", 0, 1, 44),
                44, new TaskStat(44, 44, "bash", 0, 1, 1),
                50, new TaskStat(50, 50, "java", 0, 1, 44));
        Map<Integer, TaskStat> a = Map.of(
                40, new TaskStat(40, 40, "java", 0, 1, 41),
                41, new TaskStat(41, 41, "java", 2, 1, 42), 43, new TaskStat(41, 43, "C2 CompilerThre", 3, 1, 42),
                42, new TaskStat(42, 42, "java", 1, 1, 44),
                44, new TaskStat(44, 44, "bash", 1, 1, 1),
                50, new TaskStat(50, 50, "java", 4, 1, 44));
        assertEquals(Set.of(41L, 42L), Interference.harness(new Interference.Snapshot(Map.of(), Map.of(), a), self));
        Interference.Figures f = Interference.between(new Interference.Snapshot(Map.of(1, new CpuTicks(1, 0, 0, 0, 0)), Map.of(), b),
                new Interference.Snapshot(Map.of(1, new CpuTicks(1, 20, 0, 0, 0)), Map.of(), a), Set.of(1), Set.of(), self, Set.of(), 1);
        assertEquals(60_000_000L, f.jvmNs(), "the host's two threads and the launcher: 6 ticks");
        assertEquals(List.of(new Interference.Intruder(50, "java", 40_000_000L), new Interference.Intruder(44, "bash", 10_000_000L)),
                f.intruders(), "another java and the shell stay others");
    }

    /**
     * Issue 30's false alarms on a quiet machine: the fork before this one still shutting down ("java (pid N)",
     * a sibling under the host) and a process the benchmark started are the run's own, not intruders; a
     * process that is not a JVM started by the host is not.
     */
    @Test
    void theOtherForksOfTheHostAndTheBenchmarksChildrenAreTheRunsOwn() {
        long self = 40;
        Map<Integer, TaskStat> b = Map.of(
                40, new TaskStat(40, 40, "java", 0, 1, 41), 41, new TaskStat(41, 41, "java", 0, 1, 44),
                45, new TaskStat(45, 45, "java", 0, 1, 41), 46, new TaskStat(46, 46, "sh", 0, 1, 40),
                44, new TaskStat(44, 44, "bash", 0, 1, 1), 50, new TaskStat(50, 50, "yes", 0, 1, 44),
                51, new TaskStat(51, 51, "yes", 0, 1, 41));
        Map<Integer, TaskStat> a = Map.of(
                40, new TaskStat(40, 40, "java", 0, 1, 41), 41, new TaskStat(41, 41, "java", 1, 1, 44),
                45, new TaskStat(45, 45, "java", 5, 1, 41), 46, new TaskStat(46, 46, "sh", 2, 1, 40),
                44, new TaskStat(44, 44, "bash", 0, 1, 1), 50, new TaskStat(50, 50, "yes", 3, 1, 44),
                51, new TaskStat(51, 51, "yes", 1, 1, 41));
        assertEquals(Set.of(40L, 41L, 45L, 46L), Interference.run(new Interference.Snapshot(Map.of(), Map.of(), a), self));
        Interference.Figures f = Interference.between(new Interference.Snapshot(Map.of(1, new CpuTicks(1, 0, 0, 0, 0)), Map.of(), b),
                new Interference.Snapshot(Map.of(1, new CpuTicks(1, 100, 80, 0, 0)), Map.of(), a), Set.of(1), Set.of(), self, Set.of(), 1);
        assertEquals(80_000_000L, f.jvmNs(), "host 1, previous fork 5, the benchmark's sh 2");
        assertEquals(List.of(new Interference.Intruder(50, "yes", 30_000_000L), new Interference.Intruder(51, "yes", 10_000_000L)),
                f.intruders(), "a yes the host started (as a test does) is not the run's");
    }

    /**
     * Threads born and ended between two scans (ThreadCreation's) are in their process's whole time only; they
     * count as the JVM's, and what no process and no interrupt explains is told as unattributed.
     */
    @Test
    void threadsThatEndedUnseenCountAsTheJvmsAndTheRestIsToldApart() {
        long self = 40;
        Map<Integer, TaskStat> b = Map.of(40, new TaskStat(40, 40, "java", 10, 1, 1), 41, new TaskStat(40, 41, "C2", 5, 1, 1));
        Map<Integer, TaskStat> a = Map.of(40, new TaskStat(40, 40, "java", 12, 1, 1), 41, new TaskStat(40, 41, "C2", 6, 1, 1),
                60, new TaskStat(60, 60, "yes", 4, 1, 1));
        Interference.Figures f = Interference.between(
                new Interference.Snapshot(Map.of(1, new CpuTicks(1, 0, 0, 0, 0)), Map.of(), b, Map.of(40L, 100L)),
                new Interference.Snapshot(Map.of(1, new CpuTicks(1, 100, 60, 0, 2)), Map.of(), a, Map.of(40L, 130L)),
                Set.of(1), Set.of(), self, Set.of(), 1);
        assertEquals(300_000_000L, f.jvmNs(), "3 ticks seen, 27 of threads that ended unseen");
        assertEquals(100_000_000L, f.othersNs());
        assertEquals(20_000_000L, f.irqNs());
        assertEquals(40_000_000L, f.namedNs());
        assertEquals(40_000_000L, f.unattributedNs(), "others less yes and the interrupts");
    }
}
