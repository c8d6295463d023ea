package dev.switchcost.analysis;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Process switch minus thread switch, per placement, from {@code ProcessVsThreadSwitch} results: the
 * same futex ping-pong on a shared mapping between two threads of one JVM ({@code roundTrip_threads})
 * and between two JVM processes ({@code roundTrip_processes}). Per switch = per round trip / 2.
 * A difference below zero beyond its error is flagged NEGATIVE, one within its error WITHIN_ERROR,
 * one without an error estimate NO_ERROR_ESTIMATE; a flagged value is never printed as a plain number.
 */
public final class ProcessThreadCost {

    static final String CLASS = "ProcessVsThreadSwitch";

    /**
     * @param placement  SAME_CPU, CROSS_CPU, UNPINNED, ...
     * @param thread     thread switch, ns/switch, or null if not measured
     * @param process    process switch, ns/switch, or null if not measured
     * @param difference process − thread, or null
     * @param flag       null when the difference is clean
     */
    public record Row(String placement, Estimate thread, Estimate process, Estimate difference, String flag,
                      double threadSwitchesPerOp, double processSwitchesPerOp) {
    }

    private ProcessThreadCost() {
    }

    public static List<Row> derive(List<JmhRow> rows) {
        Map<String, JmhRow> threads = new TreeMap<>();
        Map<String, JmhRow> processes = new TreeMap<>();
        for (JmhRow r : rows) {
            if (!r.benchmarkClass().equals(CLASS)) {
                continue;
            }
            if (r.method().equals("roundTrip_threads")) {
                threads.put(r.param("placement"), r);
            } else if (r.method().equals("roundTrip_processes")) {
                processes.put(r.param("placement"), r);
            }
        }
        TreeMap<String, Boolean> placements = new TreeMap<>();
        threads.keySet().forEach(p -> placements.put(p, true));
        processes.keySet().forEach(p -> placements.put(p, true));
        List<Row> out = new ArrayList<>();
        for (String p : placements.keySet()) {
            JmhRow t = threads.get(p);
            JmhRow pr = processes.get(p);
            Estimate te = t == null ? null : Estimate.of(t).perSwitch();
            Estimate pe = pr == null ? null : Estimate.of(pr).perSwitch();
            Estimate diff = te == null || pe == null ? null : pe.minus(te);
            out.add(new Row(p, te, pe, diff, flag(diff), t == null ? Double.NaN : t.secondary("ctxsw.total.norm"),
                    pr == null ? Double.NaN : pr.secondary("ctxsw.total.norm")));
        }
        return out;
    }

    static String flag(Estimate diff) {
        if (diff == null) {
            return "MISSING_BASELINE";
        }
        if (!diff.errorKnown()) {
            return diff.ns() < 0 ? "NEGATIVE" : "NO_ERROR_ESTIMATE";
        }
        if (!diff.distinctFromZero()) {
            return "WITHIN_ERROR";
        }
        return diff.ns() < 0 ? "NEGATIVE" : null;
    }

    public static void print(List<Row> rows, boolean tsv, PrintWriter out) {
        String[] head = {"placement", "thread_ns/switch", "process_ns/switch", "process-thread_ns/switch",
            "thread_switches/op", "process_switches/op"};
        List<String[]> lines = new ArrayList<>();
        for (Row r : rows) {
            String diff = r.difference() == null ? "n/a (" + (r.thread() == null ? "no roundTrip_threads" : "no roundTrip_processes") + ")"
                    : r.flag() == null ? r.difference().format() : r.flag() + " [" + r.difference().format() + "]";
            lines.add(new String[] {r.placement(), IndirectCost.fmt(r.thread()), IndirectCost.fmt(r.process()), diff,
                perOp(r.threadSwitchesPerOp()), perOp(r.processSwitchesPerOp())});
        }
        Table.print(head, lines, tsv, out);
        if (!tsv) {
            out.println();
            out.println("Per switch = per round trip / 2; switches/op counts both sides (the partner process's thread"
                    + " included). Flags: NEGATIVE below zero beyond its error; WITHIN_ERROR indistinguishable from 0;"
                    + " NO_ERROR_ESTIMATE one iteration. Flagged values appear only in [brackets] after the flag.");
        }
    }

    private static String perOp(double v) {
        return Double.isNaN(v) ? "?" : String.format(Locale.ROOT, "%.2f", v);
    }
}
