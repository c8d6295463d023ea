package dev.switchcost.measure.sample;

import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A bounded short command: its answer, its bound, and no child left behind when the wait is interrupted. */
@Measures
class JcmdTest {

    @Test
    void aCommandThatEndsGivesItsExitAndOutput() throws Exception {
        Jcmd.Answer a = Jcmd.run(List.of("sh", "-c", "echo hello; exit 3"), 30);
        assertEquals(3, a.exit());
        assertEquals("hello\n", a.output());
        assertFalse(a.timedOut());
        assertEquals(Optional.empty(), Jcmd.tryRun(List.of("/nonexistent/command"), 30), "a command that cannot start");
    }

    @Test
    void aCommandPastItsBoundIsKilledAndSaysSo() throws Exception {
        Jcmd.Answer a = Jcmd.run(List.of("sleep", "600"), 1);
        assertTrue(a.timedOut());
        assertEquals(-1, a.exit());
        assertTrue(ProcessHandle.current().children().noneMatch(h -> h.info().commandLine().orElse("").contains("sleep 600")));
    }

    @Test
    void anInterruptedWaitKillsTheCommand() throws Exception {
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        Thread waiter = new Thread(() -> {
            try {
                Jcmd.run(List.of("sleep", "601"), 600);
                ended.complete(null);
            } catch (Throwable t) {
                ended.complete(t);
            }
        });
        waiter.start();
        ProcessHandle child = null;
        for (int i = 0; i < 200 && child == null; i++) {
            child = ProcessHandle.current().children().filter(h -> h.info().commandLine().orElse("").contains("sleep 601"))
                    .findFirst().orElse(null);
            Thread.sleep(50);
        }
        assertTrue(child != null, "the command started");
        try {
            waiter.interrupt();
            assertTrue(ended.get(60, TimeUnit.SECONDS) instanceof InterruptedException);
            child.onExit().get(60, TimeUnit.SECONDS);
            assertFalse(child.isAlive(), "no child outlives the interrupted wait");
        } finally {
            child.destroyForcibly(); // a failing run leaves no sleep behind either
        }
    }
}
