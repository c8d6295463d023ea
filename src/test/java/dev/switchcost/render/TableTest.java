package dev.switchcost.render;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 18: a report's tables fit 1280 px: constant parameters said once above them, the answer next to the row's name. */
class TableTest {

    static final List<String> PARAMETERS = List.of("handoff", "placement", "strideB", "JDK", "status");

    static Table workingSet() {
        return new Table.Builder("llrrrl", "handoff", "placement", "strideB", "sizeKiB", "paired_ns/switch", "status")
                .row("FUTEX", "SAME_CPU", "64", "16", "93.5 ± 6.4", "")
                .row("FUTEX", "CROSS_CPU", "64", "256", "813 ± 103", "")
                .build();
    }

    @Test
    void aConstantParameterColumnLeavesTheTableAndTheCaptionNamesIt() {
        Table.Lifted l = workingSet().liftConstantColumns(PARAMETERS);
        assertEquals(List.of("placement", "sizeKiB", "paired_ns/switch"), l.table().header(), "placement differs: it stays");
        assertEquals(List.of("SAME_CPU", "16", "93.5 ± 6.4"), l.table().rows().get(0));
        assertEquals("lrr", l.table().align(), "each column keeps its alignment");
        // the blank status column leaves without a word
        assertEquals("All rows: handoff FUTEX · strideB 64", l.caption());
    }

    @Test
    void aValueThatStartsWithItsColumnsNameIsStatedAlone() {
        Table t = new Table.Builder("lr", "JDK", "score").row("JDK 25.0.3", "1 ± 1").row("JDK 25.0.3", "2 ± 1").build();
        assertEquals("All rows: JDK 25.0.3", t.liftConstantColumns(PARAMETERS).caption());
    }

    @Test
    void aSingleRowTableIsUnchanged() {
        Table one = new Table.Builder("llr", "handoff", "placement", "paired_ns/switch").row("FUTEX", "SAME_CPU", "813 ± 103").build();
        Table.Lifted l = one.liftConstantColumns(PARAMETERS);
        assertSame(one, l.table());
        assertEquals("", l.caption());
    }

    @Test
    void theAnswerColumnIsNeverLiftedNorAnyColumnNotAParameter() {
        Table t = new Table.Builder("lrr", "handoff", "paired_ns/switch", "switches/op")
                .row("FUTEX", "813 ± 103", "2.00").row("FUTEX", "813 ± 103", "2.00").build();
        Table.Lifted l = t.liftConstantColumns(PARAMETERS);
        assertEquals(List.of("paired_ns/switch", "switches/op"), l.table().header());
        assertEquals("All rows: handoff FUTEX", l.caption());
        assertFalse(l.caption().contains("813"), l.caption());
    }

    @Test
    void namedColumnsComeFirstTheRestKeepTheirOrder() {
        Table t = workingSet().withFirst("sizeKiB", "paired_ns/switch", "no such column");
        assertEquals(List.of("sizeKiB", "paired_ns/switch", "handoff", "placement", "strideB", "status"), t.header());
        assertEquals("rrllrl", t.align());
        assertEquals(List.of("16", "93.5 ± 6.4", "FUTEX", "SAME_CPU", "64", ""), t.rows().get(0));
        assertEquals(List.of("placement", "paired_ns/switch"), workingSet().select(h -> h.startsWith("p")).header());
    }

    /** A wide table wraps rather than widen the page: where it may break, and that a figure stays whole. */
    @Test
    void inHtmlAFigureStaysWholeAndNamesBreakAtTheirJoints() {
        assertTrue(new Table.Builder("l", "input").row("run-quick.json").build().html().contains("<td>run-quick.json</td>"),
                "a file name keeps its dot whole");
        Table t = new Table.Builder("llrw", "benchmark", "params", "paper_ns/switch", "`walk1`_ns/switch")
                .row("ParkUnparkPingPong.roundTrip_park", "placement=SAME_CPU", "WITHIN_ERROR,WALK_DOMINATED [-119 ± 20]", "1,711 ± 59")
                .build();
        String html = t.html();
        assertTrue(html.contains("<td>ParkUnparkPingPong.<wbr/>roundTrip_<wbr/>park</td><td>placement=<wbr/>SAME_CPU</td>"), html);
        assertTrue(html.contains("<td class=\"r\">WITHIN_ERROR,<wbr/>WALK_DOMINATED <span class=\"n\">[-119 ± 20]</span></td>"),
                "the answer (r): the figure whole, a break after the flags: " + html);
        assertTrue(html.contains("<td class=\"r\"><span class=\"n\">1,711</span> <span class=\"n\">± 59</span></td>"),
                "a secondary figure (w) may break before its error: " + html);
        assertTrue(html.contains("<th class=\"r\"><code>walk1</code>_<wbr/>ns/<wbr/>switch</th>"), "a tag is never broken: " + html);
        assertTrue(t.markdown().startsWith("|benchmark|params|paper\\_ns/switch|`walk1`\\_ns/switch|\n|---|---|--:|--:|\n"),
                "w is right-aligned like r elsewhere: " + t.markdown());
    }

    /** A label from a results file with a line break, a tab, a pipe and a bidi override: every format keeps one cell one cell. */
    @Test
    void aLineBreakTabPipeOrBidiControlInACellBreaksNoRowInAnyFormat() {
        String label = "a\nb\tc|d\u202Ee";
        Table t = new Table.Builder("lr", "name", "ns").row(label, "1").row("plain", "2").build();
        assertEquals("name\tns\na\\nb\\tc|d\\u202ee\t1\nplain\t2\n", t.tsv());
        List<String> text = t.text().lines().toList();
        assertEquals(3, text.size(), t.text());
        assertTrue(text.get(1).startsWith("a\\nb\\tc|d\\u202ee  "), t.text());
        List<String> md = t.markdown().lines().toList();
        assertEquals(4, md.size(), t.markdown());
        // Markdown: its own backslash escaped, the pipe too; three cell borders, as in the header
        assertEquals("|a\\\\nb\\\\tc\\|d\\\\u202ee|1|", md.get(2));
        String html = t.html();
        assertTrue(html.contains("<td>a\\nb\\tc|d\\u202ee</td>") && !html.contains("\u202E"), html);
        // CSV (Export) quotes a cell with a line break, so it stays one field of one record
        assertEquals("name,ns\n\"a\nb\tc|d\u202Ee\",1\n", Export.csv(List.of("name", "ns"), List.of(List.of(label, 1.0))));
    }
}
