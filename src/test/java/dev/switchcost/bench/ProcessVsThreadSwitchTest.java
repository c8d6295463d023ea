package dev.switchcost.bench;

import dev.switchcost.measure.linux.LibC;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Smoke run: both variants on one CPU finish, are finite, and count ≈ 2 switches per round trip across both sides. */
@EnabledOnOs(OS.LINUX)
@Measures
@ResourceLock(Measures.PARTNERS)
class ProcessVsThreadSwitchTest {

    @Test
    void sameCpuRoundTripsSwitchTwiceForThreadsAndForProcesses() throws RunnerException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        Map<String, RunResult> r = WorkingSetHandoffTest.byBenchmark(new Runner(
                WorkingSetHandoffTest.tiny(ProcessVsThreadSwitch.class.getSimpleName() + "\\.")
                        .param("placement", "SAME_CPU").build()).run());
        assertEquals(2, r.size(), r.keySet().toString());
        for (String m : new String[] {"roundTrip_threads", "roundTrip_processes"}) {
            RunResult rr = r.get(m);
            assertTrue(Double.isFinite(rr.getPrimaryResult().getScore()), m);
            double sw = WorkingSetHandoffTest.switchesPerOp(rr);
            assertTrue(sw > 1.5 && sw < 2.6, m + ": SAME_CPU round trip should be ~2 switches/op, was " + sw);
            double partner = rr.getSecondaryResults().get("ctxsw.partner.total.norm").getScore();
            assertTrue(partner > 0.5, m + ": the partner's switches must be counted, ctxsw.partner.total.norm=" + partner);
        }
    }
}
