package dev.switchcost.derive;

import dev.switchcost.results.Results;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ProcessThreadCostTest {

    static Map<String, ProcessThreadCost.Row> rows() throws IOException {
        List<ProcessThreadCost.Row> rows = ProcessThreadCost.derive(Results.load(IndirectCostTest.SYNTHETIC).rows());
        return rows.stream().collect(Collectors.toMap(ProcessThreadCost.Row::placement, Function.identity()));
    }

    @Test
    void differencePerSwitchPerPlacement() throws IOException {
        ProcessThreadCost.Row same = rows().get("SAME_CPU");
        assertEquals(3000, same.thread().value(), 1e-9);
        assertEquals(3400, same.process().value(), 1e-9);
        assertEquals(400, same.difference().value(), 1e-9);
        assertNull(same.flag());
    }

    @Test
    void negativeDifferenceIsFlagged() throws IOException {
        assertEquals("NEGATIVE", rows().get("CROSS_CPU").flag());
    }

    @Test
    void differenceWithinErrorIsFlagged() throws IOException {
        assertEquals("WITHIN_ERROR", rows().get("UNPINNED").flag());
        assertEquals(3, rows().size());
    }
}
