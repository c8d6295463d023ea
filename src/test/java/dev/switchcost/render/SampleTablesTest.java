package dev.switchcost.render;

import dev.switchcost.derive.SampledThreads;
import dev.switchcost.measure.sample.ThreadSampler.ThreadTotal;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleTablesTest {

    @Test
    void showsThreadsThatSwitchedBusiestFirstWithTheirNamesMadeSafe() {
        SampledThreads s = SampledThreads.of(List.of(
                new ThreadTotal(1, 1, "idle", 0, 0, 0, 0, false),
                new ThreadTotal(1, 2, "evil\u001b]0;x\u0007", 10, 0, 0, 0, true),
                new ThreadTotal(1, 3, "busy", 3000, 40, 2_000_000_000L, 500_000_000L, false)), 2);
        Table t = SampleTables.threads(s, 10);
        assertEquals(2, t.rows().size(), "the idle thread is left out: " + t.text());
        assertEquals(List.of("busy", "3", "user", "1,520", "1,500", "20", "250", "2"), t.rows().get(0));
        assertEquals("evil?]0;x? (ended)", t.rows().get(1).get(0));
        assertFalse(t.text().contains("\u001b"));
        assertEquals(1, SampleTables.threads(s, 1).rows().size());
        assertTrue(SampleTables.roles(s).text().contains("all threads"));
    }
}
