package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.GapDecomposition;
import dev.switchcost.derive.Headline;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.derive.LatencyDistribution;
import dev.switchcost.derive.MachineDifferences;
import dev.switchcost.derive.PinningStudy;
import dev.switchcost.derive.ProcessThreadCost;
import dev.switchcost.derive.Study;
import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Build;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Family;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Param;
import dev.switchcost.results.Percentiles;
import dev.switchcost.results.Provenance;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.RunStatus;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Renders one or more inputs (results directories or JMH JSON files: machines or JDKs side by side)
 * as one self-contained {@code report.html} (charts inlined) and {@code report.md}: the runs and their
 * status, the answer, one chart per question, the native-vs-JVM table, the working-set derivation with
 * cache misses where counted, process vs thread, and every JMH row. Every file is written atomically.
 */
public final class ReportRenderer {

    /** The README's charts, by file name (without .png). */
    public static final List<String> CHART_NAMES = List.of("mechanism", "virtual-vs-platform", "compare", "working-set");

    /** What was written, and the charts drawn (XChart's models, in the page's order). */
    public record Rendered(Path html, Path markdown, List<Path> charts, List<String> sections, List<Charts.Chart> drawn) {
    }

    private ReportRenderer() {
    }

    /**
     * @param outDir    where report.html and report.md go
     * @param chartsDir where to write the charts as PNG files too (the README's), or null
     * @param command   the command line that made the report, for its footer
     */
    public static Rendered render(Study study, Path outDir, Path chartsDir, String command) throws IOException {
        List<Results> inputs = study.results();
        List<Findings> found = study.inputs();
        Doc report = new Doc();
        List<Path> chartFiles = new ArrayList<>();
        boolean several = inputs.size() > 1;
        String title = "switchcost report: " + String.join(" vs ", inputs.stream().map(Results::label).toList());
        report.h(1, title);
        report.p("What a context switch costs on " + (several ? "these machines/JDKs" : "this machine")
                + ", measured by switchcost's JMH benchmarks with every switch counted. Errors are 99.9% confidence intervals: "
                + Estimate.RULE + ". `jmh.json` opens in JMH Visualizer (https://jmh.morethan.io) too.");
        report.contents();

        // each section is written into its own document; one with nothing in it is left out, and named under "not measured"
        Page page = new Page();
        Doc doc = page.section("runs", "Runs", null, null);
        runs(doc, inputs);
        machines(doc, inputs, study.machines());

        doc = page.section("answer", "The answer", null, null);
        answer(doc, found);

        if (several) {
            doc = page.section(AgainstTable.ID, AgainstTable.title(inputs.size()), null, null);
            AgainstTable.section(doc, inputs);
        }

        List<Tagged> rows = tagged(inputs);
        doc = page.section("mechanism", "Handoff cost by mechanism and placement", "handoff cost by mechanism and placement", QUICK);
        chart(doc, chartFiles, outDir, chartsDir, Charts.bars("mechanism", "Handoff round trip by mechanism and placement",
                "What does one handoff cost, by mechanism and by where the two threads run?", "ns per round trip (two switches)",
                mechanismBars(rows)), null);

        doc = page.section("virtual", "Virtual vs platform threads", "virtual vs platform threads", QUICK);
        chart(doc, chartFiles, outDir, chartsDir, Charts.bars("virtual-vs-platform", "Virtual vs platform thread handoff",
                "How much cheaper is handing off between virtual threads than between platform threads?",
                "ns per round trip (two handoffs)", virtualBars(rows)), null);

        doc = page.section("distribution", "Latency distribution: the tail beside the mean", "the latency distribution", QUICK);
        distribution(doc, chartFiles, outDir, chartsDir, found);

        doc = page.section("pinning", PinningTable.TITLE, "whether `synchronized` pins a virtual thread's carrier",
                "the pinning study, docs/pinning-study.md");
        pinning(doc, chartFiles, outDir, chartsDir, found);

        doc = page.section("native", "Native C vs JVM (switchcost compare)", "native C beside the JVM", QUICK);
        nativeSection(doc, chartFiles, outDir, chartsDir, found);

        doc = page.section("working-set", "Working set: indirect cost per switch", "the working set's indirect cost", QUICK);
        workingSet(doc, chartFiles, outDir, chartsDir, found);
        for (Results r : inputs) {
            Table simulated = SimulatedMissesTable.table(r.simulated());
            if (simulated != null) {
                doc.p("**Simulated misses per switch (" + SimulatedMissesTable.LABEL + ")**" + (several ? " · " + r.label() : ""));
                doc.p(SimulatedMissesTable.LEGEND);
                doc.table(simulated, SimulatedMissesTable.PARAMETERS);
            }
        }

        if (inputs.stream().anyMatch(r -> r.indirectSweep() != null)) {
            // only where a working-set run is among the inputs: other reports do not miss it
            doc = page.section("working-set-sweep", "Working set: JVM and C from one interleaved run (switchcost working-set)", null, null);
            sweep(doc, chartFiles, outDir, chartsDir, found);
        }

        doc = page.section("process-thread", "Process switch vs thread switch", "process vs thread switch",
                "`scripts/switchcost run --full " + Bench.Names.PROCESS_VS_THREAD + "`");
        List<ProcessThreadCost.Row> pt = new ArrayList<>();
        for (Findings f : found) {
            Results r = f.input();
            List<ProcessThreadCost.Row> d = f.processThread();
            if (!d.isEmpty()) {
                if (several) {
                    doc.p("**" + r.label() + "**");
                }
                // the difference (the answer) next to the placement it is for
                doc.table(ProcessThreadTable.table(d).withFirst("placement", ProcessThreadTable.DIFFERENCE));
                pt.addAll(d);
            }
        }
        if (!pt.isEmpty()) {
            doc.p("Per switch = per round trip / 2; the difference is process − thread with its 99.9% error (flagged when it is"
                    + " within its error of zero or negative).");
        }

        doc = page.section("rows", "All JMH rows", null, null);
        allRows(doc, inputs);

        doc = page.section("about", "About this report", null, null);
        List<String> about = new ArrayList<>();
        for (Results r : inputs) {
            String m = measuredBy(r);
            about.add((several ? r.label() + ": " + m : Character.toUpperCase(m.charAt(0)) + m.substring(1))
                    + "; rendered by switchcost " + Build.describe() + ".");
        }
        about.add("Rendered by `" + command + "`.");
        about.addAll(List.of(
                "Each figure is the mean of JMH's measurement iterations (all forks) with its 99.9% Student-t interval — JMH's own"
                        + " `scoreError`; derived figures combine errors with Welch–Satterthwaite degrees of freedom.",
                "Rows from failed trials are marked FAILED and left out of every chart and derived figure.",
                "The raw `jmh.json` opens in JMH Visualizer (https://jmh.morethan.io) and any JMH tooling."));
        doc.bullets(about);
        jfrFiles(doc, inputs);

        page.notMeasured(several).ifPresent(report::p);
        page.appendTo(report);

        // nothing is written before everything is rendered: a failure leaves no chart without its report
        String htmlText = report.html(title);
        String mdText = report.markdown();
        List<Path> written = new ArrayList<>();
        for (Path f : chartFiles) {
            written.add(AtomicFiles.writeBytes(f, report.png(f)));
        }
        Path html = AtomicFiles.writeString(outDir.resolve(ResultsDir.REPORT_HTML), htmlText);
        Path md = AtomicFiles.writeString(outDir.resolve(ResultsDir.REPORT_MD), mdText);
        return new Rendered(html, md, written, page.ids(), report.charts());
    }

