package dev.switchcost.render;

import dev.switchcost.measure.jmh.Disturbance;
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

    /**
     * The latency is per switch, as the card (the round trip ÷ 2, named in the header); the CPU stays per round trip,
     * named: both threads' price of the whole round trip. A repetition kept though disturbed marks its figure †.
     */
    @Test
    void theLatencyIsPerSwitchTheCpuPerRoundTripAndAKeptDisturbedFigureIsMarked() {
        Disturbance.Reading yes = new Disturbance.Reading(49.6, 0, new Disturbance.Intruder(4242, "yes", 48.2, false), 0, null, null, null);
        List<SpinCompareResults.Sample> kept = new ArrayList<>(cell(SpinCompareResults.JVM, "PARK", 0, null, 20_000, 8_000, 2).samples());
        kept.set(0, new SpinCompareResults.Sample(1, 20_000, 8_000, 2, Double.NaN, null, yes, true));
        SpinCompareResults r = new SpinCompareResults(1, "2026-01-01T00:00:00Z", 4, false, "test", List.of(
                cell(SpinCompareResults.C, "PARK", 0, null, 10_000, 8_000, 2),
                new SpinCompareResults.Cell(SpinCompareResults.JVM, "PARK", 0, "exp:20000", "CROSS_CPU", "test", null, kept)));
        Table t = SpinCompareTable.table(r);
        assertEquals(List.of("C ns/switch (round trip ÷ 2) ± 99.9%", "JVM ns/switch (round trip ÷ 2) ± 99.9%"), t.header().subList(3, 5));
        assertEquals(List.of("C CPU ns/round trip", "JVM CPU ns/round trip"), t.header().subList(6, 8));
        List<String> row = t.rows().get(0);
        assertTrue(row.get(3).startsWith("5,000 ±") && !row.get(3).contains("†"), row.toString());
        assertTrue(row.get(4).startsWith("10,000 ±") && row.get(4).contains(" † (1 disturbed, kept)"), row.toString());
        assertTrue(row.get(6).startsWith("8,000 ±"), "CPU per round trip, as recorded: " + row);
        assertTrue(row.get(5).startsWith("JVM slower (2.00 ±"), "the ratio is the same in either unit: " + row);
    }
}
