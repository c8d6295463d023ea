package dev.switchcost.cli;

import dev.switchcost.derive.SwitchPrices;
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
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleFlameTest {

    private static final Path CAPTURE = Path.of("src/test/resources/fixtures/async-profiler/context-switches-threads.collapsed");
    private static final SwitchPrices PRICES = new SwitchPrices(new SwitchPrices.Price("same", new Estimate(2000, 100, 9), "s"),
            new SwitchPrices.Price("cross", new Estimate(6000, 300, 9), "c"), null, List.of(SwitchPrices.VIRTUAL_RUN));
    private static final SamplePlacement MIX = new SamplePlacement(300, 100, "tracefs sched_waking/sched_wakeup");

    @TempDir
    Path tmp;

    /** 300 same-CPU and 100 cross-CPU wake-ups: 75 % at 2,000 ns and 25 % at 6,000 ns = 3,000 ns a switch. */
    @Test
    void thePriceIsTakenAtTheMeasuredMix() {
        SampleFlame.Price p = SampleFlame.Price.of(Optional.of(PRICES), MIX, "unused");
        assertEquals(3000, p.perSwitch().value(), 1e-9);
        assertNull(p.why());
        assertTrue(p.mix().startsWith("75 % same-CPU / 25 % cross-CPU wake-ups (300 and 100, tracefs"), p.mix());
        assertTrue(p.mix().contains("the process's mix"), "says the mix is the process's, not each thread's");
    }

    @Test
    void withoutAPriceItSaysWhichRunOrWhatIsMissing() {
        SampleFlame.Price noResults = SampleFlame.Price.of(Optional.empty(), MIX, "unused");
        assertNull(noResults.perSwitch());
        assertTrue(noResults.mix().startsWith("75 % same-CPU"), "the mix is stated even unpriced");
        assertTrue(noResults.why().contains("switchcost run --quick"), noResults.why());
        SwitchPrices noCross = new SwitchPrices(PRICES.sameCpu(), null, null, List.of(SwitchPrices.PLATFORM_RUN));
        assertTrue(SampleFlame.Price.of(Optional.of(noCross), MIX, "unused").why().contains(SwitchPrices.PLATFORM_RUN));
        SampleFlame.Price noMixNoCross = SampleFlame.Price.of(Optional.of(noCross), null, "tracefs is not mounted");
        assertNull(noMixNoCross.perSwitch());
        assertTrue(noMixNoCross.why().contains("tracefs is not mounted") && noMixNoCross.why().contains(SwitchPrices.PLATFORM_RUN));
    }

    /** Without a measured mix, as the cost line: every switch at the cross-CPU price, an upper bound, and why. */
    @Test
    void withoutAMixTheCrossCpuPriceBoundsIt() {
        SampleFlame.Price noMix = SampleFlame.Price.of(Optional.of(PRICES), null, "tracefs is not mounted");
        assertEquals(6000, noMix.perSwitch().value(), 1e-9);
        assertTrue(noMix.mix().contains("tracefs is not mounted") && noMix.mix().contains("upper bound"), noMix.mix());
    }

    /** From the JVM's collapsed stacks: FILE priced, STEM.counts.html, STEM.json, and the top stacks printed. */
    @Test
    void aPricedGraphItsCountsAndItsJsonAreWritten() throws IOException {
        Path fg = tmp.resolve("fg.html");
        Path collapsed = Files.copy(CAPTURE, tmp.resolve("fg.collapsed"));
        StringWriter out = new StringWriter();
        List<Path> written = SampleFlame.write(List.of(collapsed), fg, SampleFlame.Price.of(Optional.of(PRICES), MIX, ""), 2e9,
                new PrintWriter(out, true));
        assertEquals(List.of(fg.toAbsolutePath()), written);
        String html = Files.readString(fg);
        assertTrue(html.contains("75 % same-CPU / 25 % cross-CPU wake-ups") && html.contains("' ns'"), "priced, mix in title");
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
        SampleFlame.write(List.of(collapsed), fg, SampleFlame.Price.of(Optional.empty(), MIX, ""), Double.NaN,
                new PrintWriter(out, true));
        String html = Files.readString(fg);
        assertTrue(html.contains("not priced: no results") && html.contains("' switches'"), "says why");
        assertTrue(Files.notExists(tmp.resolve("fg.json")));
        assertTrue(out.toString().contains("not priced"), out.toString());
    }
}
