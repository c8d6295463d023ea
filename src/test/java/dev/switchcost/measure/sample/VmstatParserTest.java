package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class VmstatParserTest {

    @Test
    void readsCapturedVmstatByColumnName() {
        List<VmstatParser.Row> rows = VmstatParser.parse(Fixtures.lines("vmstat/kvm-epyc-2cpu-procps-ng-4.0.2-n1.txt"));
        assertEquals(5, rows.size());
        VmstatParser.Row since = rows.get(0);
        assertEquals(5096, since.switches());
        assertEquals(313, since.interrupts());
        VmstatParser.Row second = rows.get(1);
        assertEquals(1, second.runnable());
        assertEquals(311, second.switches());
        assertEquals(194, second.interrupts());
        assertEquals(0, second.user());
        assertEquals(2, second.system());
        assertEquals(98, second.idle());
        assertEquals(0, second.stolen());
    }

    @Test
    void toleratesExtraColumns() {
        List<VmstatParser.Row> rows = VmstatParser.parse(List.of(
                " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st gu",
                " 2  0      0 100 1 2    0    0   0   0  40   70  1  2 97  0  0  0"));
        assertEquals(70, rows.get(0).switches());
        assertEquals(97, rows.get(0).idle());
    }

    @Test
    void dataBeforeHeaderIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> VmstatParser.parse(List.of(" 2 0 0 1 1 1 0 0 0 0 40 70 1 2 97 0 0")));
    }
}
