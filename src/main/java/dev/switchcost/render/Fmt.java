package dev.switchcost.render;

import dev.switchcost.results.Estimate;

import java.util.Locale;

/**
 * Numbers for people, used by every renderer: no exponents, thousands separated, about three
 * significant digits; a value with its error to the digits the error supports ({@link #rounded}).
 */
public final class Fmt {

    private Fmt() {
    }

    /** {@code 12,345}, {@code 414}, {@code 41.4}, {@code 4.14}, {@code 0.41}, {@code 0.004}; "–" for NaN. */
    public static String num(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "–" : v > 0 ? "∞" : "-∞";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,.0f", v); // 48, not 48.0
        }
        return String.format(Locale.ROOT, "%," + "." + decimals(v) + "f", v);
    }

    /** Decimals that give about three significant digits (none at 100 and above, at most 4). */
    static int decimals(double v) {
        double a = Math.abs(v);
        if (a >= 100 || a == 0) {
            return 0;
        }
        if (a >= 10) {
            return 1;
        }
        if (a >= 0.1) {
            return 2;
        }
        if (a >= 0.01) {
            return 3;
        }
        return 4;
    }

    /**
     * A figure with its error, both to the digits the error supports ({@link #rounded}): {@code 2,910 ± 30},
     * {@code 414 ± 5}, {@code 1,000 ± 4,000}, {@code 5.00 ± ?} without an error.
     */
    public static String pm(Estimate e) {
        return pm(e.value(), e.halfWidth());
    }

    /** A value with the half-width of its interval (NaN when unknown: {@code 5.00 ± ?}), as {@link #pm(Estimate)}. */
    public static String pm(double value, double halfWidth) {
        if (!Double.isFinite(value)) {
            return "–";
        }
        if (Double.isNaN(halfWidth)) {
            return String.format(Locale.ROOT, "%,." + decimals(value) + "f", value) + " ± ?";
        }
        String[] p = rounded(value, halfWidth);
        return p[0] + " ± " + p[1];
    }

    /**
     * The one rounding of a value ± error pair: the error to its first significant digit, or its first two when that
     * digit is 1 or 2 (so 14 stays 14, not 10); the value to the same decimal place, never to more than its own
     * {@link #decimals} and never to less than its first significant digit (an error 50 times the value leaves the value
     * its first digit, not 0). An error of 0 keeps the value's digits.
     *
     * @return the value's text and the error's text
     */
    static String[] rounded(double value, double error) {
        if (!(error > 0) || !Double.isFinite(error)) {
            int d = decimals(value);
            return new String[] {String.format(Locale.ROOT, "%,." + d + "f", value),
                    String.format(Locale.ROOT, "%,." + d + "f", error)};
        }
        int lead = (int) Math.floor(Math.log10(error));
        int place = error / Math.pow(10, lead) < 3 ? lead - 1 : lead; // power of ten of the last digit kept
        int valueScale = place > 0 ? -place : Math.min(-place, decimals(value));
        if (value != 0) { // never rounded away: at least its own first significant digit
            valueScale = Math.max(valueScale, -(int) Math.floor(Math.log10(Math.abs(value))));
        }
        return new String[] {atScale(value, valueScale), atScale(error, Math.min(-place, 4))};
    }

    /** {@code v} rounded half up to {@code scale} decimals (negative: to tens, hundreds...), thousands separated. */
    private static String atScale(double v, int scale) {
        java.math.BigDecimal r = new java.math.BigDecimal(v).setScale(scale, java.math.RoundingMode.HALF_UP);
        return String.format(Locale.ROOT, "%,." + Math.max(0, scale) + "f", r.signum() == 0 ? 0.0 : r.doubleValue());
    }

    /** A switch count per op: {@code 2.00}, {@code 0.004}, {@code 0}; "–" when not counted. */
    public static String count(double v) {
        if (!Double.isFinite(v)) {
            return "–";
        }
        if (v == 0) {
            return "0";
        }
        return Math.abs(v) >= 0.01 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.4f", v);
    }

    /** A whole count with thousands grouped: {@code 12,345}. */
    public static String grouped(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** {@code 9.0×}, {@code 76×}, {@code 1.23×}. */
    public static String times(double r) {
        if (!Double.isFinite(r)) {
            return "–";
        }
        return r >= 10 ? String.format(Locale.ROOT, "%,.0f×", r) : String.format(Locale.ROOT, "%.2f×", r);
    }

    /** A ratio with its error, rounded as {@link #pm}: {@code 8.6 ± 0.9×}, {@code 85 ± 22×}, {@code 1.23×} without an error. */
    public static String times(Estimate r) {
        if (!r.errorKnown()) {
            return times(r.value());
        }
        String[] p = rounded(r.value(), r.halfWidth());
        return p[0] + " ± " + p[1] + "×";
    }

    /** What a figure over repetitions leaves out or keeps marked: " (2 failed; 1 disturbed, left out)", or "" when nothing. */
    static String marks(long failed, int disturbed, boolean disturbedKept) {
        String d = disturbed + " disturbed, " + (disturbedKept ? "kept" : "left out");
        return failed > 0 && disturbed > 0 ? " (" + failed + " failed; " + d + ")" : failed > 0 ? " (" + failed + " failed)"
                : disturbed > 0 ? " (" + d + ")" : "";
    }

    /** {@code +23 %}, {@code −4.1 %}. */
    public static String percent(double fraction) {
        if (!Double.isFinite(fraction)) {
            return "–";
        }
        double p = fraction * 100;
        String s = Math.abs(p) >= 10 ? String.format(Locale.ROOT, "%.0f", Math.abs(p)) : String.format(Locale.ROOT, "%.1f", Math.abs(p));
        return (p < 0 ? "−" : "+") + s + " %";
    }

    /** A moment as this machine's local date and minute: {@code 2026-11-28 04:46}. */
    public static String when(java.time.Instant t) {
        return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
                .format(t.atZone(java.time.ZoneId.systemDefault()));
    }

    /** A duration for people, whole seconds: {@code 2m 40s}, {@code 0m 05s}. */
    public static String minutes(long nanos) {
        long s = Math.round(nanos / 1e9);
        return String.format(java.util.Locale.ROOT, "%dm %02ds", s / 60, s % 60);
    }
}
