package dev.switchcost.measure.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WorkingSetTest {

    @Test
    void walkIncrementsEveryStrideWord() {
        WorkingSet ws = WorkingSet.ofKiB(4, 64); // 512 words, every 8th touched
        long before = ws.checksum();
        ws.walk();
        assertEquals(64, ws.touchesPerWalk());
        assertEquals(before + 64, ws.checksum());
    }

    @Test
    void strideOfEightTouchesEveryWordAndPageStrideOnePerPage() {
        assertEquals(512, WorkingSet.ofKiB(4, 8).touchesPerWalk());
        assertEquals(4, WorkingSet.ofKiB(16, 4096).touchesPerWalk());
        assertEquals(1, WorkingSet.ofKiB(1, 4096).touchesPerWalk());
    }

    @Test
    void emptyWorkingSetWalksNothing() {
        WorkingSet ws = WorkingSet.ofKiB(0, 64);
        ws.walk();
        assertEquals(0, ws.touchesPerWalk());
        assertEquals(0, ws.checksum());
    }

    @Test
    void rejectsStrideThatIsNotAWholeWord() {
        assertThrows(IllegalArgumentException.class, () -> WorkingSet.ofKiB(4, 12));
        assertThrows(IllegalArgumentException.class, () -> WorkingSet.ofKiB(4, 0));
    }
}
