package dev.switchcost.derive;

import dev.switchcost.derive.CpuPerRequest.Pool;
import dev.switchcost.derive.CpuPerRequest.Run;
import dev.switchcost.derive.CpuPerRequest.Standing;
import dev.switchcost.derive.CpuPerRequest.Verdict;
import dev.switchcost.measure.sample.H2loadSummary;
import dev.switchcost.results.Estimate;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The arithmetic of CPU per request and of the paired change platform → virtual (issue 32, item 4). */
class CpuPerRequestTest {

    private static H2loadSummary served(long requests, double seconds) {
        return new H2loadSummary(seconds, requests / seconds, requests, requests, requests, 0, 0, 0, requests);
    }

    private static Run run(int index, Pool pool, long ticks) {
        return new Run(index, pool, 1000, served(20_000, 20), ticks, 40_000, 500, pool == Pool.VIRTUAL ? 2 : 0);
    }

    @Test
    void cpuPerRequestIsTheServersTicksInNanosecondsOverTheRequestsAnswered() {
        Run r = run(1, Pool.PLATFORM, 300);  // 3 s of CPU over 20,000 requests in 20 s
        assertEquals(150_000, r.nsPerRequest(), 1e-9);
        assertEquals(0.15, r.cpuShare(), 1e-12);
        assertEquals(2.025, r.switchesPerRequest(), 1e-12);
        assertNull(r.problem());
        assertTrue(Double.isNaN(r.jitShare()));
        assertEquals(0.1, new Run(1, Pool.PLATFORM, 1000, served(20_000, 20), 300, 1, 1, 0, 30).jitShare(), 1e-12);
    }

    @Test
    void theChangePairsEachPlatformRunWithTheVirtualRunInTheSamePlace() {
        // interleaved as the script runs them; the machine drifts up by 10 ticks a pair, virtual is 20 ticks cheaper
        List<Run> runs = List.of(run(1, Pool.PLATFORM, 300), run(2, Pool.VIRTUAL, 280), run(3, Pool.PLATFORM, 310),
                run(4, Pool.VIRTUAL, 290), run(5, Pool.PLATFORM, 320), run(6, Pool.VIRTUAL, 302));
        assertArrayEquals(new double[] {-10_000, -10_000, -9_000}, CpuPerRequest.pairDifferences(runs, Run::nsPerRequest), 1e-9);
        Estimate change = CpuPerRequest.change(runs);
        assertEquals(-29_000 / 3.0, change.value(), 1e-9);
        assertEquals(3, change.units());
        assertTrue(change.judgeable());
        Estimate pt = CpuPerRequest.of(runs, Pool.PLATFORM);
        assertEquals(155_000, pt.value(), 1e-9);
        assertEquals(3, pt.units());
    }

    @Test
    void theCheckIsMeasuredOnceAndJudgedOnlyAgainstAForecast() {
        List<Run> runs = List.of(run(1, Pool.PLATFORM, 300), run(2, Pool.VIRTUAL, 280), run(3, Pool.PLATFORM, 310),
                run(4, Pool.VIRTUAL, 290), run(5, Pool.PLATFORM, 320), run(6, Pool.VIRTUAL, 302));
        CpuPerRequest.Measured none = CpuPerRequest.measure(runs, Double.NaN, Double.NaN);
        assertEquals(CpuPerRequest.of(runs, Pool.PLATFORM), none.platform());
        assertEquals(CpuPerRequest.of(runs, Pool.VIRTUAL), none.virtual());
        assertEquals(CpuPerRequest.change(runs), none.change());
        assertNull(none.changeVerdict());
        assertNull(none.changeWithoutJit(), "no run counted the JIT's ticks");
        CpuPerRequest.Measured judged = CpuPerRequest.measure(runs, -12_000, -8_000);
        assertEquals(CpuPerRequest.judge(judged.change(), -12_000, -8_000), judged.changeVerdict());
    }

    @Test
    void aRunThatIsNoMeasurementSaysWhyAndLeavesItsPairOut() {
        Run notVirtual = new Run(2, Pool.VIRTUAL, 1000, served(20_000, 20), 280, 1, 1, 0);
        assertEquals(CpuPerRequest.Problem.NO_CARRIER, notVirtual.problem());
        Run slow = new Run(3, Pool.PLATFORM, 1000, served(18_000, 20), 300, 1, 1, 0);
        assertEquals(CpuPerRequest.Problem.RATE_NOT_HELD, slow.problem());
        Run noLoad = new Run(1, Pool.PLATFORM, 1000, H2loadSummary.NONE, 300, 1, 1, 0);
        assertEquals(CpuPerRequest.Problem.NO_LOAD, noLoad.problem());
        List<Run> runs = List.of(run(1, Pool.PLATFORM, 300), notVirtual, run(3, Pool.PLATFORM, 300), run(4, Pool.VIRTUAL, 290));
        assertArrayEquals(new double[] {-5_000}, CpuPerRequest.pairDifferences(runs, Run::nsPerRequest), 1e-9);
        assertEquals(1, CpuPerRequest.of(runs, Pool.VIRTUAL).units());
    }

    @Test
    void theVerdictSaysInsideOrByHowMuchItMissedAndWhetherTheMissIsResolved() {
        // three pairs: the 99.9 % interval is -10,000 ± 18,244 (t(2) = 31.6)
        Estimate wide = Estimate.ofSamples(new double[] {-10_000, -11_000, -9_000});
        assertEquals(Standing.INSIDE, CpuPerRequest.judge(wide, -12_000, -8_000).standing());
        assertEquals(new Verdict(Standing.NOT_RESOLVED, 4_000, true, 21), CpuPerRequest.judge(wide, -6_000, -2_000));
        // twenty pairs a little apart: the interval is tight, and it misses the forecast's
        double[] tight = new double[20];
        for (int i = 0; i < tight.length; i++) {
            tight[i] = -10_000 + (i % 2 == 0 ? 100 : -100);
        }
        assertEquals(new Verdict(Standing.MISS, 12_000, false, 0), CpuPerRequest.judge(Estimate.ofSamples(tight), -30_000, -22_000));
        assertEquals(Standing.NO_VALUE, CpuPerRequest.judge(Estimate.ofSamples(new double[0]), -1, 1).standing());
    }

    @Test
    void poolsAreNamedAsTheScriptNamesThem() {
        assertEquals(Pool.VIRTUAL, Pool.of("virtual"));
        assertEquals("platform", Pool.PLATFORM.label());
        assertThrows(IllegalArgumentException.class, () -> Pool.of("carrier"));
    }
}
