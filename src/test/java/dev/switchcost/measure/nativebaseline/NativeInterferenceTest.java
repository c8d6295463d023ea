package dev.switchcost.measure.nativebaseline;

import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.measure.sample.Fixtures;
import dev.switchcost.measure.sample.Interference;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A native cell's interference, on readings captured around real runs of {@code futex_threads SAME_CPU 20000 1}
 * (CPU 1) on the 2-vCPU development VM with other helpers' builds running
 * ({@code fixtures/interference/native-capture.sh}): in {@code native-hog} a {@code taskset -c 1 yes} (pid 16082)
 * ran beside it, in {@code native-busy} it did not.
 */
@Measures
class NativeInterferenceTest {

    private static final CpuSet BOTH = CpuSet.parse("0-1");

    private static NativeResult result(String name) {
        return NativeResultParser.parse(Fixtures.lines("interference/" + name + "-result.jsonl")).get(0);
    }

    private static Interference.Figures figures(String name, NativeResult r) {
        return NativeRunner.interference(r, Fixtures.snapshot("interference/" + name + "-before"),
                Fixtures.snapshot("interference/" + name + "-after"), BOTH, -1);
    }

    @Test
    void othersAreTheProgramsCpusBusyTimeLessItsOwnCpuTimeAndTheHogIsNamed() {
        NativeResult r = result("native-hog");
        assertEquals(101_154_000L, r.processCpuNanos());
        Interference.Figures f = figures("native-hog", r);
        // cpu1: user 688474 -> 688497, system 131144 -> 131161: 40 ticks, none idle or stolen
        assertEquals(400_000_000L, f.timeNs());
        assertEquals(400_000_000L, f.busyNs());
        assertEquals(101_154_000L, f.benchNs(), "the program's own time, from its process_cpu_ns");
        assertEquals(400_000_000L - 101_154_000L, f.othersNs());
        assertEquals(0, f.stealNs());
        // yes: utime+stime 0+3 before, 2+11 after
        assertEquals(new Interference.Intruder(16082, "yes", 100_000_000L), f.intruder().orElseThrow());

        Disturbance.Reading reading = Disturbance.reading(f);
        assertTrue(reading.disturbed() && reading.othersCrossed() && !reading.stealCrossed(), reading.toString());
        assertEquals(100.0 * 298_846_000L / 400_000_000L, reading.othersPercent(), 1e-9);
        assertEquals(new Disturbance.Intruder(16082, "yes", 25.0, false), reading.intruder(), "the whole run's share");
    }

    @Test
    void withoutTheHogOthersStillShowWhoeverRanOnTheCpuAndStealIsItsOwn() {
        Interference.Figures f = figures("native-busy", result("native-busy"));
        // cpu1: 34 user + 13 system + 1 steal
        assertEquals(480_000_000L, f.timeNs());
        assertEquals(10_000_000L, f.stealNs());
        assertEquals(470_000_000L - 119_892_000L, f.othersNs());
        assertFalse(f.intruders().stream().anyMatch(i -> i.comm().equals("yes")), f.intruders().toString());
        assertEquals("C2 CompilerThre", f.intruder().orElseThrow().comm(), "a build on the shared machine");
    }

    @Test
    void aCpuTheProgramDidNotRunOnIsNotMeasuredAndUnpinnedMeansEveryAllowedCpu() {
        NativeResult r = result("native-hog");
        NativeResult onCpu0 = new NativeResult(r.mechanism(), r.op(), r.placement(), "0", 1, r.roundTrips(), r.elapsedNanos(),
                r.nsPerRoundTrip(), r.voluntaryPerRoundTrip(), r.involuntaryPerRoundTrip(), r.switchesPerRoundTrip(), r.processCpuNanos());
        assertFalse(figures("native-hog", onCpu0).intruders().stream().anyMatch(i -> i.pid() == 16082), "yes is pinned to cpu 1");
        NativeResult unpinned = new NativeResult(r.mechanism(), r.op(), "UNPINNED", "", 1, r.roundTrips(), r.elapsedNanos(),
                r.nsPerRoundTrip(), r.voluntaryPerRoundTrip(), r.involuntaryPerRoundTrip(), r.switchesPerRoundTrip(), r.processCpuNanos());
        assertTrue(figures("native-hog", unpinned).timeNs() > figures("native-hog", r).timeNs(), "both CPUs");
    }

    @Test
    void aProgramThatDoesNotReportItsCpuTimeIsNotJudged() {
        NativeResult old = NativeResultParser.parse(Fixtures.lines("native/epyc-kvm-2vcpu-linux-6.18-gcc-12.jsonl")).get(0);
        assertEquals(-1, old.processCpuNanos(), "output of programs built before process_cpu_ns");
        assertNull(figures("native-hog", old));
    }
}
