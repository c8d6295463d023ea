package dev.switchcost.report;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * One row of JMH's JSON result file ({@code -rf json}): a benchmark with its parameters.
 *
 * @param benchmark  full name, e.g. {@code dev.switchcost.bench.FutexPingPong.roundTrip}
 * @param mode       JMH mode, e.g. {@code avgt}
 * @param params     benchmark parameters (sorted by name)
 * @param score      primary score
 * @param scoreError JMH's error (half-width of the 99.9% interval); NaN when JMH had too few iterations
 * @param unit       primary score unit, e.g. {@code ns/op}
 * @param secondary  secondary scores by name (e.g. {@code ctxsw.total.norm}); NaN where JMH wrote "NaN"
 * @param jdkVersion JDK of the forks
 * @param vmName     VM name of the forks
 * @param jmhVersion JMH version
 */
public record JmhResult(String benchmark, String mode, Map<String, String> params, double score, double scoreError,
                        String unit, Map<String, Double> secondary, String jdkVersion, String vmName, String jmhVersion) {

    /** {@code FutexPingPong.roundTrip}: class simple name and method. */
    public String shortName() {
        String[] parts = benchmark.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
    }

    /** The benchmark's class simple name. */
    public String className() {
        String[] parts = benchmark.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] : benchmark;
    }

    /** {@code placement=SAME_CPU workingSetKiB=16}, or empty. */
    public String paramsText() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** Identity across result files: benchmark name and parameters. */
    public String key() {
        return params.isEmpty() ? shortName() : shortName() + " " + paramsText();
    }

    public double secondaryOr(String name, double orElse) {
        Double v = secondary.get(name);
        return v == null ? orElse : v;
    }
}
