package dev.switchcost.derive;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.IndirectSweepResults;
import dev.switchcost.results.IndirectSweepResults.Cell;
import dev.switchcost.results.IndirectSweepResults.Sample;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The arithmetic of {@link IndirectSweepCurve}: means over usable repetitions, the direct cost from size 0, the total. */
class IndirectSweepCurveTest {

    private static Sample s(int rep, double first, double second, double roundTrip) {
        return new Sample(rep, first, second, first - second, roundTrip, 2.0, null, null);
    }

    @Test
    void meansOverRepetitionsLeaveFailedOnesOutAndAddTheDirectCost() {
        Cell direct = new Cell("JVM", 0, 64, "SAME_CPU", "jmh", null, List.of(s(1, 40, 40, 4000), s(2, 41, 40, 4200), s(3, 40, 41, 4400)));
        Cell at256 = new Cell("JVM", 256, 64, "SAME_CPU", "jmh", null,
                List.of(s(1, 1300, 1000, 9000), s(2, 1400, 1000, 9100), Sample.failed(3, "boom"), s(4, 1500, 1000, 9200)));
        Cell c256 = new Cell("C", 256, 64, "SAME_CPU", "ws_threads", null, List.of(s(1, 1100, 1000, 8000)));
        Cell none = new Cell("C", 0, 64, "SAME_CPU", "ws_threads", "native not built", List.of());
        List<IndirectSweepCurve.Point> pts = IndirectSweepCurve.of(new IndirectSweepResults(1, "t", 4, "s", List.of(c256, at256, direct, none)));

        assertEquals(3, pts.size(), "the cell without samples is left out");
        assertEquals(List.of("JVM", "JVM", "C"), pts.stream().map(IndirectSweepCurve.Point::impl).toList(), "JVM first, by size");
        IndirectSweepCurve.Point d = pts.get(0);
        assertEquals(0, d.workingSetKiB());
        assertEquals(2100.0, d.roundTripPerSwitch().value(), 1e-9, "mean round trip / 2");
        assertEquals(2100.0, d.direct().value(), 1e-9, "size 0 is its own direct cost");

        IndirectSweepCurve.Point p = pts.get(1);
        assertEquals(3, p.repetitions());
        assertEquals(1, p.failed());
        assertEquals(400.0, p.indirect().value(), 1e-9, "mean of 300, 400, 500");
        Estimate expected = Estimate.ofSamples(new double[] {300, 400, 500});
        assertEquals(expected.halfWidth(), p.indirect().halfWidth(), 1e-9);
        assertTrue(p.indirect().halfWidth() > 100, "t(0.9995, 2) · 100/√3 is wide: " + p.indirect());
        assertEquals(1400.0, p.firstWalk().value(), 1e-9);
        assertEquals(1000.0, p.secondWalk().value(), 1e-9);
        assertEquals(4550.0, p.roundTripPerSwitch().value(), 1e-9);
        assertEquals(2100.0, p.direct().value(), 1e-9);
        assertEquals(2500.0, p.total().value(), 1e-9, "direct + indirect");
        assertEquals(2.0, p.switchesPerRoundTrip(), 1e-9);

        IndirectSweepCurve.Point c = pts.get(2);
        assertEquals(100.0, c.indirect().value(), 1e-9);
        assertTrue(!c.indirect().errorKnown(), "one repetition: no error");
        assertNull(c.direct(), "the C size-0 cell did not run");
        assertNull(c.total());
        assertNull(p.whole(), "no repetition read the threads' CPU time");
        assertEquals(p.indirect(), p.answer());
    }

    private static Sample b(int rep, double first, double second, double beyond) {
        return new Sample(rep, first, second, first - second, 10_000, 2.0, null, beyond);
    }

    /** A size-0 cell that did not switch on every handoff (1.5 per round trip) gives no whole cost: the paired answers. */
    @Test
    void noWholeCostAgainstASizeZeroCellThatDidNotSwitchEveryHandoff() {
        Cell zero = new Cell("C", 0, 64, "CROSS_CPU", "ws_threads", null,
                List.of(new Sample(1, 36, 36, 0, 10_000, 1.5, null, 2000.0), new Sample(2, 36, 36, 0, 10_000, 1.5, null, 2010.0)));
        Cell at256 = new Cell("C", 256, 64, "CROSS_CPU", "ws_threads", null, List.of(b(1, 1300, 1000, 3800), b(2, 1400, 1000, 3820)));
        List<IndirectSweepCurve.Point> pts = IndirectSweepCurve.of(new IndirectSweepResults(1, "t", 2, "s", List.of(zero, at256)));
        IndirectSweepCurve.Point c = pts.stream().filter(x -> x.workingSetKiB() == 256).findFirst().orElseThrow();
        assertNull(c.whole(), "1.5 switches per round trip at size 0: its CPU time is not two switches'");
        assertEquals(c.indirect(), c.answer());
        assertNull(pts.stream().filter(x -> x.workingSetKiB() == 0).findFirst().orElseThrow().whole());
    }

