package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.ProcessThreadCost;
import dev.switchcost.derive.Study;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A figure from a disturbed trial the run kept ({@code --allow-disturbed}) is marked † wherever it is shown, as on the
 * card: the working-set, process-vs-thread and spin tables too, with the mark's legend; never in TSV, whose cells are
 * numbers.
 */
class DisturbedMarkTest {

    static final Path FIX = Path.of("src/test/resources/fixtures/results");

    @TempDir
    Path tmp;

    /** The fixture with the rows {@code which} picks kept though disturbed, as {@code run --allow-disturbed} leaves them. */
    private static Results disturbed(String fixture, Predicate<JmhRow> which) {
        Results r = Results.load(FIX.resolve(fixture));
        List<JmhRow> rows = r.rows().stream().map(x -> which.test(x) ? x.withDisturbance("other tasks took 40% of its CPUs") : x).toList();
        return new Results(r.source(), r.status(), r.machine(), r.compare(), rows, r.jmhFiles(), r.notes(), r.simulated(),
                r.indirectSweep(), r.provenance(), r.spinCompare(), r.precision(), r.name());
    }

    private String report(Results r) throws IOException {
        Path out = Files.createDirectories(tmp.resolve(r.source().getFileName()));
        return Files.readString(ReportRenderer.render(Study.of(List.of(r)), out, null, "test").markdown());
    }

    /** The table rows under the header line that starts with {@code header}. */
    private static List<String> table(String md, String header) {
        List<String> lines = md.lines().toList();
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith(header)).findFirst().orElseThrow(() -> new AssertionError(header + "\n" + md)));
        return lines.subList(at + 2, lines.size()).stream().takeWhile(l -> l.startsWith("|")).toList();
    }

    @Test
    void processAgainstThreadMarksTheDisturbedSideOnly() throws IOException {
        Results r = disturbed("process-vs-thread-epyc-kvm-jdk25", x -> x.method().equals("roundTrip_threads"));
        List<ProcessThreadCost.Row> rows = Findings.of(r).processThread();
        Table t = IndirectTable.processThreadTable(rows);
        int thread = t.header().indexOf("thread_ns/switch");
        int process = t.header().indexOf("process_ns/switch");
        for (List<String> row : t.rows()) {
            assertTrue(row.get(thread).endsWith(" †"), row.toString());
            assertFalse(row.get(process).contains("†"), row.toString());
        }
        assertTrue(report(r).contains(AnswerCard.DISTURBED_LEGEND), "the mark is explained under the table");
        StringWriter tsv = new StringWriter();
        IndirectTable.printProcessThread(rows, true, new PrintWriter(tsv, true));
        assertFalse(tsv.toString().contains("†"), tsv.toString());
        assertTrue(table(report(Results.load(FIX.resolve("process-vs-thread-epyc-kvm-jdk25"))), "|placement|process-thread")
                .stream().noneMatch(l -> l.contains("†")), "no mark without a disturbed row");
    }

    @Test
    void theWorkingSetTableMarksARowDerivedFromADisturbedTrial() throws IOException {
        Results r = disturbed("workingset-paired-epyc-kvm-2vcpu-jdk25", x -> x.method().equals("roundTripPaired"));
        List<IndirectCost.Row> rows = Findings.of(r).workingSet();
        assertTrue(rows.stream().allMatch(IndirectCost.Row::disturbed), "every row has a paired estimate");
        Table t = IndirectTable.table(rows, null);
        int paired = t.header().indexOf("paired_ns/switch");
        t.rows().forEach(row -> assertTrue(row.get(paired).endsWith(" †"), row.toString()));
        String md = report(r);
        assertTrue(md.contains(AnswerCard.DISTURBED_LEGEND), md);
        StringWriter tsv = new StringWriter();
        IndirectTable.print(rows, null, true, new PrintWriter(tsv, true));
        assertFalse(tsv.toString().contains("†"), tsv.toString());
        StringWriter text = new StringWriter();
        IndirectTable.print(rows, null, false, new PrintWriter(text, true));
        assertTrue(text.toString().contains("† derived from a disturbed trial the run kept"), text.toString());
    }

    /**
     * The primitive matrix: a platform-thread primitive row (made here from a virtual one of the pinning fixture, as
     * {@code PrimitiveHandoff.roundTrip} names it) kept though disturbed is marked †, its time per switch.
     */
    @Test
    void thePrimitiveMatrixMarksAKeptDisturbedCell() throws IOException {
        Results r = Results.load(FIX.resolve("pinning-jdk21-jdk25"));
        JmhRow vt = r.rows().stream().filter(x -> "REENTRANT_LOCK".equals(x.param("primitive")) && !x.failed()).findFirst().orElseThrow();
        java.util.Map<String, String> params = new java.util.LinkedHashMap<>(java.util.Map.of("primitive", "REENTRANT_LOCK", "placement", "SAME_CPU"));
        JmhRow platform = new JmhRow(vt.source(), "dev.switchcost.bench.PrimitiveHandoff.roundTrip", vt.mode(), params, vt.primary(),
                vt.secondary(), vt.jvm(), vt.settings(), null, "other tasks took 40% of its CPUs", null);
        List<JmhRow> rows = new java.util.ArrayList<>(r.rows());
        rows.add(platform);
        Results with = new Results(r.source(), r.status(), r.machine(), r.compare(), rows, r.jmhFiles(), r.notes(), r.simulated(),
                r.indirectSweep(), r.provenance(), r.spinCompare(), r.precision(), r.name());
        String md = report(with);
        List<String> cells = table(md, "|primitive|kind|placement|");
        String marked = cells.stream().filter(l -> l.contains("|platform|")).findFirst().orElseThrow(() -> new AssertionError(cells));
        assertTrue(marked.contains("|" + Fmt.pm(platform.estimate().times(0.5)) + " †|"), marked);
        assertTrue(cells.stream().filter(l -> !l.contains("|platform|")).noneMatch(l -> l.contains("†")), cells.toString());
        assertTrue(md.contains(AnswerCard.DISTURBED_LEGEND), "the mark is explained under the table");
    }
}
