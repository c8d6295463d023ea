package dev.switchcost.derive;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.Percentiles;
import dev.switchcost.results.Question;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The latency distributions of one results input: every usable sample-mode row ({@code -bm sample}) with its
 * percentiles, per switch for a round trip (round trip / 2, the unit of the answer card's mean), per op
 * otherwise (the timer's own row, {@code SyscallBaseline.baseline}: an empty op, so its values are what the
 * two {@code System.nanoTime} reads around a sampled op cost), beside the mean of the average-time row of
 * the same trial where there is one.
 */
public final class LatencyDistribution {

    private LatencyDistribution() {
    }

    /**
     * One distribution.
     *
     * @param row            the sample-mode row
     * @param perSwitch      whether the values are per switch (a round trip / 2) rather than per op
     * @param tail           the percentiles and histogram in that unit
     * @param tripsPerSample round trips in each sampled value ({@link Headline.Figure#tripsPerSample})
     * @param mean           the same trial's average-time mean in that unit, or null when none was run
     * @param timer          whether this is the timer's own row (an empty op sampled)
     */
    public record Series(JmhRow row, boolean perSwitch, Percentiles tail, int tripsPerSample, Estimate mean, boolean timer) {
    }

    /** The sample-mode rows of {@code rows} with percentiles: handoffs first, by benchmark and parameters, the timer last. */
    public static List<Series> of(List<JmhRow> rows) {
        return rows.stream().filter(x -> Headline.SAMPLE.equals(x.mode()) && x.percentiles() != null)
                .map(x -> {
                    boolean trip = PerSwitch.isRoundTrip(x);
                    double f = PerSwitch.factor(x);
                    Optional<JmhRow> avgt = rows.stream().filter(y -> !Headline.SAMPLE.equals(y.mode()) && y.primary().isTimePerOp()
                            && y.benchmark().equals(x.benchmark()) && y.params().equals(x.params())).findFirst();
                    return new Series(x, trip, x.percentiles().times(f), trip ? Headline.tripsPerSample(x) : 1,
                            avgt.map(y -> y.estimate().times(f)).orElse(null), Question.TIMER.matches(x));
                })
                .sorted(Comparator.comparing(Series::timer).thenComparing(s -> s.row().key()))
                .toList();
    }
}
