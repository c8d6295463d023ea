package dev.switchcost.jmh;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrialPlanTest {

    @Test
    void explodesParamsAsJmhDoes() throws Exception {
        TrialPlan plan = TrialPlan.of(new CommandLineOptions("-p", "placement=SAME_CPU,CROSS_CPU", "FutexPingPong.roundTrip$"));
        assertEquals(2, plan.size(), plan.keys().toString());
        assertTrue(plan.keys().contains("FutexPingPong.roundTrip avgt placement=SAME_CPU"), plan.keys().toString());
    }

    @Test
    void benchmarkModesMultiplyTrials() throws Exception {
        TrialPlan plan = TrialPlan.of(new CommandLineOptions("-bm", "avgt,thrpt", "-p", "placement=SAME_CPU",
                "FutexPingPong.roundTrip$"));
        assertEquals(2, plan.size(), plan.keys().toString());
    }

    @Test
    void benchmarksWithoutParamsCountOnce() throws Exception {
        assertEquals(1, TrialPlan.of(new CommandLineOptions("SyscallBaseline.gettid$")).size());
    }
}
