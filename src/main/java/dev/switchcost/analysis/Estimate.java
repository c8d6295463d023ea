package dev.switchcost.analysis;

import java.util.Locale;

/**
 * A measured or derived time with its error: JMH's 99.9% confidence half-width for a score, and for
 * a sum or difference the root of the summed squares (independent runs). An error of NaN means
 * unknown (JMH gives none for a single iteration).
 *
 * @param ns    the value, nanoseconds
 * @param error its error, nanoseconds, or NaN
 */
public record Estimate(double ns, double error) {

    public static Estimate of(JmhRow row) {
        return new Estimate(row.nsPerOp(), row.errorNs());
    }

    /** Per switch from per round trip: a round trip is two switches. */
    public Estimate perSwitch() {
        return new Estimate(ns / 2, error / 2);
    }

    public Estimate minus(Estimate other) {
        return new Estimate(ns - other.ns, Math.sqrt(error * error + other.error * other.error));
    }

    public boolean errorKnown() {
        return Double.isFinite(error);
    }

    /** @return true if zero lies outside value ± error (false when the error is unknown) */
    public boolean distinctFromZero() {
        return errorKnown() && Math.abs(ns) > error;
    }

    /** @return {@code 1234.5 ± 6.7}, or {@code 1234.5 ± ?} without an error */
    public String format() {
        return String.format(Locale.ROOT, "%.1f ± %s", ns, errorKnown() ? String.format(Locale.ROOT, "%.1f", error) : "?");
    }
}
