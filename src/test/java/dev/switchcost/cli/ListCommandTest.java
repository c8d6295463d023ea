package dev.switchcost.cli;

import dev.switchcost.measure.jmh.BenchmarkCatalog;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListCommandTest {

    @Test
    void everyBenchmarkClassHasAQuestionFromItsJavadoc() {
        for (BenchmarkCatalog.Entry e : BenchmarkCatalog.all()) {
            assertNotNull(e.question(), e.simpleName() + "'s class Javadoc has no <b>Question.</b> paragraph");
            assertTrue(e.question().endsWith("?") && !e.question().contains("<") && !e.question().contains("{@")
                    && !e.question().contains(" * "), e.simpleName() + ": " + e.question());
        }
    }

    @Test
    void listsBenchmarksProfilersAndPlacements() {
        CliResult r = CliResult.run("list");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("FutexPingPong"), r.out());
        assertTrue(r.out().contains("What is a plain syscall worth from Java"), r.out());
        assertTrue(r.out().contains("dev.switchcost.measure.jmh.ContextSwitchProfiler"), r.out());
        assertTrue(r.out().contains("dev.switchcost.measure.jmh.PerfStatProfiler"), r.out());
        assertTrue(r.out().contains("SAME_CPU"), r.out());
    }
}
