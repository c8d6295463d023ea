package dev.switchcost.results;

import java.util.ArrayList;
import java.util.List;

/**
 * A latency distribution's points, in ns per op, from JMH's sample mode ({@code -bm sample}:
 * {@code primaryMetric.scorePercentiles}, and the sample count and histogram from
 * {@code primaryMetric.rawDataHistogram}). JMH times a random sample of single invocations with two
 * {@code System.nanoTime} reads each (the timer's own cost is the sample-mode row of
 * {@code SyscallBaseline.baseline}, an empty op), and divides each by the ops per invocation: a benchmark
 * with {@code @OperationsPerInvocation(n)} gives the distribution of n-op means, not of single ops.
 *
 * @param max       the slowest sampled op
 * @param samples   how many ops were sampled (all forks and iterations), 0 when the file did not say
 * @param histogram the sampled ops by value, ascending, merged over forks and iterations; empty when the
 *                  file did not say
 */
public record Percentiles(double p50, double p90, double p99, double p999, double max, long samples, List<Bin> histogram) {

    /** {@code count} sampled ops took {@code ns}. */
    public record Bin(double ns, long count) {
    }

    /** One point of the percentile curve: {@code fraction} of the sampled ops took at most {@code ns}. */
    public record Point(double fraction, double ns) {
    }

    public Percentiles {
        histogram = List.copyOf(histogram);
    }

    /**
     * The one rule for printing a percentile: {@code q} is shown only when at least one sample is expected
     * beyond it, {@code samples × (1 − q) ≥ 1} — p99 needs 100 samples, p99.9 needs 1,000 — else it is the max of a
     * few in disguise. With the count unknown (0) it is shown, as the file gave it.
     */
    public boolean resolves(double q) {
        return samples == 0 || samples * (1 - q) >= 1 - 1e-9;
    }

    /** Every latency times {@code f} (per switch from per round trip: 0.5); counts unchanged. */
    public Percentiles times(double f) {
        return new Percentiles(p50 * f, p90 * f, p99 * f, p999 * f, max * f, samples,
                histogram.stream().map(b -> new Bin(b.ns() * f, b.count())).toList());
    }

    /**
     * The percentile curve of the histogram: per distinct value, the fraction of samples at or below it,
     * ascending; the last point (fraction 1, the max) is left out, as it has no place on a scale of nines.
     * Empty without a histogram.
     */
    public List<Point> curve() {
        long total = histogram.stream().mapToLong(Bin::count).sum();
        List<Point> out = new ArrayList<>();
        long seen = 0;
        for (Bin b : histogram) {
            seen += b.count();
            if (seen < total) {
                out.add(new Point((double) seen / total, b.ns()));
            }
        }
        return out;
    }
}
