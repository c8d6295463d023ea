package dev.switchcost.derive;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.SamplePlacement;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What prices sample's stacks, or why nothing does: each thread at its own mix, else the process's, else cross-CPU. */
class StackPriceTest {

    private static final SwitchPrices PRICES = new SwitchPrices(new SwitchPrices.Price("same", new Estimate(2000, 100, 9), "s"),
            new SwitchPrices.Price("cross", new Estimate(6000, 300, 9), "c"), null, List.of(SwitchPrices.VIRTUAL_RUN));
    private static final SwitchPrices NO_CROSS = new SwitchPrices(PRICES.sameCpu(), null, null, List.of(SwitchPrices.PLATFORM_RUN));
    private static final SamplePlacement MIX = new SamplePlacement(300, 100, "tracefs");
    private static final Map<Integer, SamplePlacement> BY_THREAD = Map.of(7, new SamplePlacement(50, 0, "tracefs"),
            8, new SamplePlacement(0, 0, "tracefs"));

    @Test
    void eachTracedThreadAtItsOwnShareElseTheProcesss() {
        StackPrice p = StackPrice.of(Optional.of(PRICES), MIX, BY_THREAD);
        assertNull(p.unpriced());
        assertSame(PRICES, p.prices());
        assertTrue(p.measuredMix());
        assertEquals(0.75, p.processShare(), 1e-12);
        assertEquals(Map.of(7, 1.0), p.byTid(), "a thread never seen woken has no share of its own");
    }

    @Test
    void withoutAMixEverySwitchAtTheCrossCpuPriceElseUnpriced() {
        StackPrice bound = StackPrice.of(Optional.of(PRICES), null, Map.of());
        assertNull(bound.unpriced());
        assertFalse(bound.measuredMix());
        assertEquals(0, bound.processShare());
        assertEquals(StackPrice.Unpriced.NO_CROSS_PRICE, StackPrice.of(Optional.of(NO_CROSS), null, Map.of()).unpriced());
        assertEquals(StackPrice.Unpriced.NO_RESULTS, StackPrice.of(Optional.empty(), null, Map.of()).unpriced());
    }

    @Test
    void aMixWhosePriceIsMissingIsUnpriced() {
        StackPrice p = StackPrice.of(Optional.of(NO_CROSS), MIX, Map.of());
        assertEquals(StackPrice.Unpriced.MISSING_PRICE, p.unpriced());
        assertNull(p.prices());
        assertEquals(StackPrice.Unpriced.NO_RESULTS, StackPrice.of(Optional.empty(), MIX, BY_THREAD).unpriced());
    }
}
