package dev.switchcost.render;

import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.ProcessThreadCost;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code indirect --format csv}: the working-set estimates of {@link IndirectTable#jsonLines} (one row per row and estimator:
 * paired, whole, paper) and the process-minus-thread rows, as CSV a spreadsheet reads: every value and its 99.9 %
 * half-width in separate numeric columns, the unit in its own, flags in one text column; empty where unknown.
 */
public final class IndirectExport {

    /** The header; a row fills the columns its estimator has. */
    public static final List<String> COLUMNS = List.of("benchmark", "params", "jdk", "size_kib", "stride_bytes", "walk",
            "placement", "handoff", "sharing", "estimator", "unit", "ns_per_switch", "error", "flags", "switches_per_op",
            "control_ns", "control_error", "beyond_ns_per_switch", "beyond_error", "direct_ns_per_switch", "direct_error",
            "thread_ns_per_switch", "thread_error", "process_ns_per_switch", "process_error", "thread_switches_per_op",
            "process_switches_per_op");

    /** The estimator name of a process-minus-thread row. */
    static final String PROCESS_MINUS_THREAD = "process_minus_thread";

    private IndirectExport() {
    }

    public static String csv(List<IndirectCost.Row> workingSet, List<ProcessThreadCost.Row> processThread) {
        List<List<Object>> rows = new ArrayList<>(IndirectTable.records(workingSet).stream().map(IndirectExport::cells).toList());
        for (ProcessThreadCost.Row r : processThread) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("placement", r.placement());
            m.put("estimator", PROCESS_MINUS_THREAD);
            IndirectTable.put(m, "ns_per_switch", "error", r.difference());
            m.put("flags", r.flag());
            IndirectTable.put(m, "thread_ns_per_switch", "thread_error", r.thread());
            IndirectTable.put(m, "process_ns_per_switch", "process_error", r.process());
            m.put("thread_switches_per_op", r.threadSwitchesPerOp());
            m.put("process_switches_per_op", r.processSwitchesPerOp());
            rows.add(cells(m));
        }
        return Export.csv(COLUMNS, rows);
    }

    /** One record in {@link #COLUMNS} order: numbers finite or empty, params as {@code k=v, k=v}, flags space-separated. */
    private static List<Object> cells(Map<String, Object> m) {
        m.put("unit", "ns/switch");
        List<Object> out = new ArrayList<>();
        for (String c : COLUMNS) {
            Object v = m.get(c);
            if (v instanceof Double d) {
                v = Export.finite(d);
            } else if (v instanceof Map<?, ?> params) {
                v = params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
            } else if (v instanceof Collection<?> flags) {
                v = flags.stream().map(String::valueOf).collect(Collectors.joining(" "));
            }
            out.add(v);
        }
        return out;
    }
}
