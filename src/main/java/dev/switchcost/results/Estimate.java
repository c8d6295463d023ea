package dev.switchcost.results;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.openjdk.jmh.util.ListStatistics;

import java.util.Arrays;
import java.util.Locale;

/**
 * A figure with its uncertainty, and switchcost's one statistical rule.
 *
 * <h2>The rule</h2>
 * <ol>
 *   <li><b>Forks are the units.</b> A measured figure with two or more forks is the mean of its fork means (JMH's
 *       {@code rawData} is [fork][iteration]); its standard error is the standard deviation of the fork means over
 *       {@code √k}, with {@code k − 1} degrees of freedom, and its error the half-width of the <b>99.9% Student-t
 *       interval</b> ({@link Basis#BETWEEN_FORKS}). This is the two-level model of Kalibera and Jones ("Rigorous
 *       benchmarking in reasonable time", ISMM 2013) with iterations nested in forks: the variance of a fork mean is
 *       {@code σ²_fork + σ²_iteration / n}, so the spread of the fork means carries both levels without estimating either,
 *       and the interval is exact (for normal fork means) whatever share each level has. A bootstrap over forks was not
 *       chosen: with the 2–6 forks a run affords it has 3–462 distinct resamples and its percentile interval is too narrow
 *       (it covers less than stated), where the t interval is wide and honest. JIT decisions, memory layout and host
 *       state are fixed per fork, so iterations of one fork are not independent samples of the next run.</li>
 *   <li><b>One fork says so.</b> A figure with one fork keeps the old rule: the mean of its iterations, standard error
 *       {@code s/√n} with {@code n − 1} degrees of freedom as if the iterations were independent — JMH's
 *       {@code scoreError} ({@link #oldOneForkRule}). Its basis is {@link Basis#WITHIN_ONE_FORK}: it is shown, and never
 *       used in a verdict ({@link #judgeable}), because its ± misses the run-to-run variance. A row read without at
 *       least two raw iterations (old or hand-made files) takes JMH's {@code scoreError} as a normal 99.9% half-width,
 *       with the same basis.</li>
 *   <li><b>Repetitions.</b> {@link #ofSamples} is for values that are independent runs (the repetitions of a
 *       {@code compare} cell, of a sweep point): each is a unit, as a fork is.</li>
 *   <li>A sum or difference of figures from independent trials carries the root of the summed squared standard
 *       errors; a figure scaled by a constant scales its error. A ratio carries the first-order (delta-method) error
 *       {@code r·√((se_a/a)² + (se_b/b)²)}, judged on the log scale ({@code r·exp(∓q·se/r)}: a ratio's interval is
 *       symmetric in {@code ln r}). <b>Every combination takes the fewest degrees of freedom of its parts</b> (a part
 *       without error, a constant, does not count): never more, as Welch–Satterthwaite would give, because with the
 *       2–3 forks a run affords those grow past every part's and the t quantile shrinks, so a sum, difference,
 *       product or ratio would claim more precision than its least-known part allows. With the fewest, a combination's
 *       half-width is at least each part's own (a ratio's relative half-width at least each part's relative one). A
 *       combination takes the weaker basis of its parts and the fewer units.</li>
 *   <li>A figure is <b>resolved</b> when its 99.9% interval excludes zero. A ratio B/A <b>differs</b> when its interval
 *       excludes 1 and its effect is at least a minimum ({@link #differsFromOne}, default {@value #MIN_EFFECT_TEXT});
 *       it is <b>equivalent</b> to 1 when its whole interval lies within that margin ({@link #equivalentToOne}: two
 *       one-sided tests, TOST, each at α = 0.0005). Neither: not resolved at this precision.</li>
 *   <li>One unit gives no error (NaN): such a figure is shown, never called resolved.</li>
 *   <li><b>Paired rounds.</b> Where both sides ran in every round ({@code switchcost ab}), the ratio is judged on the
 *       per-round ratios ({@link #pairedRatio}): the mean of their logarithms with its standard error over the rounds,
 *       {@code n − 1} degrees of freedom, back on the ratio scale. What moves both sides of a round alike (the host's
 *       state, a neighbour) cancels; what is left is the spread of the ratios. It is judged by rule 5, as any ratio.</li>
 *   <li>A ratio's <b>minimum detectable effect</b> ({@link #minimumDetectableEffect}) is the smallest change its
 *       spread would flag four times in five: {@code exp(max(t(1 − α/2) · se(ln r), ln(1 + min)) + t(0.8) · se(ln r)) − 1},
 *       the change whose estimate clears both the interval and the minimum effect four times in five.</li>
 * </ol>
 *
 * @param value          the figure
 * @param standardError  its standard error; 0 for an exact constant, NaN when unknown
 * @param df             degrees of freedom of the t distribution; infinite for a normal one
 * @param basis          how the error was built
 * @param units          forks (or independent runs) behind it; for a combination the fewest of its parts; 0 for exact
 */
