package dev.switchcost.results;

import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.util.ListStatistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one statistical rule. */
class EstimateTest {

    static final double[] A = {100, 102, 98, 101, 99, 100, 103, 97};
    static final double[] B = {110, 108, 112, 109, 111, 110, 107, 113};
    static final double[] B_CLOSE = {100.5, 101, 99.5, 102, 99, 100, 101.5, 98.5};

    @Test
    void aMeasuredFigureCarriesJmhsOwnError() {
        ListStatistics s = new ListStatistics();
        for (double x : A) {
            s.addValue(x);
        }
        Estimate e = Estimate.ofSamples(A);
        assertEquals(s.getMean(), e.value(), 1e-12);
        assertEquals(s.getMeanErrorAt(0.999), e.halfWidth(), 1e-9);
        assertEquals(7, e.df());
    }

    /** A difference is resolved exactly when Welch's t-test rejects equality at α = 0.001. */
    @Test
    void aDifferenceIsResolvedExactlyWhenWelchsTestRejectsAtOnePerMille() {
        TTest t = new TTest();
        for (double[] b : new double[][] {B, B_CLOSE}) {
            Estimate d = Estimate.ofSamples(b).minus(Estimate.ofSamples(A));
            double p = t.tTest(A, b);
            assertEquals(p < 0.001, d.resolved(), "p = " + p + ", d = " + d);
            // the Welch-Satterthwaite degrees of freedom and the interval agree with the test statistic
            assertEquals(Math.abs(t.t(A, b)), Math.abs(d.value()) / d.standardError(), 1e-9);
        }
        assertTrue(Estimate.ofSamples(B).minus(Estimate.ofSamples(A)).resolved());
        assertFalse(Estimate.ofSamples(B_CLOSE).minus(Estimate.ofSamples(A)).resolved());
    }

    @Test
    void scalingAndRatios() {
        Estimate rt = Estimate.ofSamples(A);
        Estimate perSwitch = rt.times(0.5);
        assertEquals(rt.value() / 2, perSwitch.value(), 1e-12);
        assertEquals(rt.halfWidth() / 2, perSwitch.halfWidth(), 1e-12);
        Estimate r = Estimate.ofSamples(B).over(Estimate.ofSamples(A));
        assertEquals(110.0 / 100.0, r.value(), 1e-12);
        double rel = Math.hypot(Estimate.ofSamples(B).standardError() / 110, Estimate.ofSamples(A).standardError() / 100);
        assertEquals(r.value() * rel, r.standardError(), 1e-12);
        assertTrue(r.minus(Estimate.exact(1)).resolved());
    }

    @Test
    void oneIterationHasNoErrorAndIsNeverResolved() {
        Estimate one = Estimate.ofSamples(new double[] {5});
        assertFalse(one.errorKnown());
        assertFalse(one.resolved());
        assertFalse(one.minus(Estimate.ofSamples(A)).resolved());
        assertTrue(Double.isNaN(one.halfWidth()));
    }

    @Test
    void withoutRawDataJmhsErrorIsTakenAsANormalInterval() {
        Estimate e = Estimate.of(Metric.of(10, 2, "ns/op", new double[0][]));
        assertEquals(2, e.halfWidth(), 1e-9);
        assertTrue(e.resolved());
    }
}
