package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.Study;
import dev.switchcost.derive.Headline;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Derived;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AnswerCardTest {

    static final Path SUITE = Fixtures.results("suite-haltpoll-epyc-kvm-jdk25");

    @TempDir
    Path tmp;

    private static void fitsOneScreen(String card) {
        List<String> lines = card.lines().toList();
        assertTrue(lines.size() <= AnswerCard.MAX_LINES, lines.size() + " lines:\n" + card);
        for (String l : lines) {
            assertTrue(l.length() <= AnswerCard.WIDTH, "too wide (" + l.length() + "): " + l);
        }
        assertFalse(card.matches("(?s).*\\d[eE][+-]?\\d.*"), "no exponents:\n" + card);
    }

    @Test
    void answersEveryQuestionOnOneScreenFromARealRun() {
        // the report's path as a run in results/ names it (the fixture's own path is too long for the card's line)
        Path report = Path.of("results", SUITE.getFileName().toString(), "report.html");
        String card = AnswerCard.render(Findings.of(Results.load(SUITE)), report);
        fitsOneScreen(card);
        assertTrue(card.contains("One CPU") && card.contains("Across CPUs"), card);
        // a run of one fork (2026-11-21): each ratio is shown, naming both sides, and not judged (issue 28)
        assertTrue(card.contains("→ futex handoff, two CPUs / one CPU: ") && card.contains("from one fork: not judged"), card);
        assertTrue(card.contains("Virtual") && card.contains("Platform"), card);
        // like with like (issue 18): one CPU against one CPU, unpinned against unpinned
        assertTrue(card.contains("→ one CPU: platform (pinned) / virtual (one carrier) "), card);
        assertTrue(card.contains("→ unpinned: platform (unpinned) / virtual (two carriers) "), card);
        assertTrue(card.contains("plain C futex, one CPU"), card);
        assertTrue(card.contains("JNA futex (FutexPingPong), one CPU"), card);
        assertTrue(card.lines().anyMatch(l -> l.startsWith("  → the JVM ")), card);
        assertTrue(card.contains(" ± "), card);
        assertTrue(card.contains("(2.00)"), "switches counted per round trip:\n" + card);
        assertTrue(card.strip().endsWith("(jmh.json opens in JMH Visualizer)"), card);
        assertTrue(card.contains("Report: " + report), card);
    }

    @Test
    void endOfRunWritesTheReportAndNamesIt() throws IOException {
        Path fixture = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
        for (String f : List.of("jmh.json", "machine.json", "compare.json")) {
            Files.copy(fixture.resolve(f), tmp.resolve(f));
        }
        Files.writeString(tmp.resolve("status"), "complete\n");
        String card = dev.switchcost.cli.ReportCommand.cardWithReport(tmp, "switchcost run --quick");
        // not on a terminal here: no line is cut; on one the same card fits the screen
        assertTrue(card.lines().count() <= AnswerCard.MAX_LINES && !card.contains("…"), card);
        fitsOneScreen(AnswerCard.render(Findings.of(Results.load(tmp)), tmp.resolve("report.html")));
        assertTrue(card.contains("status: complete"), card);
        assertTrue(card.contains("Report: " + tmp.resolve("report.html")), card);
        assertTrue(Files.readString(tmp.resolve("report.html")).contains("switchcost run --quick"));
    }

    /** compare alone (no jmh.json): the JDK comes from machine.json, not "JDK ?". */
    @Test
    void aCompareOnlyDirectoryNamesTheJdkItsJvmCellsRanOn() {
        Results r = Results.load(Fixtures.results("compare-same-cpu-epyc-kvm-jdk25"));
        assertTrue(r.rows().isEmpty());
        assertEquals(List.of(r.machine().jdk().version()), r.jdks());
        String card = AnswerCard.render(Findings.of(r), null);
        assertFalse(card.contains("JDK ?"), card);
        assertTrue(card.contains("JDK " + r.machine().jdk().version()), card);
        assertTrue(card.contains("FFM futex (FutexPingPong), one CPU"), card);
    }

    @Test
    void saysSoWhenThereAreNoNativeRows() {
        String card = AnswerCard.render(Findings.of(Results.load(SUITE.resolve("run-quick.json"))), null);
        fitsOneScreen(card);
        assertTrue(card.contains("; not: JVM vs C, cache (run --quick measures them)"), card);
        assertFalse(card.contains("Report:"), card);
    }

    @Test
    void putsSeveralJdksSideBySide() throws IOException {
        String json = Files.readString(SUITE.resolve("run-quick.json"));
        Files.writeString(tmp.resolve("jmh.json"), json);
        Files.writeString(tmp.resolve("jmh-jdk21.json"), json.replace("\"jdkVersion\" : \"25.0.3\"", "\"jdkVersion\" : \"21.0.8\""));
        Results r = Results.load(tmp);
        assertEquals(List.of("21.0.8", "25.0.3"), r.jdks().stream().sorted().toList());
        String card = AnswerCard.render(Findings.of(r), null);
        fitsOneScreen(card);
        String header = card.lines().filter(l -> l.startsWith("ns per switch")).findFirst().orElseThrow();
        assertTrue(header.contains("JDK 21.0.8") && header.contains("JDK 25.0.3"), card);
        String oneCpu = card.lines().filter(l -> l.startsWith("One CPU")).findFirst().orElseThrow();
        assertEquals(2, oneCpu.split("\\(2\\.00\\)", -1).length - 1, "a value per JDK: " + oneCpu);
    }

    @Test
    void showsAnUnfinishedRunAndLeavesFailedRowsOut() throws IOException {
        Path fixture = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
        Files.copy(fixture.resolve("jmh.json"), tmp.resolve("jmh.json"));
        Files.writeString(tmp.resolve("status"), "interrupted\ntrial-failed\tdev.switchcost.bench.FutexPingPong.roundTrip\t"
                + "placement=SAME_CPU\tpartner died\n");
        String card = AnswerCard.render(Findings.of(Results.load(tmp)), null);
        fitsOneScreen(card);
        assertTrue(card.contains("status: interrupted: results are partial"), card);
        assertTrue(card.contains("! 1 row from failed trials left out of every figure"), card);
        String oneCpu = card.lines().filter(l -> l.startsWith("One CPU")).findFirst().orElseThrow();
        assertTrue(oneCpu.contains("not measured"), "the failed SAME_CPU row must not be shown as a figure: " + oneCpu);
    }

    private static Headline withCache(Estimate cache,
                                                          Set<IndirectCost.Flag> flags) {
        var direct = new Headline.Figure("futex handoff, both on one CPU",
                new Estimate(3000, 50, 19), 2.0, "x", null, 1, null);
        var c = cache == null ? null : new Headline.Figure("paired", cache, 2.0, "y", null, 1, null);
        return new Headline("25.0.3", direct, null, null, null, null, null, null, null, null, null, c,
                cache == null ? 0 : 256, flags, c == null ? null : cache.over(direct.perSwitch()), null, null, null);
    }

    @Test
    void cacheLineGivesTheIndirectCostAndItsShareOfTheDirectCost() {
        List<String> l = AnswerCard.cacheLines(List.of(withCache(new Estimate(1200, 40, 19),
                EnumSet.noneOf(IndirectCost.Flag.class))));
        assertEquals(2, l.size(), l.toString());
        assertTrue(l.get(0).startsWith("Cache") && l.get(0).contains("+1,200 ± ") && l.get(0).contains("256 KiB"), l.get(0));
        assertTrue(l.get(1).contains("+1,200 ± ") && l.get(1).contains("ns per switch through the caches, 0.40 ± ")
                && l.get(1).contains("× the direct cost (CPU time per switch at 0 KiB)")
                || l.get(1).contains("+1,200 ± ") && l.get(1).contains(", 0.40 ± ") && l.get(1).contains("× direct (CPU time"), l.get(1));
        l.forEach(x -> assertTrue(x.length() <= AnswerCard.WIDTH, x));
    }

    @Test
    void anUnresolvedOrNegativeCacheCostIsSaidSoNeverAsACost() {
        List<String> u = AnswerCard.cacheLines(List.of(withCache(new Estimate(400, 2000, 19),
                EnumSet.of(IndirectCost.Flag.WITHIN_ERROR))));
        assertTrue(u.get(0).contains("unresolved") && !u.get(0).contains("400"), u.get(0));
        assertTrue(u.get(1).contains("no cost through the caches is resolved"), u.get(1));
        List<String> n = AnswerCard.cacheLines(List.of(withCache(new Estimate(-900, 10, 19),
                EnumSet.of(IndirectCost.Flag.NEGATIVE))));
        assertTrue(n.get(0).contains("negative") && n.get(1).contains("not a cost"), n.toString());
        List<String> b = AnswerCard.cacheLines(List.of(withCache(new Estimate(800, 40, 19),
                EnumSet.of(IndirectCost.Flag.CONTROL_BIASED))));
        assertTrue(b.get(0).contains("biased") && b.get(1).contains("with no switch") && b.get(1).contains("not a cost"),
                b.toString());
        for (String x : u) {
            assertFalse(x.contains("the same"), x);
        }
    }

    /** The report's answer table names a cost through the caches that is no plain number by the card's word, not a flag. */
    @Test
    void theCardAndTheReportShareTheWordForACacheCostThatIsNoNumber() {
        assertEquals("unresolved", AnswerCard.cacheWord(EnumSet.of(IndirectCost.Flag.WITHIN_ERROR)));
        assertEquals("negative", AnswerCard.cacheWord(EnumSet.of(IndirectCost.Flag.NEGATIVE, IndirectCost.Flag.WITHIN_ERROR)));
        assertEquals("biased", AnswerCard.cacheWord(EnumSet.of(IndirectCost.Flag.CONTROL_BIASED)));
    }

    @Test
    void anAbsentCacheRowIsOneLineSayingHowToMeasureIt() {
        List<String> l = AnswerCard.cacheLines(List.of(withCache(null, Set.of())));
        assertEquals(List.of("Cache       not measured (switchcost run --quick measures it)"), l);
        String card = AnswerCard.render(Findings.of(Results.load(SUITE)), null);
        assertTrue(card.lines().anyMatch(x -> x.startsWith("Measured: ") && x.endsWith("; not: cache (run --quick measures it)")), card);
        assertFalse(card.contains("Cache "), card);
        fitsOneScreen(card);
    }

    /**
     * The cache line from a real run's paired rows: of 16, 128 and 1024 KiB the one nearest L2/2 (the
     * fixture's machine.json: L2 512 KiB, so 256 KiB) on a log scale, 128 KiB.
     */
    @Test
    void cacheLineReadsARealPairedRow() {
        String card = AnswerCard.render(Findings.of(Results.load(Path.of("src/test/resources/fixtures/results/workingset-paired-epyc-kvm-2vcpu-jdk25"))), null);
        fitsOneScreen(card);
        assertTrue(card.contains("added via the caches, 128 KiB/thread"), card);
    }

    @Test
    void namesADisturbedTrialWhetherLeftOutOrKept() throws IOException {
        Path fixture = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
        Files.copy(fixture.resolve("jmh.json"), tmp.resolve("jmh.json"));
        Files.writeString(tmp.resolve("status"), "complete\ntrial-disturbed\tdev.switchcost.bench.FutexPingPong.roundTrip\t"
                + "placement=SAME_CPU\tdisturbed: other tasks took 56% of the measured CPUs' time (limit 5%); largest: yes (pid 7) took 58%\n");
        String card = AnswerCard.render(Findings.of(Results.load(tmp)), null);
        fitsOneScreen(card);
        // a status line without its last field was written by a run that wrote a disturbed trial's rows only to keep them
        assertTrue(card.contains("! 1 disturbed trial kept, marked † (--allow-disturbed): other tasks took 56%"), card);
        assertTrue(card.contains("1 disturbed trial"), card);
    }

    /**
     * A disturbed trial the run left out (its status line says {@code left-out}; a fork of it from another round is in
     * jmh.json) is a figure nowhere: not on the card, not in report.md. Read as kept ({@code --allow-disturbed}), each
     * figure of it is marked † on the card and in the report's answer table, and the card's "!" line says what † means.
     */
    @Test
    void aDisturbedTrialLeftOutIsNoFigureAndAKeptOneIsMarked() throws IOException {
        Path fixture = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
        String line = "trial-disturbed\tdev.switchcost.bench.FutexPingPong.roundTrip\tplacement=CROSS_CPU\t"
                + "disturbed: other tasks took 56% of the measured CPUs' time (limit 5%); largest: yes (pid 7) took 58%\t";
        List<String> figures = Results.load(fixture).usable().stream()
                .filter(x -> x.shortName().equals("FutexPingPong.roundTrip") && "CROSS_CPU".equals(x.param("placement")))
                .flatMap(x -> java.util.stream.Stream.of(Fmt.pm(x.estimate()), Fmt.pm(x.estimate().times(0.5)))).toList();
        assertFalse(figures.isEmpty(), "the fixture has the trial's rows");
        for (String kept : List.of("left-out", "kept")) {
            Path dir = Files.createDirectories(tmp.resolve(kept));
            Files.copy(fixture.resolve("jmh.json"), dir.resolve("jmh.json"));
            Files.writeString(dir.resolve("status"), "failed: 1 of 9 trials disturbed\n" + line + kept + "\n");
            Results r = Results.load(dir);
            String card = AnswerCard.render(Findings.of(r), null);
            String md = Files.readString(ReportRenderer.render(Study.of(List.of(r)), Files.createDirectories(dir.resolve("out")), null, "test").markdown());
            fitsOneScreen(card);
            if (kept.equals("left-out")) {
                for (String x : figures) {
                    assertFalse(card.contains(x), x + " of a trial left out, on the card: " + card);
                    assertFalse(md.contains(x), x + " of a trial left out, in report.md");
                }
                assertTrue(card.contains("! 1 disturbed trial left out: other tasks took 56%"), card);
                assertFalse(card.contains("†"), card);
            } else {
                String across = card.lines().filter(l -> l.startsWith("Across CPUs")).findFirst().orElseThrow();
                assertTrue(across.endsWith("†") && figures.stream().anyMatch(across::contains), card);
                assertTrue(card.contains("! 1 disturbed trial kept, marked † (--allow-disturbed)"), card);
                assertTrue(md.lines().anyMatch(l -> l.startsWith("|across CPUs") && l.contains("†")), md);
                assertTrue(md.contains("† from a disturbed trial the run kept"), md);
            }
        }
    }

    /**
     * A mixture of two modes enters no ratio: the run's futex handoff across CPUs given the captured unpinned platform
     * pair's two-mode samples is named MIXED, the card reads no one-CPU/two-CPU ratio from its mean and says why, and the
     * report's mechanism chart leaves the row out, saying so.
     */
    @Test
    void aMixtureEntersNoRatioAndNoChartAsOneMean() throws IOException {
        Path fixture = Fixtures.results("quick-whole-cache-144s-epyc-kvm-jdk25");
        for (String f : List.of("jmh.json", "machine.json", "status", "compare.json", "provenance.json")) {
            Files.copy(fixture.resolve(f), tmp.resolve(f));
        }
        com.google.gson.JsonArray rows = com.google.gson.JsonParser.parseString(Files.readString(tmp.resolve("jmh.json"))).getAsJsonArray();
        com.google.gson.JsonElement twoModes = null;
        com.google.gson.JsonObject across = null;
        for (com.google.gson.JsonElement e : rows) {
            com.google.gson.JsonObject o = e.getAsJsonObject();
            com.google.gson.JsonObject params = o.getAsJsonObject("params");
            if (o.get("mode").getAsString().equals("sample") && params != null && params.has("pair")
                    && params.get("pair").getAsString().equals("PT_PT")) {
                twoModes = o.getAsJsonObject("primaryMetric").get("rawDataHistogram");
            } else if (o.get("mode").getAsString().equals("sample") && o.get("benchmark").getAsString().endsWith("FutexPingPong.roundTrip")
                    && params.get("placement").getAsString().equals("CROSS_CPU")) {
                across = o;
            }
        }
        across.getAsJsonObject("primaryMetric").add("rawDataHistogram", twoModes);
        Files.writeString(tmp.resolve("jmh.json"), rows.toString());
        Results r = Results.load(tmp);
        String card = AnswerCard.render(Findings.of(r), null);
        fitsOneScreen(card);
        assertTrue(card.lines().anyMatch(l -> l.startsWith("Across CPUs") && l.contains("MIXED")), card);
        assertFalse(card.contains("cheaper than two") || card.contains("two CPUs / one CPU") || card.contains("faster than on one CPU"), card);
        assertTrue(card.contains("→ no ratio: a mixture of two modes is never one mean"), card);
        String md = Files.readString(ReportRenderer.render(Study.of(List.of(r)), Files.createDirectories(tmp.resolve("out")), null, "test").markdown());
        assertTrue(md.contains("Not drawn: `FutexPingPong.roundTrip binding=FFM placement=CROSS_CPU wait=UNTIMED [avgt]`"), md);
        assertFalse(md.contains("cheaper than two"), md);
    }

    /** With the size-0 paired row beside it (as run --quick now runs), the cache line is the whole cost, not the paired. */
    @Test
    void theCacheLineIsTheWholeCostWhereTheRunHasTheSizeZeroRow() throws IOException {
        Results r = Results.load(Fixtures.results("workingset-whole-cost-epyc-kvm-jdk25"));
        Headline h = Findings.of(r).headlines().get(0);
        assertEquals(256, h.cacheKiB(), "L2/2 of this machine");
        IndirectCost.Row row = Derived.workingSet(r.rows()).stream().filter(x -> x.workingSetKiB() == 256).findFirst().orElseThrow();
        assertEquals(row.paired().whole(), h.cache().perSwitch());
        assertTrue(h.cache().what().startsWith("in the switch and after it"), h.cache().what());
        String card = AnswerCard.render(Findings.of(r), null);
        fitsOneScreen(card);
        assertTrue(card.contains("+" + Fmt.pm(row.paired().whole()) + " ns per switch"), card);
    }

    /** The report's answer table names the card's cache figure as the card does: the whole cost, not "paired". */
    @Test
    void theReportsAnswerTableNamesTheCacheFigureAsTheCardDoes() throws IOException {
        Results r = Results.load(Fixtures.results("workingset-whole-cost-epyc-kvm-jdk25"));
        String md = Files.readString(ReportRenderer.render(Study.of(List.of(r)), Files.createDirectories(tmp.resolve("out")), null, "test").markdown());
        String row = md.lines().filter(l -> l.startsWith("|through the caches|")).findFirst().orElseThrow();
        assertTrue(row.startsWith("|through the caches|in the switch and after it, 256 KiB per thread|"), row);
    }

    /**
     * One definition of "direct" (issue 29): the card's share divides the cost through the caches by the same run's
     * size-0 CPU time per switch — the figure the report's working-set table and {@code indirect} call the direct cost —
     * never by the futex row of another benchmark.
     */
    @Test
    void theCacheShareIsOverTheDirectCostTheReportAndIndirectName() {
        Results r = Results.load(Fixtures.results("workingset-whole-cost-epyc-kvm-jdk25"));
        Headline h = Findings.of(r).headlines().get(0);
        IndirectCost.Row row = Derived.workingSet(r.rows()).stream().filter(x -> x.workingSetKiB() == 256).findFirst().orElseThrow();
        IndirectCost.Row zero = Derived.workingSet(r.rows()).stream().filter(x -> x.workingSetKiB() == 0).findFirst().orElseThrow();
        assertEquals(zero.paired().beyond(), row.paired().direct(), "direct = beyond at size 0");
        assertEquals(row.paired().whole().over(zero.paired().beyond()).value(), h.cacheShare().value(), 1e-9);
        if (h.sameCpu() != null) {
            assertNotEquals(h.cache().perSwitch().over(h.sameCpu().perSwitch()).value(), h.cacheShare().value(), 1e-9);
        }
    }

    /**
     * Every line of a real card names its unit and what it is relative to: figure lines sit under the header naming
     * "ns per switch" (or carry their own unit), a ratio names both sides or "the direct cost", an increment has its sign.
     */
    @Test
    void everyCardLineNamesItsUnitAndWhatItIsRelativeTo() {
        for (String dir : List.of("quick-aa-run-1-epyc-kvm-jdk25", "workingset-whole-cost-epyc-kvm-jdk25", "quick-whole-cache-144s-epyc-kvm-jdk25")) {
            String card = AnswerCard.render(Findings.of(Results.load(Fixtures.results(dir))), null);
            String header = card.lines().filter(l -> l.startsWith("ns per switch ± 99.9% CI")).findFirst().orElseThrow();
            assertTrue(header.contains("switches/round trip"), header);
            for (String l : card.lines().toList()) {
                if (l.startsWith("status: ") || !l.matches(".*\\d.*±.*") && !l.contains("×")) {
                    continue;
                }
                if (l.startsWith("  → ")) {
                    assertTrue(l.contains(" ns") || l.contains("×"), "a reading without a unit: " + l);
                    if (l.contains("×")) {
                        assertTrue(l.matches(".*(than|/|the direct cost|direct \\(|over|within).*"), "a ratio without its reference: " + l);
                    }
                } else if (l.startsWith("Cache")) {
                    assertTrue(l.matches(".*[+-]\\d[\\d,.]* ± .*"), "the cache figure is an increment, signed: " + l);
                } else {
                    assertTrue(l.matches("^[A-Z].*") || l.startsWith("  "), l);
                }
            }
            assertEquals(1, card.lines().filter(l -> l.contains("CPU time per switch at 0 KiB") || l.contains("CPU time at 0 KiB")).count(),
                    "the definition of direct, once: " + card);
        }
    }

    /** The host line names what makes two cards differ: family/model, SMT, virtualisation, cpuidle, PMU (issue 29). */
    @Test
    void theHostLineNamesWhatMakesTwoCardsDiffer() {
        String card = AnswerCard.render(Findings.of(Results.load(Fixtures.results("quick-aa-run-1-epyc-kvm-jdk25"))), null);
        String host = card.lines().skip(1).findFirst().orElseThrow();
        for (String fact : List.of("AMD EPYC (family 23 model 1)", "2 CPUs", "no SMT", "KVM guest", "cpuidle none", "no PMU", "Linux 6.18")) {
            assertTrue(host.contains(fact), fact + " in " + host);
        }
        assertTrue(host.length() <= AnswerCard.WIDTH, host);
    }

    /** A wide figure (5,600 ± 2,700 ns, 1.4 ± 0.7× direct) shortens the reading's words, never cuts it. */
    @Test
    void theCacheReadingIsShortenedNotCut() throws IOException {
        String card = AnswerCard.render(Findings.of(Results.load(Fixtures.results("quick-whole-cache-181s-epyc-kvm-jdk25"))),
                null);
        fitsOneScreen(card);
        String reading = card.lines().dropWhile(l -> !l.startsWith("Cache")).skip(1).findFirst().orElseThrow();
        assertTrue(reading.contains("+5,600 ± 2,700 ns per switch") && !reading.endsWith("…"), reading);
    }

    @Test
    void showsTheMedianAndP99BesideTheMeanWhenASampleModeRowOfTheTrialWasRun() throws IOException {
        Path sample = Path.of("src/test/resources/fixtures/jmh-json/futex-sample-mode-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json");
        Files.copy(sample, tmp.resolve("jmh.json"));
        // the same trial in average-time mode beside it: its mean is the figure, the sample row gives the tail
        Files.writeString(tmp.resolve("jmh-avgt.json"), Files.readString(sample).replace("\"mode\" : \"sample\"", "\"mode\" : \"avgt\""));
        Files.writeString(tmp.resolve("status"), "complete\n");
        Results r = Results.load(tmp);
        Headline h = Findings.of(r).headlines().get(0);
        assertTrue(h.sameCpu().source().endsWith("[avgt]"), h.sameCpu().source());
        // captured p50 6.512 us and p99 46.667 us per round trip: per switch, half
        assertEquals(3256, Math.round(h.sameCpu().tail().p50()));
        assertEquals(23333, Math.round(h.sameCpu().tail().p99()));
        String card = AnswerCard.render(Findings.of(r), null);
        fitsOneScreen(card);
        List<String> lines = card.lines().toList();
        int one = lines.indexOf(lines.stream().filter(l -> l.startsWith("One CPU")).findFirst().orElseThrow());
        assertTrue(lines.get(one + 1).contains("median · p99 (sampled)") && lines.get(one + 1).contains("3,256 · 23,333"), card);
        assertFalse(card.contains("Across CPUs") && card.lines().filter(l -> l.contains("median · p99")).count() > 1,
                "no tail line for a figure without a sample-mode row: " + card);
    }

    @Test
    void everyHandoffRowOfTheQuickSetShowsItsMedianAndP99PerSwitchAndTheBatchMeansAreNamed() throws IOException {
        Path sample = Path.of("src/test/resources/fixtures/jmh-json/handoffs-sample-mode-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json");
        Files.copy(sample, tmp.resolve("jmh.json"));
        Files.writeString(tmp.resolve("jmh-avgt.json"), Files.readString(sample).replace("\"mode\" : \"sample\"", "\"mode\" : \"avgt\""));
        Files.writeString(tmp.resolve("status"), "complete\n");
        String card = AnswerCard.render(Findings.of(Results.load(tmp)), null);
        fitsOneScreen(card);
        List<String> lines = card.lines().toList();
        // captured per round trip (ns): futex one CPU p50 4336 p99 19203.52; two CPUs 23968, 3980902.4;
        // VT_VT 781.5, 5044.32; PT_PT 5428, 138136.32; per switch, half of each, as the mean
        assertEquals("2,168 · 9,602", tailAfter(lines, "One CPU"), card);
        assertEquals("11,984 · 1,990,451", tailAfter(lines, "Across CPUs"), card);
        assertEquals("391 · 2,522", tailAfter(lines, "Virtual"), card);
        assertEquals("2,714 · 69,068", tailAfter(lines, "Platform"), card);
        assertTrue(lines.get(lines.indexOf(lines.stream().filter(l -> l.startsWith("Virtual")).findFirst().orElseThrow()) + 1)
                .contains("median · p99 (means of 1,000 trips)"), card);
        assertTrue(lines.get(lines.indexOf(lines.stream().filter(l -> l.startsWith("One CPU")).findFirst().orElseThrow()) + 1)
                .contains("median · p99 (sampled)"), card);
        // issue 28: the captured virtual pair's batches form two modes (about 400 and 1,300 ns per switch): named, not averaged
        int virtual = lines.indexOf(lines.stream().filter(l -> l.startsWith("Virtual")).findFirst().orElseThrow());
        assertTrue(lines.get(virtual).contains("MIXED") && !lines.get(virtual).contains("±"), card);
        assertTrue(lines.get(virtual + 2).matches(".*two modes: ns \\(share of samples\\) +3\\d\\d 8\\d% · 1,\\d{3} 1\\d%"), card);
        String one = lines.stream().filter(l -> l.startsWith("One CPU")).findFirst().orElseThrow();
        assertTrue(one.contains("±") && !one.contains("MIXED"), "one mode, one mean ±: " + card);
    }

    /**
     * Issue 18: the committed quick run measured virtual threads on one carrier (one CPU) and platform threads unpinned:
     * unlike rows, so no ratio is read from them, and the card says why once.
     */
    @Test
    void noRatioBetweenVirtualOnOneCpuAndPlatformUnpinned() {
        String card = AnswerCard.render(Findings.of(Results.load(Fixtures.results("quick-paired-cache-epyc-kvm-jdk25"))), null);
        fitsOneScreen(card);
        assertTrue(card.contains("virtual ↔ virtual, 1 carrier (one CPU)") && card.contains("platform ↔ platform, unpinned"), card);
        assertTrue(card.contains("→ no virtual/platform ratio: virtual on one CPU, platform unpinned: unlike rows, not compared"), card);
        assertFalse(card.contains("cheaper than platform"), card);
        assertFalse(card.contains("Measured:"), "a quick run measured every question: " + card);
    }

    /** Issue 18: a figure without an error estimate ("± ?") is never read as "the same within the error". */
    @Test
    void aRatioWithoutAnErrorIsNotJudgedNeverTheSame() {
        Estimate unknown = new Estimate(1.2, Double.NaN, 0);
        for (String s : List.of(AnswerCard.pinningWords(unknown), AnswerCard.gainWords(unknown, "one CPU", "one carrier", "pinned"))) {
            assertFalse(s.contains("the same"), s);
            assertTrue(s.contains("error unknown (one iteration): not judged"), s);
            assertTrue(s.contains("1.20×"), s);
        }
        // an interval that spans 1 is not resolved, never "the same"; only an equivalence test says the same; one fork: not judged
        String wide = AnswerCard.pinningWords(new Estimate(1.2, 1, 19));
        assertTrue(wide.contains(Diff.NOT_RESOLVED_TEXT) && !wide.contains("the same"), wide);
        assertTrue(AnswerCard.pinningWords(new Estimate(1.01, 0.005, 19)).contains("cost the same within ±10 %"),
                AnswerCard.pinningWords(new Estimate(1.01, 0.005, 19)));
        assertTrue(AnswerCard.pinningWords(new Estimate(8, 0.1, 19, Estimate.Basis.WITHIN_ONE_FORK, 1)).contains("from one fork: not judged"));
        String pin = AnswerCard.pinningWords(new Estimate(8, 0.1, 19));
        assertTrue(pin.contains("cheaper than two for a strict futex ping-pong"), pin);
        assertTrue(("  → " + pin).length() <= AnswerCard.WIDTH, "the reading fits the card, never cut: " + pin);
        Estimate eight = new Estimate(8, 0.1, 19);
        assertEquals("one CPU: virtual threads (one carrier) hand off " + Fmt.times(eight) + " cheaper than platform ones (pinned)",
                AnswerCard.gainWords(eight, "one CPU", "one carrier", "pinned"));
    }

    /** Issue 18: a targeted run (futex rows only) says once what it measured and what not, not a line per absent figure. */
    @Test
    void aTargetedRunSaysOnceWhatItMeasuredAndWhatNot() throws IOException {
        Path sample = Path.of("src/test/resources/fixtures/jmh-json/futex-sample-mode-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json");
        Files.copy(sample, tmp.resolve("jmh.json"));
        String card = AnswerCard.render(Findings.of(Results.load(tmp)), null);
        fitsOneScreen(card);
        assertEquals(1, card.lines().filter(l -> l.contains("not measured")).count(), "only the half-measured pair's line: " + card);
        List<String> said = card.lines().filter(l -> l.startsWith("Measured: ")).toList();
        assertEquals(List.of("Measured: one CPU; not: virtual vs platform, JVM vs C, cache (run --quick measures them)"), said, card);
        assertTrue(card.lines().anyMatch(l -> l.startsWith("Across CPUs") && l.contains("not measured")), "the half-measured pair: " + card);
        // the same run with its one-CPU trial failed and left out: it ran, so --quick is not the advice
        Files.writeString(tmp.resolve("status"), "failed: 1 of 1 trials failed\ntrial-failed\tdev.switchcost.bench.FutexPingPong.roundTrip\t"
                + "placement=SAME_CPU\tpartner died\n");
        String left = AnswerCard.render(Findings.of(Results.load(tmp)), null);
        fitsOneScreen(left);
        assertTrue(left.contains("\nNot in the figures: one CPU vs two CPUs, virtual vs platform, JVM vs C, cache;\n  failed: 1 trial (above)\n"), left);
        // disturbed and left out: measured, and the card says so, not "not measured"
        Files.writeString(tmp.resolve("status"), "failed: 1 of 1 trials disturbed\ntrial-disturbed\tdev.switchcost.bench.FutexPingPong.roundTrip\t"
                + "placement=SAME_CPU\tdisturbed: other tasks took 50% of the measured CPUs' time (limit 5%); largest: yes (pid 25548) "
                + "took 53% in its worst iteration\tleft-out\n");
        String disturbed = AnswerCard.render(Findings.of(Results.load(tmp)), null);
        assertTrue(disturbed.contains("\nNot in the figures: one CPU vs two CPUs, virtual vs platform, JVM vs C, cache;\n"
                + "  measured, left out (disturbed): 1 trial (above)\n") && !disturbed.contains("Not measured"), disturbed);
        // cut at the terminal's width only on a terminal: in a file or a pipe the whole reason is there
        assertTrue(disturbed.contains("…") && !disturbed.contains("worst iteration"), disturbed);
        String whole = AnswerCard.render(Findings.of(Results.load(tmp)), null, false);
        assertTrue(whole.contains("took 53% in its worst iteration\n") && !whole.contains("…"), whole);
    }

    /** The cell of the tail line under the figure line starting with {@code label}. */
    private static String tailAfter(List<String> lines, String label) {
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith(label)).findFirst().orElseThrow());
        String tail = lines.get(at + 1);
        assertTrue(tail.contains("median · p99"), tail);
        return tail.substring(tail.lastIndexOf(')') + 1).strip();
    }

    /** "matches plain C" only by the equivalence test on the paired ratio; too wide to tell is not a match, nor is one fork. */
    @Test
    void theJvmMatchesPlainCOnlyByAnEquivalenceTest() {
        Estimate c = new Estimate(3000, 20, 9);
        Estimate close = new Estimate(3050, 20, 9);
        // the paired ratio of ten repetitions, each JVM/C within 1.5 % of 1.02
        Estimate pairedClose = Estimate.pairedRatio(new double[] {1.01, 1.02, 1.03, 1.02, 1.015, 1.025, 1.02, 1.01, 1.03, 1.02});
        assertEquals("the JVM matches plain C within ±10 % here (equivalence test, paired: JVM is 1.02 ± 0.011× C)",
                AnswerCard.nativeWords(close.minus(c), c, pairedClose));

        Estimate wideC = new Estimate(3000, 300, 4);
        Estimate wide = new Estimate(3421, 300, 4);
        String w = AnswerCard.nativeWords(wide.minus(wideC), wideC, wide.over(wideC));
        assertFalse(w.contains("matches"), w);
        assertTrue(w.endsWith("not resolved at this precision (run with more forks to resolve it)"), w);

        Estimate oneFork = new Estimate(3050, 20, 19, Estimate.Basis.WITHIN_ONE_FORK, 1);
        String o = AnswerCard.nativeWords(oneFork.minus(c), c, oneFork.over(c));
        assertTrue(o.endsWith("from one fork: not judged"), o);

        Estimate far = new Estimate(6000, 20, 9);
        assertTrue(AnswerCard.nativeWords(far.minus(c), c, far.over(c)).startsWith("the JVM adds 3,000 ± "), "beyond the minimum effect");
    }
}
