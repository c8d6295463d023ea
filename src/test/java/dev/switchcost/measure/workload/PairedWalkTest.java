package dev.switchcost.measure.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PairedWalkTest {

    @Test
    void walkTwiceWalksTheSetTwiceAndTakeResetsTheSums() {
        WorkingSet ws = WorkingSet.ofKiB(64, 64);
        long before = ws.checksum();
        PairedWalk p = new PairedWalk(ws);
        p.walkTwice();
        p.walkTwice();
        assertEquals(before + 4 * 64 * 1024 / 8, ws.checksum(), "two walks per wake, every word each");
        long first = p.takeFirstNanos();
        long second = p.takeSecondNanos();
        assertTrue(first >= 0 && second >= 0, first + " " + second);
        assertEquals(0, p.takeFirstNanos());
        assertEquals(0, p.takeSecondNanos());
    }
}
