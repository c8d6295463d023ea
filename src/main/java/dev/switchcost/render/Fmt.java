package dev.switchcost.render;

import dev.switchcost.results.Estimate;

import java.util.Locale;

/**
 * Numbers for people, used by every renderer: no exponents, thousands separated, about three
 * significant digits, the error rounded to the value's precision.
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

    /** {@code 2,906 ± 31}, {@code 414 ± 5.2}, {@code 5.00 ± ?} without an error. */
    public static String pm(Estimate e) {
        if (!Double.isFinite(e.value())) {
            return "–";
        }
        int d = decimals(e.value());
        String v = String.format(Locale.ROOT, "%,." + d + "f", e.value());
        if (!e.errorKnown()) {
            return v + " ± ?";
        }
        double h = e.halfWidth();
        int dh = Math.max(d, h > 0 && h < 1 ? decimals(h) : 0);
        return v + " ± " + String.format(Locale.ROOT, "%,." + Math.min(dh, 4) + "f", h);
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

    /** {@code 9.0×}, {@code 76×}, {@code 1.23×}. */
    public static String times(double r) {
        if (!Double.isFinite(r)) {
            return "–";
        }
        return r >= 10 ? String.format(Locale.ROOT, "%,.0f×", r) : String.format(Locale.ROOT, "%.2f×", r);
    }

    /** A ratio with its error: {@code 8.6 ± 0.9×}, {@code 85 ± 22×}, {@code 1.23×} without an error. */
    public static String times(Estimate r) {
        if (!r.errorKnown()) {
            return times(r.value());
        }
        double v = r.value();
        double h = r.halfWidth();
        String fmt = v >= 10 ? "%,.0f ± %,.0f×" : "%.2f ± %.2f×";
        return String.format(Locale.ROOT, fmt, v, h);
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
}
