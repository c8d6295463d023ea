package dev.switchcost.measure.jmh;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrialPlanTest {

    @Test
    void explodesParamsAsJmhDoes() throws Exception {
        TrialPlan one = TrialPlan.of(new CommandLineOptions("-p", "placement=SAME_CPU", "FutexPingPong.roundTrip$"));
        TrialPlan two = TrialPlan.of(new CommandLineOptions("-p", "placement=SAME_CPU,CROSS_CPU", "FutexPingPong.roundTrip$"));
        assertTrue(one.size() >= 1);
        assertEquals(2 * one.size(), two.size(), two.keys().toString());
        assertTrue(two.keys().stream().allMatch(t -> t.benchmark().equals("dev.switchcost.bench.FutexPingPong.roundTrip")
                && t.toString().startsWith("FutexPingPong.roundTrip avgt ") && t.toString().contains("placement=")),
                two.keys().toString());
    }

    @Test
    void benchmarkModesMultiplyTrials() throws Exception {
        TrialPlan avgt = TrialPlan.of(new CommandLineOptions("-p", "placement=SAME_CPU", "FutexPingPong.roundTrip$"));
        TrialPlan both = TrialPlan.of(new CommandLineOptions("-bm", "avgt,thrpt", "-p", "placement=SAME_CPU",
                "FutexPingPong.roundTrip$"));
        assertEquals(2 * avgt.size(), both.size(), both.keys().toString());
    }
}
