package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcStatusTest {

    static List<String> fixture(String name) throws Exception {
        return Files.readAllLines(Path.of(ProcStatusTest.class.getResource("/fixtures/proc-status/" + name).toURI()));
    }

    @Test
    void readsSwitchCountersFromACapturedTaskStatus() throws Exception {
        ProcStatus st = ProcStatus.parse(fixture("epyc-kvm-linux-6.18-bash-task-status.txt"));
        assertEquals("bash", st.name());
        assertEquals(415, st.voluntary());
        assertEquals(23, st.involuntary());
    }

    @Test
    void readsMigrationsFromACapturedSchedFile() throws Exception {
        assertEquals(107, ThreadCounters.parseMigrations(fixture("epyc-kvm-linux-6.18-bash-task-sched.txt")));
        assertEquals(-1, ThreadCounters.parseMigrations(List.of("se.exec_start : 1.0")));
    }

    @Test
    void missingCountersAreAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProcStatus.parse(List.of("Name:\tfoo", "State:\tS (sleeping)")));
        assertTrue(e.getMessage().contains("voluntary_ctxt_switches"), e.getMessage());
    }

    @Test
    void liveSnapshotSeesThisThread() throws Exception {
        int tid = Integer.parseInt(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
        ThreadCounters me = ThreadCounters.snapshotSelf().get(tid);
        assertTrue(me != null && me.voluntary() >= 0 && me.involuntary() >= 0, String.valueOf(me));
    }
}
