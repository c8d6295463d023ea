package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.Study;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import dev.switchcost.derive.PinningStudy;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What JMH's and switchcost's profilers add is shown where their rows are, and nothing where they are not (issue 18):
 * {@code -prof gc}'s bytes per op, and JFR's pinned events in the pinning table.
 */
class ProfilersInReportTest {

    /** A real two-JDK pinning run with {@code -prof gc} (see its README.md). */
    static final Path GC = Path.of("src/test/resources/fixtures/results/pinning-gc-pinned-jdk21-jdk25");
    /** The same study without {@code -prof gc}. */
    static final Path NO_GC = Path.of("src/test/resources/fixtures/results/pinning-jdk21-jdk25");

    @TempDir
    Path tmp;

    private String reportMd(Path input) throws IOException {
        Path out = Files.createDirectories(tmp.resolve(input.getFileName()));
        ReportRenderer.render(Study.of(List.of(Results.load(input))), out, null, "test");
        return Files.readString(out.resolve("report.md"));
    }

    /** The all-rows table's header line. */
    private static String allRowsHeader(String md) {
        return md.lines().filter(l -> l.startsWith("|benchmark|")).findFirst().orElseThrow(() -> new AssertionError(md));
    }

    @Test
    void gcAllocRateNormIsReadAsBytesPerOp() throws IOException {
        Results r = Results.load(GC);
        assertEquals(15, r.rows().size(), "7 rows on JDK 21 (one refused), 8 on JDK 25");
        for (JmhRow x : r.rows()) {
            assertTrue(Double.isFinite(x.bytesPerOp()) && x.bytesPerOp() >= 0, x.key() + ": " + x.bytesPerOp());
        }
        // the figure is JMH's own, as written
        JsonElement first = JsonParser.parseString(Files.readString(GC.resolve("jmh-jdk25.0.3.json"))).getAsJsonArray().get(0);
        double written = first.getAsJsonObject().getAsJsonObject("secondaryMetrics").getAsJsonObject(JmhRow.ALLOC_NORM)
                .get("score").getAsDouble();
        JmhRow row = r.rows().stream().filter(x -> x.source().getFileName().toString().equals("jmh-jdk25.0.3.json")).findFirst().orElseThrow();
        assertEquals(written, row.bytesPerOp(), 0.0);
        assertTrue(Results.load(NO_GC).rows().stream().allMatch(x -> Double.isNaN(x.bytesPerOp())), "no -prof gc, no figure");
    }

    @Test
    void theAllRowsTableHasABytesPerOpColumnOnlyWhenRowsCarryIt() throws IOException {
        String md = reportMd(GC);
        // the unit is the same in every row, so the report states it above the table; every row of this run is from a
        // disturbed trial it kept, each marked with its own reason in the status column
        assertEquals("|benchmark|parameters|JDK|score ± 99.9%|switches per op|voluntary|involuntary|B/op|status|", allRowsHeader(md));
        assertTrue(md.contains("`gc.alloc.rate.norm` (`-prof gc`)"), "the column says where it comes from");
        String plain = reportMd(NO_GC);
        assertEquals("|benchmark|parameters|JDK|score ± 99.9%|switches per op|voluntary|involuntary|", allRowsHeader(plain));
        assertFalse(plain.contains("gc.alloc.rate.norm"), "no column, no note");
    }

    @Test
    void theCardNamesTheAllocationWhenRowsCarryIt() {
        String card = AnswerCard.render(Findings.of(Results.load(GC)), null);
        String line = card.lines().filter(l -> l.startsWith("Allocation")).findFirst().orElseThrow(() -> new AssertionError(card));
        assertTrue(line.contains(" B/op in 15 rows (-prof gc: gc.alloc.rate.norm; each row in the report)"), line);
        assertTrue(AnswerCard.render(Findings.of(Results.load(NO_GC)), null).lines().noneMatch(l -> l.startsWith("Allocation")));
    }

