package dev.switchcost.session;

import dev.switchcost.measure.jmh.Disturbance;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The order compare and the working-set sweep share: plan order, then reversed, skipping cells that cannot run. */
class InterleavedTest {

    @Test
    void reversesEveryOtherRepetitionAndSkipsCellsThatCannotRun() {
        List<String> ran = new ArrayList<>();
        Interleaved.run(List.of("a", "b", "-", "c"), 3, c -> !c.equals("-"), (c, rep) -> ran.add(c + rep));
        assertEquals(List.of("a1", "b1", "c1", "c2", "b2", "a2", "a3", "b3", "c3"), ran);
    }

    @Test
    void calibrationAimsAtTheTargetWithinItsBounds() {
        assertEquals(2_000, Interleaved.calibrated(1_000_000, 500, 20));
        assertEquals(1_000, Interleaved.calibrated(1_000_000, 1e9, 1_000), "at least the minimum");
        assertEquals(500_000_000L, Interleaved.calibrated(Long.MAX_VALUE, 0.5, 20), "at most 500 million");
    }

    @Test
    void saysNothingAfterACleanRepetitionAndOneLineAfterAFailedOrDisturbedOne() {
        StringWriter out = new StringWriter();
        PrintWriter progress = new PrintWriter(out);
        Disturbance.Reading yes = new Disturbance.Reading(48, 0, new Disturbance.Intruder(7, "yes", 47, false), 0, null, null, null);
        Disturbance.Reading throttled = new Disturbance.Reading(0.2, 0, null, 40, 0.0, 0.1, 0.1,
                new Disturbance.Throttling(4, 5, 210, 20, "/ci"));
        Interleaved.reportOutcome(progress, "compare", null, null, false);
        Interleaved.reportOutcome(progress, "compare", null, new Disturbance.Reading(0.2, 0, null, 40, 0.0, 0.1, 0.1), false);
        Interleaved.reportOutcome(progress, "compare", "boom", yes, false);
        Interleaved.reportOutcome(progress, "compare --spin", null, yes, true);
        Interleaved.reportOutcome(progress, "compare", null, yes, false);
        Interleaved.reportOutcome(progress, "compare", null, throttled, false);
        progress.flush();
        assertEquals(String.join(System.lineSeparator(), "compare:   failed: boom",
                "compare --spin:   disturbed: other tasks took its CPUs; kept, marked (--allow-disturbed)",
                "compare:   disturbed: other tasks took its CPUs; left out of every figure",
                "compare:   disturbed: a CPU quota throttled it; left out of every figure", ""), out.toString());
    }
}
