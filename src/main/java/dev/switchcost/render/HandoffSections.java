package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.Headline;
import dev.switchcost.derive.Modes;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.LatencyDistribution;
import dev.switchcost.derive.PinningStudy;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Family;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Param;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.Percentiles;
import dev.switchcost.results.Question;
import dev.switchcost.results.Results;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The report's handoff sections: the answer, the handoff by mechanism and placement, virtual against platform threads, the latency distribution, the pinning study and native C beside the JVM. */
final class HandoffSections {

    private HandoffSections() {
    }

    /** A row with the label of its input (and JDK, when inputs or JDKs are several). */
    record Tagged(String tag, JmhRow row) {
    }

    static List<Tagged> tagged(List<Results> inputs) {
        List<Tagged> out = new ArrayList<>();
        for (Results r : inputs) {
            boolean jdks = r.jdks().size() > 1;
            Map<String, Long> perKey = r.usable().stream().collect(Collectors.groupingBy(
                    x -> x.key() + x.jdkLabel(), Collectors.counting()));
            for (JmhRow x : r.usable()) {
                String file = perKey.get(x.key() + x.jdkLabel()) > 1 ? " " + x.source().getFileName() : "";
                String tag = (inputs.size() > 1 ? r.label() : "") + (jdks ? " " + x.jdkLabel() : "") + file;
                out.add(new Tagged(tag.isBlank() ? "" : "[" + tag.strip() + "] ", x));
            }
        }
        return out;
    }

    static void answer(Doc doc, List<Findings> inputs) {
        List<Headline> hs = inputs.stream().flatMap(f -> f.headlines().stream()).toList();
        List<String> head = new ArrayList<>(List.of("question", "what"));
        // the unit goes in the paragraph above: a header per input this long pushed the second input off-screen
        inputs.forEach(f -> f.headlines().forEach(h -> head.add((inputs.size() > 1 ? f.input().label() + " · " : "")
                + "JDK " + h.jdk())));
        doc.p("ns per switch ± 99.9% (switches per round trip); median · p99 per switch from the sampled run where one was made."
                + (hs.stream().anyMatch(h -> h.cache() != null) ? " \"Through the caches\" is an increment (+) over the direct"
                + " cost, not a total; " + IndirectCost.DIRECT_DEFINITION + "." : ""));
        List<List<String>> rows = new ArrayList<>();
        // a figure whose trial stopped on --budget before --precision: its own interval and the precision asked
        Function<Headline.Figure, String> mark = x -> inputs.stream()
                .filter(f -> f.headlines().stream().flatMap(HandoffSections::figures).anyMatch(y -> y == x))
                .findFirst().map(f -> CardPrecision.mark(f.input(), x)).orElse("");
        addAnswer(rows, hs, "one CPU", Headline::sameCpu, mark);
        addAnswer(rows, hs, "across CPUs", Headline::crossCpu, mark);
        addAnswer(rows, hs, "virtual threads, one CPU", Headline::virtual, mark);
        addAnswer(rows, hs, "platform threads, one CPU", Headline::platform, mark);
        addAnswer(rows, hs, "virtual threads, unpinned", Headline::virtualUnpinned, mark);
        addAnswer(rows, hs, "platform threads, unpinned", Headline::platformUnpinned, mark);
        addAnswer(rows, hs, "plain C", Headline::nativeC, mark);
        addAnswer(rows, hs, "JVM, same compare run", Headline::jvmVsC, mark);
        Headline withCache = hs.stream().filter(h -> h.cache() != null).findFirst().orElse(null);
        if (withCache != null) {
            // the card's cost through the caches (the whole cost, or the paired one where the run has no size-0 row), named
            // as the card names it: a plain number only when resolved and positive
            List<String> row = new ArrayList<>(List.of("through the caches", withCache.cache().what()));
            for (Headline h : hs) {
                row.add(h.cache() == null ? "–" : h.cacheFlags().isEmpty()
                        ? AnswerCard.increment(h.cache().perSwitch()) + " (" + Fmt.count(h.cache().switchesPerTrip()) + ")"
                        + (h.cache().disturbed() ? AnswerCard.DISTURBED : "")
                        : AnswerCard.cacheWord(h.cacheFlags()) + " [" + Fmt.pm(h.cache().perSwitch()) + "]");
                String m = h.cache() == null ? "" : mark.apply(h.cache());
                row.set(row.size() - 1, row.get(row.size() - 1) + (m.isEmpty() ? "" : " " + m));
            }
            rows.add(row);
        }
        doc.table(new Table(head, rows, "ll" + "r".repeat(hs.size())));
        // the precision asked: how many figures stopped short of it, as the card says it
        inputs.forEach(f -> CardPrecision.line(f.input(), f.headlines()).ifPresent(l -> doc.p((inputs.size() > 1
                ? f.input().label() + ": " : "") + l.replaceFirst("^! ", "")
                .replaceFirst(": " + AnswerCard.IMPRECISE + " .*", ": marked in the table with the precision each reached and the forks its"
                        + " spread would need"))));
        if (hs.stream().anyMatch(h -> figures(h).anyMatch(Headline.Figure::disturbed))) {
            doc.p(AnswerCard.DISTURBED_LEGEND);
        }
        List<String> readings = new ArrayList<>();
        for (Findings f : inputs) {
            // the whole card, as in a file: the report is not a terminal, no reading is cut
            String card = AnswerCard.render(f, null, false);
            String spinBest = SpinSections.bestText(f);
            String prefix = inputs.size() > 1 ? f.input().label() + ": " : "";
            // the spin reading says what it agrees with: the card's line above it, which has no row in the table
            card.lines().filter(l -> l.startsWith("  → ")).map(l -> l.substring(4))
                    .forEach(l -> readings.add(prefix + (l.equals(spinBest) ? SpinSections.budgetText(f) + "; " + l : l)));
        }
        doc.bullets(readings.isEmpty() ? List.of("Not enough rows for a reading (run `switchcost run --quick`).") : readings);
    }