    @Test
    void thePinningTableShowsPinnedEventsAndBytesPerRoundTripBesideTheSwitches() {
        PinningStudy s = PinningStudy.derive(Results.load(GC));
        Table table = PinningTable.table(s);
        List<String> header = table.header();
        assertEquals(List.of("JDK", "carriers", "primitive", "ns/switch (round trip ÷ 2)", "what it means", "switches", "pinned events",
                "bytes", "vs ReentrantLock"), header);
        for (PinningStudy.Row r : s.rows()) {
            if (r.missing() == null) {
                assertEquals(0.0, r.pinnedEvents(), 0.0, r.jdk() + " " + r.carriers() + " " + r.primitive() + ": no pinned park");
                assertTrue(Double.isFinite(r.bytesPerRoundTrip()), r.toString());
            } else {
                assertTrue(Double.isNaN(r.pinnedEvents()), "a refused cell has no count: " + r);
            }
        }
        List<List<String>> cells = table.rows();
        int col = header.indexOf("pinned events");
        // JDK 21 pins in Object.wait without the event: the cell says so, JDK 25's (not pinned) does not
        assertEquals("0 §", cellOf(s, cells, "21.0.8", 2, "SYNCHRONIZED").get(col));
        assertEquals("0", cellOf(s, cells, "25.0.3", 2, "SYNCHRONIZED").get(col));
        assertEquals("0", cellOf(s, cells, "21.0.8", 2, "REENTRANT_LOCK").get(col));
    }

    @Test
    void eachMarkHasOneMeaning() {
        // the card's mark for a figure short of --precision, the disturbed row's and the pinning table's are three marks
        assertEquals(3, java.util.Set.of(AnswerCard.IMPRECISE, AnswerCard.DISTURBED, PinningTable.UNRECORDED.strip()).size());
    }

    private static List<String> cellOf(PinningStudy s, List<List<String>> cells, String jdk, int carriers, String primitive) {
        for (int i = 0; i < s.rows().size(); i++) {
            PinningStudy.Row r = s.rows().get(i);
            if (r.jdk().equals(jdk) && r.carriers() == carriers && r.primitive().equals(primitive)) {
                return cells.get(i);
            }
        }
        throw new AssertionError("no cell " + jdk + " " + carriers + " " + primitive);
    }

    @Test
    void thePinningSectionSaysWhereTheCountsComeFromAndWhatJdk21DoesNotRecord() throws IOException {
        String md = reportMd(GC);
        assertTrue(md.contains("count them in a run of their own"), md);
        assertTrue(md.contains("§ JDK 23 and older record that event only for a park while pinned"), md);
        assertTrue(md.contains("Bytes: allocated per round trip, JMH's `gc.alloc.rate.norm`"), md);
        String plain = reportMd(NO_GC);
        assertTrue(plain.contains("|JDK|carriers|primitive|ns/switch (round trip ÷ 2)|what it means|switches|vs ReentrantLock|"),
                "no pinned or B columns without their profilers");
        assertFalse(plain.contains("jdk.VirtualThreadPinned"), "and no legend for them");
    }

    /** -prof jfr's recordings in a results directory are named under "About this report", relative to it; none, no line. */
    @Test
    void theReportNamesTheJfrRecordingsOfItsDirectory() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        for (String f : List.of("jmh-jdk25.0.3.json", "machine.json", "status")) {
            Files.copy(GC.resolve(f), dir.resolve(f));
        }
        assertFalse(reportMd(dir).contains("JFR recordings"), "no recordings, no line");
        Path trial = Files.createDirectories(dir.resolve("jfr").resolve("dev.switchcost.bench.X.roundTrip-AverageTime"));
        Files.writeString(trial.resolve("profile.jfr"), "a recording");
        String md = reportMd(dir);
        String about = md.substring(md.indexOf("## About this report"));
        assertTrue(about.contains("JFR recordings (`-prof jfr`, one per trial; open with `jfr summary FILE` or JDK Mission Control)"), about);
        assertTrue(about.contains("- `jfr/dev.switchcost.bench.X.roundTrip-AverageTime/profile.jfr`"), about);
    }
}
