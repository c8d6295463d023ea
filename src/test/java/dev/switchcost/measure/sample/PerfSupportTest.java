package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PerfSupportTest {

    @Test
    void noPmuKeepsSoftwareEventsAndExplainsTheRest() {
        PerfSupport s = PerfSupport.from("perf", "perf version 6.1.187", 2, PerfSupport.DEFAULT_EVENTS, 0,
                Fixtures.lines("perf-stat/kvm-epyc-2cpu-nopmu-perf6.1-root.csv"));
        assertTrue(s.available());
        assertFalse(s.hasPmu());
        assertEquals(List.of("context-switches", "cpu-migrations", "page-faults", "task-clock"), s.supported());
        String line = s.unavailableLine();
        assertTrue(line.contains("no PMU"), line);
        assertTrue(line.contains("fix:"), line);
        assertFalse(line.contains("\n"));
    }

    @Test
    void pmuCaptureCountsAsHardwareCounters() {
        PerfSupport s = PerfSupport.from("perf", "perf version 5.3", 1, List.of("instructions", "cycles"), 0,
                Fixtures.lines("perf-stat/pmu-lkml-20190722-perf-stat-all-cpus.csv"));
        assertTrue(s.hasPmu());
        assertNull(s.unavailableLine());
    }

    @Test
    void missingPerfMakesEveryEventUnavailableWithInstallFix() {
        PerfSupport s = PerfSupport.from("perf", null, 2, PerfSupport.DEFAULT_EVENTS, -1, List.of());
        assertFalse(s.available());
        assertEquals(PerfSupport.DEFAULT_EVENTS, s.unsupported());
        assertTrue(s.unavailableLine().contains("apt-get install linux-perf"), s.unavailableLine());
    }

    @Test
    void paranoidRefusalSaysWhichSysctlToChange() {
        PerfSupport s = PerfSupport.from("perf", "perf version 6.1.187", 2, List.of("context-switches"), 255,
                Fixtures.lines("perf-stat/kvm-epyc-2cpu-nopmu-perf6.1-paranoid2-nobody-systemwide-forbidden.txt"));
        assertFalse(s.available());
        assertTrue(s.unavailableLine().contains("perf_event_paranoid=2"), s.unavailableLine());
        assertTrue(s.unavailableLine().contains("sysctl kernel.perf_event_paranoid=1"), s.unavailableLine());
    }
}
