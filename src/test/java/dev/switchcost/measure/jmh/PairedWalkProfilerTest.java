package dev.switchcost.measure.jmh;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.Result;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PairedWalkProfilerTest {

    private static Map<String, Double> byLabel(List<Result> rs) {
        return rs.stream().collect(Collectors.toMap(Result::getLabel, Result::getScore));
    }

    @Test
    void dividesEachSidesSumsByItsWalksAndSubtracts() {
        // two sides, 1,000 ops: 2,000 first walks and 2,000 second walks
        Map<String, Double> r = byLabel(PairedWalkProfiler.results(3_000_000, 2_000_000, 2, 1_000, -1));
        assertEquals(1500.0, r.get(PairedWalkProfiler.FIRST), 1e-9);
        assertEquals(1000.0, r.get(PairedWalkProfiler.SECOND), 1e-9);
        assertEquals(500.0, r.get(PairedWalkProfiler.INDIRECT), 1e-9);
    }

    @Test
    void thePairsCpuTimeLessTwoSecondWalksIsTheSwitchBeyondItsWalks() {
        // 1,000 round trips = 2,000 switches; 20 ms of the pair's CPU time = 10,000 ns per switch, of which two
        // walks at the second walk's speed (1,000 ns each) are work, not switching
        Map<String, Double> r = byLabel(PairedWalkProfiler.results(3_000_000, 2_000_000, 2, 1_000, 20_000_000));
        assertEquals(8000.0, r.get(PairedWalkProfiler.SWITCH), 1e-9);
        assertFalse(byLabel(PairedWalkProfiler.results(3_000_000, 2_000_000, 2, 1_000, -1)).containsKey(PairedWalkProfiler.SWITCH),
                "no result where the pair's CPU time could not be read");
    }

    @Test
    void aPairWithoutWalksReportsItsCpuTimePerOpAlone() {
        // PrimitiveHandoff, SpinOrPark: no walks recorded, 20 ms of the pair's CPU time over 1,000 round trips
        Map<String, Double> r = byLabel(PairedWalkProfiler.results(0, 0, 0, 1_000, 20_000_000));
        assertEquals(Map.of(PairedWalkProfiler.CPU, 20_000.0), r);
        assertTrue(PairedWalkProfiler.results(0, 0, 0, 1_000, -1).isEmpty(), "nothing where the CPU time could not be read");
        assertTrue(PairedWalkProfiler.results(0, 0, 0, 0, 20_000_000).isEmpty(), "nothing without ops");
    }

    @Test
    void theRecordedPairRunIsTakenWithTheIterationAndCleared() {
        PairedWalkProfiler p = new PairedWalkProfiler();
        p.beforeIteration(null, null);
        PairedWalkProfiler.recordPairRun(1_000);
        PairedWalkProfiler.record(100, 60);
        PairedWalkProfiler.record(300, 140);
        Map<String, Double> r = byLabel(List.copyOf(p.afterIteration(null, null,
                new IterationResult(null, null, new IterationResultMetaData(10, 10)))));
        assertEquals(1_000.0 / 20 - 2 * 10.0, r.get(PairedWalkProfiler.SWITCH), 1e-9);
        PairedWalkProfiler.record(100, 60);
        assertFalse(byLabel(List.copyOf(p.afterIteration(null, null,
                new IterationResult(null, null, new IterationResultMetaData(10, 10))))).containsKey(PairedWalkProfiler.SWITCH),
                "an iteration that recorded no CPU time does not reuse the last one");
    }

    @Test
    void aNegativeDifferenceIsReportedAsItIs() {
        Map<String, Double> r = byLabel(PairedWalkProfiler.results(900, 1_000, 1, 1, -1));
        assertEquals(-100.0, r.get(PairedWalkProfiler.INDIRECT), 1e-9);
    }

    @Test
    void benchmarksThatRecordNothingGetNoResults() {
        assertTrue(PairedWalkProfiler.results(0, 0, 0, 1_000, -1).isEmpty());
    }

    @Test
    void noOpsGivesNaNNotInfinity() {
        Map<String, Double> r = byLabel(PairedWalkProfiler.results(5, 5, 2, 0, -1));
        assertTrue(Double.isNaN(r.get(PairedWalkProfiler.FIRST)));
        assertTrue(Double.isNaN(r.get(PairedWalkProfiler.INDIRECT)));
    }

    @Test
    void theRegistrySumsRecordedSidesAndClearsOnEachIteration() {
        PairedWalkProfiler p = new PairedWalkProfiler();
        p.beforeIteration(null, null); // clears anything left over
        PairedWalkProfiler.record(100, 60);
        PairedWalkProfiler.record(300, 140);
        Map<String, Double> r = byLabel(List.copyOf(p.afterIteration(null, null,
                new IterationResult(null, null,
                        new IterationResultMetaData(10, 10)))));
        assertEquals(20.0, r.get(PairedWalkProfiler.FIRST), 1e-9);
        assertEquals(10.0, r.get(PairedWalkProfiler.SECOND), 1e-9);
        assertTrue(p.afterIteration(null, null, new IterationResult(null, null,
                new IterationResultMetaData(10, 10))).isEmpty(), "taken once");
    }
}
