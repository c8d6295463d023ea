package dev.switchcost.render;

import dev.switchcost.derive.PinningStudy;
import dev.switchcost.derive.Study;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One unit per quantity: in a report of each committed fixture, every table header, every chart axis and every unit line
 * above a table that gives a time of a round trip in ns gives it per switch, as the card does (the round trip ÷ 2, named).
 * The one kind left per round trip is a CPU time: both threads' CPU per round trip (the spin sweep, {@code compare --spin},
 * the primitive matrix) and latency + that CPU, the cost a spin budget is chosen by. It is the price of the whole round
 * trip, the reply's work and the spinning that stands in for a switch included, and a spinning round trip makes no switch
 * to divide it by; such a label names the round trip.
 */
class OneUnitTest {

    static final Path FIX = Path.of("src/test/resources/fixtures/results");

    /** A time in ns: "ns" as a word, "ns/…", "…_ns", "latency_ns". */
    private static final Pattern NS = Pattern.compile("(^|[^a-z])ns([^a-z]|$)");
    /** A round trip, however a label spells it. */
    private static final Pattern ROUND_TRIP = Pattern.compile("round[ _]trip|/rt\\b");

    @TempDir
    Path tmp;

    /** The labels a reader takes a unit from: table headers, chart axes, the unit line a question opens with. */
    private static List<String> labels(ReportRenderer.Rendered r) throws IOException {
        List<String> out = new ArrayList<>();
        List<String> md = Files.readAllLines(r.markdown());
        for (int i = 0; i + 1 < md.size(); i++) {
            if (md.get(i).startsWith("|") && md.get(i + 1).startsWith("|--")) {
                Stream.of(md.get(i).split("\\|")).filter(h -> !h.isBlank()).forEach(out::add);
            }
            if (md.get(i).startsWith("ns")) {
                out.add(md.get(i));
            }
        }
        for (Charts.Chart c : r.drawn()) {
            out.add(c.xy().getXAxisTitle());
            out.add(c.xy().getYAxisTitle());
        }
        return out;
    }

    /** Why {@code label} is not in one unit, or null: ns of a round trip that neither says per switch nor is a CPU time. */
    static String wrong(String label) {
        String l = label.toLowerCase(Locale.ROOT);
        if (!NS.matcher(l).find() || !ROUND_TRIP.matcher(l).find()) {
            return null;
        }
        // "ns per switch … (switches per round trip)": a count of switches per round trip is no time of one
        boolean perSwitch = l.contains("per switch") || l.contains("/switch") || l.contains("÷ 2") || l.contains("/ 2");
        return perSwitch || l.contains("cpu") ? null : "ns of a round trip not per switch: " + label;
    }

    @Test
    void theRuleTellsTheOldLabelsFromTheNew() {
        for (String old : List.of("ns per round trip", "ns per round trip (two handoffs), log scale; whiskers: 99.9% error",
                "C ns/rt ± 99.9%", "ns/round_trip", "mean round trip, ns (log scale)",
                "ns per round trip (per call for the syscall rows), mean over the interleaved repetitions ± 99.9%")) {
            assertTrue(wrong(old) != null, old);
        }
        for (String ok : List.of("ns/switch (round trip ÷ 2)", "ns per switch (round trip / 2, as on the card), log scale",
                "cpu_ns/round_trip", "JVM CPU ns/round trip", "latency + CPU of both threads, ns per round trip",
                "switches/round trip (vol + invol)", "first walk, ns", "round trip / 2 ns",
                "ns per switch ± 99.9% (switches per round trip)")) {
            assertEquals(null, wrong(ok), ok);
        }
    }

    @Test
    void everyFixturesReportGivesARoundTripPerSwitch() throws IOException {
        List<List<Path>> inputs = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(FIX)) {
            dirs.filter(Files::isDirectory).sorted().forEach(d -> inputs.add(List.of(d)));
        }
        // two inputs: the report's "A against B" section, whose questions carry their unit above each table
        inputs.add(List.of(FIX.resolve("quick-whole-cache-170s-epyc-kvm-jdk25"), FIX.resolve("quick-whole-cache-144s-epyc-kvm-jdk25")));
        List<String> wrong = new ArrayList<>();
        int labels = 0;
        for (List<Path> in : inputs) {
            List<Results> loaded = new ArrayList<>();
            for (Path p : in) {
                loaded.add(Results.load(p));
            }
            Path out = Files.createDirectories(tmp.resolve(String.valueOf(labels++)));
            for (String label : labels(ReportRenderer.render(Study.of(loaded), out, null, "test"))) {
                String why = wrong(label);
                if (why != null) {
                    wrong.add(in.get(0).getFileName() + ": " + why);
                }
            }
        }
        assertEquals(List.of(), wrong.stream().distinct().toList());
    }

    /** The pinning table: each figure is its round trip ÷ 2, and a row of a disturbed trial the run kept is marked †. */
    @Test
    void thePinningTableHalvesTheRoundTripAndMarksAKeptDisturbedRow() {
        // every trial of this run was disturbed and kept (its README)
        PinningStudy s = PinningStudy.derive(Results.load(FIX.resolve("pinning-gc-pinned-jdk21-jdk25")));
        Table t = PinningTable.table(s);
        int col = t.header().indexOf(PinningTable.FIGURE);
        assertEquals("ns/switch (round trip ÷ 2)", PinningTable.FIGURE);
        int marked = 0;
        for (int i = 0; i < s.rows().size(); i++) {
            PinningStudy.Row r = s.rows().get(i);
            if (r.nsPerRoundTrip() == null) {
                continue;
            }
            Estimate half = r.nsPerRoundTrip().times(0.5);
            assertEquals(Fmt.pm(half) + (r.disturbed() ? " †" : ""), t.rows().get(i).get(col), r.toString());
            marked += r.disturbed() ? 1 : 0;
        }
        assertTrue(marked > 0, "the fixture's kept disturbed rows are marked");
    }

    /** The JVM−C gap beside the compare table is per switch as that table is: the gap and its shares halved, the ratio not. */
    @Test
    void theGapTableIsPerSwitchAsTheCompareTableAboveIt() {
        Results r = Results.load(FIX.resolve("compare-same-cpu-epyc-kvm-jdk25"));
        List<dev.switchcost.derive.GapDecomposition.Row> rows = dev.switchcost.derive.GapDecomposition.of(r.compare());
        Table t = GapTable.table(rows);
        assertTrue(t != null, "the fixture measured the shares");
        int gap = t.header().indexOf("gap");
        int residual = t.header().indexOf("residual");
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(Fmt.pm(rows.get(i).gap().times(0.5)), t.rows().get(i).get(gap), rows.get(i).toString());
            assertEquals(Fmt.pm(rows.get(i).residual().times(0.5)), t.rows().get(i).get(residual), rows.get(i).toString());
        }
        assertTrue(GapTable.LEGEND.startsWith("The JVM−C gap in measured shares, each in ns/switch (round trip ÷ 2)"), GapTable.LEGEND);
    }
}
