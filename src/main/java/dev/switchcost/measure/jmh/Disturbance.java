package dev.switchcost.measure.jmh;

import org.openjdk.jmh.results.Result;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The one rule that calls a trial disturbed: its measured CPUs were taken by others. A disturbed
 * trial is treated like a failed one (left out of every figure, the run exits 1) unless the user keeps
 * it with {@code run --allow-disturbed}.
 *
 * <p><b>The threshold.</b> A trial is disturbed when, on the CPUs its threads ran on, tasks outside its
 * JVM took more than {@value #MAX_OTHERS_PERCENT}% of the time on average over the measured iterations
 * ({@code interference.others}, see {@link InterferenceProfiler}), or the hypervisor stole more than
 * {@value #MAX_STEAL_PERCENT}% ({@code interference.steal}). Why 5: a busy loop pinned to the measured
 * CPU takes about half of it (the scheduler shares the CPU fairly), far above; a quiet machine leaves
 * well under 1% (kernel threads, interrupts, the tick quantisation of {@code /proc/stat} averaging
 * out over the iterations); 5% is where a CPU-time thief starts to change a µs handoff by more than the
 * run-to-run noise of the figure. The mean over iterations rather than the worst one: one
 * iteration's share is known only to ±1 tick (10 ms, 3% of a 300 ms iteration on one CPU), so a
 * per-iteration rule at 5% would raise false alarms; the worst iteration is still reported
 * ({@code interference.others.max}).
 */
public final class Disturbance {

    public static final String OTHERS = "interference.others";
    public static final String STEAL = "interference.steal";
    static final String INTRUDER = "interference.intruder.";
    public static final double MAX_OTHERS_PERCENT = 5;
    public static final double MAX_STEAL_PERCENT = 5;

    private Disturbance() {
    }

    /** The result label that names an intruder: {@code interference.intruder.<pid>.<comm>} (comm made safe). */
    static String intruderLabel(long pid, String comm) {
        return INTRUDER + pid + "." + comm.replaceAll("[^A-Za-z0-9_.:+-]", "_");
    }

    /**
     * Why a trial is disturbed, from its secondary results (JMH's, aggregated over iterations and
     * forks), or empty when it is not (or was not measured: no {@code interference.*} results).
     */
    public static Optional<String> of(Map<String, ? extends Result> secondary) {
        return verdict(score(secondary, OTHERS), score(secondary, STEAL), largestIntruder(secondary));
    }

    /**
     * The rule on plain figures (percent), for anything that measured them (a native cell too).
     *
     * @param intruder {@code yes (pid 1234) took 48%}, or null when none was seen
     */
    public static Optional<String> verdict(double othersPercent, double stealPercent, String intruder) {
        StringBuilder why = new StringBuilder();
        if (othersPercent > MAX_OTHERS_PERCENT) {
            why.append(String.format(Locale.ROOT, "disturbed: other tasks took %.0f%% of the measured CPUs' time (limit %.0f%%)",
                    othersPercent, MAX_OTHERS_PERCENT));
            if (intruder != null) {
                why.append("; largest: ").append(intruder);
            }
        }
        if (stealPercent > MAX_STEAL_PERCENT) {
            why.append(why.length() == 0 ? "disturbed: " : "; ").append(String.format(Locale.ROOT,
                    "the hypervisor stole %.0f%% of the measured CPUs' time (limit %.0f%%)", stealPercent, MAX_STEAL_PERCENT));
        }
        return why.length() == 0 ? Optional.empty() : Optional.of(why.toString());
    }

    /** {@code yes (pid 1234) took 48% in its worst iteration}, from the intruder labels; null without one. */
    static String largestIntruder(Map<String, ? extends Result> secondary) {
        String best = null;
        double share = -1;
        for (Map.Entry<String, ? extends Result> e : secondary.entrySet()) {
            if (e.getKey().startsWith(INTRUDER) && e.getValue().getScore() > share) {
                best = e.getKey();
                share = e.getValue().getScore();
            }
        }
        if (best == null) {
            return null;
        }
        String rest = best.substring(INTRUDER.length());
        int dot = rest.indexOf('.');
        return String.format(Locale.ROOT, "%s (pid %s) took %.0f%% in its worst iteration",
                rest.substring(dot + 1), rest.substring(0, dot), share);
    }

    private static double score(Map<String, ? extends Result> secondary, String label) {
        Result r = secondary.get(label);
        return r == null ? Double.NaN : r.getScore();
    }
}
