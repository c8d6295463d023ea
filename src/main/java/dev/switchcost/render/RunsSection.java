package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.MachineDifferences;
import dev.switchcost.derive.Modes;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.Provenance;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.RunStatus;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The report's account of its inputs: the runs and their status, the machines side by side, every JMH row, the JFR files. */
final class RunsSection {

    private RunsSection() {
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

    static void runs(Doc doc, List<Results> inputs) {
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
            r.status().failedTrials().forEach(f -> doc.p((f.disturbed() ? "**Disturbed trial**" : "**Failed trial**") + " in "
                    + r.label() + ": `" + f.id() + "`"
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

    static void machines(Doc doc, List<Results> inputs, List<MachineDifferences.Difference> differ) {
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
                m -> m.tuning() == null ? "not recorded" : m.tuning().describe(),
                m -> m.jdk().version() + " (" + m.jdk().vendor() + ")",
                m -> m.perf() == null ? "–" : m.perf().hardwareCounters() ? "hardware counters available" : "no hardware counters"
                        + (m.perf().note() == null ? "" : " (" + m.perf().note() + ")"),
                m -> m.hostname() + ", " + m.capturedAt());
        List<String> names = List.of("CPU", "logical CPUs", "CPUs trials may use", "caches (cpu0)", "kernel", "virtualization", "power",
                "kernel settings", "JDK (host)",
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
            doc.bullets(differ.stream().map(d -> d.fact() + ": " + IntStream.range(0, inputs.size())
                    .mapToObj(i -> inputs.get(i).label() + " `" + d.values().get(i) + "`").collect(Collectors.joining(" · "))).toList());
        }
    }

    static void allRows(Doc doc, List<Findings> found) {
        List<Results> inputs = found.stream().map(Findings::input).toList();
        if (inputs.stream().allMatch(r -> r.rows().isEmpty())) {
            return; // a working-set run's results are its own table
        }
        for (Findings f : found) {
            Results r = f.input();
            // a card figure's row that is a mixture of two modes shows its modes, never one mean
            Map<JmhRow, Modes> mixed = HandoffSections.mixedRows(f);
            doc.input(r, inputs.size());
            if (r.rows().isEmpty()) {
                doc.p("No JMH rows (run " + r.status().describe() + ").");
                continue;
            }
            // -prof gc's bytes per op: a column only where some row has them
            boolean alloc = r.rows().stream().anyMatch(x -> Double.isFinite(x.bytesPerOp()));
            List<Table.Column<JmhRow>> c = new ArrayList<>(List.of(Table.col("benchmark", 'l', JmhRow::shortName),
                    Table.col("mode", 'l', x -> modeWords(x.mode())), Table.col("parameters", 'l', JmhRow::paramsText),
                    Table.col("JDK", 'l', x -> String.valueOf(x.jvm().jdkVersion())), Table.col("score ± 99.9%", 'w', x -> mixed.containsKey(x)
                            ? "MIXED: " + AnswerCard.modesText(mixed.get(x)) : Fmt.pm(PerSwitch.shown(x))),
                    Table.col("unit", 'l', PerSwitch::shownUnit), Table.col("switches per op", 'r', x -> Fmt.count(x.switchesPerOp())),
                    Table.col("voluntary", 'r', x -> Fmt.count(x.secondaryScore("ctxsw.voluntary.norm"))),
                    Table.col("involuntary", 'r', x -> Fmt.count(x.secondaryScore("ctxsw.involuntary.norm")))));
            if (alloc) {
                c.add(Table.col("B/op", 'r', x -> Fmt.num(x.bytesPerOp())));
            }
            c.add(Table.col("status", 'l', x -> x.failed() ? "**FAILED**: " + x.failure()
                    : x.disturbed() ? AnswerCard.DISTURBED + " disturbed, kept (--allow-disturbed): "
                    + x.disturbance().replaceFirst("^disturbed: ", "") : ""));
            doc.table(Table.of(c, r.rows()), List.of("JDK", "unit", "status", "mode"));
            if (alloc) {
                doc.p("B/op: bytes allocated per op, JMH's `gc.alloc.rate.norm` (`-prof gc`); – where a row was run without it.");
            }
        }
        doc.p(ROWS_KEY);
    }

    /** The key of the rows table, once under it. */
    static final String ROWS_KEY = "Mode: mean = JMH's average-time mode (avgt: no clock read per op; the card's figures);"
            + " sampled = JMH's sample mode (each sampled op timed, two `nanoTime` reads: its score is the mean of the sampled"
            + " ops and its tail is in the distribution section), so a benchmark run in both modes has two rows."
            + " Switches per op = voluntary + involuntary context switches the kernel counted per op (voluntary: the thread"
            + " blocked; involuntary: it was preempted). Score ± is the 99.9% interval (About this report); a round trip's"
            + " score is per switch (round trip ÷ 2), as on the card, and its switches per op are per round trip.";

    /** JMH's mode in words: {@code avgt} → mean, {@code sample} → sampled. */
    static String modeWords(String mode) {
        return switch (mode == null ? "" : mode) {
            case "avgt" -> "mean (avgt)";
            case "sample" -> "sampled";
            case "thrpt" -> "throughput";
            case "ss" -> "single shot";
            default -> String.valueOf(mode);
        };
    }

    /** That an input holds rows of one key in several files, and which one is compared: the first read, as diff does. */
    static Optional<String> repeated(Results r, String letter) {
        Set<JmhRow> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        kept.addAll(Diff.index(r).values());
        List<JmhRow> again = r.rows().stream().filter(x -> !kept.contains(x)).toList();
        if (again.isEmpty()) {
            return Optional.empty();
        }
        List<String> files = again.stream().map(x -> String.valueOf(x.source().getFileName())).distinct().sorted().toList();
        return Optional.of(letter + " holds " + again.size() + (again.size() == 1 ? " row" : " rows") + " again in "
                + String.join(", ", files.stream().map(f -> "`" + f + "`").toList()) + ": as `switchcost diff` does, the first"
                + " read (files in name order) is compared.");
    }
}