    /** Where every repetition read the threads' CPU time, the whole cost is beyond less the size-0 cell's beyond. */
    @Test
    void theWholeCostIsBeyondLessTheSizeZeroCellsBeyond() {
        Cell zero = new Cell("C", 0, 64, "SAME_CPU", "ws_threads", null, List.of(b(1, 36, 36, 2000), b(2, 36, 36, 2010)));
        Cell at256 = new Cell("C", 256, 64, "SAME_CPU", "ws_threads", null,
                List.of(b(1, 1300, 1000, 3800), b(2, 1400, 1000, 3820), Sample.failed(3, "boom")));
        Cell old = new Cell("JVM", 256, 64, "SAME_CPU", "jmh", null, List.of(b(1, 1300, 1000, 3800), s(2, 1400, 1000, 9000)));
        List<IndirectSweepCurve.Point> pts = IndirectSweepCurve.of(new IndirectSweepResults(1, "t", 3, "s", List.of(zero, at256, old)));
        IndirectSweepCurve.Point z = pts.stream().filter(x -> x.impl().equals("C") && x.workingSetKiB() == 0).findFirst().orElseThrow();
        assertEquals(0, z.whole().value(), 1e-9, "size 0 is the direct row");
        assertEquals(2005, z.beyond().value(), 1e-9);
        IndirectSweepCurve.Point c = pts.stream().filter(x -> x.impl().equals("C") && x.workingSetKiB() == 256).findFirst().orElseThrow();
        assertEquals(3810 - 2005, c.whole().value(), 1e-9, "the failed repetition left out");
        assertEquals(c.whole(), c.answer());
        assertEquals(5000 + 3810 - 2005, c.total().value(), 1e-9, "total = direct + the whole cost where it was read");
        IndirectSweepCurve.Point j = pts.stream().filter(x -> x.impl().equals("JVM")).findFirst().orElseThrow();
        assertNull(j.beyond(), "one repetition without it: no mean of a part");
        assertNull(j.whole(), "and no JVM size-0 cell");
    }

    /**
     * The JVM against C at a size, repetition by repetition: each side's whole cost is its beyond less the same
     * repetition's size-0 beyond, and the ratio of the two is judged over the repetitions; a repetition whose C cell
     * failed gives no pair, and a cost not above 0 on either side gives no ratio at that size.
     */
    @Test
    void theJvmIsSetAgainstCRepetitionByRepetition() {
        // six repetitions: at 1,024 KiB the JVM's whole cost is 1,400 + 10·(rep % 3 − 1) against C's 1,000
        List<Sample> j0 = new java.util.ArrayList<>();
        List<Sample> j1 = new java.util.ArrayList<>();
        List<Sample> c0 = new java.util.ArrayList<>();
        List<Sample> c1 = new java.util.ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            j0.add(b(rep, 36, 36, 2000 + rep));
            j1.add(b(rep, 1300, 1000, 2000 + rep + 1400 + 10 * (rep % 3 - 1)));
            c0.add(b(rep, 36, 36, 1800 - rep));
            c1.add(b(rep, 1300, 1000, 1800 - rep + 1000));
        }
        Cell j2 = new Cell("JVM", 2048, 64, "SAME_CPU", "jmh", null, List.of(b(1, 1, 1, 4000), b(2, 1, 1, 4000), b(3, 1, 1, 4000)));
        Cell c2 = new Cell("C", 2048, 64, "SAME_CPU", "ws_threads", null,
                List.of(b(1, 1, 1, 3000), b(2, 1, 1, 1700), Sample.failed(3, "boom")));
        List<Cell> cells = List.of(new Cell("JVM", 0, 64, "SAME_CPU", "jmh", null, j0), new Cell("JVM", 1024, 64, "SAME_CPU", "jmh", null, j1),
                new Cell("C", 0, 64, "SAME_CPU", "ws_threads", null, c0), new Cell("C", 1024, 64, "SAME_CPU", "ws_threads", null, c1), j2, c2);
        List<IndirectSweepCurve.Against> a = IndirectSweepCurve.jvmAgainstC(new IndirectSweepResults(1, "t", 6, "s", cells));
        assertEquals(2, a.size(), a.toString());
        IndirectSweepCurve.Against at1024 = a.get(0);
        assertEquals(1024, at1024.workingSetKiB());
        assertEquals(6, at1024.pairs());
        // 1.39, 1.40 and 1.41 twice each: their geometric mean
        assertEquals(Math.cbrt(1.39 * 1.40 * 1.41), at1024.jvmOverC().value(), 1e-9);
        assertTrue(at1024.jvmOverC().differsFromOne(Estimate.MIN_EFFECT), at1024.toString());
        IndirectSweepCurve.Against at2048 = a.get(1);
        assertEquals(2, at2048.pairs(), "the failed C repetition gives no pair");
        assertNull(at2048.jvmOverC(), "C's second repetition read below its size 0: no ratio");
    }
}
