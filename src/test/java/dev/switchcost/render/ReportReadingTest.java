package dev.switchcost.render;

import dev.switchcost.derive.Study;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Param;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report reads right the first time (issue 29): one unit, modes named, inputs apart, keys once, thin tails hidden. */
class ReportReadingTest {

    static final Path RUN = Fixtures.results("quick-aa-run-1-epyc-kvm-jdk25");
    static final Path Q23E = Fixtures.results("quick-whole-cache-170s-epyc-kvm-jdk25");
    static final Path Q23F = Fixtures.results("quick-whole-cache-144s-epyc-kvm-jdk25");

    @TempDir
    Path tmp;

    private String md(Path... in) throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out" + in.length));
        return Files.readString(ReportRenderer.render(Study.of(Results.loadAll(List.of(in))), out, null, "test").markdown());
    }

    /** The charts plot per switch, as the card: every bar is its row's round trip halved. */
    @Test
    void chartsAreInTheCardsUnit() {
        Results r = Results.load(RUN);
        List<HandoffSections.Tagged> rows = HandoffSections.tagged(List.of(r));
        List<Charts.Bar> bars = HandoffSections.mechanismBars(rows);
        assertFalse(bars.isEmpty());
        Set<Double> halves = new HashSet<>();
        rows.forEach(t -> halves.add(t.row().estimate().value() / 2));
        bars.forEach(b -> assertTrue(halves.contains(b.value().value()), b.label()));
        assertTrue(HandoffSections.PER_SWITCH_AXIS.startsWith("ns per switch"));
    }

    /** The virtual-vs-platform chart holds the row the card's ratio divides by: the pinned park ping-pong here. */
    @Test
    void theVirtualChartPlotsWhatTheCardCompares() {
        Results r = Results.load(RUN);
        List<Charts.Bar> bars = HandoffSections.virtualBars(HandoffSections.tagged(List.of(r)));
        JmhRow park = r.usable().stream().filter(x -> x.shortName().startsWith("ParkUnparkPingPong")
                && "SAME_CPU".equals(x.param(Param.PLACEMENT)) && "avgt".equals(x.mode())).findFirst().orElseThrow();
        assertTrue(bars.stream().anyMatch(b -> b.label().contains("the card's platform row")
                && b.value().value() == park.estimate().value() / 2), bars.toString());
    }

    /** "All JMH rows" names each row's mode: an avgt and a sample row of one benchmark are not duplicates. */
    @Test
    void allRowsHasAModeColumnAndNoTwoRowsLookAlike() throws IOException {
        String md = md(RUN);
        String section = md.substring(md.indexOf("## All JMH rows"), md.indexOf("## About this report"));
        assertTrue(section.contains("|benchmark|mode|parameters|"), section);
        List<String> rows = section.lines().filter(l -> l.startsWith("|") && !l.startsWith("|---") && !l.startsWith("|benchmark"))
                .map(l -> String.join("|", List.of(l.split("\\|")).subList(1, 4))).toList();
        assertEquals(rows.size(), new HashSet<>(rows).size(), "rows alike in benchmark, mode and parameters: " + rows);
        assertTrue(section.contains("|sampled|") && section.contains("|mean (avgt)|"), section);
        assertEquals(1, count(md, "Mode: mean = "), "the key once");
    }

    /** A card figure's row that is a mixture of two modes shows its modes in "All JMH rows" too, never its mean. */
    @Test
    void allRowsShowsAMixtureAsItsModesNotAMean() throws IOException {
        String md = md(Fixtures.copy("quick-whole-cache-144s-epyc-kvm-jdk25", tmp.resolve("quick")));
        String section = md.substring(md.indexOf("## All JMH rows"), md.indexOf("## About this report"));
        String unpinned = section.lines().filter(l -> l.contains("pair=PT\\_PT") && l.contains("|mean (avgt)|")).findFirst()
                .orElseThrow(() -> new AssertionError(section));
        assertTrue(unpinned.contains("|MIXED: 2,182 33% · 7,080 67%|"), unpinned);
        String tail = md.lines().filter(l -> l.startsWith("|platform ↔ platform (LOCK\\_SUPPORT, unpinned)|")).findFirst().orElseThrow();
        assertTrue(tail.contains("|MIXED: 2,182 33% · 7,080 67%|"), "the distribution table's mean column: " + tail);
    }

    /** Two runs' mixed rows are not judged against each other by their means. */
    @Test
    void aMixtureIsNotJudgedAgainstAnotherRun() throws IOException {
        String md = md(Fixtures.copy(Q23E.getFileName().toString(), tmp.resolve("e/quick")),
                Fixtures.copy(Q23F.getFileName().toString(), tmp.resolve("f/quick")));
        String line = md.lines().filter(l -> l.startsWith("|pair=PT\\_PT|")).findFirst().orElseThrow(() -> new AssertionError(md));
        assertTrue(line.endsWith("|not judged: a mixture of two modes|") && !line.contains("±"), line);
    }

    /** Two "quick" directories are named by their parents in every title, column and bullet; never as a bare "quick". */
    @Test
    void twoInputsWithTheSameLeafAreNamedApart() throws IOException {
        String md = md(Fixtures.copy(Q23E.getFileName().toString(), tmp.resolve("2026-11-23e-epyc-kvm/quick")),
                Fixtures.copy(Q23F.getFileName().toString(), tmp.resolve("2026-11-23f-epyc-kvm/quick")));
        assertTrue(md.contains("2026-11-23e-epyc-kvm/quick") && md.contains("2026-11-23f-epyc-kvm/quick"), md);
        assertFalse(md.contains("**quick**"), "a bold input label that reads only quick");
        assertFalse(md.contains("|quick ·") || md.contains("- quick:"), "a column or bullet that reads only quick");
    }

    /** A one-size working set is a table, not a log axis spent on two points; its key is said once for every input. */
    @Test
    void aOneSizeWorkingSetIsATableWithItsKeyOnce() throws IOException {
        String md = md(RUN);
        String ws = md.substring(md.indexOf("## Working set"), md.indexOf("## All JMH rows"));
        assertFalse(ws.contains("*(chart:"), ws);
        assertTrue(ws.contains("through the caches, ns per switch"), "headers in words: " + ws);
        assertFalse(ws.contains("cache_ns/switch") || ws.contains("walk1_ns"), ws);
        String two = md(Q23E, Q23F);
        assertTrue(count(two, "Through the caches = the CPU time per switch") <= 1, "the key once, not per input");
    }

    /** p99.9 of 130 samples is hidden by the one rule; the max is always the max of N. */
    @Test
    void aPercentileWithTooFewSamplesBeyondItIsHidden() throws IOException {
        String md = md(RUN);
        String row = md.lines().filter(l -> l.startsWith("|platform ↔ platform")).findFirst().orElseThrow();
        assertTrue(row.contains("|–|8,136 of 130|"), row);
        assertTrue(md.contains("|max of N samples|"), md);
    }

    private static int count(String s, String what) {
        return s.split(java.util.regex.Pattern.quote(what), -1).length - 1;
    }
}
