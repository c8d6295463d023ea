package dev.switchcost.results;

/**
 * A latency distribution's points, in ns per op, from JMH's sample mode ({@code -bm sample}:
 * {@code primaryMetric.scorePercentiles}). JMH times a sample of single invocations with two
 * {@code System.nanoTime} reads each (tens of ns on Linux, against a µs handoff), so these are per
 * round trip for switchcost's ping-pongs.
 *
 * @param p50  median
 * @param p90  90th percentile
 * @param p99  99th percentile
 * @param p999 99.9th percentile
 * @param max  the slowest sampled op
 */
public record Percentiles(double p50, double p90, double p99, double p999, double max) {
}
