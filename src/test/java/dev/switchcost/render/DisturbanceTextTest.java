package dev.switchcost.render;

import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.measure.jmh.TrialLedger;
import dev.switchcost.measure.jmh.TrialPlan;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DisturbanceTextTest {

    @Test
    void namesTheLimitsCrossedAndTheLargestIntruder() {
        // the words of the status of the fixture disturbed-every-trial-epyc-kvm-jdk25
        assertEquals("disturbed: other tasks took 50% of the measured CPUs' time (limit 5%); largest: yes (pid 25548) took 53%"
                + " in its worst iteration", DisturbanceText.why(new Disturbance.Reading(50.2, 0.1,
                new Disturbance.Intruder(25548, "yes", 53.4, true), 0, null, null, null)));
        assertEquals("disturbed: other tasks took 48% of the measured CPUs' time (limit 5%); largest: yes (pid 7) took 48%;"
                + " the hypervisor stole 12% of the measured CPUs' time (limit 5%)", DisturbanceText.why(new Disturbance.Reading(48, 12,
                new Disturbance.Intruder(7, "yes", 47.9, false), 0, null, null, null)));
        assertEquals("disturbed: the hypervisor stole 12% of the measured CPUs' time (limit 5%)",
                DisturbanceText.why(new Disturbance.Reading(1, 12, new Disturbance.Intruder(7, "yes", 1, false), 0, null, null, null)),
                "an intruder is named only when others crossed their limit");
        assertEquals("disturbed: other tasks took 5.3% of the measured CPUs' time (limit 5%); largest: javac (pid 9) took 4.0%",
                DisturbanceText.why(new Disturbance.Reading(5.3, 0, new Disturbance.Intruder(9, "javac", 4, false), 0, null, null, null)),
                "just over the limit never reads as the limit");
        assertEquals("not disturbed", DisturbanceText.why(new Disturbance.Reading(4.9, 4.9, null, 0, null, null, null)));
    }

    @Test
    void aThrottledTrialNamesTheQuotaItsCgroupAndHowOftenItStoppedTheRun() {
        Disturbance.Throttling t = new Disturbance.Throttling(754, 760, 3123.5, 50, "/system.slice/build.service");
        assertEquals("disturbed: throttled by a CPU quota (50% of one CPU, cgroup /system.slice/build.service): 754 of 760 periods, 3.1 s",
                DisturbanceText.why(new Disturbance.Reading(0.3, 0, null, 760, 0.0, 0.2, 0.1, t)));
        assertEquals("disturbed: throttled by a CPU quota (20% of one CPU, cgroup /switchcost-test-1): 9 of 9 periods, 1.0 s;"
                        + " other tasks took 48% of the measured CPUs' time (limit 5%); largest: yes (pid 7) took 47%",
                DisturbanceText.why(new Disturbance.Reading(48, 0, new Disturbance.Intruder(7, "yes", 47, false), 0, null, null, null,
                        new Disturbance.Throttling(9, 9, 1029.6, 20, "/switchcost-test-1"))), "and whatever else crossed its limit");
        assertEquals("not disturbed", DisturbanceText.why(new Disturbance.Reading(0.3, 0, null, 760, 0.0, 0.2, 0.1,
                new Disturbance.Throttling(0, 760, 0, 150, "/ci"))), "a quota the run never reached");
        assertEquals("disturbed: throttled by a CPU quota (1.5 CPUs, cgroup /ci): 3 of 40 periods, 850 ms",
                DisturbanceText.why(new Disturbance.Reading(0, 0, null, 0, null, null, null, new Disturbance.Throttling(3, 40, 850, 150, "/ci"))));
        assertEquals("one CPU", DisturbanceText.quota(1));
        assertEquals("2 CPUs", DisturbanceText.quota(2));
        assertEquals("5.0% of one CPU", DisturbanceText.quota(0.05));
        TrialPlan.Trial a = new TrialPlan.Trial("dev.switchcost.bench.FutexPingPong.roundTrip", Mode.AverageTime, Map.of("placement", "SAME_CPU"));
        Disturbance.Reading throttled = new Disturbance.Reading(0.3, 0, null, 760, 0.0, 0.2, 0.1, t);
        assertEquals("x: 1 trial was disturbed (a CPU quota throttled them); their rows are left out of the results"
                        + " (run outside the CPU quota, or keep them marked with --allow-disturbed):" + System.lineSeparator()
                        + "    FutexPingPong.roundTrip avgt placement=SAME_CPU: " + DisturbanceText.why(throttled),
                DisturbanceText.summary(new TrialLedger.Outcome(List.of(), Map.of(), Map.of(a, throttled), false), "x: "));
    }

    @Test
    void theSummaryCountsFailedThenDisturbedTrialsAndSaysWhatHappenedToTheirRows() {
        TrialPlan.Trial a = new TrialPlan.Trial("dev.switchcost.bench.FutexPingPong.roundTrip", Mode.AverageTime, Map.of("placement", "SAME_CPU"));
        TrialPlan.Trial b = new TrialPlan.Trial("dev.switchcost.bench.FutexPingPong.roundTrip", Mode.AverageTime, Map.of("placement", "CROSS_CPU"));
        Disturbance.Reading yes = new Disturbance.Reading(50.2, 0.1, new Disturbance.Intruder(25548, "yes", 53.4, true), 0, null, null, null);
        String n = System.lineSeparator();
        assertEquals("x: 1 trial failed; their rows are left out of the results:" + n
                        + "    FutexPingPong.roundTrip avgt placement=CROSS_CPU: partner died" + n
                        + "x: 1 trial was disturbed (other tasks took the measured CPUs); their rows are left out of the results"
                        + " (quiet the machine, or keep them marked with --allow-disturbed):" + n
                        + "    FutexPingPong.roundTrip avgt placement=SAME_CPU: " + DisturbanceText.why(yes),
                DisturbanceText.summary(new TrialLedger.Outcome(List.of(), Map.of(b, "partner died"), Map.of(a, yes), false), "x: "));
        Map<TrialPlan.Trial, Disturbance.Reading> both = new LinkedHashMap<>();
        both.put(a, yes);
        both.put(b, yes);
        assertEquals("x: 2 trials were disturbed (other tasks took the measured CPUs); their rows are kept, marked (--allow-disturbed):"
                        + n + "    FutexPingPong.roundTrip avgt placement=SAME_CPU: " + DisturbanceText.why(yes)
                        + n + "    FutexPingPong.roundTrip avgt placement=CROSS_CPU: " + DisturbanceText.why(yes),
                DisturbanceText.summary(new TrialLedger.Outcome(List.of(), Map.of(), both, true), "x: "));
        assertEquals("", DisturbanceText.summary(new TrialLedger.Outcome(List.of(), Map.of(), Map.of(), false), "x: "), "nothing to say when all went well");
    }

    @Test
    void aNeighbourCountedToTheNsIsNamedWithItsOwnLimit() {
        assertEquals("disturbed: processes outside the run took 4.6% of the measured CPUs' time by their own run time (limit 2%);"
                        + " largest: python3 (pid 5345) took 4.2% in its worst iteration",
                DisturbanceText.why(new Disturbance.Reading(7.5, 0, new Disturbance.Intruder(5345, "python3", 4.2, true), 132, 0.0,
                        5.4, 4.64)));
        assertEquals("disturbed: other tasks took 50% of the measured CPUs' time (limit 5%); largest: yes (pid 7) took 49% in its"
                        + " worst iteration; unattributed (tasks too short-lived to see) 1.0%",
                DisturbanceText.why(new Disturbance.Reading(50, 0, new Disturbance.Intruder(7, "yes", 49, true), 132, 0.0, 1.0, 49.0)),
                "a busy loop crosses both limits: said once, by the tick rule's words");
        assertEquals("not disturbed", DisturbanceText.why(new Disturbance.Reading(4.8, 0, null, 132, 0.0, 4.6, 0.41)));
    }

    @Test
    void anInconclusiveShareSaysSoAndNamesWhatTookTheTime() {
        assertEquals("inconclusive: other tasks took 9.0% of the measured CPUs' time (limit 5%), too few ticks (110) to tell it"
                        + " from the limit; largest: yes (pid 7) took 8.1% in its worst iteration; interrupts 0.4%;"
                        + " unattributed (tasks too short-lived to see) 0.5%; run longer iterations (-i, -r) to judge it",
                DisturbanceText.why(new Disturbance.Reading(9.0, 0, new Disturbance.Intruder(7, "yes", 8.1, true), 110, 0.4, 0.5, null)));
        assertEquals("disturbed: other tasks took 48% of the measured CPUs' time (limit 5%); largest: \\x1b]0;x (pid 7) took 47%",
                DisturbanceText.why(new Disturbance.Reading(48, 0, new Disturbance.Intruder(7, "\u001b]0;x", 47, false), 600, null, null, null)),
                "a name is shown escaped");
    }
}
