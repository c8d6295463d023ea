package dev.switchcost.render;

import dev.switchcost.derive.StackPrice;
import dev.switchcost.derive.SwitchPrices;
import dev.switchcost.results.SamplePlacement;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** {@code sample}'s words for its price: the placement mix and why stacks are not priced, numbers by {@link Fmt}. */
class SampleWordsTest {

    private static final SamplePlacement MIX = new SamplePlacement(3000, 1000, "tracefs sched_waking/sched_wakeup");

    @Test
    void theCostLineSaysWhereTheMixComesFrom() {
        assertEquals("3,000 same-CPU and 1,000 cross-CPU wake-ups, tracefs sched_waking/sched_wakeup", SampleTables.wakeUps(MIX));
    }

    @Test
    void theStacksMixAndWhyNotPricedInWords() {
        StackPrice measured = new StackPrice(null, 0.75, Map.of(7, 1.0), true, StackPrice.Unpriced.MISSING_PRICE);
        assertEquals("each thread's own placement mix where the trace saw it woken (1 threads), else the process's: 75 % same-CPU"
                + " / 25 % cross-CPU wake-ups (3,000 and 1,000, tracefs sched_waking/sched_wakeup)",
                PricedStacksText.mix(measured, MIX, "unused"));
        assertEquals("the results lack the CPU time per switch this mix needs: run `" + SwitchPrices.PLATFORM_RUN + "`",
                PricedStacksText.why(measured, "unused"));
        StackPrice bound = new StackPrice(null, 0, Map.of(), false, null);
        assertEquals("no measured placement mix (tracefs is not mounted): every switch at the cross-CPU price, an upper bound",
                PricedStacksText.mix(bound, null, "tracefs is not mounted"));
        assertNull(PricedStacksText.why(bound, "x"));
        StackPrice none = new StackPrice(null, Double.NaN, Map.of(), false, StackPrice.Unpriced.NO_CROSS_PRICE);
        assertNull(PricedStacksText.mix(none, null, "x"));
        assertEquals("no placement mix (x) and no cross-CPU price: run `" + SwitchPrices.PLATFORM_RUN + "`",
                PricedStacksText.why(none, "x"));
    }
}
