package dev.switchcost.measure.sample;

import java.util.Map;

/**
 * One reading of one {@link Sampler}.
 *
 * @param source the sampler's name
 * @param values column → value (NaN when unavailable for this interval)
 */
public record Sample(String source, Map<String, Double> values) {

    public double get(String column) {
        return values.getOrDefault(column, Double.NaN);
    }
}
