package dev.switchcost.results;

import dev.switchcost.render.Diff;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The paired rule of {@code switchcost ab} (Estimate rules 6 and 7): its interval, its false alarms and its power. */
class PairedRatioTest {

    private static final double MIN = Estimate.PAIRED_MIN_EFFECT_PERCENT / 100.0;

    @Test
    void theRatioIsTheGeometricMeanWithTheTIntervalOfItsLogarithms() {
        double[] ratios = {1.02, 0.97, 1.05, 1.01, 0.99, 1.03};
        double[] logs = Arrays.stream(ratios).map(Math::log).toArray();
        double mean = Arrays.stream(logs).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(logs).map(l -> (l - mean) * (l - mean)).sum() / (logs.length - 1));
        double q = new TDistribution(logs.length - 1).inverseCumulativeProbability(1 - (1 - Estimate.CONFIDENCE) / 2);
        Estimate r = Estimate.pairedRatio(ratios);
        assertEquals(Math.exp(mean), r.value(), 1e-12);
        assertEquals(q * sd / Math.sqrt(logs.length), r.halfWidth() / r.value(), 1e-12, "the half-width on the log scale");
        assertEquals(6, r.units());
        assertEquals(5, r.df());
        assertEquals(1, Estimate.pairedRatio(new double[] {1.1, Double.NaN, 0, -1}).units(), "only finite positive ratios are rounds");
    }

    @Test
    void theDirectionComesFromTheUnit() {
        Estimate up = Estimate.pairedRatio(new double[] {1.20, 1.21, 1.19, 1.20});
        assertEquals(Diff.Verdict.SLOWER, Diff.ratio(up, Metric.NS_PER_OP, MIN).verdict(), "a time per op 20% higher");
        assertEquals(Diff.Verdict.FASTER, Diff.ratio(up, Metric.OPS_PER_S, MIN).verdict(), "a throughput 20% higher");
        assertEquals(Diff.Verdict.DIFFERS, Diff.ratio(up, "B/op", MIN).verdict(), "a unit with no better way");
        assertEquals(Diff.Verdict.SAME, Diff.ratio(Estimate.pairedRatio(new double[] {1.001, 0.999, 1.0, 1.002}),
                Metric.NS_PER_OP, MIN).verdict());
        assertEquals(Diff.Verdict.ONE_FORK, Diff.ratio(Estimate.pairedRatio(new double[] {1.5}), Metric.NS_PER_OP, MIN).verdict(),
                "one round is never judged");
    }

    /**
     * Simulated rounds with a spread of 4% per ratio (log-normal), 20 rounds a trial, 4,000 trials each: with no change
     * the rule flags about 0.1% (its confidence), and a change as large as the minimum detectable effect it states is
     * flagged about four times in five.
     */
    @Test
    void falseAlarmsAreRareAndTheStatedDetectableEffectIsDetectedFourTimesInFive() {
        Random random = new Random(20261128);
        double sigma = 0.04;
        int trials = 4000;
        int rounds = 20;
        int falseAlarms = 0;
        double[] mdes = new double[trials];
        for (int t = 0; t < trials; t++) {
            Estimate r = Estimate.pairedRatio(ratios(random, rounds, sigma, 0));
            falseAlarms += Diff.ratio(r, Metric.NS_PER_OP, MIN).verdict().flagged() ? 1 : 0;
            mdes[t] = r.minimumDetectableEffect(MIN);
        }
        assertTrue(falseAlarms <= trials * 0.003, falseAlarms + " false alarms in " + trials);
        double mde = Arrays.stream(mdes).sorted().toArray()[trials / 2];
        int found = 0;
        for (int t = 0; t < trials; t++) {
            found += Diff.ratio(Estimate.pairedRatio(ratios(random, rounds, sigma, Math.log1p(mde))), Metric.NS_PER_OP, MIN)
                    .verdict() == Diff.Verdict.SLOWER ? 1 : 0;
        }
        assertTrue(found > trials * 0.7 && found < trials * 0.9, found + " of " + trials + " found at the stated +" + mde);
    }

    private static double[] ratios(Random random, int n, double sigma, double logEffect) {
        double[] r = new double[n];
        Arrays.setAll(r, i -> Math.exp(logEffect + sigma * random.nextGaussian()));
        return r;
    }
}
