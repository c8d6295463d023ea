package dev.switchcost.derive;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code history --figure} names a figure by its words, as the README's example does, whatever parameters it leaves out. */
class HistorySeriesKeyTest {

    /** Keys as a quick run on JDK 25 records them (2026-11-28), and one of an older JNA run. */
    static final List<String> KEYS = List.of(
            "FutexPingPong.roundTrip binding=FFM placement=SAME_CPU wait=UNTIMED [avgt]",
            "FutexPingPong.roundTrip binding=FFM placement=CROSS_CPU wait=UNTIMED [avgt]",
            "FutexPingPong.roundTrip binding=FFM placement=SAME_CPU wait=UNTIMED [sample]",
            "ParkUnparkPingPong.roundTrip_park placement=SAME_CPU wait=UNTIMED [avgt]");

    @Test
    void theReadmesFigureNamesTheOneRowItsWordsFit() {
        assertEquals(KEYS.get(0), HistorySeries.keyAmong(KEYS, "FutexPingPong.roundTrip placement=SAME_CPU [avgt]"));
        assertEquals(KEYS.get(3), HistorySeries.keyAmong(KEYS, "ParkUnparkPingPong.roundTrip_park placement=SAME_CPU"));
        assertEquals(KEYS.get(1), HistorySeries.keyAmong(KEYS, KEYS.get(1)), "a whole key is itself");
    }

    @Test
    void wordsThatFitSeveralRowsOrNoneAreRefusedNamingThem() {
        List<String> both = new java.util.ArrayList<>(KEYS);
        both.add("FutexPingPong.roundTrip binding=JNA placement=SAME_CPU wait=UNTIMED [avgt]");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HistorySeries.keyAmong(both, "FutexPingPong.roundTrip placement=SAME_CPU [avgt]"));
        assertTrue(e.getMessage().startsWith("2 figures match 'FutexPingPong.roundTrip placement=SAME_CPU [avgt]'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HistorySeries.keyAmong(KEYS, "Nothing.here"));
        assertTrue(e.getMessage().startsWith("no figure in the history matches 'Nothing.here'"), e.getMessage());
    }
}
