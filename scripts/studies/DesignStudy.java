import dev.switchcost.results.JmhRow;
import dev.switchcost.results.QuickSet;
import dev.switchcost.results.Results;
import org.apache.commons.math3.distribution.TDistribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a quick card's precision costs on this machine, by Kalibera and Jones's two-level design: for each mean row of
 * one or more results directories of the same rows (independent runs), the variance within a fork (between its
 * iterations) and between forks beyond it, on the log scale, pooled over the runs; then the fewest seconds of forks that
 * reach the row's target (the quick run's: 5 % on one CPU, 15 % across), over forks k and measured iterations n per
 * fork, with a fork costing {@code FORK_S} seconds before its measured iterations (start, warm-up, set-up) and an
 * iteration {@code ITER_S}: the half-width is t(k−1)/√k · √(σ²_fork + σ²_iteration / n), the time k · (FORK_S + n ·
 * ITER_S). Reads through the one reader ({@link Results#load}).
 * One row's cheapest design is its own: the total assumes every row gets its own forks and iterations.
 * Usage: {@code java -cp target/benchmarks.jar scripts/studies/DesignStudy.java FORK_S ITER_S DIR...}
 */
public final class DesignStudy {

    static final int MAX_FORKS = 40;
    static final int MAX_ITERATIONS = 40;

    public static void main(String[] args) {
        double forkCost = Double.parseDouble(args[0]);
        double iterationCost = Double.parseDouble(args[1]);
        Map<String, List<JmhRow>> rows = new LinkedHashMap<>();
        for (int i = 2; i < args.length; i++) {
            for (JmhRow x : Results.load(Path.of(args[i])).rows()) {
                // mean rows only: a sample-mode row's figures are percentiles, which forks do not make more precise
                if (x.primary().isTimePerOp() && !x.failed() && x.hasRawIterations() && x.forkMeans().length >= 2
                        && x.mode().equals("avgt")) {
                    rows.computeIfAbsent(x.shortName() + " " + x.paramsText(), k -> new ArrayList<>()).add(x);
                }
            }
        }
        System.out.printf(Locale.ROOT, "A fork costs %.2f s before its measured iterations, an iteration %.2f s.%n%n", forkCost,
                iterationCost);
        System.out.println("| row | runs | forks × iterations | within a fork (σ, log) | between forks beyond it | target |"
                + " now: 99.9 % half-width, s | cheapest design reaching the target: forks × iterations, s |"
                + " the same with this run's iterations |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        double now = 0;
        double needed = 0;
        for (Map.Entry<String, List<JmhRow>> e : rows.entrySet()) {
            JmhRow first = e.getValue().get(0);
            int k = first.forkMeans().length;
            int n = first.primary().raw()[0].length;
            double within = 0;
            double between = 0;
            int withinDf = 0;
            int betweenDf = 0;
            for (JmhRow x : e.getValue()) {
                double[] means = new double[x.primary().raw().length];
                for (int f = 0; f < means.length; f++) {
                    double[] logs = logs(x.primary().raw()[f]);
                    means[f] = mean(logs);
                    within += ss(logs);
                    withinDf += logs.length - 1;
                }
                between += ss(means);
                betweenDf += means.length - 1;
            }
            double sw2 = within / withinDf;
            double sb2 = between / betweenDf;
            double sf2 = Math.max(0, sb2 - sw2 / n);
            double target = QuickSet.oneCpu(first.benchmark(), first.params()) ? QuickSet.ONE_CPU_PRECISION
                    : QuickSet.ACROSS_PRECISION;
            double nowWidth = halfWidth(k, n, sf2, sw2);
            double nowTime = k * (forkCost + n * iterationCost);
            now += nowTime;
            double[] best = cheapest(target, sf2, sw2, forkCost, iterationCost, 1, MAX_ITERATIONS);
            double[] sameIterations = cheapest(target, sf2, sw2, forkCost, iterationCost, n, n);
            String design = text(best);
            if (best != null) {
                needed += best[2];
            }
            System.out.printf(Locale.ROOT, "| %s | %d | %d × %d | %.1f %% | %.1f %% | %.0f %% | ±%.1f %%, %.0f s | %s | %s |%n",
                    e.getKey(), e.getValue().size(), k, n, 100 * Math.sqrt(sw2), 100 * Math.sqrt(sf2), 100 * target, 100 * nowWidth,
                    nowTime, design, text(sameIterations));
        }
        System.out.printf(Locale.ROOT, "%nThese rows' forks take %.0f s now; the cheapest designs that reach every target within"
                + " %d forks take %.0f s.%n", now, MAX_FORKS, needed);
    }

    static String text(double[] design) {
        return design == null ? "over " + MAX_FORKS + " forks"
                : String.format(Locale.ROOT, "%d × %d, %.0f s (±%.1f %%)", (int) design[0], (int) design[1], design[2], 100 * design[3]);
    }

    /**
     * The cheapest forks × iterations, {@code fewest} to {@code most} iterations a fork, whose half-width is within
     * target: {k, n, seconds, half-width}; null if none.
     */
    static double[] cheapest(double target, double sf2, double sw2, double forkCost, double iterationCost, int fewest, int most) {
        double[] best = null;
        for (int k = 2; k <= MAX_FORKS; k++) {
            for (int n = fewest; n <= most; n++) {
                double h = halfWidth(k, n, sf2, sw2);
                double time = k * (forkCost + n * iterationCost);
                if (h <= target && (best == null || time < best[2])) {
                    best = new double[] {k, n, time, h};
                }
            }
        }
        return best;
    }

    /** The relative 99.9 % half-width of k forks of n iterations (on the log scale, as a fraction). */
    static double halfWidth(int k, int n, double sf2, double sw2) {
        double q = new TDistribution(null, k - 1).inverseCumulativeProbability(0.9995);
        return Math.expm1(q * Math.sqrt((sf2 + sw2 / n) / k));
    }

    static double[] logs(double[] v) {
        double[] l = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            l[i] = Math.log(v[i]);
        }
        return l;
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    static double ss(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s;
    }
}
