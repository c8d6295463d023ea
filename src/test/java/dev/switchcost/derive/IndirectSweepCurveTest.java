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
        return new Sample(rep, first, second, first - second, roundTrip, 2.0, null);
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
    }
}
