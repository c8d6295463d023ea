package dev.switchcost.measure.workload;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PairedWalkTest {

    @Test
    void walkTwiceWalksTheSetTwiceAndTakeResetsTheSums() {
        WorkingSet ws = WorkingSet.ofKiB(64, 64, WorkingSet.Walk.LI);
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

    /**
     * Both walks of a wake run one compiled loop: JMH's compiler hints (generated at build time, applied by
     * every fork) keep {@code WorkingSet.walk} out of line.
     */
    @Test
    void jmhsCompilerHintsKeepTheWalkOutOfLine() throws IOException {
        try (InputStream in = PairedWalkTest.class.getResourceAsStream("/META-INF/CompilerHints")) {
            assertTrue(in != null, "no META-INF/CompilerHints on the class path: the JMH annotation processor did not run");
            String hints = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(hints.lines().anyMatch(l -> l.equals("dontinline,dev/switchcost/measure/workload/WorkingSet.walk")),
                    hints);
        }
    }
}
