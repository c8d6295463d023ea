package dev.switchcost.cli;

import dev.switchcost.derive.PricedStacks;
import dev.switchcost.derive.SwitchPrices;
import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.SamplePlacement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleFlameTest {

    private static final Path CAPTURE = Path.of("src/test/resources/fixtures/async-profiler/context-switches-threads.collapsed");
    private static final SwitchPrices PRICES = new SwitchPrices(new SwitchPrices.Price("same", new Estimate(2000, 100, 9), "s"),
            new SwitchPrices.Price("cross", new Estimate(6000, 300, 9), "c"), null, List.of(SwitchPrices.VIRTUAL_RUN));
    private static final SamplePlacement MIX = new SamplePlacement(300, 100, "tracefs sched_waking/sched_wakeup");
    /** The ponger thread of the capture, always woken on its waker's CPU. */
    private static final Map<Integer, SamplePlacement> BY_THREAD = Map.of(26992, new SamplePlacement(50, 0, "tracefs"));

    @TempDir
    Path tmp;

    /**
     * Thread 26992 was woken on its waker's CPU every time: it is priced at the same-CPU price; the others at the
     * process's 75 % same-CPU: 0.75 × 2,000 + 0.25 × 6,000 = 3,000 ns a switch.
     */
    @Test
    void eachThreadIsPricedAtItsOwnMixElseTheProcesss() throws IOException {
        SampleFlame.Price p = SampleFlame.Price.of(Optional.of(PRICES), MIX, BY_THREAD, "unused");
        assertNull(p.why());
        assertTrue(p.mix().contains("each thread's own placement mix where the trace saw it woken (1 threads)")
                && p.mix().contains("75 % same-CPU / 25 % cross-CPU wake-ups (300 and 100, tracefs"), p.mix());
        PricedStacks s = p.weigh(CollapsedStacks.parse(Files.readAllLines(CAPTURE)), 2e9);
        for (PricedStacks.Row r : s.rows()) {
            double perSwitch = r.cost().value() / r.switches();
            assertEquals(r.stack().startsWith("[ponger tid=26992]") ? 2000 : 3000, perSwitch, 1e-6, r.stack());
        }
        long ponger = s.rows().stream().filter(r -> r.stack().startsWith("[ponger tid=26992]")).mapToLong(PricedStacks.Row::switches).sum();
        assertTrue(ponger > 0);
        assertEquals(2000.0 * ponger + 3000.0 * (s.switches() - ponger), s.total().value(), 1e-3);
    }

    @Test
    void withoutAPriceItSaysWhichRunOrWhatIsMissing() {
        SampleFlame.Price noResults = SampleFlame.Price.of(Optional.empty(), MIX, BY_THREAD, "unused");
        assertTrue(noResults.mix().contains("75 % same-CPU"), "the mix is stated even unpriced");
        assertTrue(noResults.why().contains("switchcost run --quick"), noResults.why());
        SwitchPrices noCross = new SwitchPrices(PRICES.sameCpu(), null, null, List.of(SwitchPrices.PLATFORM_RUN));
        assertTrue(SampleFlame.Price.of(Optional.of(noCross), MIX, Map.of(), "unused").why().contains(SwitchPrices.PLATFORM_RUN));
        SampleFlame.Price noMixNoCross = SampleFlame.Price.of(Optional.of(noCross), null, Map.of(), "tracefs is not mounted");
        assertTrue(noMixNoCross.why().contains("tracefs is not mounted") && noMixNoCross.why().contains(SwitchPrices.PLATFORM_RUN));
    }

    /** Without a measured mix, as the cost line: every switch at the cross-CPU price, an upper bound, and why. */
    @Test
    void withoutAMixTheCrossCpuPriceBoundsIt() throws IOException {
        SampleFlame.Price noMix = SampleFlame.Price.of(Optional.of(PRICES), null, Map.of(), "tracefs is not mounted");
        assertNull(noMix.why());
        assertTrue(noMix.mix().contains("tracefs is not mounted") && noMix.mix().contains("upper bound"), noMix.mix());
        PricedStacks s = noMix.weigh(CollapsedStacks.parse(Files.readAllLines(CAPTURE)), 2e9);
        assertEquals(6000, s.price().value(), 1e-9);
    }

    /** From the JVM's collapsed stacks: FILE priced, STEM.counts.html, STEM.json, and the top stacks printed. */
    @Test
    void aPricedGraphItsCountsAndItsJsonAreWritten() throws IOException {
        Path fg = tmp.resolve("fg.html");
        Path collapsed = Files.copy(CAPTURE, tmp.resolve("fg.collapsed"));
        StringWriter out = new StringWriter();
        List<Path> written = SampleFlame.write(List.of(collapsed), fg, SampleFlame.Price.of(Optional.of(PRICES), MIX, BY_THREAD, ""), 2e9,
                new PrintWriter(out, true));
        assertEquals(List.of(fg.toAbsolutePath()), written);
        String html = Files.readString(fg);
        assertTrue(html.contains("75 % same-CPU / 25 % cross-CPU wake-ups") && html.contains("own placement mix") && html.contains("' ns'"), "priced, mix in title");
        assertTrue(Files.readString(tmp.resolve("fg.counts.html")).contains("' switches'"));
        assertTrue(Files.readString(tmp.resolve("fg.json")).contains("\"shareOfProcessCpu\""));
        assertTrue(out.toString().contains("Top stacks by the CPU time of their switches"), out.toString());
        assertTrue(out.toString().contains(fg.toAbsolutePath().toString()), out.toString());
    }

    @Test
    void unpricedTheGraphIsInSwitchesAndSaysWhy() throws IOException {
        Path fg = tmp.resolve("fg.html");
        Path collapsed = Files.copy(CAPTURE, tmp.resolve("fg.collapsed"));
        StringWriter out = new StringWriter();
        SampleFlame.write(List.of(collapsed), fg, SampleFlame.Price.of(Optional.empty(), MIX, BY_THREAD, ""), Double.NaN,
                new PrintWriter(out, true));
        String html = Files.readString(fg);
        assertTrue(html.contains("Not priced: no results") && html.contains(">Context switches by stack, in switches (not priced)</h1>") && html.contains("' switches'"), "says why");
        assertTrue(Files.notExists(tmp.resolve("fg.json")));
        assertTrue(out.toString().contains("not priced"), out.toString());
    }

}
