package dev.switchcost.measure.workload;

import dev.switchcost.measure.workload.WorkingSet.Walk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WorkingSetTest {

    /** Each word starts at its index, so after k walks a word visited once per walk holds index + k. */
    private static void assertEveryWordVisited(WorkingSet ws, int walks) {
        int n = (int) (ws.sizeBytes() / Long.BYTES);
        for (int i = 0; i < n; i++) {
            if (ws.word(i) != i + walks) {
                throw new AssertionError("stride " + ws.strideBytes() + " B, " + n + " words: word " + i + " is "
                        + (ws.word(i) - i) + " after " + walks + " walks");
            }
        }
    }

    @ParameterizedTest(name = "stride {0} B")
    @ValueSource(ints = {8, 16, 24, 32, 64, 128, 256, 512, 1024, 2048, 4096})
    void liWalkVisitsEveryWordExactlyOncePerWalk(int strideBytes) {
        // a size that is a multiple of the stride, one that is not, and one smaller than the stride
        for (long sizeBytes : new long[] {64 * 1024, 64 * 1024 + 24, 5 * 4096 + 8 * 13, 40}) {
            WorkingSet ws = new WorkingSet(sizeBytes, strideBytes, Walk.LI);
            ws.walk();
            assertEveryWordVisited(ws, 1);
            ws.walk();
            assertEveryWordVisited(ws, 2);
            assertEquals(sizeBytes / 8, ws.touchesPerWalk());
        }
    }

    @Test
    void sparseWalkIncrementsOnlyEveryStrideWord() {
        WorkingSet ws = WorkingSet.ofKiB(4, 64, Walk.SPARSE); // 512 words, every 8th touched
        long before = ws.checksum();
        ws.walk();
        assertEquals(64, ws.touchesPerWalk());
        assertEquals(before + 64, ws.checksum());
        assertEquals(1, ws.word(0));
        assertEquals(1, ws.word(1));
        assertEquals(9, ws.word(8));
    }

    @Test
    void sparseStrideOfEightTouchesEveryWordAndPageStrideOnePerPage() {
        assertEquals(512, WorkingSet.ofKiB(4, 8, Walk.SPARSE).touchesPerWalk());
        assertEquals(4, WorkingSet.ofKiB(16, 4096, Walk.SPARSE).touchesPerWalk());
        assertEquals(1, WorkingSet.ofKiB(1, 4096, Walk.SPARSE).touchesPerWalk());
    }

    @Test
    void emptyWorkingSetWalksNothing() {
        for (Walk k : Walk.values()) {
            WorkingSet ws = WorkingSet.ofKiB(0, 64, k);
            ws.walk();
            assertEquals(0, ws.touchesPerWalk());
            assertEquals(0, ws.checksum());
        }
    }

    @Test
    void rejectsStrideThatIsNotAWholeWord() {
        assertThrows(IllegalArgumentException.class, () -> WorkingSet.ofKiB(4, 12, Walk.LI));
        assertThrows(IllegalArgumentException.class, () -> WorkingSet.ofKiB(4, 0, Walk.LI));
    }
}