    /** The JFR recordings ({@code -prof jfr}) each input's directory holds, relative to it; nothing when none does. */
    static void jfrFiles(Doc doc, List<Results> inputs) {
        for (Results r : inputs) {
            List<Path> files = r.jfrFiles();
            if (files.isEmpty()) {
                continue;
            }
            Path base = r.source().toAbsolutePath().normalize();
            doc.p("JFR recordings (`-prof jfr`, one per trial" + (inputs.size() > 1 ? ", " + r.label() : "")
                    + "; open with `jfr summary FILE` or JDK Mission Control), in `" + r.source() + "`:");
            doc.bullets(files.stream().map(f -> "`" + base.relativize(f.toAbsolutePath().normalize()) + "`").toList());
        }
    }

    /** What measures most of what a report shows: the quick run. */
    private static final String QUICK = "`scripts/switchcost run --quick`";

    /**
     * The report's sections, each rendered into a document of its own. A section is written only when it has something to
     * show; one with nothing is named once, in the line that says what the run did not measure, with what would measure it.
     */
    private static final class Page {

        /**
         * @param what    what the section shows, for the "not measured" line; null when its absence needs no word
         * @param measure what would measure it
         */
        private record Section(String id, String title, String what, String measure, Doc body) {
        }

        private final List<Section> sections = new ArrayList<>();

