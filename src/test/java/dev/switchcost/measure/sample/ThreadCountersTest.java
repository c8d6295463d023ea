package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreadCountersTest {

    /**
     * A thread that exits while its status is read gives ESRCH, not ENOENT: that was a failed trial
     * (1 run in 6 of ThreadCreation at 100 ms iterations) until it counted as a thread that is gone.
     */
    @Test
    void aThreadThatExitsMidReadIsGoneNotAnError() {
        assertTrue(ProcText.vanished(new NoSuchFileException("/proc/self/task/123/status")));
        assertTrue(ProcText.vanished(new FileSystemException("/proc/self/task/123/status", null, "No such process")));
        assertTrue(ProcText.vanished(new IOException("No such process")));
        assertFalse(ProcText.vanished(new AccessDeniedException("/proc/1/task/1/status")));
        assertFalse(ProcText.vanished(new IOException("Too many open files")));
    }

    @Test
    void aThreadThatEndedReadsAsNull() throws InterruptedException {
        Thread t = new Thread(() -> { });
        t.start();
        t.join();
        // a tid far above pid_max's default cannot exist
        assertTrue(ThreadCounters.read((int) ProcessHandle.current().pid(), 4_194_000) == null);
        assertFalse(ThreadCounters.snapshotSelf().isEmpty());
    }
}