public record Estimate(double value, double standardError, double df, Basis basis, int units) {

    /** How an error was built; ordered from strongest to weakest, a combination takes the weakest of its parts. */
    public enum Basis {
        /** A constant: no error. */
        EXACT,
        /** From the spread of fork means (or of independent runs): covers what varies from one fork to the next. */
        BETWEEN_FORKS,
        /** From the iterations of one fork as if independent (or JMH's own error without raw data): never judged. */
        WITHIN_ONE_FORK
    }

    /** The confidence of every interval switchcost prints. */
    public static final double CONFIDENCE = 0.999;

    /**
     * The default minimum effect (and equivalence margin) of a ratio: 10%, the upper end of the run-to-run standard
     * deviation (7–10%) an earlier study of one-fork runs reported; the A/A study of 2026-11-25 kept it (0.5% false
     * positives, every known difference of 2.9× or more detected). See docs/statistics.md.
     */
    public static final double MIN_EFFECT = Estimate.MIN_EFFECT_PERCENT / 100.0;

    /** {@link #MIN_EFFECT} in percent (a constant, for option descriptions). */
    public static final int MIN_EFFECT_PERCENT = 10;

    /**
     * The minimum effect of a paired comparison ({@code switchcost ab}), in percent: 5%. Paired rounds cancel what moves
     * both sides alike, so they resolve half the default's; the A/B study in docs/paired-rounds.md measures how often.
     */
    public static final int PAIRED_MIN_EFFECT_PERCENT = 5;

    /** {@link #MIN_EFFECT} as text. */
    public static final String MIN_EFFECT_TEXT = MIN_EFFECT_PERCENT + "%";

    /** The rule in one sentence, for reports and help texts. */
    public static final String RULE = "mean of the fork means ± half-width of its 99.9% Student-t interval over forks"
            + " (Kalibera–Jones: forks are the units, iterations nested); a figure from one fork keeps JMH's interval over"
            + " its iterations, is marked so, and is never judged; differences and ratios of independent figures combine"
            + " standard errors with the fewest degrees of freedom of their parts";

