package dev.switchcost.derive;

import dev.switchcost.results.Percentiles;

import java.util.Arrays;
import java.util.List;

/**
 * Whether a row's samples form two modes (a mixture) rather than one: the unpinned platform pair hands off either on
 * one CPU (~3 µs) or across two (~26 µs), and its mean describes neither. A flagged row ({@link #mixed}) is shown by
 * its modes and their shares, never by one mean ±.
 *
 * <p><b>The test.</b> A one- and a two-component Gaussian mixture are fitted to the logarithms of the samples (latency
 * is skewed to the right; on a log scale each mode is close to symmetric), the two-component one by expectation
 * maximisation, every sample weighted by its count. The row is {@code MIXED} when all of:
 * <ul>
 *   <li>the Bayesian information criterion prefers two components by at least {@value #MIN_BIC_GAIN} (Kass and
 *       Raftery's "very strong" evidence), so that a chance bump is not a mode;</li>
 *   <li>the modes are apart: Ashman's {@code D = √2·|μ1 − μ2| / √(σ1² + σ2²)} is at least {@value #MIN_SEPARATION}, so
 *       that a skewed single mode, which a mixture also fits better, is not split in two;</li>
 *   <li>the smaller mode holds at least {@value #MIN_SHARE} of the samples, so that a tail (a few preempted handoffs)
 *       is a tail, not a mode;</li>
 *   <li>the upper mode's centre is at least {@value #MIN_RATIO}× the lower's: two modes closer than that (a pinned
 *       handoff's two timer steps, two close host states) are no different answers to the question, and their mean lies
 *       within 25% of both.</li>
 * </ul>
 * The outermost 1% of samples at each end are left out first: too few to be a mode, they would only widen one.
 * commons-math3's {@code MultivariateNormalMixtureExpectationMaximization} needs two or more dimensions and takes no
 * weights (a sample-mode histogram holds tens of thousands of samples in a few hundred bins), hence the few lines of
 * EM here.
 *
 * @param mixed      whether the samples form two modes by the test above
 * @param modes      the two fitted modes, the lower first (centre in the samples' unit, share of samples); empty
 *                   when there were too few samples to test
 * @param bicGain    BIC of one component less BIC of two (positive: two fit better); NaN when not tested
 * @param separation Ashman's D of the two fitted modes; NaN when not tested
 */
public record Modes(boolean mixed, List<Mode> modes, double bicGain, double separation) {

    /**
     * One mode.
     *
     * @param centre the mode's geometric mean (the exponential of its log-mean), in the samples' unit
     * @param share  its share of the samples, 0–1
     */
    public record Mode(double centre, double share) {
    }

    static final double MIN_BIC_GAIN = 10;
    static final double MIN_SEPARATION = 2;
    static final double MIN_SHARE = 0.05;
    static final double MIN_RATIO = 1.5;
    /** The share of samples left out at each end before fitting. */
    static final double TRIM = 0.01;
    /** Fewer samples (or iterations) than this are not tested. */
    static final int MIN_SAMPLES = 10;
    /** The smallest standard deviation of a component on the log scale (1%): a timer's steps are no mode. */
    private static final double MIN_SD = 0.01;
    private static final int MAX_ROUNDS = 500;

    private static final Modes NOT_TESTED = new Modes(false, List.of(), Double.NaN, Double.NaN);

    /** The modes of plain samples, each counted once. */
    public static Modes of(double[] values) {
        return of(values, MIN_RATIO);
    }

    /**
     * The same test with another least ratio of the upper mode's centre to the lower's: {@link HostStates} looks for two
     * states of the host, which matter to a paired comparison however close they are.
     */
    static Modes of(double[] values, double minRatio) {
        double[] w = new double[values.length];
        Arrays.fill(w, 1);
        return fit(values, w, minRatio);
    }

    /** The modes of a histogram, each bin weighted by its count. */
    public static Modes ofHistogram(List<Percentiles.Bin> bins) {
        return fit(bins.stream().mapToDouble(Percentiles.Bin::ns).toArray(),
                bins.stream().mapToDouble(b -> (double) b.count()).toArray(), MIN_RATIO);
    }

