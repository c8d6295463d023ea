package dev.switchcost.render;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

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
}
