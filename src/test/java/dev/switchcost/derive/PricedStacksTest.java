package dev.switchcost.derive;

import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.results.Estimate;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PricedStacksTest {

    private static final List<CollapsedStacks.Stack> STACKS = CollapsedStacks.parse(List.of(
            "[main tid=1];Main.run;SynchronousQueue.take 30",
            "[ponger tid=2];Ponger.run;SynchronousQueue.put 100",
            "[tid=3];__futex_wait 0"));

    /** Same CPU 2,000 ± ns, cross CPU 6,000 ns; at 75 % same-CPU a switch costs 3,000 ns and each stack count × that. */
    @Test
    void stacksArePricedAtTheMixAndSortedByCost() {
        Estimate price = ForecastTest.prices(true).platform(0.75).orElseThrow();
        assertEquals(3000, price.value(), 1e-9);
        PricedStacks p = PricedStacks.of(STACKS, price, "75 % same-CPU", 1e9);
        assertEquals(List.of("[ponger tid=2];Ponger.run;SynchronousQueue.put", "[main tid=1];Main.run;SynchronousQueue.take",
                "[tid=3];__futex_wait"), p.rows().stream().map(PricedStacks.Row::stack).toList());
        PricedStacks.Row top = p.rows().get(0);
        assertEquals(100, top.switches());
        assertEquals(300_000, top.cost().value(), 1e-6);
        assertEquals(price.halfWidth() * 100, top.cost().halfWidth(), 1e-6);
        assertEquals(3e-4, top.share(), 1e-12);
        assertEquals(130, p.switches());
        assertEquals(390_000, p.total().value(), 1e-6);
        assertEquals(price.halfWidth() * 130, p.total().halfWidth(), 1e-6, "one price: the error adds linearly");
        assertEquals(3.9e-4, p.share(), 1e-12);
        assertEquals("[main tid=1];Main.run;SynchronousQueue.take 90000\n[ponger tid=2];Ponger.run;SynchronousQueue.put 300000\n",
                p.collapsed(), "weighted in ns; a stack that costs nothing is left out");
    }

    /** One Java stack parked and unparked through different native frames is one row; the graph keeps both. */
    @Test
    void aJavaStacksNativeTailsAreMergedInTheRowsNotInTheGraph() {
        List<CollapsedStacks.Stack> s = CollapsedStacks.parse(List.of(
                "[main tid=1];app/Main.run;jdk/internal/misc/Unsafe.park;Parker::park;__futex_wait 7",
                "[main tid=1];app/Main.run;jdk/internal/misc/Unsafe.park;Unsafe_Park;schedule 3",
                "[main tid=1];app/Main.other;jdk/internal/misc/Unsafe.park;schedule 1"));
        PricedStacks p = PricedStacks.of(s, new Estimate(1000, 10, 9), "mix", 1e9);
        assertEquals(List.of("[main tid=1];app/Main.run;jdk/internal/misc/Unsafe.park", "[main tid=1];app/Main.other;jdk/internal/misc/Unsafe.park"),
                p.rows().stream().map(PricedStacks.Row::stack).toList());
        assertEquals(10, p.rows().get(0).switches());
        assertEquals(3, p.collapsed().lines().count());
    }

    /**
     * Per thread: main at its own 100 % same-CPU (2,000 ns), ponger and tid 3 at the process's 50 % (4,000 ns). The
     * total's error comes from the two prices weighted by the switches at each, not from the rows in quadrature.
     */
    @Test
    void eachThreadAtItsOwnMixAndTheTotalCarriesBothPricesErrors() {
        SwitchPrices prices = ForecastTest.prices(false);
        PricedStacks p = PricedStacks.perThread(STACKS, prices, java.util.Map.of(1, 1.0), 0.5, "mix", 1e9).orElseThrow();
        assertEquals(60_000, p.rows().stream().filter(r -> r.stack().startsWith("[main")).findFirst().orElseThrow().cost().value(), 1e-6);
        assertEquals(400_000, p.rows().get(0).cost().value(), 1e-6);
        assertEquals(460_000, p.total().value(), 1e-6);
        Estimate expected = prices.sameCpu().perSwitch().times(30 + 50).plus(prices.crossCpu().perSwitch().times(50));
        assertEquals(expected.halfWidth(), p.total().halfWidth(), 1e-6);
        assertEquals(460_000.0 / 130, p.price().value(), 1e-6);
        SwitchPrices noSame = new SwitchPrices(null, prices.crossCpu(), null, List.of(SwitchPrices.PLATFORM_RUN));
        assertEquals(java.util.Optional.empty(), PricedStacks.perThread(STACKS, noSame, java.util.Map.of(), 0.5, "mix", 1e9));
    }

    @Test
    void withoutTheProcessCpuTheSharesAreUnknown() {
        PricedStacks p = PricedStacks.of(STACKS, new Estimate(5000, 100, 4), "mix", Double.NaN);
        assertEquals(Double.NaN, p.share());
        assertEquals(Double.NaN, p.rows().get(0).share());
    }

    @Test
    void aPriceThatIsNoFigureIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PricedStacks.of(STACKS, new Estimate(Double.NaN, 1, 4), "mix", 1e9));
        assertThrows(IllegalArgumentException.class, () -> PricedStacks.of(STACKS, new Estimate(0, 1, 4), "mix", 1e9));
    }
}
