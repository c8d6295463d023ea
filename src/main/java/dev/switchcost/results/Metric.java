package dev.switchcost.results;

import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One metric of a JMH result row (the primary score or a secondary one), in a normalised unit: times
 * per operation in {@code ns/op}, throughputs in {@code ops/s}; any other unit ({@code #/op},
 * {@code MB/sec}, ...) as JMH wrote it.
 *
 * @param score      JMH's score, in {@link #unit}
 * @param scoreError JMH's error (99.9% half-width), in {@link #unit}; NaN when JMH had too few iterations
 * @param unit       the normalised unit
 * @param jmhUnit    the unit JMH wrote ({@code us/op}, ...)
 * @param raw        per fork, per measurement iteration, in {@link #unit} ({@code rawData}); empty when JMH
 *                   stored none (sample mode stores a histogram instead)
 */
public record Metric(double score, double scoreError, String unit, String jmhUnit, double[][] raw) {

    public static final String NS_PER_OP = "ns/op";
    public static final String OPS_PER_S = "ops/s";

    private static final Pattern TIME_PER_OP = Pattern.compile("(ns|us|µs|ms|s|min|hr|day)/op");
    private static final Pattern OPS_PER_TIME = Pattern.compile("ops/(ns|us|µs|ms|s|min|hr|day)");

    /** Builds a metric from JMH's numbers, converting to the normalised unit. */
    public static Metric of(double score, double scoreError, String jmhUnit, double[][] raw) {
        String u = jmhUnit == null ? "" : jmhUnit.strip();
        double factor = 1;
        String unit = u;
        Matcher t = TIME_PER_OP.matcher(u);
        Matcher o = OPS_PER_TIME.matcher(u);
        if (t.matches()) {
            factor = nanos(t.group(1));
            unit = NS_PER_OP;
        } else if (o.matches()) {
            factor = 1e9 / nanos(o.group(1));
            unit = OPS_PER_S;
        }
        double k = factor;
        double[][] r = Arrays.stream(raw).map(fork -> Arrays.stream(fork).map(v -> v * k).toArray()).toArray(double[][]::new);
        return new Metric(score * factor, scoreError * factor, unit, u, r);
    }

    private static double nanos(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "min" -> 60e9;
            case "hr" -> 3600e9;
            case "day" -> 86400e9;
            default -> throw new IllegalArgumentException("unknown time unit " + unit);
        };
    }

    /** Whether this is a time per operation (then {@link #score} is ns/op). */
    public boolean isTimePerOp() {
        return NS_PER_OP.equals(unit);
    }

    /** All iteration values, forks one after another. */
    public double[] values() {
        return Arrays.stream(raw).flatMapToDouble(Arrays::stream).toArray();
    }

    /** Each fork's mean of its finite iteration values; a fork without one is left out. */
    public double[] forkMeans() {
        return Arrays.stream(raw).map(f -> Arrays.stream(f).filter(Double::isFinite).average())
                .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).toArray();
    }

    public Estimate estimate() {
        return Estimate.of(this);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s ± %s %s (%d values)", score, scoreError, unit, values().length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metric m && Double.compare(score, m.score) == 0 && Double.compare(scoreError, m.scoreError) == 0
                && unit.equals(m.unit) && Arrays.deepEquals(raw, m.raw);
    }

    @Override
    public int hashCode() {
        return Double.hashCode(score) * 31 + unit.hashCode();
    }
}
