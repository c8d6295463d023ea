package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PerfStatParserTest {

    @Test
    void readsNoPmuCaptureWithHardwareEventsNotSupported() {
        List<PerfStatParser.Count> c = PerfStatParser.parse(Fixtures.lines("perf-stat/kvm-epyc-2cpu-nopmu-perf6.1-root.csv"), false);
        assertEquals(11, c.size());
        Map<String, PerfStatParser.Status> s = PerfStatParser.statusByEvent(c);
        for (String hw : List.of("cache-misses", "cache-references", "LLC-load-misses", "L1-dcache-load-misses",
                "dTLB-load-misses", "instructions", "cycles")) {
            assertEquals(PerfStatParser.Status.NOT_SUPPORTED, s.get(hw), hw);
        }
        Map<String, Double> t = PerfStatParser.totals(c);
        assertEquals(0.0, t.get("context-switches"));
        assertEquals(48.0, t.get("page-faults"));
        assertEquals(0.59, t.get("task-clock"));
        assertEquals("msec", c.get(10).unit());
    }

    @Test
    void stripsUserModifierAddedUnderParanoid2() {
        List<PerfStatParser.Count> c = PerfStatParser.parse(
                Fixtures.lines("perf-stat/kvm-epyc-2cpu-nopmu-perf6.1-paranoid2-nobody.csv"), false);
        assertTrue(c.stream().anyMatch(x -> x.event().equals("context-switches:u")));
        assertEquals(PerfStatParser.Status.COUNTED, PerfStatParser.statusByEvent(c).get("context-switches"));
        assertEquals(PerfStatParser.Status.NOT_SUPPORTED, PerfStatParser.statusByEvent(c).get("cycles"));
    }

    @Test
    void readsPmuOutputAndSkipsMetricOnlyLines() {
        List<PerfStatParser.Count> c = PerfStatParser.parse(Fixtures.lines("perf-stat/pmu-lkml-20190722-perf-stat-all-cpus.csv"), false);
        assertEquals(2, c.size());
        assertEquals(6721924.0, PerfStatParser.totals(c).get("instructions"));
        assertEquals(30939953.0, PerfStatParser.totals(c).get("cycles"));
    }

    @Test
    void readsIntervalModeWithNotCountedLines() {
        List<PerfStatParser.Count> c = PerfStatParser.parse(
                Fixtures.lines("perf-stat/kvm-epyc-2cpu-nopmu-perf6.1-interval500ms-sleep.csv"), true);
        assertEquals(21, c.size());
        assertEquals(0.500656714, c.get(0).time(), 1e-9);
        assertTrue(c.stream().anyMatch(x -> x.status() == PerfStatParser.Status.NOT_COUNTED));
        assertEquals(3.0, PerfStatParser.totals(c).get("context-switches"));
    }

    @Test
    void readsReconstructedPmuIntervalOutput() {
        List<PerfStatParser.Count> c = PerfStatParser.parse(
                Fixtures.lines("perf-stat/RECONSTRUCTED-pmu-interval-from-csv-format.csv"), true);
        assertEquals(22, c.size());
        assertTrue(c.stream().allMatch(x -> x.status() == PerfStatParser.Status.COUNTED));
        assertEquals(3023456.0, PerfStatParser.totals(c).get("cache-misses"));
    }

    @Test
    void skipsUnrelatedLinesSharingTheStream() {
        List<String> lines = List.of("# Fork: 1 of 1", "Iteration   1: 248.538 ns/op", "",
                "     1.0,5,,context-switches,100,100.00,,", "Error: something");
        List<PerfStatParser.Count> c = PerfStatParser.parse(lines, true);
        assertEquals(1, c.size());
        assertEquals("context-switches", c.get(0).event());
    }

    @Test
    void baseEventDropsPmuPrefixAndModifiers() {
        assertEquals("cycles", PerfStatParser.baseEvent("cpu_core/cycles/u"));
        assertEquals("cycles", PerfStatParser.baseEvent("cycles:u"));
        assertEquals("LLC-load-misses", PerfStatParser.baseEvent("LLC-load-misses"));
    }

    /** Two tracepoints of one subsystem are two events, not one "syscalls" (they were merged once). */
    @Test
    void tracepointsKeepTheirSubsystemAndName() {
        assertEquals("syscalls:sys_enter_futex", PerfStatParser.baseEvent("syscalls:sys_enter_futex"));
        assertEquals("raw_syscalls:sys_enter", PerfStatParser.baseEvent("raw_syscalls:sys_enter"));
        assertEquals("syscalls:sys_enter_futex", PerfStatParser.baseEvent("syscalls:sys_enter_futex:u"));
        List<PerfStatParser.Count> c = PerfStatParser.parse(List.of(
                "668836,,syscalls:sys_enter_futex,1240402578,100.00,,",
                "0,,syscalls:sys_enter_sched_yield,1240402578,100.00,,"), false);
        assertEquals(List.of("syscalls:sys_enter_futex", "syscalls:sys_enter_sched_yield"),
                c.stream().map(PerfStatParser.Count::baseEvent).toList());
    }
}
