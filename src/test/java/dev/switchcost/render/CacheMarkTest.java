package dev.switchcost.render;

import dev.switchcost.measure.machine.CacheSizes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The indirect table's cache marks: words, so render's, from the machine's cache sizes. */
class CacheMarkTest {

    @Test
    void sizesAreMarkedAgainstTheCaches() {
        CacheSizes epyc = new CacheSizes(48 * 1024, 1024 * 1024, 32L * 1024 * 1024, 3);
        assertEquals("L1d", IndirectTable.cacheMark(epyc, 48));
        assertEquals("L2/2", IndirectTable.cacheMark(epyc, 512));
        assertEquals("LLC", IndirectTable.cacheMark(epyc, 32768));
        assertEquals("", IndirectTable.cacheMark(epyc, 100));
        CacheSizes pi = new CacheSizes(32 * 1024, 1024 * 1024, 1024 * 1024, 2);
        assertEquals("LLC/2", IndirectTable.cacheMark(pi, 512));
        assertEquals("", IndirectTable.cacheMark(null, 512));
    }
}