    static void addAnswer(List<List<String>> rows, List<Headline> hs, String q, Function<Headline, Headline.Figure> f,
                          Function<Headline.Figure, String> mark) {
        Headline.Figure any = hs.stream().map(f).filter(x -> x != null).findFirst().orElse(null);
        if (any == null) {
            return;
        }
        List<String> row = new ArrayList<>(List.of(q, any.what()));
        for (Headline h : hs) {
            Headline.Figure x = f.apply(h);
            // a mixture is named by its modes, never averaged into one mean ±, as on the card
            row.add(x == null ? "–" : (x.modes().mixed() ? "MIXED: " + AnswerCard.modesText(x.modes())
                    : Fmt.pm(x.perSwitch())) + " (" + Fmt.count(x.switchesPerTrip()) + ")"
                    + (x.tail() == null ? "" : "; median · p99 " + AnswerCard.medianP99(x.tail())
                    + (x.tripsPerSample() > 1 ? " (means of " + Fmt.num(x.tripsPerSample()) + ")" : ""))
                    + (x.disturbed() ? " " + AnswerCard.DISTURBED : "")
                    + (x == null || mark.apply(x).isEmpty() ? "" : " " + mark.apply(x)));
        }
        rows.add(row);
    }

    /** Every figure of a headline that has one. */
    static Stream<Headline.Figure> figures(Headline h) {
        return Stream.of(h.sameCpu(), h.crossCpu(), h.virtual(), h.platform(), h.virtualUnpinned(), h.platformUnpinned(),
                h.nativeC(), h.jvmVsC(), h.cache()).filter(Objects::nonNull);
    }

    /**
     * The rows of the inputs' card figures that are a mixture of two modes ({@link dev.switchcost.derive.Modes#mixed}),
     * each with what to say of it: a chart draws none of them as one dot, as no ratio uses one.
     */
    static Map<JmhRow, String> mixtures(List<Findings> inputs) {
        Map<JmhRow, String> out = new LinkedHashMap<>();
        for (Findings f : inputs) {
            mixedRows(f).forEach((r, modes) -> out.put(r, "Not drawn: `" + r.key() + "` (" + (inputs.size() > 1
                    ? f.input().label() + ", " : "") + r.jdkLabel() + "), a mixture of two modes (ns per switch and share of"
                    + " samples: " + AnswerCard.modesText(modes) + "), never one mean."));
        }
        return out;
    }

