package dev.switchcost.derive;

import dev.switchcost.results.JfrBlocking;
import dev.switchcost.results.SamplePlacement;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MixFitTest {

    static final Instant T = Instant.parse("2026-11-25T22:00:00Z");

    /** 1,000 blocking events over 10 s from {@link #T}, of process 42: 100 a second. */
    static final JfrBlocking REC = new JfrBlocking(Path.of("r.jfr"), null, 42L, T, 10,
            List.of(new JfrBlocking.Site(JfrBlocking.PARK, List.of(), false, 1000, 0, 0, List.of("t"))));

    static SamplePlacement mix(long wakeups, Instant start, long... pids) {
        return new SamplePlacement(wakeups / 2, wakeups - wakeups / 2, "trace").in(start, 10, "app",
                java.util.Arrays.stream(pids).boxed().toList());
    }

    @Test
    void ratesWithinTheFactorFitAndBeyondItDoNot() {
        assertEquals(MixFit.Problem.NONE, MixFit.of(mix(2000, T, 42), REC).problem(), "2× apart: the same load");
        assertEquals(MixFit.Problem.NONE, MixFit.of(mix(500, T, 42), REC).problem(), "2× apart the other way");
        assertEquals(MixFit.Problem.RATE, MixFit.of(mix(2010, T, 42), REC).problem());
        assertEquals(MixFit.Problem.RATE, MixFit.of(mix(290, T.minusSeconds(3600), 7), REC).problem());
        assertEquals(100, MixFit.of(mix(290, T, 42), REC).recordingRate(), 1e-9);
        assertEquals(29, MixFit.of(mix(290, T, 42), REC).sampleRate(), 1e-9);
    }

    @Test
    void anotherProcessCountsOnlyOverTheRecordingsWindow() {
        assertEquals(MixFit.Problem.OTHER_PROCESS, MixFit.of(mix(1000, T.plusSeconds(5), 7, 8), REC).problem());
        assertEquals(MixFit.Problem.NONE, MixFit.of(mix(1000, T.plusSeconds(60), 7), REC).problem(),
                "another window, another run: its pid says nothing");
        assertEquals(MixFit.Problem.NONE, MixFit.of(mix(1000, T.minusSeconds(5), 7, 42), REC).problem());
        assertEquals(MixFit.Problem.NONE, MixFit.of(mix(1000, T).in(T, 10, null, null), REC).problem(), "no pids: not knowable");
    }

    @Test
    void aSideWithoutItsWindowCannotBeChecked() {
        assertEquals(MixFit.Problem.NO_WINDOW, MixFit.of(new SamplePlacement(1, 1, "old"), REC).problem());
        JfrBlocking instant = new JfrBlocking(Path.of("r.jfr"), null, 42L, T, 0, REC.sites());
        assertEquals(MixFit.Problem.NO_WINDOW, MixFit.of(mix(1000, T, 42), instant).problem());
    }
}
