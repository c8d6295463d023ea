package dev.switchcost.derive;

import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.results.Bench;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Metric;
import dev.switchcost.results.Param;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The spin budget on synthetic sweeps: a known optimum, ties, missing cells, one fork. */
class SpinBudgetTest {

    private static final long[] BUDGETS = {0, 1000, 2000, 5000, 10000, 20000, 50000};

    /** A metric whose forks read value − 1, value, value + 1 (or value alone, one fork): a small, known error. */
    private static Metric metric(double value, int forks) {
        double[][] raw = new double[forks][];
        for (int f = 0; f < forks; f++) {
            raw[f] = new double[] {forks == 1 ? value : value + f - 1};
        }
        return Metric.of(value, 0, "ns/op", raw);
    }

    private static JmhRow row(String strategy, long budget, String reply, double latency, double cpu, int forks) {
        Map<String, String> params = Map.of(Param.STRATEGY.key(), strategy, Param.BUDGET_NS.key(), String.valueOf(budget),
                Param.REPLY_NS.key(), reply, Param.PLACEMENT.key(), "CROSS_CPU");
        return new JmhRow(Path.of("synthetic.json"), Bench.SPIN_OR_PARK.fullName(), "sample", params, metric(latency, forks),
                Map.of(PairedWalkProfiler.CPU, metric(cpu, forks), "ctxsw.total.norm", metric(2, forks)), null, null, null, null, null);
    }

    /**
     * D = 10 µs. PARK at D = 0 burns 8,000 ns of CPU per round trip (block cost 4,000 ns); the SPIN_THEN_PARK cost
     * (latency + CPU) falls to a minimum at {@code bestBudget} and rises after it; PARK and SPIN cost more.
     */
    private static List<JmhRow> sweep(long bestBudget, int forks) {
        List<JmhRow> rows = new ArrayList<>();
        rows.add(row("PARK", 0, "0", 10_000, 8_000, forks));
        rows.add(row("PARK", 0, "10000", 30_000, 12_000, forks));
        rows.add(row("SPIN", 0, "10000", 12_000, 24_000, forks));
        rows.add(row("AGRONA_BACKOFF", 0, "10000", 25_000, 15_000, forks));
        for (long b : BUDGETS) {
            double distance = Math.abs(Math.log1p(b) - Math.log1p(bestBudget));
            rows.add(row("SPIN_THEN_PARK", b, "10000", 14_000 + 2_000 * distance, 10_000 + 2_000 * distance, forks));
        }
        return rows;
    }

    @Test
    void theOptimumIsFoundAndBeatsBothWithSeparateIntervals() {
        SpinBudget s = SpinBudget.of(sweep(5000, 3)).get(0);
        assertEquals("CROSS_CPU", s.placement());
        assertEquals(4000, s.blockCostNs().value(), 1e-9);
        SpinBudget.Reply d = s.replies().stream().filter(r -> r.replyNs().equals("10000")).findFirst().orElseThrow();
        assertEquals(5000, d.best().budgetNs());
        assertEquals(24_000, d.best().costNs().value(), 1e-9);
        assertEquals(Boolean.TRUE, d.beatsBoth());
        assertEquals(7, d.curve().size());
        assertEquals(1, d.others().size());
        // the block cost (4 µs) lies between the grid neighbours of the optimum (2 µs .. 10 µs)
        assertEquals(2000, d.plateauLow());
        assertEquals(10000, d.plateauHigh());
        assertEquals(Boolean.TRUE, d.agrees());
        assertEquals(d, s.firstWin());
    }

    @Test
    void anOptimumFarFromTheBlockCostDisagrees() {
        SpinBudget.Reply d = SpinBudget.of(sweep(50000, 3)).get(0).replies().get(1);
        assertEquals(50000, d.best().budgetNs());
        assertEquals(20000, d.plateauLow());
        assertEquals(Long.MAX_VALUE, d.plateauHigh());
        assertEquals(Boolean.FALSE, d.agrees());
    }

    @Test
    void tiedBudgetsWidenThePlateau() {
        List<JmhRow> rows = new ArrayList<>();
        rows.add(row("PARK", 0, "0", 10_000, 8_000, 3));
        for (long b : BUDGETS) {
            // 1 µs, 2 µs and 5 µs cost the same; the rest far more
            boolean flat = b >= 1000 && b <= 5000;
            rows.add(row("SPIN_THEN_PARK", b, "10000", flat ? 10_000 : 40_000, flat ? 10_000 : 40_000, 3));
        }
        SpinBudget.Reply d = SpinBudget.of(rows).get(0).replies().get(1);
        assertEquals("10000", d.replyNs());
        assertEquals(0, d.plateauLow());
        assertEquals(10000, d.plateauHigh());
        assertEquals(Boolean.TRUE, d.agrees());
        assertNull(d.beatsBoth(), "no PARK or SPIN at this D: not judged");
    }

    @Test
    void missingCellsAreNotJudged() {
        List<JmhRow> rows = new ArrayList<>(sweep(5000, 3));
        rows.removeIf(r -> r.param(Param.STRATEGY).equals("PARK"));
        SpinBudget s = SpinBudget.of(rows).get(0);
        assertNull(s.blockCostNs(), "no PARK row at D = 0: no block cost");
        SpinBudget.Reply d = s.replies().get(0);
        assertNull(d.park());
        assertNull(d.beatsBoth());
        assertNull(d.agrees());
        assertNotNull(d.best());
        assertNull(s.firstWin());
    }

    @Test
    void oneForkIsShownButNeverJudged() {
        SpinBudget s = SpinBudget.of(sweep(5000, 1)).get(0);
        SpinBudget.Reply d = s.replies().get(1);
        assertEquals(5000, d.best().budgetNs(), "the optimum is still shown");
        assertNull(d.beatsBoth());
        assertNull(d.agrees());
    }

    @Test
    void disturbedRowsAreLeftOutAndOtherBenchmarksIgnored() {
        List<JmhRow> rows = new ArrayList<>(sweep(5000, 3));
        rows.replaceAll(r -> r.param(Param.BUDGET_NS).equals("5000") ? r.withDisturbance("another task ran") : r);
        SpinBudget.Reply d = SpinBudget.of(rows).get(0).replies().get(1);
        assertEquals(6, d.curve().size());
        assertFalse(d.curve().stream().anyMatch(p -> p.budgetNs() == 5000));
        assertTrue(SpinBudget.of(List.of()).isEmpty());
    }

    @Test
    void aFixedStrategysRowsAtOtherBudgetsAreRepeatsAndLeftOut() {
        List<JmhRow> rows = new ArrayList<>(sweep(5000, 3));
        rows.add(row("PARK", 5000, "10000", 1_000, 1_000, 3));
        SpinBudget.Reply d = SpinBudget.of(rows).get(0).replies().get(1);
        assertEquals(30_000, d.park().latencyNs().value(), 1e-9, "the budgetNs=0 cell");
        assertEquals(1, d.others().size(), "no second PARK point");
    }
}
