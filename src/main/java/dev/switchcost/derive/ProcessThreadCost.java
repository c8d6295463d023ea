package dev.switchcost.derive;

import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Family;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Param;
import dev.switchcost.results.PerSwitch;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Process switch minus thread switch, per placement, from {@code ProcessVsThreadSwitch} results: the
 * same futex ping-pong on a shared mapping between two threads of one JVM ({@code roundTrip_threads})
 * and between two JVM processes ({@code roundTrip_processes}). Per switch = per round trip / 2. Errors
 * and "within the error" follow the one rule ({@link Estimate}); rows of failed trials are left out.
 * A difference below zero beyond its error is flagged NEGATIVE, one within its error WITHIN_ERROR,
 * one without an error estimate NO_ERROR_ESTIMATE; a flagged value is never printed as a plain number.
 */
public final class ProcessThreadCost {

    /**
     * @param placement  SAME_CPU, CROSS_CPU, UNPINNED, ...
     * @param thread     thread switch, ns/switch, or null if not measured
     * @param process    process switch, ns/switch, or null if not measured
     * @param difference process − thread, or null
     * @param flag       null when the difference is clean
     * @param threadDisturbed  whether the thread figure comes from a disturbed trial the run kept ({@code --allow-disturbed})
     * @param processDisturbed the same of the process figure
     */
    public record Row(String placement, Estimate thread, Estimate process, Estimate difference, String flag,
                      double threadSwitchesPerOp, double processSwitchesPerOp, boolean threadDisturbed, boolean processDisturbed) {
    }

    private ProcessThreadCost() {
    }

    public static List<Row> derive(List<JmhRow> rows) {
        Map<String, JmhRow> threads = new TreeMap<>();
        Map<String, JmhRow> processes = new TreeMap<>();
        for (JmhRow r : rows) {
            if (!Family.PROCESS_VS_THREAD.has(r) || r.failed() || !r.primary().isTimePerOp()) {
                continue;
            }
            if (Bench.THREAD_ROUND_TRIP.is(r)) {
                threads.put(r.param(Param.PLACEMENT), r);
            } else if (Bench.PROCESS_ROUND_TRIP.is(r)) {
                processes.put(r.param(Param.PLACEMENT), r);
            }
        }
        Set<String> placements = new TreeSet<>(threads.keySet());
        placements.addAll(processes.keySet());
        List<Row> out = new ArrayList<>();
        for (String p : placements) {
            JmhRow t = threads.get(p);
            JmhRow pr = processes.get(p);
            Estimate te = t == null ? null : PerSwitch.ofRoundTrip(t.estimate());
            Estimate pe = pr == null ? null : PerSwitch.ofRoundTrip(pr.estimate());
            Estimate diff = te == null || pe == null ? null : pe.minus(te);
            out.add(new Row(p, te, pe, diff, flag(diff), t == null ? Double.NaN : t.switchesPerOp(),
                    pr == null ? Double.NaN : pr.switchesPerOp(), t != null && t.disturbed(), pr != null && pr.disturbed()));
        }
        return out;
    }

    /** The flag of {@link IndirectCost#judge}, the one rule for a derived cost; null when the difference is clean. */
    static String flag(Estimate diff) {
        if (diff == null) {
            return IndirectCost.Flag.MISSING_BASELINE.name();
        }
        Set<IndirectCost.Flag> f = EnumSet.noneOf(IndirectCost.Flag.class);
        IndirectCost.judge(diff, f);
        return f.isEmpty() ? null : f.iterator().next().name();
    }
}
