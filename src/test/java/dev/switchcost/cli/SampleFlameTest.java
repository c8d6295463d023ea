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
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
                Set.of(), new PrintWriter(out, true));
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
                Set.of(), new PrintWriter(out, true));
        String html = Files.readString(fg);
        assertTrue(html.contains("Not priced: no results") && html.contains(">Context switches by stack, in switches (not priced)</h1>") && html.contains("' switches'"), "says why");
        assertTrue(Files.notExists(tmp.resolve("fg.json")));
        assertTrue(out.toString().contains("not priced"), out.toString());
    }

    /**
     * On captured stacks of Jetty on virtual threads: the threads sample classified as carriers are named so in the
     * graph, the counts and the top stacks, and a switch with a virtual thread mounted says it was one's.
     */
    @Test
    void carriersAreNamedAsCarriersInTheGraphAndTheTable() throws IOException {
        Path fg = tmp.resolve("fg.html");
        Path collapsed = Files.copy(Path.of("src/test/resources/fixtures/async-profiler/virtual-threads-jetty.collapsed"),
                tmp.resolve("fg.collapsed"));
        StringWriter out = new StringWriter();
        SampleFlame.write(List.of(collapsed), fg, SampleFlame.Price.of(Optional.of(PRICES), MIX, Map.of(), ""), 2e9,
                Set.of(29275, 29285), new PrintWriter(out, true));
        for (Path graph : List.of(fg, tmp.resolve("fg.counts.html"))) {
            List<String> frames = frames(Files.readString(graph));
            assertTrue(frames.contains("[carrier ForkJoinPool-1-worker-1 tid=29275]"), graph + ": the parked carrier: " + frames);
            assertTrue(frames.contains("[a virtual thread on carrier ForkJoinPool-1-worker-2 tid=29285]"), graph + ": a mounted one");
            assertTrue(frames.contains("[qtp124407148-24 tid=29261]"), graph + ": a platform thread as it was");
            assertFalse(frames.contains("[ForkJoinPool-1-worker-1 tid=29275]"), graph + ": no carrier left unnamed");
        }
        String table = out.toString();
        assertTrue(table.contains("[a virtual thread on carrier ForkJoinPool-1-worker-1 tid=29275] org/eclipse/jetty/"), table);
        assertTrue(table.contains("[carrier ForkJoinPool-1-worker-1 tid=29275] jdk/internal/misc/Unsafe.park"), table);
        assertTrue(Files.readString(tmp.resolve("fg.json")).contains("\"stack\": \"[a virtual thread on carrier ForkJoinPool-1-worker-2"));
    }

    /** Before the graph is collected, the stacks a JVM wrote already tell which threads ran virtual threads. */
    @Test
    void theThreadsThatRanVirtualThreadsAreReadFromTheStacksNotYetCollected() throws IOException {
        Path fg = tmp.resolve("fg.html");
        assertEquals(Set.of(), SampleFlame.mountedTids(fg), "none written yet");
        Files.copy(Path.of("src/test/resources/fixtures/async-profiler/virtual-threads-jetty.collapsed"), tmp.resolve(".fg.html.29250.partial"));
        Files.copy(CAPTURE, tmp.resolve(".fg.html.41.partial"));
        assertEquals(Set.of(29275, 29285), SampleFlame.mountedTids(fg));
        assertEquals(2, Files.list(tmp).count(), "read, not collected");
    }

    /**
     * The frame names a graph draws: async-profiler's template lists them in {@code const cpool = [...]}, one a line,
     * each after the first sharing the previous one's first (its first character − 32) characters.
     */
    static List<String> frames(String html) {
        String pool = html.substring(html.indexOf("const cpool = [\n") + "const cpool = [\n".length(), html.indexOf("\n];\nunpack(cpool);"));
        List<String> out = new java.util.ArrayList<>();
        for (String line : pool.split("\n")) {
            String q = line.substring(line.indexOf('\'') + 1, line.lastIndexOf('\'')).replace("\\'", "'").replace("\\\\", "\\");
            out.add(out.isEmpty() ? q : out.get(out.size() - 1).substring(0, q.charAt(0) - 32) + q.substring(1));
        }
        return out;
    }
}
