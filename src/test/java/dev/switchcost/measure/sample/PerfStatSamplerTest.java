package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 29: a reading in which no perf interval ended has no perf figure (blank), not a rate of 0. */
class PerfStatSamplerTest {

    @Test
    void aReadingWithoutAPerfIntervalIsUnknownNotZero() {
        // the events perf 6.1 counted as root on a 2-vCPU KVM guest without a PMU (software events only)
        PerfSupport support = PerfSupport.from("perf", "perf version 6.1.187", 2, PerfSupport.DEFAULT_EVENTS, 0,
                Fixtures.lines("perf-stat/kvm-epyc-2cpu-nopmu-perf6.1-root.csv"));
        PerfStatSampler sampler = new PerfStatSampler(support, 100);
        List<String> columns = sampler.columns();
        assertFalse(columns.isEmpty(), "the fixture's countable events are columns");
        Sample s = sampler.sample();
        for (String c : columns) {
            assertTrue(Double.isNaN(s.get(c)), c + " read " + s.get(c) + " with no perf interval in the reading");
        }
    }
}