    private static final double Z = new NormalDistribution().inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);

    /** A figure from {@code df + 1} independent units (forks or runs). */
    public Estimate(double value, double standardError, double df) {
        this(value, standardError, df, Basis.BETWEEN_FORKS, Double.isFinite(df) && df >= 0 ? (int) df + 1 : 0);
    }

    public static Estimate exact(double value) {
        return new Estimate(value, 0, Double.POSITIVE_INFINITY, Basis.EXACT, 0);
    }

    /** From a metric: between its forks when it has two or more (rule 1), else by the old one-fork rule (rule 2). */
    public static Estimate of(Metric m) {
        double[] forkMeans = m.forkMeans();
        return forkMeans.length >= 2 ? ofSamples(forkMeans) : oldOneForkRule(m);
    }

    /**
     * The old rule, kept for the A/A study's contrast: the mean of all iterations of all forks with {@code s/√n} as if
     * independent (JMH's {@code scoreError}), or JMH's error as a normal half-width without raw iterations. Its basis is
     * {@link Basis#WITHIN_ONE_FORK} whatever the fork count, because it does not see the forks.
     */
    public static Estimate oldOneForkRule(Metric m) {
        double[] v = m.values();
        int forks = Math.max(1, m.forkMeans().length);
        if (v.length < 2) {
            double se = Double.isFinite(m.scoreError()) ? m.scoreError() / Z : Double.NaN;
            return new Estimate(m.score(), se, Double.POSITIVE_INFINITY, Basis.WITHIN_ONE_FORK, forks);
        }
        Estimate pooled = ofSamples(v);
        return new Estimate(pooled.value, pooled.standardError, pooled.df, Basis.WITHIN_ONE_FORK, forks);
    }

    /** Mean of independent units (forks, or runs) with its standard error (rules 1 and 3). */
    public static Estimate ofSamples(double[] values) {
        ListStatistics s = new ListStatistics();
        Arrays.stream(values).filter(Double::isFinite).forEach(s::addValue);
        int n = (int) s.getN();
        if (n == 0) {
            return new Estimate(Double.NaN, Double.NaN, 0, Basis.BETWEEN_FORKS, 0);
        }
        return n == 1 ? new Estimate(s.getMean(), Double.NaN, 0, Basis.BETWEEN_FORKS, 1)
                : new Estimate(s.getMean(), s.getStandardDeviation() / Math.sqrt(n), n - 1, Basis.BETWEEN_FORKS, n);
    }

    /**
     * B/A judged on the ratios of paired rounds (rule 6): the geometric mean of {@code ratios} with the standard error of
     * the mean of their logarithms (times the ratio, as {@link #over} gives a ratio's error), {@code n − 1} degrees of
     * freedom, one unit per round. Non-finite or non-positive ratios are not rounds and are left out.
     */
    public static Estimate pairedRatio(double[] ratios) {
        double[] logs = Arrays.stream(ratios).filter(r -> Double.isFinite(r) && r > 0).map(Math::log).toArray();
        Estimate l = ofSamples(logs);
        double r = Math.exp(l.value);
        return new Estimate(r, r * l.standardError, l.df, l.basis, l.units);
    }

    /**
     * For a ratio: the smallest effect (a fraction) that its spread flags with 80% power (rule 7), above
     * {@code minEffect}; NaN when it cannot be judged.
     */
    public double minimumDetectableEffect(double minEffect) {
        if (!judgeable() || !(value > 0)) {
            return Double.NaN;
        }
        double relativeSe = standardError / value;
        double power = Double.isInfinite(df) || df > 1e6 ? new NormalDistribution().inverseCumulativeProbability(0.8)
                : new TDistribution(null, df).inverseCumulativeProbability(0.8);
        // flagged when the estimate clears both the interval and the minimum effect; 80% of estimates lie above
        // the true effect less power·se
        return Math.exp(Math.max(halfWidth() / value, Math.log1p(minEffect)) + power * relativeSe) - 1;
    }

    /**
     * The units (forks) that would bring this mean's 99.9% half-width within {@code target} of its value at the spread
     * measured so far (Kalibera and Jones: a level's repetitions set by its measured variance): the fewest from the units
     * it has up to {@code max}, {@code max + 1} when even {@code max} would not, 0 when the spread is not known.
     */
    public int unitsFor(double target, int max) {
        if (!errorKnown() || units < 2 || value == 0 || basis == Basis.WITHIN_ONE_FORK) {
            return 0;
        }
        double sd = standardError * Math.sqrt(units);
        for (int k = units; k <= max; k++) {
            double q = new TDistribution(null, k - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
            if (q * sd / Math.sqrt(k) <= target * Math.abs(value)) {
                return k;
            }
        }
        return max + 1;
    }

    /** Whether this figure may enter a verdict: its error is known and built between two or more forks or runs. */
    public boolean judgeable() {
        return errorKnown() && basis != Basis.WITHIN_ONE_FORK && (basis == Basis.EXACT || units >= 2);
    }

    /** Whether the error of this figure comes from one fork (or is otherwise not between forks): never judged. */
    public boolean oneFork() {
        return basis == Basis.WITHIN_ONE_FORK || basis == Basis.BETWEEN_FORKS && units < 2;
    }

    /**
     * For a ratio: whether its 99.9% interval excludes 1 and its effect is at least {@code minEffect} (a ratio of
     * 1.10 or of 1/1.10 for 10%), rule 5. False for a figure that is not {@link #judgeable}.
     */
    public boolean differsFromOne(double minEffect) {
        boolean excludesOne = judgeable() && (ratioLower() > 1 || ratioUpper() < 1);
        return excludesOne && Math.max(value, 1 / value) >= 1 + minEffect - 1e-12;
    }

    /**
     * A ratio's interval on the log scale, where it is symmetric: {@code r·exp(∓q·se/r)}, {@code se/r} being the
     * delta method's relative error, which is the standard error of {@code ln r}. For a narrow ratio it is the linear
     * interval; for a wide one (a two-CPU figure over a one-CPU one) it never reaches 0 or below, as a ratio cannot.
     */
    /** For a ratio: whether its 99.9% interval on the log scale holds {@code r}. False for a figure that is not {@link #judgeable}. */
    public boolean ratioIntervalHolds(double r) {
        return judgeable() && value > 0 && r >= ratioLower() && r <= ratioUpper();
    }

    private double ratioLower() {
        return value * Math.exp(-halfWidth() / value);
    }

    private double ratioUpper() {
        return value * Math.exp(halfWidth() / value);
    }

    /**
     * For a ratio: whether its whole 99.9% interval lies within {@code [1/(1 + margin), 1 + margin]} — equivalence by
     * two one-sided tests (TOST), rule 5. False for a figure that is not {@link #judgeable}.
     */
    public boolean equivalentToOne(double margin) {
        return judgeable() && value > 0 && ratioLower() >= 1 / (1 + margin) && ratioUpper() <= 1 + margin;
    }

    public boolean errorKnown() {
        return Double.isFinite(standardError) && Double.isFinite(value);
    }

    /** Half-width of the 99.9% interval; NaN when unknown. */
    public double halfWidth() {
        return !errorKnown() ? Double.NaN
                : standardError == 0 ? 0
                : Double.isInfinite(df) || df > 1e6 ? Z * standardError
                : new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2) * standardError;
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
        return new Estimate(value * c, standardError * Math.abs(c), df, basis, units);
    }

    public Estimate plus(Estimate o) {
        return new Estimate(value + o.value, Math.hypot(standardError, o.standardError),
                fewestDf(standardError, df, o.standardError, o.df), weaker(o), fewer(o));
    }

    public Estimate minus(Estimate o) {
        return plus(o.times(-1));
    }

    /** This divided by {@code o}, with the delta-method error (rule 2). */
    public Estimate over(Estimate o) {
        double r = value / o.value;
        double a = value == 0 ? standardError / o.value : r * standardError / value;
        double b = r * o.standardError / o.value;
        return new Estimate(r, Math.hypot(a, b), fewestDf(a, df, b, o.df), weaker(o), fewer(o));
    }

    private Basis weaker(Estimate o) {
        return basis.compareTo(o.basis) >= 0 ? basis : o.basis;
    }

    private int fewer(Estimate o) {
        return basis == Basis.EXACT ? o.units : o.basis == Basis.EXACT ? units : Math.min(units, o.units);
    }

    /**
     * Degrees of freedom of a combination of two independent terms with these standard errors (rule 4): the fewer of
     * the two, so that its interval is never narrower than its least-known term allows. A term without error (0: a
     * constant, or scaled by 0) does not count; with none left the combination is exact (infinite).
     */
    static double fewestDf(double se1, double df1, double se2, double df2) {
        double a = se1 == 0 ? Double.POSITIVE_INFINITY : df1;
        double b = se2 == 0 ? Double.POSITIVE_INFINITY : df2;
        return Math.min(a, b);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.4g ± %.2g", value, halfWidth());
    }
}