        /** A new section's document, to write its content into. */
        Doc section(String id, String title, String what, String measure) {
            Doc body = new Doc();
            sections.add(new Section(id, title, what, measure, body));
            return body;
        }

        /** The ids of the sections written. */
        List<String> ids() {
            return sections.stream().filter(s -> !s.body().isEmpty()).map(Section::id).toList();
        }

        /** The one line that says what the run did not measure, if anything. */
        Optional<String> notMeasured(boolean several) {
            Map<String, List<String>> missing = new LinkedHashMap<>();
            sections.stream().filter(s -> s.body().isEmpty() && s.what() != null)
                    .forEach(s -> missing.computeIfAbsent(s.measure(), k -> new ArrayList<>()).add(s.what()));
            if (missing.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of("Not measured in " + (several ? "these runs" : "this run") + ": " + String.join("; ", missing.entrySet()
                    .stream().map(e -> String.join(", ", e.getValue()) + " (measured by " + e.getKey() + ")").toList()) + ".");
        }

        /** Each section with something in it, under its heading. */
        void appendTo(Doc report) {
            sections.stream().filter(s -> !s.body().isEmpty()).forEach(s -> report.h(2, s.title(), s.id()).append(s.body()));
        }
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

    private static void runs(Doc doc, List<Results> inputs) {
        Table.Builder t = new Table.Builder("lllllll", "input", "status", "JDK", "JMH settings", "rows", "measured by", "notes");
        for (Results r : inputs) {
            String status = r.status().describe();
            if (r.status().state() != RunStatus.State.COMPLETE && r.status().state() != RunStatus.State.UNKNOWN
                    || !r.status().failedTrials().isEmpty()) {
                status = "**" + status + "**";
            }
            long failed = r.rows().stream().filter(JmhRow::failed).count();
            String settings = r.rows().stream().map(x -> x.settings().describe()).distinct().limit(3)
                    .reduce((a, b) -> a + "; " + b).orElse("–");
            t.row("`" + r.source() + "`", status, String.join(", ", r.jdks()), settings,
                    r.rows().size() + (failed > 0 ? " (" + failed + " FAILED)" : "") + (r.compare() != null ? " + compare.json" : ""),
                    measuredBy(r), String.join("; ", r.notes()));
        }
        doc.table(t.build(), List.of("status", "JDK", "JMH settings", "measured by", "notes"));
        for (Results r : inputs) {
            r.status().failedTrials().forEach(f -> doc.p("**Failed trial** in " + r.label() + ": `" + f.id() + "`"
                    + (f.reason().isEmpty() ? "" : ": " + f.reason())));
        }
    }

    /**
     * The build that measured {@code r} ({@code provenance.json}): "measured by switchcost 0.1.0 (commit …), JMH 1.37", or
     * that it was not recorded (directories written before switchcost recorded it).
     */
    static String measuredBy(Results r) {
        Provenance p = r.provenance();
        if (p == null) {
            return "measuring commit not recorded (no " + ResultsDir.PROVENANCE + ")";
        }
        return "measured by switchcost " + p.describe() + (p.jmhVersion() == null ? "" : ", JMH " + p.jmhVersion());
    }

    private static void machines(Doc doc, List<Results> inputs, List<MachineDifferences.Difference> differ) {
        List<String> head = new ArrayList<>(List.of("machine"));
        inputs.forEach(r -> head.add(r.label()));
        List<List<String>> rows = new ArrayList<>();
        List<Function<MachineInfo, String>> facts = List.of(
                m -> m.cpu().model() + " (" + m.cpu().vendor() + (m.cpu().revision() == null ? "" : "; " + m.cpu().revision()) + ")",
                m -> m.cpu().logicalCpus() + " logical (online " + m.cpu().online() + ", " + m.cpu().threadsPerCore() + " per core)",
                m -> m.cpusAllowed() == null ? "not recorded" : m.cpusAllowed()
                        + (m.cpuSelection() == null ? " (the inherited mask)" : " (" + m.cpuSelection() + ")"),
                m -> m.caches() == null ? "–" : String.join(", ", m.caches().stream()
                        .map(c -> "L" + c.level() + " " + c.type() + " " + Fmt.num(c.sizeBytes() / 1024.0) + " KiB").toList()),
                m -> String.valueOf(m.kernel().release()),
                m -> m.virtualization() == null ? "–" : (m.virtualization().hypervisor() == null ? "none detected"
                        : m.virtualization().hypervisor()) + (m.virtualization().container() == null ? "" : ", container " + m.virtualization().container()),
                m -> m.power() == null ? "–" : "cpuidle " + m.power().cpuidleDriver() + "/" + m.power().cpuidleGovernor()
                        + ", cpufreq " + (m.power().cpufreqGovernor() == null ? "n/a" : m.power().cpufreqGovernor()),
                m -> m.jdk().version() + " (" + m.jdk().vendor() + ")",
                m -> m.perf() == null ? "–" : m.perf().hardwareCounters() ? "hardware counters available" : "no hardware counters"
                        + (m.perf().note() == null ? "" : " (" + m.perf().note() + ")"),
                m -> m.hostname() + ", " + m.capturedAt());
        List<String> names = List.of("CPU", "logical CPUs", "CPUs trials may use", "caches (cpu0)", "kernel", "virtualization", "power", "JDK (host)",
                "perf", "host, captured");
        for (int i = 0; i < facts.size(); i++) {
            List<String> row = new ArrayList<>(List.of(names.get(i)));
            for (Results r : inputs) {
                row.add(r.machine() == null ? "unknown (no machine.json)" : facts.get(i).apply(r.machine()));
            }
            rows.add(row);
        }
        doc.table(new Table(head, rows, "l".repeat(head.size())));
        if (!differ.isEmpty()) {
            doc.p("**The machines differ** in what can move a figure, so figures side by side below are not like with like there:");
            List<String> lines = new ArrayList<>();
            for (MachineDifferences.Difference d : differ) {
                List<String> each = new ArrayList<>();
                for (int i = 0; i < inputs.size(); i++) {
                    each.add(inputs.get(i).label() + " `" + d.values().get(i) + "`");
                }
                lines.add(d.fact() + ": " + String.join(" · ", each));
            }
            doc.bullets(lines);
        }
    }

    private static void answer(Doc doc, List<Findings> inputs) {
        List<String> head = new ArrayList<>(List.of("question", "what"));
        List<Headline> hs = new ArrayList<>();
        for (Findings f : inputs) {
            Results r = f.input();
            for (Headline h : f.headlines()) {
                hs.add(h);
                // the unit goes in the paragraph above: a header per input this long pushed the second input off-screen
                head.add((inputs.size() > 1 ? r.label() + " · " : "") + "JDK " + h.jdk());
            }
        }
        doc.p("ns per switch ± 99.9% (switches per round trip); median · p99 per switch from the sampled run where one was made.");
        List<List<String>> rows = new ArrayList<>();
        addAnswer(rows, hs, "one CPU", Headline::sameCpu);
        addAnswer(rows, hs, "across CPUs", Headline::crossCpu);
        addAnswer(rows, hs, "virtual threads, one CPU", Headline::virtual);
        addAnswer(rows, hs, "platform threads, one CPU", Headline::platform);
        addAnswer(rows, hs, "virtual threads, unpinned", Headline::virtualUnpinned);
        addAnswer(rows, hs, "platform threads, unpinned", Headline::platformUnpinned);
        addAnswer(rows, hs, "plain C", Headline::nativeC);
        addAnswer(rows, hs, "JVM, same compare run", Headline::jvmVsC);
        Headline withCache = hs.stream().filter(h -> h.cache() != null).findFirst().orElse(null);
        if (withCache != null) {
            // the card's cost through the caches (the whole cost, or the paired one where the run has no size-0 row), named
            // as the card names it: a plain number only when resolved and positive
            List<String> row = new ArrayList<>(List.of("through the caches", withCache.cache().what()));
            for (Headline h : hs) {
                row.add(h.cache() == null ? "–" : h.cacheFlags().isEmpty()
                        ? Fmt.pm(h.cache().perSwitch()) + " (" + Fmt.count(h.cache().switchesPerTrip()) + ")"
                        : h.cacheFlags().stream().map(Enum::name).collect(Collectors.joining(","))
                                + " [" + Fmt.pm(h.cache().perSwitch()) + "]");
            }
            rows.add(row);
        }
        StringBuilder align = new StringBuilder("ll");
        hs.forEach(h -> align.append('r'));
        doc.table(new Table(head, rows, align.toString()));
        List<String> readings = new ArrayList<>();
        for (Findings f : inputs) {
            String card = AnswerCard.render(f);
            card.lines().filter(l -> l.startsWith("  → "))
                    .forEach(l -> readings.add((inputs.size() > 1 ? f.input().label() + ": " : "") + l.substring(4)));
        }
        doc.bullets(readings.isEmpty() ? List.of("Not enough rows for a reading (run `switchcost run --quick`).") : readings);
    }

    private static void addAnswer(List<List<String>> rows, List<Headline> hs, String q, Function<Headline, Headline.Figure> f) {
        Headline.Figure any = hs.stream().map(f).filter(x -> x != null).findFirst().orElse(null);
        if (any == null) {
            return;
        }
        List<String> row = new ArrayList<>(List.of(q, any.what()));
        for (Headline h : hs) {
            Headline.Figure x = f.apply(h);
            row.add(x == null ? "–" : Fmt.pm(x.perSwitch()) + " (" + Fmt.count(x.switchesPerTrip()) + ")"
                    + (x.tail() == null ? "" : "; median · p99 " + AnswerCard.medianP99(x.tail())
                    + (x.tripsPerSample() > 1 ? " (means of " + Fmt.num(x.tripsPerSample()) + ")" : "")));
        }
        rows.add(row);
    }

    /**
     * The sample-mode rows' percentiles beside their trial's mean, per switch for a round trip (the answer's unit),
     * and the chart of their distributions; the timer's own row (an empty op) says what timing a sampled op costs.
     */
    private static void distribution(Doc doc, List<Path> files, Path outDir, Path chartsDir, List<Findings> inputs) throws IOException {
        List<LatencyDistribution.Series> all = new ArrayList<>();
        for (Findings f : inputs) {
            Results r = f.input();
            List<LatencyDistribution.Series> d = f.distribution();
            if (d.isEmpty()) {
                continue;
            }
            if (inputs.size() > 1) {
                doc.p("**" + r.label() + "**");
            }
            List<String> head = List.of("trial", "unit", "mean ± 99.9%", "p50", "p90", "p99", "p99.9", "max", "samples");
            List<List<String>> rows = new ArrayList<>();
            for (LatencyDistribution.Series s : d) {
                Percentiles p = s.tail();
                rows.add(List.of(DistributionChart.label(s).replaceFirst(" · [0-9,]+ samples.*$", "")
                                + (s.row().disturbed() ? " **(disturbed)**" : ""),
                        (s.perSwitch() ? "ns/switch" : "ns/op") + (s.tripsPerSample() > 1 ? ", means of " + Fmt.num(s.tripsPerSample()) : ""),
                        s.mean() == null ? "–" : Fmt.pm(s.mean()), Fmt.num(p.p50()), Fmt.num(p.p90()), Fmt.num(p.p99()),
                        Fmt.num(p.p999()), Fmt.num(p.max()), Fmt.num(p.samples())));
            }
            doc.table(new Table(head, rows, "llrrrrrrr"), List.of("unit"));
            all.addAll(d);
        }
        if (all.isEmpty()) {
            return;
        }
        doc.p("JMH's sample mode times a random sample of invocations, two `System.nanoTime` reads each, in trials of their own"
                + " (the mean rows read no clock per op). A round trip is two switches: its values are halved, as the mean is."
                + " The timer row is an empty op sampled the same way: what the timing itself adds to each value."
                + " The virtual-thread classes drive 1,000 round trips per invocation, so their values are means of 1,000:"
                + " their tail is narrower than a single round trip's.");
        chart(doc, files, outDir, chartsDir, DistributionChart.chart(all), "No sample-mode row has a histogram.");
    }

    static List<Charts.Bar> mechanismBars(List<Tagged> rows) {
        List<Charts.Bar> bars = new ArrayList<>();
        for (String placement : List.of("SAME_CPU", "SMT_SIBLING", "CROSS_CPU", "UNPINNED")) {
            for (Tagged t : rows) {
                JmhRow r = t.row();
                if (placement.equals(r.param(Param.PLACEMENT)) && mechanismRow(r)) {
                    String rest = r.params().entrySet().stream().filter(e -> !e.getKey().equals("placement"))
                            .map(e -> e.getValue()).reduce((a, b) -> a + " " + b).map(s -> " " + s).orElse("");
                    bars.add(new Charts.Bar(t.tag() + r.shortName() + rest + " · " + placement, r.estimate(), placement));
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
                    bars.add(new Charts.Bar(t.tag() + pairText(pair) + " · " + r.param(Param.PRIMITIVE) + " · " + carriers + p
                            + " · " + Fmt.count(r.switchesPerOp()) + " switches", r.estimate(), pairText(pair)));
                }
            }
        }
        return bars;
    }

    /** The pinning study ({@link PinningStudy}, issue 12) of each input that has virtual-thread handoff rows. */
    static void pinning(Doc doc, List<Path> files, Path outDir, Path chartsDir, List<Findings> inputs) throws IOException {
        // the question is synchronized's: without its rows (a quick run's one LockSupport row) there is no table to read
        if (inputs.stream().noneMatch(f -> f.pinning().rows().stream().anyMatch(x -> x.primitive().equals("SYNCHRONIZED")))) {
            return;
        }
        int charts = 0;
        for (Findings f : inputs) {
            Results r = f.input();
            PinningStudy s = f.pinning();
            if (!s.isEmpty()) {
                if (inputs.size() > 1) {
                    doc.p("**" + r.label() + "**");
                }
                // the chart above the table; each input's its own file (pinning.png, pinning-2.png, ...)
                Optional<Charts.Chart> c = Charts.pinning(charts == 0 ? "pinning" : "pinning-" + (charts + 1), s,
                        "Does synchronized pin a carrier: what a virtual-thread round trip costs with each primitive, one and two"
                                + " carriers, on each JDK?");
                if (c.isPresent()) {
                    charts++;
                }
                chart(doc, files, outDir, chartsDir, c, "No cell of the pinning study has a figure: nothing to draw.");
                PinningTable.section(doc, s);
            }
        }
    }

    private static String pairText(String pair) {
        return switch (pair) {
            case "VT_VT" -> "virtual ↔ virtual";
            case "VT_PT" -> "virtual ↔ platform";
            case "PT_PT" -> "platform ↔ platform";
            default -> pair;
        };
    }

    private static void nativeSection(Doc doc, List<Path> files, Path outDir, Path chartsDir, List<Findings> inputs) throws IOException {
        boolean any = false;
        List<Charts.Bar> bars = new ArrayList<>();
        for (Findings f : inputs) {
            Results r = f.input();
            CompareResults c = r.compare();
            if (c == null) {
                continue;
            }
            any = true;
            if (inputs.size() > 1) {
                doc.p("**" + r.label() + "**");
            }
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
                        bars.add(new Charts.Bar(tag + cell.label() + " · " + placement, cell.estimate(), placement));
                    }
                }
            }
        }
        if (!any) {
            return;
        }
        chart(doc, files, outDir, chartsDir, Charts.bars("compare", "Native C vs JVM handoff (interleaved repetitions)",
                "How far is each JVM handoff from the same handoff in plain C, on the same machine in the same run?",
                "ns per round trip (two switches), mean over repetitions", bars), "No native or JVM handoff cells with samples.");
    }

    /** Why compare.json has no native numbers, if it has none. */
    static Optional<String> nativeMissing(CompareResults c) {
        return c.cells().stream().filter(x -> x.column().startsWith("NATIVE") && x.unavailable() != null
                && x.unavailable().startsWith("native not built")).map(CompareResults.Cell::unavailable).findFirst();
    }

    private static void workingSet(Doc doc, List<Path> files, Path outDir, Path chartsDir, List<Findings> inputs) throws IOException {
        List<IndirectCost.Row> all = new ArrayList<>();
        MachineInfo machine = null;
        for (Findings f : inputs) {
            Results r = f.input();
            if (f.workingSetRefused() != null) {
                doc.p("Working-set rows of " + r.label() + " not derived: " + f.workingSetRefused());
                continue;
            }
            List<IndirectCost.Row> rows = f.workingSet();
            if (rows.isEmpty()) {
                continue;
            }
            CacheSizes caches = null;
            if (r.machine() != null) {
                machine = machine == null ? r.machine() : machine;
                try {
                    caches = CacheSizes.of(r.machine().caches(), "machine.json");
                } catch (RuntimeException e) {
                    caches = null;
                }
            }
            if (inputs.size() > 1) {
                doc.p("**" + r.label() + "**");
            }
            for (Table t : IndirectTable.reportTables(rows, caches)) {
                doc.table(t, IndirectTable.PARAMETERS);
            }
            doc.p(IndirectTable.legend(caches).replace("\n", " "));
            if (rows.stream().noneMatch(x -> Double.isFinite(x.missesPerSwitch()))) {
                doc.p("Cache misses per switch: not counted in these results (run with `--prof perf` on a machine with hardware"
                        + " counters; this one " + (r.machine() != null && r.machine().perf() != null && !r.machine().perf().hardwareCounters()
                        ? "has none" : "may have none") + ").");
            }
            all.addAll(rows);
        }
        if (all.isEmpty()) {
            return;
        }
        Headline.Figure oneCpu = null;
        for (Findings f : inputs) {
            for (Headline h : f.headlines()) {
                if (oneCpu == null && h.sameCpu() != null && h.sameCpu().perSwitch() != null) {
                    oneCpu = h.sameCpu();
                }
            }
        }
        chart(doc, files, outDir, chartsDir, Charts.workingSet(all, machine, oneCpu,
                "What does a switch cost through the caches, as the working set between switches grows?"),
                "No working-set size with a paired estimate (or two with the paper's): no curve to draw.");
        if (machine != null) {
            doc.p("Vertical lines: " + String.join(", ", Charts.cacheMarks(machine).entrySet().stream()
                    .map(e -> e.getKey() + " = " + Fmt.num(e.getValue() / 1024.0) + " KiB").toList()) + " (cpu0, from machine.json).");
        }
    }

    /**
     * The {@code switchcost working-set} results: a table per input, and the JVM-vs-C indirect-cost curve and the
     * replication seed's two figures from the first input that has one.
     */
    private static void sweep(Doc doc, List<Path> files, Path outDir, Path chartsDir, List<Findings> inputs) throws IOException {
        boolean charted = false;
        for (Findings f : inputs) {
            Results r = f.input();
            if (r.indirectSweep() == null) {
                continue;
            }
            List<IndirectSweepCurve.Point> pts = f.sweep();
            if (inputs.size() > 1) {
                doc.p("**" + r.label() + "**");
            }
            doc.p("JMH cells: " + r.indirectSweep().jmhSettings() + "; " + r.indirectSweep().repetitions()
                    + " interleaved repetitions. Each figure is the mean over the repetitions that did not fail ± the half-width of"
                    + " its 99.9% Student-t interval. Indirect = first walk − second walk (paired), per switch; direct = the size-0"
                    + " round trip / 2 of the same implementation. Where the threads' CPU time was read: cache = beyond − beyond at"
                    + " size 0, the whole cost through the caches (in the switch and after it; beyond = CPU time per switch less two"
                    + " second walks); \"–\" where this cell or its size-0 cell switched fewer than "
                    + IndirectCost.MIN_SWITCHES_PER_ROUND_TRIP + " times per round trip (a handoff that did not switch is in its"
                    + " CPU time). Total = direct + cache where it was read, else direct + indirect (Li et al.'s cost per switch).");
            boolean whole = pts.stream().anyMatch(p -> p.whole() != null);
            List<String> head = new ArrayList<>(List.of("impl", "KiB", "stride B", "placement"));
            if (whole) {
                head.add("cache ns/switch ± 99.9%");
            }
            head.addAll(List.of("indirect ns/switch ± 99.9%", "first walk ns", "second walk ns", "round trip / 2 ns", "total ns/switch",
                    "switches/rt", "reps", "failed"));
            Table.Builder t = new Table.Builder(whole ? "lrrlrrrrrrrrr" : "lrrlrrrrrrrr", head.toArray(String[]::new));
            for (var p : pts) {
                List<String> row = new ArrayList<>(List.of(p.impl(), Fmt.num(p.workingSetKiB()), Long.toString(p.strideBytes()),
                        p.placement()));
                if (whole) {
                    row.add(p.whole() == null ? "–" : Fmt.pm(p.whole()));
                }
                row.addAll(List.of(Fmt.pm(p.indirect()), Fmt.num(p.firstWalk().value()), Fmt.num(p.secondWalk().value()),
                        Fmt.num(p.roundTripPerSwitch().value()), p.total() == null ? "–" : Fmt.pm(p.total()),
                        Fmt.count(p.switchesPerRoundTrip()), Integer.toString(p.repetitions()), Integer.toString(p.failed())));
                t.row(row.toArray(String[]::new));
            }
            doc.table(t.build(), List.of("stride B", "placement", "reps", "failed"));
            r.indirectSweep().cells().stream().filter(c -> c.unavailable() != null).map(c -> c.impl() + " " + c.workingSetKiB()
                    + " KiB: " + c.unavailable()).distinct().limit(3).forEach(doc::p);
            if (charted) {
                doc.p("(Charts are drawn for the first input with working-set results only.)");
                continue;
            }
            charted = true;
            chart(doc, files, outDir, chartsDir, Charts.indirectSweep(pts, r.machine(),
                    "What does a switch cost through the caches, in the JVM and in C, measured side by side?"),
                    "No working-set size above 0 with a result: no curve to draw.");
            chart(doc, files, outDir, chartsDir, Charts.seedCostVsSize(pts, r.machine(),
                    "Replication figure 1: total cost per switch against the array size, stride " + Charts.SEED_STRIDE + " B ("
                            + Charts.SEED_SIZE_MIN_KIB + " KiB to " + Fmt.num(Charts.SEED_SIZE_MAX_KIB) + " KiB)."),
                    "Replication figure 1 needs stride " + Charts.SEED_STRIDE + " B, size 0 and two sizes from "
                            + Charts.SEED_SIZE_MIN_KIB + " KiB to " + Fmt.num(Charts.SEED_SIZE_MAX_KIB) + " KiB.");
            chart(doc, files, outDir, chartsDir, Charts.seedIndirectVsStride(pts,
                    "Replication figure 2: indirect cost per switch against the stride (8–128 B), one line per size ("
                            + Charts.SEED_STRIDE_SIZE_MIN_KIB + " KiB to " + Fmt.num(Charts.SEED_STRIDE_SIZE_MAX_KIB) + " KiB)."),
                    "Replication figure 2 needs two strides from 8 to 128 B at a size from " + Charts.SEED_STRIDE_SIZE_MIN_KIB
                            + " KiB to " + Fmt.num(Charts.SEED_STRIDE_SIZE_MAX_KIB) + " KiB.");
        }
    }

    private static void allRows(Doc doc, List<Results> inputs) {
        if (inputs.stream().allMatch(r -> r.rows().isEmpty())) {
            return; // a working-set run's results are its own table
        }
        for (Results r : inputs) {
            if (inputs.size() > 1) {
                doc.p("**" + r.label() + "**");
            }
            if (r.rows().isEmpty()) {
                doc.p("No JMH rows (run " + r.status().describe() + ").");
                continue;
            }
            // -prof gc's bytes per op: a column only where some row has them
            boolean alloc = r.rows().stream().anyMatch(x -> Double.isFinite(x.bytesPerOp()));
            List<String> head = new ArrayList<>(List.of("benchmark", "params", "JDK", "score ± 99.9%", "unit", "switches/op",
                    "voluntary", "involuntary"));
            if (alloc) {
                head.add("B/op");
            }
            head.add("status");
            List<List<String>> cells = new ArrayList<>();
            for (JmhRow x : r.rows()) {
                List<String> row = new ArrayList<>(List.of(x.shortName(), x.paramsText(), String.valueOf(x.jvm().jdkVersion()),
                        Fmt.pm(x.estimate()), x.primary().unit(), Fmt.count(x.switchesPerOp()),
                        Fmt.count(x.secondaryScore("ctxsw.voluntary.norm")), Fmt.count(x.secondaryScore("ctxsw.involuntary.norm"))));
                if (alloc) {
                    row.add(Fmt.num(x.bytesPerOp()));
                }
                row.add(x.failed() ? "**FAILED**: " + x.failure() : "");
                cells.add(row);
            }
            doc.table(new Table(head, cells, alloc ? "lllrlrrrrl" : "lllrlrrrl"), List.of("JDK", "unit", "status"));
            if (alloc) {
                doc.p("B/op: bytes allocated per op, JMH's `gc.alloc.rate.norm` (`-prof gc`); – where a row was run without it.");
            }
        }
    }

    /** The chart, or {@code why} there is none (nothing when null: the section has nothing to show). */
    private static void chart(Doc doc, List<Path> files, Path outDir, Path chartsDir, Optional<Charts.Chart> chart, String why)
            throws IOException {
        if (chart.isEmpty()) {
            if (why != null) {
                doc.p(why);
            }
            return;
        }
        Charts.Chart c = chart.get();
        String file = null;
        Path f = null;
        if (chartsDir != null) {
            f = chartsDir.resolve(c.name() + ".png");
            files.add(f); // written by render, once everything is rendered
            file = outDir.toAbsolutePath().normalize().relativize(f.toAbsolutePath().normalize()).toString();
        }
        doc.p(c.question());
        doc.image(c.question(), c, file, f);
    }
}
