package dev.switchcost.render;

import dev.switchcost.measure.jmh.Disturbance;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DisturbanceTextTest {

    @Test
    void namesTheLimitsCrossedAndTheLargestIntruder() {
        // the words of the committed docs/results/2026-11-23-epyc-kvm/disturbed-yes/status
        assertEquals("disturbed: other tasks took 50% of the measured CPUs' time (limit 5%); largest: yes (pid 25548) took 53%"
                + " in its worst iteration", DisturbanceText.why(new Disturbance.Reading(50.2, 0.1,
                new Disturbance.Intruder(25548, "yes", 53.4, true))));
        assertEquals("disturbed: other tasks took 48% of the measured CPUs' time (limit 5%); largest: yes (pid 7) took 48%;"
                + " the hypervisor stole 12% of the measured CPUs' time (limit 5%)", DisturbanceText.why(new Disturbance.Reading(48, 12,
                new Disturbance.Intruder(7, "yes", 47.9, false))));
        assertEquals("disturbed: the hypervisor stole 12% of the measured CPUs' time (limit 5%)",
                DisturbanceText.why(new Disturbance.Reading(1, 12, new Disturbance.Intruder(7, "yes", 1, false))),
                "an intruder is named only when others crossed their limit");
        assertEquals("disturbed: other tasks took 5.3% of the measured CPUs' time (limit 5%); largest: javac (pid 9) took 4.0%",
                DisturbanceText.why(new Disturbance.Reading(5.3, 0, new Disturbance.Intruder(9, "javac", 4, false))),
                "just over the limit never reads as the limit");
        assertEquals("not disturbed", DisturbanceText.why(new Disturbance.Reading(4.9, 4.9, null)));
        assertEquals("others 0.4%, steal 0.0%", DisturbanceText.shares(new Disturbance.Reading(0.4, 0, null)));
    }
}
