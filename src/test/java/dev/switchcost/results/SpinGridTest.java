package dev.switchcost.results;

import dev.switchcost.measure.affinity.Placement;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpinGridTest {

    @Test
    void theDefaultGridHasParkEveryBudgetAndSpinPerReplyAndPlacement() {
        SpinGrid g = new SpinGrid(SpinGrid.DEFAULT_BUDGETS_NS, SpinGrid.DEFAULT_REPLIES, SpinGrid.DEFAULT_PLACEMENTS);
        List<SpinGrid.Cell> cells = g.cells();
        assertEquals((1 + 4 + 1) * 3 * 2, cells.size());
        assertEquals(new SpinGrid.Cell(SpinGrid.Strategy.PARK, 0, "0", Placement.SAME_CPU), cells.get(0));
        assertEquals(new SpinGrid.Cell(SpinGrid.Strategy.SPIN_THEN_PARK, 2000, "0", Placement.SAME_CPU), cells.get(1));
        assertEquals(new SpinGrid.Cell(SpinGrid.Strategy.SPIN, 0, "0", Placement.SAME_CPU), cells.get(5));
        assertEquals(new SpinGrid.Cell(SpinGrid.Strategy.SPIN, 0, "exp:20000", Placement.CROSS_CPU), cells.get(cells.size() - 1));
    }

    @Test
    void budgetsAndRepliesAreReadAsTheJvmSideSpellsThem() {
        assertEquals(List.of(5000L, 1L), SpinGrid.parseBudgets(List.of("5000", " 1", "5000")));
        assertEquals(List.of("0", "exp:20000", "10000"), SpinGrid.parseReplies(List.of("0", "EXP:20000", "10000", "exp:20000")));
        assertEquals(List.of("bimodal:5:500000"), SpinGrid.parseReplies(List.of("bimodal:5:500000", "Bimodal:5:500000")));
    }

    @Test
    void badValuesSayWhatIsWrongInOneLine() {
        for (List<String> bad : List.of(List.of("0"), List.of("-5"), List.of("2us"), List.of("10000001"), List.<String>of())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SpinGrid.parseBudgets(bad));
            assertTrue(e.getMessage().startsWith("--budgets"), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
        for (List<String> bad : List.of(List.of("exp:0"), List.of("exp:"), List.of("-1"), List.of("10us"), List.of("1000000001"),
                List.of("bimodal:5"), List.of("bimodal:100:10"), List.<String>of())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SpinGrid.parseReplies(bad));
            assertTrue(e.getMessage().startsWith("--replies"), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
