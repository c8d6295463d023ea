package dev.switchcost.measure.sample;

import dev.switchcost.measure.linux.LibC;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommandUsageTest {

    /**
     * A shell that sleeps ten times: each sleep blocks once in its own process, and the shell blocks once waiting for
     * each, so the command switches voluntarily at least 20 times, all in processes that are gone when it ends.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void getrusageCountsTheWholeCommandIncludingWhatItsChildrenDidBeforeTheyEnded() throws Exception {
        Assumptions.assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        CommandUsage u = CommandUsage.start();
        Process p = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 10 ]; do sleep 0.01; i=$((i+1)); done").start();
        java.util.concurrent.CompletableFuture<Void> seen = p.onExit().thenRun(u::exited);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        seen.get(30, TimeUnit.SECONDS); // the callback has run (a second onExit() is another future, done before it)
        CommandUsage.Totals t = u.fromGetrusage().orElseThrow();
        assertEquals(CommandUsage.Source.GETRUSAGE, t.source());
        assertTrue(t.split());
        assertTrue(t.voluntary() >= 20, "ten sleeps and ten waits: " + t);
        assertEquals(t.voluntary() + t.involuntary(), t.switches());
        assertTrue(t.cpuSeconds() >= 0 && Double.isFinite(t.cpuSeconds()), t.toString());
        assertTrue(t.seconds() > 0 && Double.isFinite(t.switchesPerSecond()), t.toString());
    }

    @Test
    void anExitNotSeenGivesNoCount() {
        CommandUsage u = CommandUsage.start();
        assertTrue(u.fromGetrusage().isEmpty());
        assertTrue(u.fromPerf(Map.of("context-switches", 40.0)).isEmpty());
    }

    /** perf stat's sums: switches not told apart, task-clock's ms as CPU seconds; without context-switches, nothing. */
    @Test
    void perfsSumsAreTheCountWherePerfRanTheCommand() throws InterruptedException {
        CommandUsage u = CommandUsage.start();
        Thread.sleep(1); // a later clock reading than the start's
        u.exited();
        CommandUsage.Totals t = u.fromPerf(Map.of("context-switches", 40.0, "task-clock", 12.5)).orElseThrow();
        assertEquals(CommandUsage.Source.PERF, t.source());
        assertEquals(40, t.switches());
        assertFalse(t.split());
        assertEquals(0.0125, t.cpuSeconds(), 1e-12);
        assertTrue(Double.isNaN(u.fromPerf(Map.of("context-switches", 40.0)).orElseThrow().cpuSeconds()), "task-clock not counted");
        assertTrue(u.fromPerf(Map.of("task-clock", 12.5)).isEmpty());
    }
}
