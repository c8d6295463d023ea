package dev.switchcost.render;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a ± covers, in words: how many forks and iterations stand behind a figure and which interval of the one rule
 * ({@link Estimate}) its error is — "3 forks × 8 iterations; between-fork 99.9%" — and a ratio in hyperfine's words,
 * "B is 1.23 ± 0.05× A".
 */
public final class ErrorBasis {

    private ErrorBasis() {
    }

    /**
     * {@code 3 forks × 8 iterations; between-fork 99.9%}, {@code 1 fork × 20 iterations; within one fork 99.9% (not judged)},
     * or for a row without raw iterations {@code 1 fork × 5 iterations (JMH's own error); within one fork 99.9% (not judged)}.
     */
    public static String describe(JmhRow r) {
        int forks = r.forks();
        int n = r.iterationsPerFork();
        String shape = forks == 0 ? "forks unknown" : forks + (forks == 1 ? " fork × " : " forks × ") + n + (n == 1 ? " iteration" : " iterations");
        return shape + (r.hasRawIterations() ? "" : " (JMH's own error)") + "; " + interval(r.estimate());
    }

    /** {@code between-fork 99.9%}, {@code within one fork 99.9% (not judged)}, or {@code exact}. */
    public static String interval(Estimate e) {
        return switch (e.basis()) {
            case EXACT -> "exact";
            case BETWEEN_FORKS -> e.units() >= 2 ? "between-fork " + confidence() : "one fork or run: no error (not judged)";
            case WITHIN_ONE_FORK -> "within one fork " + confidence() + " (not judged)";
        };
    }

    /** The rows' descriptions, one when all rows share it, else each distinct one joined by " | ". */
    public static String describe(List<JmhRow> rows) {
        Set<String> all = new LinkedHashSet<>();
        rows.stream().filter(r -> !r.failed()).forEach(r -> all.add(describe(r)));
        return all.isEmpty() ? "no rows" : String.join(" | ", all);
    }

    /** {@code B is 1.23 ± 0.05× A}; without an error {@code B is 1.23× A}. */
    public static String ratioWords(Estimate ratio, String b, String a) {
        return b + " is " + Fmt.times(ratio) + " " + a;
    }

    private static String confidence() {
        return Fmt.num(Estimate.CONFIDENCE * 100) + "%";
    }
}
