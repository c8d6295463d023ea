package dev.switchcost.report;

import dev.switchcost.analysis.PinningStudy;
import dev.switchcost.compare.CompareResults;
import dev.switchcost.compare.CompareTable;
import dev.switchcost.machine.MachineInfo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Renders a results directory as {@code report.md}, {@code report.html} and PNG charts under
 * {@code charts/}: machine first, then the native-vs-JVM table (compare.json), the charts, and every
 * JMH row with its error and switch counts.
 */
public final class ReportRenderer {

    /** What was written. */
    public record Rendered(Path markdown, Path html, List<Path> charts) {
    }

    private ReportRenderer() {
    }

    public static Rendered render(ResultsDir results, Path outDir) throws IOException {
        Files.createDirectories(outDir.resolve("charts"));
        Doc doc = new Doc();
        doc.h(1, "switchcost report: " + results.dir().getFileName());
        machine(doc, results.machine());

        List<Path> charts = new ArrayList<>();
        doc.h(2, "Native vs JVM (switchcost compare)");
        CompareResults c = results.compare();
        if (c == null) {
            doc.p("No `compare.json` in this directory, so there is no native column: run `switchcost compare --results-dir "
                    + results.dir() + "` to add it.");
        } else {
            nativeMissing(c).ifPresent(why -> doc.p("**Native column missing:** " + why));
            doc.pre(CompareTable.text(c));
            chart(doc, charts, outDir, "Native vs JVM", Charts.compare(c, outDir.resolve("charts/compare")));
        }

        List<JmhResult> jmh = results.jmh();
        doc.h(2, "Handoff cost by mechanism and placement");
        chartOrWhy(doc, charts, outDir, "Handoff cost by mechanism and placement",
                Charts.mechanism(jmh, outDir.resolve("charts/mechanism")),
                "No JMH rows with a `placement` parameter (e.g. FutexPingPong, ParkUnparkPingPong) in jmh.json.");
        doc.h(2, "Working set between handoffs");
        chartOrWhy(doc, charts, outDir, "Working-set curve",
                Charts.workingSet(jmh, results.machine(), outDir.resolve("charts/working-set")),
                "No JMH rows with a `workingSetKiB` parameter (WorkingSetHandoff) in jmh.json.");
        if (results.machine() != null && !Charts.workingSetRows(jmh).isEmpty()) {
            doc.p("Vertical lines: " + String.join(", ", Charts.cacheMarks(results.machine()).entrySet().stream()
                    .map(e -> e.getKey() + " = " + e.getValue() / 1024 + " KiB").toList()) + " (cpu0, from machine.json).");
        }
        doc.h(2, "Virtual vs platform threads");
        chartOrWhy(doc, charts, outDir, "Virtual vs platform", Charts.virtualVsPlatform(jmh, outDir.resolve("charts/virtual-vs-platform")),
                "No virtual-thread benchmark rows (class name containing `Virtual`) in jmh.json.");
        PinningStudy pinning = pinningStudy(results.dir());
        if (!pinning.isEmpty()) {
            PinningTable.section(doc, pinning);
        }

        doc.h(2, "All JMH results");
        if (jmh.isEmpty()) {
            doc.p("No jmh.json in this directory.");
        } else {
            JmhResult first = jmh.get(0);
            doc.p("JMH " + first.jmhVersion() + ", forks on JDK " + first.jdkVersion() + " (" + first.vmName() + "). "
                    + "Error: JMH's half-width of the 99.9% confidence interval (NaN with too few iterations). "
                    + "Switches per op from `-prof dev.switchcost.jmh.ContextSwitchProfiler` where it ran.");
            List<List<String>> rows = new ArrayList<>();
            for (JmhResult r : jmh) {
                rows.add(List.of(r.shortName(), r.paramsText(), num(r.score()), num(r.scoreError()), String.valueOf(r.unit()),
                        sw(r, "ctxsw.total.norm"), sw(r, "ctxsw.voluntary.norm"), sw(r, "ctxsw.involuntary.norm")));
            }
            doc.table(List.of("benchmark", "params", "score", "± error", "unit", "switches/op", "voluntary", "involuntary"),
                    rows, "llrrlrrr");
        }
        doc.p("Made by `switchcost report " + results.dir() + "`.");

        Path md = outDir.resolve("report.md");
        Path html = outDir.resolve("report.html");
        Files.writeString(md, doc.markdown());
        Files.writeString(html, doc.html("switchcost report: " + results.dir().getFileName()));
        return new Rendered(md, html, charts);
    }

