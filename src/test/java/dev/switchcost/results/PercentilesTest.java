package dev.switchcost.results;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one rule for printing a percentile: at least one sample expected beyond it (issue 29: p99.9 of 73 samples). */
class PercentilesTest {

    private static Percentiles of(long samples) {
        return new Percentiles(1, 2, 3, 4, 5, samples, List.of());
    }

    @Test
    void aPercentileNeedsOneSampleExpectedBeyondIt() {
        assertFalse(of(73).resolves(0.999), "p99.9 of 73 samples is the max in disguise");
        assertFalse(of(73).resolves(0.99));
        assertTrue(of(73).resolves(0.9));
        assertFalse(of(999).resolves(0.999));
        assertTrue(of(1000).resolves(0.999));
        assertTrue(of(100).resolves(0.99));
        assertFalse(of(99).resolves(0.99));
    }

    @Test
    void anUnknownCountKeepsWhatTheFileGave() {
        assertTrue(of(0).resolves(0.999));
    }
}
