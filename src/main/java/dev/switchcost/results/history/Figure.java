package dev.switchcost.results.history;

import dev.switchcost.results.Estimate;

/**
 * One figure of one run as the history keeps it: a JMH row, or a {@code compare} cell.
 *
 * @param benchmark     {@code FutexPingPong.roundTrip}, or {@code compare.NATIVE_FUTEX} for a compare cell
 * @param params        the parameters as {@code name=value} words in name order ({@code placement=SAME_CPU}), or ""
 * @param mode          JMH's mode ({@code avgt}, {@code sample}, ...); {@code avgt} for a compare cell
 * @param jdk           the JDK the figure ran on, or null when unknown (a native compare cell)
 * @param unit          {@code ns/op}, {@code ops/s}, ...
 * @param estimate      the figure with its standard error and degrees of freedom (the one rule, {@link Estimate})
 * @param errorBasis    how the error was built: an Estimate.Basis name (stores written before it: words)
 * @param forks         JMH's forks, or the repetitions of a compare cell; -1 when unknown
 * @param switchesPerOp switches counted per op, NaN when not counted
 * @param disturbance   why the figure was disturbed (kept with {@code --allow-disturbed}), or null
 */
public record Figure(String benchmark, String params, String mode, String jdk, String unit, Estimate estimate,
                     String errorBasis, int forks, double switchesPerOp, String disturbance) {

    /** Identity across runs: benchmark, parameters and mode, as {@code JmhRow.key} writes it. */
    public String key() {
        return benchmark + (params.isEmpty() ? "" : " " + params) + " [" + mode + "]";
    }

    /** Whether the figure is a time per op (smaller is better). */
    public boolean timePerOp() {
        return unit.endsWith("/op");
    }
}
