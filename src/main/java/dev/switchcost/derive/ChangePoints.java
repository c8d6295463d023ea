package dev.switchcost.derive;

import dev.switchcost.results.Estimate;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Change points of a series by E-divisive means: Matteson, D. S. and James, N. A. (2014), "A Nonparametric Approach
 * for Multiple Change Point Analysis of Multivariate Data", Journal of the American Statistical Association 109(505),
 * 334–345 (the R package {@code ecp}'s {@code e.divisive}; the method Apache Otava, formerly Hunter, and MongoDB's
 * performance CI apply to benchmark series).
 *
 * <p><b>Method.</b> Hierarchical bisection. For a segment Z, each split τ and end κ gives X = Z[0, τ) and
 * Y = Z[τ, κ), and the scaled empirical energy distance
 * <pre>q(X, Y) = mn/(m+n) · ( 2/(mn) Σ|X_i − Y_j|^α − C(m,2)⁻¹ Σ_{i&lt;k}|X_i − X_k|^α − C(n,2)⁻¹ Σ_{j&lt;k}|Y_j − Y_k|^α )</pre>
 * The split with the largest q over every current segment is the candidate. Its significance is a permutation test:
 * the observations are shuffled within each current segment {@value #PERMUTATIONS} times, the largest q recomputed
 * each time, and the p-value is (1 + the shuffles whose q reaches the observed one) / (1 + shuffles). The candidate is
 * a change point when p ≤ {@value #SIGNIFICANCE}; then the search goes on in the new segments, else it stops.
 *
 * <p>Settings: α = {@value #ALPHA} (the paper's choice in its examples), segments of at least {@value #MIN_SIZE}
 * points, and a fixed seed ({@value #SEED}) so that one history always gives the same answer.
 */
public final class ChangePoints {

    /** The exponent of the distance, in (0, 2). */
    public static final double ALPHA = 1.0;
    /** Shuffles of the permutation test. */
    public static final int PERMUTATIONS = 999;
    /** The largest p-value of a change point. */
    public static final double SIGNIFICANCE = 0.01;
    /** The fewest points on either side of a change point. */
    public static final int MIN_SIZE = 3;
    /** The shuffles' seed. */
    public static final long SEED = 20140301L;

    /** The threshold in words, for tables and docs. */
    public static final String RULE = "E-divisive means (Matteson & James 2014), alpha = " + ALPHA + ", " + PERMUTATIONS
            + " permutations, p <= " + SIGNIFICANCE + ", at least " + MIN_SIZE + " runs each side";

    /**
     * One change point.
     *
     * @param index  the first point of the new segment (the run where the figure moved)
     * @param pValue the permutation test's p-value
     * @param before the mean of the segment before it, with its error over the points
     * @param after  the mean of the segment after it
     */
    public record Shift(int index, double pValue, Estimate before, Estimate after) {
        public double ratio() {
            return after.value() / before.value();
        }
    }

    record Candidate(int start, int split, double q) {
    }

    private ChangePoints() {
    }

    /** The change points of {@code series} (in time order), in index order. */
    public static List<Shift> find(double[] series) {
        double[] z = series.clone();
        TreeSet<Integer> bounds = new TreeSet<>(List.of(0, z.length));
        TreeMap<Integer, Double> found = new TreeMap<>(); // each change point's p-value, in index order
        SplittableRandom random = new SplittableRandom(SEED);
        while (true) {
            Candidate best = best(z, bounds);
            if (best == null) {
                break;
            }
            int reached = 0;
            double[] shuffled = z.clone();
            for (int r = 0; r < PERMUTATIONS; r++) {
                shuffleWithin(shuffled, bounds, random);
                Candidate c = best(shuffled, bounds);
                if (c != null && c.q() >= best.q()) {
                    reached++;
                }
                if ((1.0 + reached) / (1.0 + PERMUTATIONS) > SIGNIFICANCE) {
                    break; // the p-value can only be larger: not significant, whatever the shuffles left
                }
            }
            double p = (1.0 + reached) / (1.0 + PERMUTATIONS);
            if (p > SIGNIFICANCE) {
                break;
            }
            bounds.add(best.split());
            found.put(best.split(), p);
        }
        return found.entrySet().stream().map(e -> new Shift(e.getKey(), e.getValue(),
                Estimate.ofSamples(Arrays.copyOfRange(z, bounds.lower(e.getKey()), e.getKey())),
                Estimate.ofSamples(Arrays.copyOfRange(z, e.getKey(), bounds.higher(e.getKey()))))).toList();
    }

    /** The split with the largest q over every segment between {@code bounds}, or null when none is long enough. */
    private static Candidate best(double[] z, TreeSet<Integer> bounds) {
        Candidate best = null;
        Integer from = bounds.first();
        for (Integer to = bounds.higher(from); to != null; from = to, to = bounds.higher(to)) {
            Candidate c = bestIn(z, from, to);
            if (c != null && (best == null || c.q() > best.q())) {
                best = c;
            }
        }
        return best;
    }

    /** The best split of z[from, to): every τ and κ with at least {@link #MIN_SIZE} points each side. */
    static Candidate bestIn(double[] z, int from, int to) {
        int n = to - from;
        if (n < 2 * MIN_SIZE) {
            return null;
        }
        Candidate best = null;
        double withinX = 0;
        for (int tau = 1; tau <= n - MIN_SIZE; tau++) {
            // withinX: Σ_{i<k<tau} d(i, k), grown by one point at a time
            for (int i = 0; i < tau - 1; i++) {
                withinX += d(z[from + i], z[from + tau - 1]);
            }
            if (tau < MIN_SIZE) {
                continue;
            }
            double between = 0;
            double withinY = 0;
            for (int kappa = tau + 1; kappa <= n; kappa++) {
                double y = z[from + kappa - 1];
                for (int i = 0; i < tau; i++) {
                    between += d(z[from + i], y);
                }
                for (int j = tau; j < kappa - 1; j++) {
                    withinY += d(z[from + j], y);
                }
                int m = tau;
                int k = kappa - tau;
                if (k < MIN_SIZE) {
                    continue;
                }
                double e = 2 * between / ((double) m * k) - withinX / (m * (m - 1) / 2.0) - withinY / (k * (k - 1) / 2.0);
                double q = (double) m * k / (m + k) * e;
                if (best == null || q > best.q()) {
                    best = new Candidate(from, from + tau, q);
                }
            }
        }
        return best;
    }

    private static double d(double a, double b) {
        double x = Math.abs(a - b);
        return ALPHA == 1.0 ? x : Math.pow(x, ALPHA);
    }

    private static void shuffleWithin(double[] z, TreeSet<Integer> bounds, SplittableRandom random) {
        Integer from = bounds.first();
        for (Integer to = bounds.higher(from); to != null; from = to, to = bounds.higher(to)) {
            for (int i = to - 1; i > from; i--) {
                int j = from + random.nextInt(i - from + 1);
                double t = z[i];
                z[i] = z[j];
                z[j] = t;
            }
        }
    }
}
