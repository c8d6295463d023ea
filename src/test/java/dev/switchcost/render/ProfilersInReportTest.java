package dev.switchcost.render;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
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
 * {@code -prof gc}'s bytes per op.
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
        ReportRenderer.render(List.of(Results.load(input)), out, null, "test");
        return Files.readString(out.resolve("report.md"));
    }

    /** The all-rows table's header line. */
    private static String allRowsHeader(String md) {
        return md.lines().filter(l -> l.startsWith("|benchmark|params|JDK|")).findFirst().orElseThrow(() -> new AssertionError(md));
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
        assertEquals("|benchmark|params|JDK|score ± 99.9%|unit|switches/op|voluntary|involuntary|B/op|status|", allRowsHeader(md));
        assertTrue(md.contains("`gc.alloc.rate.norm` (`-prof gc`)"), "the column says where it comes from");
        String plain = reportMd(NO_GC);
        assertEquals("|benchmark|params|JDK|score ± 99.9%|unit|switches/op|voluntary|involuntary|status|", allRowsHeader(plain));
        assertFalse(plain.contains("gc.alloc.rate.norm"), "no column, no note");
    }

    @Test
    void theCardNamesTheAllocationWhenRowsCarryIt() {
        String card = AnswerCard.render(Results.load(GC));
        String line = card.lines().filter(l -> l.startsWith("Allocation")).findFirst().orElseThrow(() -> new AssertionError(card));
        assertTrue(line.contains(" B/op in 15 rows (-prof gc: gc.alloc.rate.norm; each row in the report)"), line);
        assertTrue(AnswerCard.render(Results.load(NO_GC)).lines().noneMatch(l -> l.startsWith("Allocation")));
    }
}
