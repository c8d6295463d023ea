package dev.switchcost.results;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.openjdk.jmh.util.ListStatistics;

import java.util.Locale;

/**
 * A figure with its uncertainty, and switchcost's one statistical rule.
 *
 * <h2>The rule</h2>
 * <ol>
 *   <li>A measured figure is the mean of its measurement iterations (every fork's, JMH's
 *       {@code rawData}), with standard error {@code s/√n} and {@code n − 1} degrees of freedom,
 *       computed with JMH's own {@link ListStatistics}. Its error is the half-width of the
 *       <b>99.9% Student-t confidence interval</b> — exactly JMH's {@code scoreError}.</li>
 *   <li>A sum or difference of figures from independent trials carries the root of the summed squared
 *       standard errors, with Welch–Satterthwaite degrees of freedom; a figure scaled by a constant
 *       (per switch = per round trip / 2) scales its error. A ratio carries the first-order
 *       (delta-method) error {@code r·√((se_a/a)² + (se_b/b)²)}, also with Welch–Satterthwaite degrees
 *       of freedom.</li>
 *   <li>A figure is <b>resolved</b> — a difference "beyond the error", a cost distinguishable from
 *       zero — when its 99.9% interval excludes zero. For a difference of two means this is Welch's
 *       two-sided t-test at α = 0.001.</li>
 *   <li>One iteration gives no error (NaN): such a figure is shown, never called resolved. A row read
 *       without at least two raw iterations (old or hand-made files) takes JMH's {@code scoreError} as a normal 99.9%
 *       half-width (JMH writes NaN for a single iteration, so a real one-iteration row stays without error).</li>
 * </ol>
 *
 * @param value          the figure
 * @param standardError  its standard error; 0 for an exact constant, NaN when unknown
 * @param df             degrees of freedom of the t distribution; infinite for a normal one
 */
public record Estimate(double value, double standardError, double df) {

    /** The confidence of every interval switchcost prints. */
    public static final double CONFIDENCE = 0.999;

    /** The rule in one sentence, for reports and help texts. */
    public static final String RULE = "mean of the measurement iterations ± half-width of its 99.9% Student-t interval"
            + " (JMH's scoreError); differences and ratios of independent figures combine standard errors with"
            + " Welch–Satterthwaite degrees of freedom, and a difference counts only when its 99.9% interval excludes 0"
            + " (Welch's t-test, α = 0.001)";

    private static final double Z = new NormalDistribution().inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);

    public static Estimate exact(double value) {
        return new Estimate(value, 0, Double.POSITIVE_INFINITY);
    }

    /** From a metric's iterations (rule 1), or from its score and error when it has fewer than two (rule 4). */
    public static Estimate of(Metric m) {
        double[] v = m.values();
        if (v.length < 2) {
            double se = Double.isFinite(m.scoreError()) ? m.scoreError() / Z : Double.NaN;
            return new Estimate(m.score(), se, Double.POSITIVE_INFINITY);
        }
        return ofSamples(v);
    }

    /** Mean of independent samples with its standard error (rule 1). */
    public static Estimate ofSamples(double[] values) {
        ListStatistics s = new ListStatistics();
        for (double x : values) {
            if (Double.isFinite(x)) {
                s.addValue(x);
            }
        }
        long n = s.getN();
        if (n == 0) {
            return new Estimate(Double.NaN, Double.NaN, 0);
        }
        if (n == 1) {
            return new Estimate(s.getMean(), Double.NaN, 0);
        }
        return new Estimate(s.getMean(), s.getStandardDeviation() / Math.sqrt(n), n - 1);
    }

    public boolean errorKnown() {
        return Double.isFinite(standardError) && Double.isFinite(value);
    }

    /** Half-width of the 99.9% interval; NaN when unknown. */
    public double halfWidth() {
        if (!errorKnown()) {
            return Double.NaN;
        }
        if (standardError == 0) {
            return 0;
        }
        double q = Double.isInfinite(df) || df > 1e6 ? Z
                : new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        return q * standardError;
    }

    public double lower() {
        return value - halfWidth();
    }

    public double upper() {
        return value + halfWidth();
    }

    /** Whether the 99.9% interval excludes zero (rule 3); false when the error is unknown. */
    public boolean resolved() {
        return errorKnown() && Math.abs(value) > halfWidth();
    }

    public Estimate times(double c) {
        return new Estimate(value * c, standardError * Math.abs(c), df);
    }

    public Estimate plus(Estimate o) {
        return new Estimate(value + o.value, Math.hypot(standardError, o.standardError),
                welch(standardError, df, o.standardError, o.df));
    }

    public Estimate minus(Estimate o) {
        return plus(o.times(-1));
    }

    /** This divided by {@code o}, with the delta-method error (rule 2). */
    public Estimate over(Estimate o) {
        double r = value / o.value;
        double a = r * standardError / value;
        double b = r * o.standardError / o.value;
        if (value == 0) {
            a = standardError / o.value;
        }
        return new Estimate(r, Math.hypot(a, b), welch(Math.abs(a), df, Math.abs(b), o.df));
    }

    /** Welch–Satterthwaite degrees of freedom of a sum of two independent terms with these standard errors. */
    static double welch(double se1, double df1, double se2, double df2) {
        double v1 = se1 * se1;
        double v2 = se2 * se2;
        double denom = (v1 == 0 ? 0 : v1 * v1 / df1) + (v2 == 0 ? 0 : v2 * v2 / df2);
        if (denom == 0) {
            return v1 + v2 == 0 ? Double.POSITIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return (v1 + v2) * (v1 + v2) / denom;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.4g ± %.2g", value, halfWidth());
    }
}
