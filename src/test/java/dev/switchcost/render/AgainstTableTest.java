package dev.switchcost.render;

import dev.switchcost.derive.Study;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 18: a report over several inputs compares them, question by question, like with like, by diff's rule. */
class AgainstTableTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
    static final String HANDOFF = "Handoff cost by mechanism and placement";

    @TempDir
    Path tmp;

    /** A copy of the captured fixture run (jmh.json, machine.json, compare.json). */
    Path copy(String name) throws IOException {
        Path d = Files.createDirectories(tmp.resolve(name));
        for (String f : List.of("jmh.json", "machine.json", "compare.json")) {
            Files.copy(FIXTURE.resolve(f), d.resolve(f));
        }
        return d;
    }

    Path out() throws IOException {
        return Files.createDirectories(tmp.resolve("out"));
    }

    /** Gives a row five forks of two iterations, the fork means spread evenly over ±1% around {@code ns}. */
    static void iterations(Path dir, String shortName, String placement, double ns) throws IOException {
        JsonArray rows = JsonParser.parseString(Files.readString(dir.resolve("jmh.json"))).getAsJsonArray();
        JsonObject row = find(rows, shortName, placement);
        JsonArray raw = new JsonArray();
        double sum = 0;
        for (int f = 0; f < 5; f++) {
            JsonArray it = new JsonArray();
            for (int k = 0; k < 2; k++) {
                double v = ns * (1 + 0.005 * (f - 2) + 0.001 * (k == 0 ? 1 : -1));
                it.add(v);
                sum += v;
            }
            raw.add(it);
        }
        row.getAsJsonObject("primaryMetric").add("rawData", raw);
        row.getAsJsonObject("primaryMetric").addProperty("score", sum / 10);
        Files.writeString(dir.resolve("jmh.json"), rows.toString());
    }

    static void remove(Path dir, String shortName, String placement) throws IOException {
        JsonArray rows = JsonParser.parseString(Files.readString(dir.resolve("jmh.json"))).getAsJsonArray();
        rows.remove(find(rows, shortName, placement));
        Files.writeString(dir.resolve("jmh.json"), rows.toString());
    }

    private static JsonObject find(JsonArray rows, String shortName, String placement) {
        for (int i = 0; i < rows.size(); i++) {
            JsonObject r = rows.get(i).getAsJsonObject();
            if (r.get("benchmark").getAsString().endsWith("." + shortName) && r.has("params")
                    && r.getAsJsonObject("params").get("placement").getAsString().equals(placement)) {
                return r;
            }
        }
        throw new AssertionError("the fixture has no " + shortName + " " + placement);
    }

    static void replace(Path file, String from, String to) throws IOException {
        String s = Files.readString(file);
        assertTrue(s.contains(from), file + " holds " + from);
        Files.writeString(file, s.replace(from, to));
    }

    /** The question's table as label → cells (no-break spaces read as spaces). */
    static Map<String, List<String>> table(List<Results> inputs, String title) {
        AgainstTable.Question q = AgainstTable.compare(Study.of(inputs)).questions().stream().filter(x -> x.title().equals(title))
                .findFirst().orElseThrow(() -> new AssertionError("no table for " + title));
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (List<String> row : AgainstTable.table(q, inputs.size()).rows()) {
            out.put(row.get(0), row.stream().map(c -> c.replace('\u00a0', ' ')).toList());
        }
        return out;
    }

    static List<String> row(Map<String, List<String>> table, String label) {
        List<String> r = table.get(label);
        assertNotNull(r, "a row " + label + " in " + table.keySet());
        return r;
    }

    @Test
    void twoInputsAreComparedRowByRowAfterTheAnswer() throws IOException {
        Path a = copy("a");
        Path b = copy("b");
        iterations(a, "FutexPingPong.roundTrip", "SAME_CPU", 5000);
        iterations(b, "FutexPingPong.roundTrip", "SAME_CPU", 6000);
        iterations(a, "ParkUnparkPingPong.roundTrip_park", "SAME_CPU", 5000);
        iterations(b, "ParkUnparkPingPong.roundTrip_park", "SAME_CPU", 5010);
        List<Results> in = List.of(Results.load(a), Results.load(b));

        ReportRenderer.Rendered out = ReportRenderer.render(Study.of(in), out(), null, "test");
        assertEquals(AgainstTable.ID, out.sections().get(out.sections().indexOf("answer") + 1), out.sections().toString());
        String html = plain(Files.readString(out.html()));
        assertTrue(html.contains("<h2 id=\"against\">A against B</h2>"), "the section");
        assertTrue(html.contains("<th>row</th><th class=\"r\">A</th><th class=\"r\">B</th><th class=\"r\">B/A</th><th>verdict</th>"),
                "the row, A, B, B/A, the verdict");

        Map<String, List<String>> t = table(in, HANDOFF);
        List<String> futex = row(t, "FutexPingPong.roundTrip placement=SAME_CPU");
        assertTrue(futex.get(3).startsWith("1.20 ± "), "B/A with its error: " + futex);
        assertEquals(Diff.Verdict.SLOWER.text(), futex.get(4), "20% beyond a ±1% spread of 5 forks: diff's verdict");
        List<String> park = row(t, "ParkUnparkPingPong.roundTrip_park placement=SAME_CPU");
        assertTrue(park.get(3).startsWith("1.00 ± "), park.toString());
        assertEquals(Diff.Verdict.SAME.text(), park.get(4), "0.2% with an interval within ±10%: the same");
        // matched as diff matches: each row's two figures and diff's verdict, row for row
        for (Diff.Row d : Diff.rows(in.get(0), in.get(1))) {
            if (HandoffSections.mechanismRow(d.a())) {
                List<String> r = row(t, d.key().replace(" [avgt]", ""));
                // per switch, as diff shows it; the ratio is the same in either unit
                assertEquals(List.of(Diff.perSwitch(d.a()), Diff.perSwitch(d.b()), Fmt.times(d.ratio()), d.verdict().text()), r.subList(1, 5));
            }
        }
        assertEquals(9, t.size(), "the fixture's nine placed handoff rows: " + t.keySet());
        Map<String, List<String>> nat = table(in, "Native C vs JVM (switchcost compare)");
        assertEquals(Diff.Verdict.NOT_RESOLVED.text(), row(nat, "native futex, threads · SAME_CPU").get(4),
                "the same cells, but too few repetitions to show they are within ±10%");
        assertFalse(html.contains("across machines"), "one machine");
    }

    @Test
    void aRowOnlyInBIsNamedAsSuch() throws IOException {
        Path a = copy("a");
        Path b = copy("b");
        remove(a, "FutexPingPong.roundTrip", "CROSS_CPU");
        List<Results> in = List.of(Results.load(a), Results.load(b));
        List<String> cross = row(table(in, HANDOFF), "FutexPingPong.roundTrip placement=CROSS_CPU");
        assertEquals("—", cross.get(1));
        assertTrue(cross.get(2).startsWith("30,000 ± "), "per switch, the round trip ÷ 2: " + cross);
        assertEquals("", cross.get(3), "no ratio");
        assertEquals("only in B", cross.get(4));
        String md = Files.readString(ReportRenderer.render(Study.of(in), out(), null, "test").markdown());
        assertTrue(md.contains("A and B: 8 of 9 rows measured by both, 0 differ beyond the error."), md);
        assertTrue(md.contains("1 row measured by one input only left out of the table"), md);
        assertFalse(md.contains("|only in B|"), "the report's table holds the rows both measured");
    }

    @Test
    void oneInputHasNoComparison() throws IOException {
        ReportRenderer.Rendered out = ReportRenderer.render(Study.of(List.of(Results.load(copy("a")))), out(), null, "test");
        assertFalse(out.sections().contains(AgainstTable.ID), out.sections().toString());
        assertFalse(Files.readString(out.markdown()).contains("A against"));
    }

    /** Like with like: the machine or the JDK may differ, and the verdict says so; both at once, and no ratio is made. */
    @Test
    void unlikeRowsGetNoRatioAndACrossingIsNamed() throws IOException {
        Path a = copy("a");
        Path machine = copy("other-kernel");
        replace(machine.resolve("machine.json"), "6.18.44-fc-v509", "6.18.44-fc-v782");
        Path jdk = copy("other-jdk");
        replace(jdk.resolve("jmh.json"), "\"jdkVersion\" : \"25.0.3\"", "\"jdkVersion\" : \"21.0.8\"");
        Path both = copy("other-both");
        replace(both.resolve("machine.json"), "6.18.44-fc-v509", "6.18.44-fc-v782");
        replace(both.resolve("jmh.json"), "\"jdkVersion\" : \"25.0.3\"", "\"jdkVersion\" : \"21.0.8\"");
        String label = "FutexPingPong.roundTrip placement=SAME_CPU";

        List<String> m = row(table(List.of(Results.load(a), Results.load(machine)), HANDOFF), label);
        assertTrue(m.get(3).startsWith("1 ± "), m.toString());
        assertEquals("not judged (one fork), across machines", m.get(4));
        List<String> j = row(table(List.of(Results.load(a), Results.load(jdk)), HANDOFF), label);
        assertEquals("not judged (one fork), across JDKs", j.get(4));
        List<String> u = row(table(List.of(Results.load(a), Results.load(both)), HANDOFF), label);
        assertEquals("", u.get(3), "no ratio between unlike rows: " + u);
        assertEquals("not compared: unlike rows (JDK and machine differ)", u.get(4));

        String md = Files.readString(ReportRenderer.render(Study.of(List.of(Results.load(a), Results.load(machine))), out(), null,
                "test").markdown());
        String section = md.substring(md.indexOf("## A against B"));
        assertTrue(section.startsWith("## A against B\n\nA = a (") && section.contains("\n\n**Across machines:** the inputs ran on"
                + " machines that differ in what can move a figure: kernel (`6.18.44-fc-v509` · `6.18.44-fc-v782`)"), section);
    }

    /** Two files of one input holding one trial: the first read is compared, as diff does, and the section says so. */
    @Test
    void rowsAnInputHoldsTwiceAreNamedAndTheFirstReadIsCompared() throws IOException {
        Path a = copy("a");
        Path later = copy("later");
        iterations(later, "FutexPingPong.roundTrip", "SAME_CPU", 9000);
        Files.copy(later.resolve("jmh.json"), a.resolve("run-later.json"));
        List<Results> in = List.of(Results.load(a), Results.load(copy("b")));
        assertEquals(24, in.get(0).rows().size());
        List<String> futex = row(table(in, HANDOFF), "FutexPingPong.roundTrip placement=SAME_CPU");
        assertEquals(Diff.perSwitch(Results.load(FIXTURE).rows().get(1)), futex.get(1), "jmh.json's row, not run-later.json's");
        assertEquals("not judged (one fork)", futex.get(4));
        String md = Files.readString(ReportRenderer.render(Study.of(in), out(), null, "test").markdown());
        assertTrue(md.contains("\n\nA holds 12 rows again in `run-later.json`: as `switchcost diff` does, the first read (files in name"
                + " order) is compared.\n"), md);
        assertFalse(md.contains("B holds"), md);
    }

    @Test
    void threeInputsCompareEachWithTheFirst() throws IOException {
        List<Results> in = List.of(Results.load(copy("a")), Results.load(copy("b")), Results.load(copy("c")));
        AgainstTable.Question q = AgainstTable.compare(Study.of(in)).questions().get(0);
        assertEquals(List.of("row", "A", "B", "B/A", "verdict B", "C", "C/A", "verdict C"), AgainstTable.table(q, 3).header());
        String md = Files.readString(ReportRenderer.render(Study.of(in), out(), null, "test").markdown());
        assertTrue(md.contains("## A against B and C\n"), md);
        assertTrue(md.contains("A is the first input; each other input has its own columns"), md);
    }

    /** The committed runs of two machines share one compare cell, the native futex on one CPU: it is judged, across machines. */
    @Test
    void theCommittedRunsOfTwoMachinesAreComparedAcrossMachines() throws IOException {
        List<Results> in = List.of(Results.load(Fixtures.results("suite-haltpoll-epyc-kvm-jdk25")),
                Results.load(Fixtures.results("quick-paired-cache-control-epyc-kvm-jdk25")));
        String html = plain(Files.readString(ReportRenderer.render(Study.of(in), out(), null, "test").html())).replace('\u00a0', ' ');
        assertTrue(html.contains("<h2 id=\"against\">A against B</h2>"), "the section");
        assertTrue(html.matches("(?s).*<td>native futex, threads · SAME_CPU</td><td class=\"r\">[0-9,]+ ± [0-9,]+</td>"
                + "<td class=\"r\">[0-9,]+ ± [0-9,]+</td><td class=\"r\">[0-9.]+ ± [0-9.]+×</td>"
                + "<td>(B faster|B slower|same within the margin|not resolved|not judged \\(one fork\\)), across machines</td>.*"), "a ratio and diff's verdict, across machines");
        assertFalse(html.contains("<td>only in B</td>"), "the tables hold the rows both measured");
        assertTrue(html.matches("(?s).*[0-9]+ rows measured by one input only left out of the table.*"),
                "the rows one run has are counted beside the table");
    }

    /** The HTML without the line-break hints and no-wrap spans the tables carry, so cells read as their text. */
    static String plain(String html) {
        return html.replace("<wbr/>", "").replaceAll("<span class=\"n\">([^<]*)</span>", "$1");
    }
    /**
     * The working-set question compares one estimate for every input: the whole cost through the caches where every
     * input recorded the pair's CPU time (the 40-iteration curve against the quick run, 2026-11-23), else the paired
     * estimate (against a run from before the whole cost), and its unit line says which.
     */
    @Test
    void theCacheQuestionComparesTheWholeCostWhereEveryInputHasIt() {
        String title = "Working set: indirect cost per switch";
        Results curve = Results.load(Fixtures.results("workingset-whole-cost-epyc-kvm-jdk25"));
        Results quick = Results.load(Fixtures.results("quick-whole-cache-170s-epyc-kvm-jdk25"));
        Results older = Results.load(Path.of("src/test/resources/fixtures/results/workingset-paired-epyc-kvm-2vcpu-jdk25"));
        List<Results> both = List.of(curve, quick);
        AgainstTable.Question q = AgainstTable.compare(Study.of(both)).questions().stream().filter(x -> x.title().equals(title)).findFirst()
                .orElseThrow();
        assertTrue(q.unit().contains("the whole cost, in the switch and after it"), q.unit());
        JmhRow at256 = curve.usable().stream().filter(AgainstTable::pairedRow)
                .filter(r -> "256".equals(r.params().get("workingSetKiB"))).findFirst().orElseThrow();
        IndirectCost.Paired p = IndirectCost.paired(at256, curve.usable());
        List<String> line = table(both, title).values().stream().filter(r -> r.get(0).contains("256")).findFirst()
                .orElseThrow(() -> new AssertionError("a 256 KiB line in " + table(both, title).keySet()));
        assertEquals(Fmt.pm(p.whole()).replace('\u00a0', ' '), line.get(1), line.toString());
        assertFalse(Fmt.pm(p.whole()).equals(Fmt.pm(p.indirect())), "whole and paired differ at 256 KiB: " + p);

        List<Results> mixed = List.of(curve, older);
        AgainstTable.Question m = AgainstTable.compare(Study.of(mixed)).questions().stream().filter(x -> x.title().equals(title)).findFirst()
                .orElseThrow();
        assertTrue(m.unit().contains("the paired estimate, after the switch only"), m.unit());
        JmhRow at128 = curve.usable().stream().filter(AgainstTable::pairedRow)
                .filter(r -> "128".equals(r.params().get("workingSetKiB"))).findFirst().orElseThrow();
        List<String> line128 = table(mixed, title).values().stream().filter(r -> r.get(0).contains("128")).findFirst()
                .orElseThrow(() -> new AssertionError("a 128 KiB line in " + table(mixed, title).keySet()));
        assertTrue(line128.get(1).startsWith(Fmt.pm(IndirectCost.paired(at128, curve.usable()).indirect()).replace('\u00a0', ' ')),
                line128.toString());
    }
}