    /** Why compare.json has no native numbers, if it has none. */
    static Optional<String> nativeMissing(CompareResults c) {
        return c.cells().stream().filter(x -> x.column().startsWith("NATIVE") && x.unavailable() != null
                && x.unavailable().startsWith("native not built")).map(CompareResults.Cell::unavailable).findFirst();
    }

    /** The pinning study of the directory's JMH rows (every JDK in it), empty when it has none. */
    private static PinningStudy pinningStudy(Path dir) {
        try {
            return PinningStudy.derive(dev.switchcost.results.Results.load(dir));
        } catch (IllegalArgumentException e) {
            return new PinningStudy(List.of());
        }
    }

    private static void machine(Doc doc, MachineInfo m) {
        doc.h(2, "Machine");
        if (m == null) {
            doc.p("No machine.json in this directory: the machine these results come from is unknown.");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("CPU", m.cpu().model() + " (" + m.cpu().vendor() + ")"));
        rows.add(List.of("logical CPUs", m.cpu().logicalCpus() + " (online " + m.cpu().online() + ", " + m.cpu().threadsPerCore()
                + " thread(s) per core)"));
        if (m.caches() != null) {
            rows.add(List.of("caches (cpu0)", String.join(", ", m.caches().stream()
                    .map(c -> "L" + c.level() + " " + c.type() + " " + c.sizeBytes() / 1024 + " KiB").toList())));
        }
        rows.add(List.of("kernel", String.valueOf(m.kernel().release())));
        if (m.virtualization() != null) {
            rows.add(List.of("virtualization", (m.virtualization().hypervisor() == null ? "none detected" : m.virtualization().hypervisor())
                    + (m.virtualization().container() == null ? "" : ", container " + m.virtualization().container())));
        }
        if (m.power() != null) {
            rows.add(List.of("power", "cpuidle " + m.power().cpuidleDriver() + "/" + m.power().cpuidleGovernor()
                    + ", cpufreq governor " + orNa(m.power().cpufreqGovernor())));
        }
        rows.add(List.of("JDK (host)", m.jdk().version() + " (" + m.jdk().vendor() + ", " + m.jdk().vmName() + ")"));
        if (m.limits() != null) {
            rows.add(List.of("limits", "open files " + m.limits().openFiles() + ", pid_max " + m.limits().pidMax()
                    + ", threads-max " + m.limits().threadsMax() + ", max_map_count " + m.limits().maxMapCount()));
        }
        if (m.mitigations() != null && !m.mitigations().isEmpty()) {
            long vulnerable = m.mitigations().values().stream().filter(v -> v != null && v.startsWith("Vulnerable")).count();
            rows.add(List.of("CPU vulnerabilities", m.mitigations().size() + " listed in sysfs, " + vulnerable
                    + " reported \"Vulnerable\" (details in machine.json)"));
        }
        rows.add(List.of("host", m.hostname() + ", captured " + m.capturedAt()));
        doc.table(List.of("machine", "value"), rows, "ll");
    }

    private static String orNa(String s) {
        return s == null ? "n/a" : s;
    }

    private static void chartOrWhy(Doc doc, List<Path> charts, Path outDir, String alt, Optional<Path> png, String why) {
        if (png.isEmpty()) {
            doc.p(why);
        } else {
            chart(doc, charts, outDir, alt, png);
        }
    }

    private static void chart(Doc doc, List<Path> charts, Path outDir, String alt, Optional<Path> png) {
        png.ifPresent(p -> {
            charts.add(p);
            doc.image(alt, outDir.relativize(p).toString());
        });
    }

    private static String sw(JmhResult r, String key) {
        return num(r.secondaryOr(key, Double.NaN));
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        double a = Math.abs(v);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 1 || a == 0) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
