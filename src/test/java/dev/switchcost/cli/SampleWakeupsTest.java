package dev.switchcost.cli;

import dev.switchcost.measure.sample.WakeupTrace;
import dev.switchcost.results.SamplePlacement;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mix sample writes for forecast --sample carries the window it was counted in, so forecast can check it. */
class SampleWakeupsTest {

    @Test
    void theCountedMixSaysItsWindowCommandAndProcesses() {
        Instant before = Instant.now();
        SampleWakeups w = new SampleWakeups();
        w.counted(new WakeupTrace.Counts(30, 70, 0), Map.of(12, new WakeupTrace.Counts(5, 5, 0)), 4, "java -jar app.jar",
                List.of(41L, 42L));
        SamplePlacement p = w.placement();
        assertEquals(4.0, p.seconds());
        assertEquals(25, p.wakeupsPerSecond(), 1e-12);
        assertEquals("java -jar app.jar", p.command());
        assertEquals(List.of(41L, 42L), p.pids());
        assertTrue(!p.started().isBefore(before) && !p.started().isAfter(Instant.now()), p.start());
        assertNull(w.byThread().get(12).start(), "a thread's share carries no window of its own");
    }

    @Test
    void aTraceThatLostEventsKeepsNoMix() {
        SampleWakeups w = new SampleWakeups();
        w.counted(new WakeupTrace.Counts(30, 70, 3), Map.of(), 4, null, null);
        assertNull(w.placement());
        assertTrue(w.why().contains("lost 3 events"), w.why());
    }

    @Test
    void withoutATraceTheMixFromTheSamplingTicksIsKeptAndSaysItsSourceAndWhyNoTrace() {
        SampleWakeups w = new SampleWakeups();
        w.ticked(new WakeupTrace.Counts(0, 0, 0), 4, null, null);
        assertNull(w.placement(), "no pair seen handing off: no mix");
        SampleWakeups t = new SampleWakeups();
        t.ticked(new WakeupTrace.Counts(10, 30, 0), 4, "java App", List.of(41L));
        SamplePlacement p = t.placement();
        assertEquals(0.25, p.sameShare(), 1e-12);
        assertTrue(p.source().startsWith(SampleWakeups.TICKS) && p.source().contains("not traced"), p.source());
    }
}