    /** The rows of one input's card figures that are a mixture of two modes, with their modes. */
    static Map<JmhRow, Modes> mixedRows(Findings f) {
        Map<JmhRow, Modes> out = new LinkedHashMap<>();
        for (Headline h : f.headlines()) {
            figures(h).filter(x -> x.modes().mixed()).forEach(x -> f.input().usable().stream()
                    .filter(r -> r.key().equals(x.source()) && h.jdk().equals(r.jdk())).forEach(r -> out.put(r, x.modes())));
        }
        return out;
    }

    /** Under a chart of the rows {@code kind} accepts: each mixture left out of it, and why. */
    static void mixturesLeftOut(Doc doc, Map<JmhRow, String> mixtures, Predicate<JmhRow> kind) {
        mixtures.forEach((r, why) -> {
            if (kind.test(r)) {
                doc.p(why);
            }
        });
    }

    /**
     * The sample-mode rows' percentiles beside their trial's mean, per switch for a round trip (the answer's unit),
     * and the chart of their distributions; the timer's own row (an empty op) says what timing a sampled op costs.
     */
    static void distribution(Doc doc, List<Findings> inputs) throws IOException {
        List<DistributionChart.Line> all = new ArrayList<>();
        for (Findings f : inputs) {
            List<LatencyDistribution.Series> d = f.distribution();
            if (d.isEmpty()) {
                continue;
            }
            doc.input(f.input(), inputs.size());
            List<String> head = List.of("trial", "unit", "mean ± 99.9%", "p50", "p90", "p99", "p99.9", "max of N samples");
            List<List<String>> rows = new ArrayList<>();
            Map<JmhRow, Modes> mixed = mixedRows(f);
            for (LatencyDistribution.Series s : d) {
                Percentiles p = s.tail();
                // the trial's mean, unless its mean row is a mixture of two modes: then its modes, never one mean
                Modes modes = mixed.entrySet().stream().filter(e -> e.getKey().benchmark().equals(s.row().benchmark())
                        && e.getKey().params().equals(s.row().params())).map(Map.Entry::getValue).findFirst().orElse(null);
                rows.add(List.of(DistributionChart.label(s).replaceFirst(" · [0-9,]+ samples.*$", "")
                                + (s.row().disturbed() ? " **(disturbed)**" : ""),
                        (s.perSwitch() ? "ns/switch" : "ns/op") + (s.tripsPerSample() > 1 ? ", means of " + Fmt.num(s.tripsPerSample()) : ""),
                        modes != null ? "MIXED: " + AnswerCard.modesText(modes) : s.mean() == null ? "–" : Fmt.pm(s.mean()),
                        pct(p, 0.5, p.p50()), pct(p, 0.9, p.p90()),
                        pct(p, 0.99, p.p99()), pct(p, 0.999, p.p999()), Fmt.num(p.max()) + " of " + Fmt.num(p.samples())));
            }
            doc.table(new Table(head, rows, "llrrrrrr"), List.of("unit"));
            d.forEach(s -> all.add(new DistributionChart.Line(inputs.size() > 1 ? f.input().label() : null, s)));
        }
        if (all.isEmpty()) {
            return;
        }
        doc.p("JMH's sample mode times a random sample of invocations, two `System.nanoTime` reads each, in trials of their own"
                + " (the mean rows read no clock per op). A round trip is two switches: its values are halved, as the mean is."
                + " The timer row is an empty op sampled the same way: what the timing itself adds to each value."
                + " The virtual-thread classes drive 1,000 round trips per invocation, so their values are means of 1,000:"
                + " their tail is narrower than a single round trip's. A percentile is shown only with at least one sample"
                + " expected beyond it (p99 needs 100 samples, p99.9 needs 1,000); max is the slowest of the N sampled.");
        doc.chart(DistributionChart.lines(all), "No sample-mode row has a histogram.");
    }

