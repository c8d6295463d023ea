package dev.switchcost.measure.affinity;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuSetTest {

    @Test
    void parsesRangesAndSingles() {
        CpuSet s = CpuSet.parse("2,4-6");
        assertArrayEquals(new int[] {2, 4, 5, 6}, s.toArray());
        assertEquals("2,4-6", s.toString());
    }

    @Test
    void printsInKernelListSyntax() {
        assertEquals("0-3,8,10-11", CpuSet.of(0, 1, 2, 3, 8, 10, 11).toString());
        assertEquals("", CpuSet.parse("").toString());
        assertEquals(CpuSet.of(0, 1), CpuSet.parse(" 0 , 1 "));
    }

    @Test
    void rejectsDescendingRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuSet.parse("6-4"));
        assertTrue(e.getMessage().contains("6-4"), e.getMessage());
    }

    @Test
    void rejectsGarbageNamingTheItem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuSet.parse("1,x"));
        assertTrue(e.getMessage().contains("'x'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CpuSet.parse("-1"));
        assertThrows(IllegalArgumentException.class, () -> CpuSet.of(-1));
    }

    @Test
    void intersects() {
        assertEquals(CpuSet.of(1, 3), CpuSet.parse("0-3").intersect(CpuSet.parse("1,3,5")));
    }
}
