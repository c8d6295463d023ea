package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The load generators' summaries, read from their real output: h2load (nghttp2-client 1.52, Debian 12, against Jetty
 * 12.1.12 at --rps 125 x 8) and hey (0.1.4, Debian 12, against Tomcat 11.0.24 at -q 125 -c 8).
 */
class LoadSummaryTest {

    private static String fixture(String name) {
        return String.join("\n", Fixtures.lines(name.startsWith("hey/") ? name : "h2load/" + name)) + "\n";
    }

    @Test
    void aFinishedRunIsReadFromCapturedOutput() {
        LoadSummary s = LoadSummary.parse(fixture("h2load-1.52-h1-1000rps.txt"));
        assertEquals(new LoadSummary(10.00, 1000.00, 10000, 10000, 10000, 0, 0, 0, 10000), s);
        assertTrue(s.clean());
        assertTrue(s.held(1000, 0.02));
        assertFalse(s.held(1100, 0.02));
    }

    @Test
    void theVirtualThreadServersRunReadsTheSameWay() {
        LoadSummary s = LoadSummary.parse(fixture("h2load-1.52-h1-1000rps-virtual.txt"));
        assertTrue(s.clean(), s.toString());
        assertEquals(s.done(), s.ok());
    }

    /** Captured from a run on a loaded machine: 8 requests were in flight when the 5 s ended; they are not failures. */
    @Test
    void requestsInFlightAtTheEndAreNotFailures() {
        LoadSummary s = LoadSummary.parse(fixture("h2load-1.52-h1-1000rps-in-flight.txt"));
        assertEquals(4859, s.started());
        assertEquals(4851, s.done());
        assertTrue(s.clean(), s.toString());
        assertFalse(s.held(1000, 0.02), s.toString());
    }

    @Test
    void aRunKilledBeforeItsSummaryIsRefusedNamingTheMissingLine() {
        List<String> lines = Fixtures.lines("h2load/h2load-1.52-h1-1000rps.txt");
        String killed = String.join("\n", lines.subList(0, lines.indexOf("Application protocol: http/1.1") + 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoadSummary.parse(killed));
        assertEquals("not a finished h2load or hey run: no \"finished in ...\" line", e.getMessage());
        assertFalse(LoadSummary.NONE.clean());
    }

    @Test
    void failedOrNon2xxRequestsAreNotClean() {
        String text = fixture("h2load-1.52-h1-1000rps.txt")
                .replace("10000 succeeded, 0 failed", "9990 succeeded, 10 failed")
                .replace("status codes: 10000 2xx, 0 3xx, 0 4xx, 0 5xx", "status codes: 9990 2xx, 0 3xx, 10 4xx, 0 5xx");
        LoadSummary s = LoadSummary.parse(text);
        assertEquals(10, s.failed());
        assertEquals(9990, s.ok());
        assertFalse(s.clean());
    }

    @Test
    void aFinishedHeyRunIsReadFromCapturedOutput() {
        LoadSummary s = LoadSummary.parse(fixture("hey/hey-0.1.4-tomcat-1000rps.txt"));
        assertEquals(new LoadSummary(5.0043, 5000 / 5.0043, 5000, 5000, 5000, 0, 0, 0, 5000), s);
        assertTrue(s.clean());
        assertTrue(s.held(1000, 0.02));
    }

    /** Tomcat on virtual threads, JDK 21, the pinned request: every connection waited out hey's 20 s timeout. */
    @Test
    void aStalledHeyRunIsNeitherCleanNorHeld() {
        LoadSummary s = LoadSummary.parse(fixture("hey/hey-0.1.4-tomcat-stalled.txt"));
        assertEquals(578, s.ok());
        assertEquals(8, s.errored());
        assertEquals(586, s.done());
        assertFalse(s.clean());
        assertFalse(s.held(1000, 0.02));
    }

    /** hey's own "Requests/sec" counts the refused connections; the rate read here counts answers only. */
    @Test
    void aHeyRunWithNoServerAnsweredNothing() {
        LoadSummary s = LoadSummary.parse(fixture("hey/hey-0.1.4-refused.txt"));
        assertEquals(0, s.ok());
        assertEquals(2000, s.errored());
        assertEquals(0, s.rate());
        assertFalse(s.clean());
    }
}
