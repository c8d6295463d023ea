package dev.switchcost.results;

import java.util.List;

/**
 * Median and range of a few repetitions. With 3–10 repetitions an IQR says little more than the
 * range, so the spread shown is min–max.
 *
 * @param median the median (mean of the middle two for an even count)
 */
public record Stats(int n, double median, double min, double max) {

    public static Stats of(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).sorted().toArray();
        return v.length == 0 ? new Stats(0, Double.NaN, Double.NaN, Double.NaN)
                : new Stats(v.length, median(v), v[0], v[v.length - 1]);
    }

    static double median(double[] sorted) {
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    }
}
