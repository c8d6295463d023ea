package dev.switchcost.render;

import dev.switchcost.results.SpinCompareResults;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The spin table on synthetic results: the JVM judged against C by the one rule, and cells that did not run said so. */
class SpinCompareTableTest {

    private static SpinCompareResults.Cell cell(String impl, String strategy, long budget, String unavailable, double ns, double cpu,
                                                double switches) {
        List<SpinCompareResults.Sample> samples = new ArrayList<>();
        if (unavailable == null) {
            for (int rep = 1; rep <= 4; rep++) {
                // ±0.5 %: four repetitions give a ratio 3 degrees of freedom, so ±1 % would be too wide to call equivalent
                double wobble = 1 + (rep % 2 == 0 ? 0.005 : -0.005);
                samples.add(new SpinCompareResults.Sample(rep, ns * wobble, cpu * wobble, switches, Double.NaN, null, null, false));
            }
        }
        return new SpinCompareResults.Cell(impl, strategy, budget, "exp:20000", "CROSS_CPU", "test", unavailable, samples);
    }

    @Test
    void theJvmIsJudgedAgainstCOnTimeAndOnCpu() {
        SpinCompareResults r = new SpinCompareResults(1, "2026-01-01T00:00:00Z", 4, false, "test", List.of(
                cell(SpinCompareResults.C, "SPIN_THEN_PARK", 5000, null, 10_000, 8_000, 0.5),
                cell(SpinCompareResults.JVM, "SPIN_THEN_PARK", 5000, null, 20_000, 8_000, 0.6),
                cell(SpinCompareResults.C, "SPIN", 0, null, 10_000, 20_000, 0),
                cell(SpinCompareResults.JVM, "SPIN", 0, null, 5_000, 10_000, 0)));
        Table t = SpinCompareTable.table(r);
        assertEquals(2, t.rows().size(), "one row per grid cell");
        List<String> stp = t.rows().get(0);
        assertEquals("spin 5,000 ns, park", stp.get(2));
        assertTrue(stp.get(5).startsWith("JVM slower (2.00 ±"), stp.toString());
        assertEquals("same within the margin", stp.get(8), stp.toString());
        assertEquals(List.of("0.50", "0.60"), stp.subList(9, 11));
        List<String> spin = t.rows().get(1);
        assertTrue(spin.get(5).startsWith("JVM faster (0.50 ±"), spin.toString());
        assertTrue(spin.get(8).startsWith("JVM burns less (0.50 ±"), spin.toString());
    }

    @Test
    void aCellThatDidNotRunSaysWhyUnderTheTable() {
        SpinCompareResults r = new SpinCompareResults(1, "2026-01-01T00:00:00Z", 4, false, "test", List.of(
                cell(SpinCompareResults.C, "PARK", 0, null, 10_000, 8_000, 2),
                cell(SpinCompareResults.JVM, "PARK", 0, "benchmark SpinOrPark.handoff not built", 0, 0, 0)));
        List<String> row = SpinCompareTable.table(r).rows().get(0);
        assertEquals("not run", row.get(4));
        assertEquals("", row.get(5), "no verdict without both figures");
        assertTrue(SpinCompareTable.text(r).contains("not run: JVM: benchmark SpinOrPark.handoff not built"), SpinCompareTable.text(r));
    }
}
