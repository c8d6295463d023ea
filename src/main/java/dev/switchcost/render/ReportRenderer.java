package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.ProcessThreadCost;
import dev.switchcost.derive.Study;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Build;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
        boolean several = inputs.size() > 1;
        String title = "switchcost report: " + String.join(" vs ", inputs.stream().map(Results::label).toList());
        report.h(1, title);
        report.p("What a context switch costs on " + (several ? "these machines/JDKs" : "this machine")
                + ", measured by switchcost's JMH benchmarks with every switch counted: the answer first, then the runs and"
                + " machines it comes from, then each question. What a ± covers: About this report, at the end.");
        report.contents();

        // each section is written into its own document; one with nothing in it is left out, and named under "not measured"
        Page page = new Page(outDir, chartsDir, new ArrayList<>());
        HandoffSections.answer(page.section("answer", "The answer", null, null), found);
        if (several) {
            AgainstTable.section(page.section(AgainstTable.ID, AgainstTable.title(inputs.size()), null, null), study);
        }
        Doc doc = page.section("runs", "Runs", null, null);
        RunsSection.runs(doc, inputs);
        RunsSection.machines(doc, inputs, study.machines());

        // a mixture of two modes is never one mean: no chart draws it as one dot, and each chart says what it left out
        Map<JmhRow, String> mixtures = HandoffSections.mixtures(found);
        List<HandoffSections.Tagged> rows = HandoffSections.tagged(inputs).stream().filter(t -> !mixtures.containsKey(t.row())).toList();
        doc = page.section("mechanism", "Handoff cost by mechanism and placement", "handoff cost by mechanism and placement", QUICK)
                .chart(BarChart.of("mechanism", "Handoff cost per switch by mechanism and placement",
                        "What does one handoff cost, by mechanism and by where the two threads run?", HandoffSections.PER_SWITCH_AXIS,
                        HandoffSections.mechanismBars(rows)), null);
        HandoffSections.mixturesLeftOut(doc, mixtures, HandoffSections::mechanismRow);
        doc = page.section("virtual", "Virtual vs platform threads", "virtual vs platform threads", QUICK)
                .chart(BarChart.of("virtual-vs-platform", "Virtual vs platform thread handoff",
                        "How much cheaper is handing off between virtual threads than between platform threads?",
                        HandoffSections.PER_SWITCH_AXIS, HandoffSections.virtualBars(rows)), null);
        HandoffSections.mixturesLeftOut(doc, mixtures, HandoffSections::virtualRow);
        HandoffSections.distribution(page.section("distribution", "Latency distribution: the tail beside the mean",
                "the latency distribution", QUICK), found);
        HandoffSections.pinning(page.section("pinning", PinningTable.TITLE, "whether `synchronized` pins a virtual thread's carrier",
                "the pinning study, docs/pinning-study.md"), found);
        HandoffSections.nativeSection(page.section("native", "Native C vs JVM (switchcost compare)", "native C beside the JVM", QUICK),
                found);

        doc = page.section("working-set", "Working set: indirect cost per switch", "the working set's indirect cost", QUICK);
        WorkingSetSections.workingSet(doc, found);
        simulatedMisses(doc, inputs);
        if (inputs.stream().anyMatch(r -> r.indirectSweep() != null)) {
            // only where a working-set run is among the inputs: other reports do not miss it
            WorkingSetSections.sweep(page.section("working-set-sweep",
                    "Working set: JVM and C from one interleaved run (switchcost working-set)", null, null), found);
        }
        processThread(page.section("process-thread", "Process switch vs thread switch", "process vs thread switch",
                "`scripts/switchcost run --full " + Bench.Names.PROCESS_VS_THREAD + "`"), found);

        // the spin-or-park sections are named under "not measured" by no one: a report without their rows is unchanged
        SpinSections.primitives(page.section("primitives", "Handoff primitives: time, switches and CPU per round trip", null, null), found);
        SpinSections.strategies(page.section("spin", "Spin, yield or park: wait strategies against the reply delay", null, null), found);
        SpinSections.twin(page.section("spin-twin", "Spin then park: the JVM beside its C twin (switchcost compare --spin)", null, null),
                found);
        RunsSection.allRows(page.section("rows", "All JMH rows", null, null), found);
        about(page.section("about", "About this report", null, null), inputs, command);

        page.notMeasured(several, DisturbanceText.leftOut(inputs)).ifPresent(report::p);
        page.appendTo(report);

        return write(report, title, outDir, page.ids());
    }

    /** Each input's simulated misses per switch (cachegrind), named by input when there are several. */
    private static void simulatedMisses(Doc doc, List<Results> inputs) {
        for (Results r : inputs) {
            Table simulated = SimulatedMissesTable.table(r.simulated());
            if (simulated != null) {
                doc.p("**Simulated misses per switch (" + SimulatedMissesTable.LABEL + ")**" + (inputs.size() > 1 ? " · " + r.label() : ""));
                doc.p(SimulatedMissesTable.LEGEND);
                doc.table(simulated, SimulatedMissesTable.PARAMETERS);
            }
        }
    }

    /** The page and its charts to their files; nothing is written before everything is rendered (no chart without its report). */
    private static Rendered write(Doc report, String title, Path outDir, List<String> ids) throws IOException {
        String htmlText = report.html(title);
        String mdText = report.markdown();
        List<Path> written = new ArrayList<>();
        for (Path f : report.chartFiles()) {
            written.add(AtomicFiles.writeBytes(f, report.png(f)));
        }
        Path html = AtomicFiles.writeString(outDir.resolve(ResultsDir.REPORT_HTML), htmlText);
        Path md = AtomicFiles.writeString(outDir.resolve(ResultsDir.REPORT_MD), mdText);
        return new Rendered(html, md, written, ids, report.charts());
    }

    /** Process switch against thread switch, per input that measured it. */
    private static void processThread(Doc doc, List<Findings> found) {
        List<ProcessThreadCost.Row> pt = new ArrayList<>();
        for (Findings f : found) {
            List<ProcessThreadCost.Row> d = f.processThread();
            if (!d.isEmpty()) {
                doc.input(f.input(), found.size());
                // the difference (the answer) next to the placement it is for
                doc.table(IndirectTable.processThreadTable(d).withFirst("placement", IndirectTable.PROCESS_MINUS_THREAD_COLUMN));
                pt.addAll(d);
            }
        }
        if (!pt.isEmpty()) {
            doc.p("Per switch = per round trip / 2; the difference is process − thread with its 99.9% error (flagged when it is"
                    + " within its error of zero or negative)." + (IndirectTable.disturbed(pt) ? " " + AnswerCard.DISTURBED_LEGEND + "." : ""));
        }
    }

    /** Who measured and rendered it, what a ± and a verdict are, and the JFR files. */
    private static void about(Doc doc, List<Results> inputs, String command) {
        boolean several = inputs.size() > 1;
        List<String> about = new ArrayList<>();
        for (Results r : inputs) {
            String m = RunsSection.measuredBy(r);
            about.add((several ? r.label() + ": " + m : Character.toUpperCase(m.charAt(0)) + m.substring(1))
                    + "; rendered by switchcost " + Build.describe() + ".");
        }
        about.add("Rendered by `" + command + "`.");
        about.addAll(List.of(
                "Errors are 99.9% confidence intervals: " + Estimate.RULE + ". Verdicts: " + Diff.rule(Estimate.MIN_EFFECT)
                        + " (docs/statistics.md).",
                "Rows from failed trials are marked FAILED and left out of every chart and derived figure.",
                "The raw `jmh.json` opens in JMH Visualizer (https://jmh.morethan.io) and any JMH tooling."));
        doc.bullets(about);
        RunsSection.jfrFiles(doc, inputs);
    }

    /** What measures most of what a report shows: the quick run. */
    private static final String QUICK = "`scripts/switchcost run --quick`";

    /**
     * The report's sections, each rendered into a document of its own. A section is written only when it has something to
     * show; one with nothing is named once, in the line that says what the run did not measure, with what would measure it.
     * Each section's document draws its charts for {@code outDir} and {@code chartsDir} ({@link Doc#chart}).
     */
    private record Page(Path outDir, Path chartsDir, List<Section> sections) {

        /**
         * @param what    what the section shows, for the "not measured" line; null when its absence needs no word
         * @param measure what would measure it
         */
        private record Section(String id, String title, String what, String measure, Doc body) {
        }

        Doc section(String id, String title, String what, String measure) {
            Doc body = new Doc(outDir, chartsDir);
            sections.add(new Section(id, title, what, measure, body));
            return body;
        }

        List<String> ids() {
            return sections.stream().filter(s -> !s.body().isEmpty()).map(Section::id).toList();
        }

        /** The one line that says what the run did not measure, if anything. */
        Optional<String> notMeasured(boolean several, Optional<String> leftOut) {
            Map<String, List<String>> missing = new LinkedHashMap<>();
            sections.stream().filter(s -> s.body().isEmpty() && s.what() != null)
                    .forEach(s -> missing.computeIfAbsent(s.measure(), k -> new ArrayList<>()).add(s.what()));
            if (missing.isEmpty()) {
                return Optional.empty();
            }
            // a trial that ran and was left out was measured: the line says so, as the status does
            return Optional.of((leftOut.isPresent() ? "Not in the figures of " : "Not measured in ") + (several ? "these runs" : "this run")
                    + ": " + String.join("; ", missing.entrySet().stream()
                    .map(e -> String.join(", ", e.getValue()) + " (measured by " + e.getKey() + ")").toList()) + "."
                    + leftOut.map(w -> " Of " + (several ? "these runs" : "this run") + ", " + w + " (named under Runs).").orElse(""));
        }

        void appendTo(Doc report) {
            sections.stream().filter(s -> !s.body().isEmpty()).forEach(s -> report.h(2, s.title(), s.id()).append(s.body()));
        }
    }
}
