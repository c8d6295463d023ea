package dev.switchcost.render;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AbTableTest {

    @Test
    void theDetectableChangeIsAPercentARatioOrOverAHundredfold() {
        assertEquals("±4.2 %", AbTable.detects(0.042));
        assertTrue(AbTable.detects(2.5).startsWith("×3.5"), AbTable.detects(2.5));
        assertTrue(AbTable.detects(98).startsWith("×99"), AbTable.detects(98));
        assertEquals("over ×100", AbTable.detects(99));
        assertEquals("over ×100", AbTable.detects(5.3e60), "two rounds of a noisy foreign benchmark");
        assertEquals("–", AbTable.detects(Double.NaN));
    }
}