    /** A percentile's cell by the one rule ({@link Percentiles#resolves}): hidden with too few samples beyond it. */
    static String pct(Percentiles p, double q, double v) {
        return p.resolves(q) ? Fmt.num(v) : "–";
    }

    static List<Charts.Bar> mechanismBars(List<Tagged> rows) {
        List<Charts.Bar> bars = new ArrayList<>();
        for (String placement : List.of("SAME_CPU", "SMT_SIBLING", "CROSS_CPU", "UNPINNED")) {
            for (Tagged t : rows) {
                JmhRow r = t.row();
                if (placement.equals(r.param(Param.PLACEMENT)) && mechanismRow(r)) {
                    String rest = r.params().entrySet().stream().filter(e -> !e.getKey().equals("placement"))
                            .map(e -> e.getValue()).reduce((a, b) -> a + " " + b).map(s -> " " + s).orElse("");
                    bars.add(new Charts.Bar(t.tag() + r.shortName() + rest + " · " + placement + mark(r), perSwitch(r), placement));
                }
            }
        }
        return bars;
    }

    /** A row of the handoff-by-mechanism-and-placement question: a placed handoff, timed per op, neither a working set nor virtual threads. */
    static boolean mechanismRow(JmhRow r) {
        return r.param(Param.PLACEMENT) != null && r.param(Param.WORKING_SET_KIB) == null && r.primary().isTimePerOp()
                && !"sample".equals(r.mode()) // sample-mode rows: the distribution section
                && !Family.VIRTUAL_HANDOFF.has(r);
    }

    /** A row of the virtual-vs-platform question: a VirtualThreadHandoff pair, timed per op. */
    static boolean virtualRow(JmhRow r) {
        return Family.VIRTUAL_HANDOFF.has(r) && List.of("VT_VT", "VT_PT", "PT_PT").contains(r.param(Param.PAIR))
                && r.primary().isTimePerOp() && !"sample".equals(r.mode());
    }

    static List<Charts.Bar> virtualBars(List<Tagged> rows) {
        List<Charts.Bar> bars = new ArrayList<>();
        if (rows.stream().noneMatch(t -> Family.VIRTUAL_HANDOFF.has(t.row()))) {
            return bars;
        }
        for (String pair : List.of("VT_VT", "VT_PT", "PT_PT")) {
            for (Tagged t : rows) {
                JmhRow r = t.row();
                if (pair.equals(r.param(Param.PAIR)) && virtualRow(r)) {
                    // carriers are the virtual threads' CPUs; a platform pair has none and runs unpinned unless placed
                    String p = r.param(Param.PLACEMENT) == null || r.param(Param.PLACEMENT).equals("UNPINNED") ? "" : " " + r.param(Param.PLACEMENT);
                    String carriers = !pair.equals("PT_PT") ? (r.benchmarkClass().endsWith("OneCarrier") ? "1 carrier" : "2 carriers")
                            : p.isEmpty() ? "unpinned" : "platform threads";
                    bars.add(new Charts.Bar(t.tag() + Palette.pair(pair) + " · " + r.param(Param.PRIMITIVE) + " · " + carriers + p
                            + " · " + Fmt.count(r.switchesPerOp()) + " switches" + mark(r), perSwitch(r), Palette.pair(pair)));
                }
            }
        }
        // the card's platform row on one CPU where no pinned PT_PT pair ran: the park ping-pong, which its ratio uses
        for (Tagged t : rows) {
            JmhRow r = t.row();
            if (Question.PLATFORM_ONE_CPU_PARK.matches(r) && Question.ONE_CPU.equals(r.param(Param.PLACEMENT))
                    && r.primary().isTimePerOp() && !"sample".equals(r.mode())) {
                bars.add(new Charts.Bar(t.tag() + Palette.PT_PT + " · park · one CPU (the card's platform row) · "
                        + Fmt.count(r.switchesPerOp()) + " switches" + mark(r), perSwitch(r), Palette.PT_PT));
            }
        }
        return bars;
    }

