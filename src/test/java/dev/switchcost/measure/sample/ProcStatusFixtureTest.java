package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ProcStatusFixtureTest {

    @Test
    void readsCapturedStatusFiles() {
        ProcStatus cat = ProcStatus.parse(Fixtures.lines("proc-status/kvm-linux-6.18-cat-self-status.txt"));
        assertEquals("cat", cat.name());
        assertEquals(0, cat.voluntary());
        assertEquals(0, cat.involuntary());
        ProcStatus init = ProcStatus.parse(Fixtures.lines("proc-status/kvm-linux-6.18-pid1-status.txt"));
        assertEquals("process_api", init.name());
        assertEquals(356, init.voluntary());
        assertEquals(65, init.involuntary());
    }
}
