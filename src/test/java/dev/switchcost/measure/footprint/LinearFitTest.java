package dev.switchcost.measure.footprint;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinearFitTest {

    @Test
    void anExactLineGivesItsSlopeAndRSquaredOne() {
        double[] x = {0, 1000, 10_000, 100_000};
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = 50_000_000 + 1024.5 * x[i];
        }
        LinearFit f = LinearFit.of(x, y);
        assertEquals(1024.5, f.slope(), 1e-9);
        assertEquals(50_000_000, f.intercept(), 1e-3);
        assertEquals(1.0, f.r2(), 1e-12);
        assertEquals(4, f.points());
    }

    @Test
    void noisyDataGivesTheSlopeApproximatelyAndRSquaredBelowOne() {
        Random r = new Random(42);
        int n = 50;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 1000;
            y[i] = 10_000 + 2.0 * x[i] + r.nextGaussian() * 5_000;
        }
        LinearFit f = LinearFit.of(x, y);
        assertEquals(2.0, f.slope(), 0.1);
        assertTrue(f.r2() < 1.0 && f.r2() > 0.9, "r2 " + f.r2());
    }

    @Test
    void pureNoiseHasLowRSquared() {
        double[] x = {1, 2, 3, 4, 5, 6};
        double[] y = {5, -5, 5, -5, 5, -5};
        assertTrue(LinearFit.of(x, y).r2() < 0.2);
    }

    @Test
    void degenerateInputIsRefusedWithAReason() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LinearFit.of(new double[] {1}, new double[] {2}))
                .getMessage().contains("at least two points"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LinearFit.of(new double[] {3, 3, 3}, new double[] {1, 2, 3}))
                .getMessage().contains("no slope"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LinearFit.of(new double[] {1, 2}, new double[] {1}))
                .getMessage().contains("length"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LinearFit.of(new double[] {1, Double.NaN}, new double[] {1, 2}))
                .getMessage().contains("not finite"));
    }

    @Test
    void aFlatLineIsFullyExplained() {
        LinearFit f = LinearFit.of(new double[] {0, 10, 20}, new double[] {7, 7, 7});
        assertEquals(0.0, f.slope(), 0.0);
        assertEquals(1.0, f.r2(), 0.0);
    }

    /** The slope's 99.9 % half-width is t(0.9995, n − 2) · s / √Sxx, s the residuals' standard error: worked by hand here. */
    @Test
    void theSlopesIntervalIsStudentsTOverTheResiduals() {
        double[] x = {0, 1, 2, 3, 4, 5};
        double[] y = {1, 3.5, 4.5, 7.5, 8.5, 11};
        LinearFit f = LinearFit.of(x, y);
        double mx = 2.5;
        double sxx = 17.5;
        double slope = 0;
        double my = 0;
        for (int i = 0; i < x.length; i++) {
            my += y[i] / x.length;
        }
        for (int i = 0; i < x.length; i++) {
            slope += (x[i] - mx) * (y[i] - my) / sxx;
        }
        double ssRes = 0;
        for (int i = 0; i < x.length; i++) {
            double e = y[i] - (my + slope * (x[i] - mx));
            ssRes += e * e;
        }
        double t = new org.apache.commons.math3.distribution.TDistribution(x.length - 2).inverseCumulativeProbability(1 - 0.001 / 2);
        assertEquals(slope, f.slope(), 1e-12);
        assertEquals(t * Math.sqrt(ssRes / (x.length - 2) / sxx), f.slopeHalfWidth(), 1e-9);
        assertEquals(8.610, t, 0.001, "t(0.9995, 4) from the tables");
    }

    @Test
    void anExactLineHasAZeroWidthIntervalAndTwoPointsNone() {
        assertEquals(0.0, LinearFit.of(new double[] {0, 1, 2}, new double[] {1, 3, 5}).slopeHalfWidth(), 1e-12);
        assertTrue(Double.isNaN(LinearFit.of(new double[] {0, 1}, new double[] {1, 3}).slopeHalfWidth()));
    }

    @Test
    void theIntervalHoldsTheTrueSlopeOfNoisyPoints() {
        Random r = new Random(7);
        double[] x = new double[20];
        double[] y = new double[20];
        for (int i = 0; i < x.length; i++) {
            x[i] = i * 1000;
            y[i] = 10_000 + 2.0 * x[i] + r.nextGaussian() * 5_000;
        }
        LinearFit f = LinearFit.of(x, y);
        assertTrue(f.slopeHalfWidth() > 0 && Math.abs(f.slope() - 2.0) < f.slopeHalfWidth(), f.toString());
    }
}
