package dev.switchcost.cli;

import dev.switchcost.jmh.BenchmarkCatalog;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListCommandTest {

    @Test
    void everyBenchmarkClassHasAQuestion() {
        for (BenchmarkCatalog.Entry e : BenchmarkCatalog.all()) {
            assertNotNull(e.question(), e.simpleName() + " has no line in src/main/resources/dev/switchcost/bench/questions.properties");
        }
    }

    @Test
    void listsBenchmarksProfilersAndPlacements() {
        CliResult r = CliResult.run("list");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("FutexPingPong"), r.out());
        assertTrue(r.out().contains("What is a plain syscall worth from Java"), r.out());
        assertTrue(r.out().contains("dev.switchcost.jmh.ContextSwitchProfiler"), r.out());
        assertTrue(r.out().contains("dev.switchcost.jmh.PerfStatProfiler"), r.out());
        assertTrue(r.out().contains("SAME_CPU"), r.out());
    }
}
