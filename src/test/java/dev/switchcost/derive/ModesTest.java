package dev.switchcost.derive;

import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 28: a row whose samples form two modes is named a mixture, and one mode, skewed or with a tail, is not. */
class ModesTest {

    static final Path QUICK_23F = Fixtures.results("quick-whole-cache-144s-epyc-kvm-jdk25");

    /** n log-normal samples around {@code centre} with log-sd {@code sd}. */
    static double[] logNormal(Random rng, int n, double centre, double sd) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = centre * Math.exp(sd * rng.nextGaussian());
        }
        return v;
    }

    static double[] concat(double[] a, double[] b) {
        double[] v = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, v, a.length, b.length);
        return v;
    }

    @Test
    void oneCpuOrTwoIsAMixtureWithItsModesAndShares() {
        Random rng = new Random(28);
        Modes m = Modes.of(concat(logNormal(rng, 1400, 3000, 0.15), logNormal(rng, 600, 26000, 0.15)));
        assertTrue(m.mixed(), m.toString());
        assertEquals(3000, m.modes().get(0).centre(), 150);
        assertEquals(26000, m.modes().get(1).centre(), 1300);
        assertEquals(0.70, m.modes().get(0).share(), 0.03);
        assertEquals(0.30, m.modes().get(1).share(), 0.03);
    }

    @Test
    void oneModeSkewedOrWithATailIsNotAMixture() {
        Random rng = new Random(28);
        assertFalse(Modes.of(logNormal(rng, 2000, 3000, 0.3)).mixed(), "one log-normal mode");
        Modes tail = Modes.of(concat(logNormal(rng, 1960, 3000, 0.1), logNormal(rng, 40, 30000, 0.5)));
        assertFalse(tail.mixed(), "2% preempted handoffs are a tail: " + tail);
        double[] gamma = new double[2000];
        for (int i = 0; i < gamma.length; i++) {
            gamma[i] = 1000 + 500 * -Math.log(rng.nextDouble()); // shifted exponential: skewed, one mode
        }
        assertFalse(Modes.of(gamma).mixed(), "skewed to the right, one mode");
    }

    @Test
    void tooFewSamplesAreNotTested() {
        Modes m = Modes.of(new double[] {3000, 3100, 26000, 27000});
        assertFalse(m.mixed());
        assertTrue(m.modes().isEmpty());
    }

    /**
     * Captured: the unpinned platform pair's sampled batches (2026-11-23f quick) fall around 4 µs (the pair on one CPU)
     * and 16 µs (on two); the one-CPU futex handoff of the same run has one mode.
     */
    @Test
    void theCapturedUnpinnedPlatformPairIsAMixtureAndThePinnedFutexIsNot() {
        Results r = Results.load(QUICK_23F);
        JmhRow pair = sampled(r, "VirtualThreadHandoffOneCarrier.roundTrip", "PT_PT");
        Modes m = Modes.ofHistogram(pair.percentiles().histogram());
        assertTrue(m.mixed(), m.toString());
        assertTrue(m.modes().get(0).centre() < 6000 && m.modes().get(1).centre() > 10000, m.toString());
        JmhRow futex = sampled(r, "FutexPingPong.roundTrip", "SAME_CPU");
        Modes one = Modes.ofHistogram(futex.percentiles().histogram());
        assertFalse(one.mixed(), one.toString());
    }

    private static JmhRow sampled(Results r, String shortName, String paramValue) {
        return r.rows().stream().filter(x -> x.mode().equals("sample") && x.shortName().equals(shortName)
                        && x.params().containsValue(paramValue)).findFirst()
                .orElseThrow(() -> new AssertionError("no sampled " + shortName + " " + paramValue));
    }
}
