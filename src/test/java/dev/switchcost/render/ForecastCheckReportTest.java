package dev.switchcost.render;

import dev.switchcost.derive.CpuPerRequest;
import dev.switchcost.derive.CpuPerRequest.Pool;
import dev.switchcost.derive.CpuPerRequest.Run;
import dev.switchcost.measure.sample.H2loadSummary;
import dev.switchcost.results.Estimate;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The words of the forecast check's verdict (issue 32, item 4); the verdict itself is {@code CpuPerRequestTest}'s. */
class ForecastCheckReportTest {

    @Test
    void theVerdictSaysInsideOrByHowMuchItMissedAndWhetherTheMissIsResolved() {
        // three pairs: the 99.9 % interval is -10,000 ± 18,244 (t(2) = 31.6)
        Estimate wide = Estimate.ofSamples(new double[] {-10_000, -11_000, -9_000});
        assertTrue(judgement(wide, -12_000, -8_000).startsWith("inside"));
        assertEquals("outside: the measured change lies 4000 ns per request below the forecast's interval, but not resolved:"
                + " the measurement's own 99.9 % interval [-28244, 8244] overlaps the forecast's. Telling a miss of 4000 ns"
                + " from noise needs a half-width below it, about 21× the pairs (the half-width shrinks as 1/√pairs)",
                judgement(wide, -6_000, -2_000));
        // twenty pairs a little apart: the interval is tight, and it misses the forecast's
        double[] tight = new double[20];
        for (int i = 0; i < tight.length; i++) {
            tight[i] = -10_000 + (i % 2 == 0 ? 100 : -100);
        }
        assertEquals("outside: the measured change lies 12000 ns per request above the forecast's interval, and its own"
                + " 99.9 % interval misses the forecast's too: a miss",
                judgement(Estimate.ofSamples(tight), -30_000, -22_000));
    }

    private static String judgement(Estimate measured, double lower, double upper) {
        return ForecastCheckReport.judgement(measured, CpuPerRequest.judge(measured, lower, upper));
    }

    @Test
    void aRunThatIsNoMeasurementIsToldWhyInWords() {
        H2loadSummary served = new H2loadSummary(20, 900, 18_000, 18_000, 18_000, 0, 0, 0, 18_000);
        Run slow = new Run(3, Pool.PLATFORM, 1000, served, 300, 1, 1, 0);
        assertEquals("the fixed rate was not held: 900.0 of 1000 requests/s", ForecastCheckReport.problem(slow));
        Run notVirtual = new Run(2, Pool.VIRTUAL, 900, served, 280, 1, 1, 0);
        assertTrue(ForecastCheckReport.problem(notVirtual).endsWith("not on virtual threads"), ForecastCheckReport.problem(notVirtual));
        assertEquals(null, ForecastCheckReport.problem(new Run(1, Pool.PLATFORM, 900, served, 300, 1, 1, 0)));
    }
}
