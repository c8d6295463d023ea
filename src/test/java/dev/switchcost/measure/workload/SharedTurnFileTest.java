package dev.switchcost.measure.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SharedTurnFileTest {

    @TempDir
    Path dir;

    /** A pid that was alive and is not any more: a process that has ended and been reaped. */
    private static long deadPid() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("true").start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return p.pid();
    }

    @Test
    void aDeadCreatorsFileIsRemovedAndALiveOnesIsKept() throws Exception {
        long dead = deadPid();
        Path orphan = Files.createFile(dir.resolve("switchcost-turn-" + dead + "-123.map"));
        Path live = Files.createFile(dir.resolve("switchcost-turn-" + ProcessHandle.current().pid() + "-456.map"));
        Path oldName = Files.createFile(dir.resolve("switchcost-turn-789.map")); // no pid: cannot tell, left alone
        Path other = Files.createFile(dir.resolve("something-else.map"));

        assertEquals(1, SharedTurnFile.removeOrphans(dir));
        assertFalse(Files.exists(orphan));
        assertTrue(Files.exists(live));
        assertTrue(Files.exists(oldName));
        assertTrue(Files.exists(other));
    }

    @Test
    void theNameCarriesTheCreatorsPidAndCloseRemovesIt() {
        Path p;
        try (SharedTurnFile f = SharedTurnFile.create()) {
            p = f.path();
            assertTrue(p.getFileName().toString().startsWith("switchcost-turn-" + ProcessHandle.current().pid() + "-"), p.toString());
            assertTrue(Files.exists(p));
        }
        assertFalse(Files.exists(p));
    }

    @Test
    void aMissingDirectoryIsNotAnError() {
        assertEquals(0, SharedTurnFile.removeOrphans(dir.resolve("absent")));
    }
}
