package dev.switchcost.derive;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChangePointsTest {

    /** A series around {@code level} with 1% Gaussian noise, multiplied by {@code step} from each index in {@code at}. */
    static double[] series(long seed, int n, double level, double step, int... at) {
        Random r = new Random(seed);
        double[] z = new double[n];
        double l = level;
        int next = 0;
        for (int i = 0; i < n; i++) {
            if (next < at.length && i == at[next]) {
                l *= step;
                next++;
            }
            z[i] = l * (1 + 0.01 * r.nextGaussian());
        }
        return z;
    }

    @Test
    void theStatisticIsTheScaledEnergyDistance() {
        // X = 0,0,0 and Y = 1,1,1: 2/(3·3)·9 − 0 − 0 = 2, scaled by 3·3/6: 3
        ChangePoints.Candidate c = ChangePoints.bestIn(new double[] {0, 0, 0, 1, 1, 1}, 0, 6);
        assertEquals(3, c.split());
        assertEquals(3.0, c.q(), 1e-12);
        assertNull(ChangePoints.bestIn(new double[] {0, 0, 0, 1, 1}, 0, 5), "fewer than 2 × MIN_SIZE points: no split");
    }

    @Test
    void oneStepIsFoundWhereItWas() {
        List<ChangePoints.Shift> s = ChangePoints.find(series(1, 30, 1000, 1.10, 17));
        assertEquals(1, s.size(), s.toString());
        assertEquals(17, s.get(0).index());
        assertEquals(1.10, s.get(0).ratio(), 0.01);
        assertTrue(s.get(0).pValue() <= ChangePoints.SIGNIFICANCE);
        assertEquals(1000, s.get(0).before().value(), 10);
    }

    @Test
    void twoStepsAreBothFound() {
        List<ChangePoints.Shift> s = ChangePoints.find(series(2, 40, 500, 0.9, 10, 25));
        assertEquals(List.of(10, 25), s.stream().map(ChangePoints.Shift::index).toList());
    }

    @Test
    void noiseAloneHasNoChangePoint() {
        for (long seed = 10; seed < 30; seed++) {
            assertEquals(List.of(), ChangePoints.find(series(seed, 30, 1000, 1, new int[0])), "seed " + seed);
        }
    }

    @Test
    void aStepOfTheNoisesSizeIsNotCalled() {
        // a 0.5% step under 1% noise, 4 runs after it: not distinguishable, and not called
        assertEquals(List.of(), ChangePoints.find(series(3, 20, 1000, 1.005, 16)));
    }

    @Test
    void tooShortASeriesHasNone() {
        assertEquals(List.of(), ChangePoints.find(new double[] {1, 2, 3, 100, 100}));
    }
}