    /** A chart label's mark of a row from a disturbed trial the run kept ({@code --allow-disturbed}): " · † disturbed, kept". */
    static String mark(JmhRow r) {
        return r.disturbed() ? " · " + AnswerCard.DISTURBED + " disturbed, kept" : "";
    }

    /** A handoff row per switch, as the card: a round trip is two handoffs, so half its time (one unit). */
    static dev.switchcost.results.Estimate perSwitch(JmhRow r) {
        return PerSwitch.ofRoundTrip(r.estimate());
    }

    /** The charts' axis in the card's unit. */
    static final String PER_SWITCH_AXIS = "ns per switch (round trip / 2, as on the card)";

    /** The pinning study ({@link PinningStudy}) of each input that has virtual-thread handoff rows. */
    static void pinning(Doc doc, List<Findings> inputs) throws IOException {
        // the question is synchronized's: without its rows (a quick run's one LockSupport row) there is no table to read
        if (inputs.stream().noneMatch(f -> f.pinning().rows().stream().anyMatch(x -> x.primitive().equals("SYNCHRONIZED")))) {
            return;
        }
        int charts = 0;
        for (Findings f : inputs) {
            PinningStudy s = f.pinning();
            if (!s.isEmpty()) {
                doc.input(f.input(), inputs.size());
                // the chart above the table; each input's its own file (pinning.png, pinning-2.png, ...)
                Optional<Charts.Chart> c = PinningChart.of(charts == 0 ? "pinning" : "pinning-" + (charts + 1), s,
                        "Does synchronized pin a carrier: what a virtual-thread round trip costs with each primitive, one and two"
                                + " carriers, on each JDK?");
                if (c.isPresent()) {
                    charts++;
                }
                doc.chart(c, "No cell of the pinning study has a figure: nothing to draw.");
                PinningTable.section(doc, s);
            }
        }
    }

    static void nativeSection(Doc doc, List<Findings> inputs) throws IOException {
        boolean any = false;
        List<Charts.Bar> bars = new ArrayList<>();
        for (Findings f : inputs) {
            Results r = f.input();
            CompareResults c = r.compare();
            if (c == null) {
                continue;
            }
            any = true;
            doc.input(r, inputs.size());
            nativeMissing(c).ifPresent(why -> doc.p("**Native column missing:** " + why));
            doc.p(CompareTable.preamble(c).replace("\n", " "));
            doc.table(CompareTable.table(c), CompareTable.PARAMETERS);
            Table gap = GapTable.table(f.gap());
            if (gap != null) {
                doc.p(GapTable.legend(GapTable.splitThroughParker(f.gap())));
                doc.table(gap, GapTable.PARAMETERS);
            } else if (!f.gap().isEmpty()) {
                doc.p(GapTable.NOT_MEASURED);
            }
            Table after = GapTable.afterSwitchTable(f.afterSwitch());
            if (after != null) {
                doc.p(GapTable.AFTER_SWITCH_LEGEND);
                doc.table(after);
            }
            String tag = inputs.size() > 1 ? "[" + r.label() + "] " : "";
            for (String placement : c.placements()) {
                for (CompareResults.Cell cell : c.cells()) {
                    if (cell.group().equals("HANDOFF") && cell.placement().equals(placement) && cell.unavailable() == null
                            && cell.nanos().n() > 0) {
                        bars.add(new Charts.Bar(tag + cell.label() + " · " + placement, PerSwitch.ofRoundTrip(cell.estimate()), placement));
                    }
                }
            }
        }
        if (!any) {
            return;
        }
        doc.chart(BarChart.of("compare", "Native C vs JVM handoff (interleaved repetitions)",
                "How far is each JVM handoff from the same handoff in plain C, on the same machine in the same run?",
                PER_SWITCH_AXIS + ", mean over repetitions", bars), "No native or JVM handoff cells with samples.");
    }

    /** Why compare.json has no native numbers, if it has none. */
    static Optional<String> nativeMissing(CompareResults c) {
        return c.cells().stream().filter(x -> x.column().startsWith("NATIVE") && x.unavailable() != null
                && x.unavailable().startsWith("native not built")).map(CompareResults.Cell::unavailable).findFirst();
    }
}
