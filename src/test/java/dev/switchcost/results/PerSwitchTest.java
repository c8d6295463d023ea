package dev.switchcost.results;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One owner of the conversion to ns per switch: a round trip is halved, a call keeps its unit. */
class PerSwitchTest {

    private static JmhRow row(Bench b) {
        return new JmhRow(Path.of("synthetic.json"), b.fullName(), "avgt", Map.of(),
                Metric.of(9000, 0, "ns/op", new double[][] {{9000}}), Map.of(), null, null, null, null, null);
    }

    @Test
    void aRoundTripIsTwoSwitchesAndACallIsOneCall() {
        JmhRow trip = row(Bench.FUTEX_ROUND_TRIP);
        JmhRow park = row(Bench.PARK_ROUND_TRIP);
        JmhRow gettid = row(Bench.GETTID);
        assertTrue(PerSwitch.isRoundTrip(trip) && PerSwitch.isRoundTrip(park));
        assertFalse(PerSwitch.isRoundTrip(gettid), "a syscall row keeps ns per call");
        assertEquals(0.5, PerSwitch.factor(trip));
        assertEquals(1, PerSwitch.factor(gettid));
        Estimate e = new Estimate(9000, 100, 4);
        assertEquals(4500, PerSwitch.ofRoundTrip(e).value(), 1e-9);
        assertEquals(e.halfWidth() / 2, PerSwitch.ofRoundTrip(e).halfWidth(), 1e-9);
    }
}