    /** The test on values with weights; non-positive or non-finite values are left out. */
    static Modes fit(double[] values, double[] weights, double minRatio) {
        int m = 0;
        double[] x = new double[values.length];
        double[] w = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (values[i] > 0 && Double.isFinite(values[i]) && weights[i] > 0) {
                x[m] = Math.log(values[i]);
                w[m++] = weights[i];
            }
        }
        x = Arrays.copyOf(x, m);
        w = Arrays.copyOf(w, m);
        if (m >= 2) {
            // the outermost 1% at each end can be no mode (under MIN_SHARE) but would widen one: left out
            double lo = weightedQuantile(x, w, TRIM);
            double hi = weightedQuantile(x, w, 1 - TRIM);
            int k = 0;
            for (int i = 0; i < m; i++) {
                if (x[i] >= lo && x[i] <= hi) {
                    x[k] = x[i];
                    w[k++] = w[i];
                }
            }
            m = k;
            x = Arrays.copyOf(x, m);
            w = Arrays.copyOf(w, m);
        }
        double n = Arrays.stream(w).sum();
        if (n < MIN_SAMPLES || m < 2) {
            return NOT_TESTED;
        }
        Component one = Component.of(x, w, null, 0);
        double logL1 = 0;
        for (int i = 0; i < m; i++) {
            logL1 += w[i] * one.logDensity(x[i]);
        }
        Component[] two = em(x, w);
        double logL2 = logLikelihood(x, w, two);
        double gain = (-2 * logL1 + 2 * Math.log(n)) - (-2 * logL2 + 5 * Math.log(n));
        Component lo = two[0].mean <= two[1].mean ? two[0] : two[1];
        Component hi = lo == two[0] ? two[1] : two[0];
        double d = Math.sqrt(2) * (hi.mean - lo.mean) / Math.hypot(lo.sd, hi.sd);
        boolean mixed = gain >= MIN_BIC_GAIN && d >= MIN_SEPARATION && Math.min(lo.share, hi.share) >= MIN_SHARE
                && hi.mean - lo.mean >= Math.log(minRatio);
        return new Modes(mixed, List.of(new Mode(Math.exp(lo.mean), lo.share), new Mode(Math.exp(hi.mean), hi.share)), gain, d);
    }

    /**
     * Two components by expectation maximisation, the best (highest likelihood) of several starts: the samples split at
     * their 20th, 35th, 50th, 65th and 80th percentile (EM finds a local optimum; one start can miss a smaller mode).
     */
    private static Component[] em(double[] x, double[] w) {
        Component[] best = null;
        double bestLogL = Double.NEGATIVE_INFINITY;
        for (double q : new double[] {0.2, 0.35, 0.5, 0.65, 0.8}) {
            Component[] c = em(x, w, weightedQuantile(x, w, q));
            double logL = logLikelihood(x, w, c);
            if (best == null || logL > bestLogL) {
                best = c;
                bestLogL = logL;
            }
        }
        return best;
    }

    private static Component[] em(double[] x, double[] w, double split) {
        double[] r = new double[x.length]; // responsibility of component 0
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] <= split ? 1 : 0;
        }
        Component[] c = {Component.of(x, w, r, 0), Component.of(x, w, r, 1)};
        double last = Double.NEGATIVE_INFINITY;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            for (int i = 0; i < x.length; i++) {
                double a = Math.log(c[0].share) + c[0].logDensity(x[i]);
                double b = Math.log(c[1].share) + c[1].logDensity(x[i]);
                r[i] = 1 / (1 + Math.exp(b - a));
            }
            c = new Component[] {Component.of(x, w, r, 0), Component.of(x, w, r, 1)};
            double logL = logLikelihood(x, w, c);
            if (Math.abs(logL - last) <= 1e-9 * Math.abs(logL)) {
                break;
            }
            last = logL;
        }
        return c;
    }

    private static double logLikelihood(double[] x, double[] w, Component[] c) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            double a = Math.log(c[0].share) + c[0].logDensity(x[i]);
            double b = Math.log(c[1].share) + c[1].logDensity(x[i]);
            double top = Math.max(a, b);
            sum += w[i] * (top + Math.log(Math.exp(a - top) + Math.exp(b - top)));
        }
        return sum;
    }

    private static double weightedQuantile(double[] x, double[] w, double q) {
        Integer[] order = new Integer[x.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (i, j) -> Double.compare(x[i], x[j]));
        double target = Arrays.stream(w).sum() * q;
        double seen = 0;
        for (int i : order) {
            seen += w[i];
            if (seen >= target) {
                return x[i];
            }
        }
        return x[order[order.length - 1]];
    }

    /** One normal component on the log scale: its share, mean and standard deviation. */
    private record Component(double share, double mean, double sd) {

        /** The component weighted by {@code r} (for {@code which} 0) or {@code 1 − r} (for 1); all samples when r is null. */
        static Component of(double[] x, double[] w, double[] r, int which) {
            double sw = 0;
            double sx = 0;
            double total = 0;
            for (int i = 0; i < x.length; i++) {
                double k = w[i] * (r == null ? 1 : which == 0 ? r[i] : 1 - r[i]);
                sw += k;
                sx += k * x[i];
                total += w[i];
            }
            double mean = sw > 0 ? sx / sw : 0;
            double ss = 0;
            for (int i = 0; i < x.length; i++) {
                double k = w[i] * (r == null ? 1 : which == 0 ? r[i] : 1 - r[i]);
                ss += k * (x[i] - mean) * (x[i] - mean);
            }
            double sd = Math.max(MIN_SD, sw > 0 ? Math.sqrt(ss / sw) : MIN_SD);
            return new Component(Math.max(sw / total, 1e-12), mean, sd);
        }

        double logDensity(double v) {
            double z = (v - mean) / sd;
            return -0.5 * z * z - Math.log(sd) - 0.5 * Math.log(2 * Math.PI);
        }
    }
}
