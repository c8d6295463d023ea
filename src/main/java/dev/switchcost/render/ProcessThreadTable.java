package dev.switchcost.render;

import dev.switchcost.derive.ProcessThreadCost.Row;
import dev.switchcost.results.Estimate;
import java.io.PrintWriter;
import java.util.List;

/** Renders {@link ProcessThreadCost}: process minus thread switch per placement. */
public final class ProcessThreadTable {

    private ProcessThreadTable() {
    }

    /** The answer's column: what a process switch costs more than a thread switch. */
    static final String DIFFERENCE = "process-thread_ns/switch";

    public static Table table(List<Row> rows) {
        Table.Builder t = new Table.Builder("lrrrrr", "placement", "thread_ns/switch", "process_ns/switch", DIFFERENCE,
            "thread_switches/op", "process_switches/op");
        for (Row r : rows) {
            String diff = r.difference() == null ? "n/a (" + (r.thread() == null ? "no roundTrip_threads" : "no roundTrip_processes") + ")"
                    : r.flag() == null ? Fmt.pm(r.difference()) : r.flag() + " [" + Fmt.pm(r.difference()) + "]";
            t.row(r.placement(), IndirectTable.fmt(r.thread()), IndirectTable.fmt(r.process()), diff,
                Fmt.count(r.threadSwitchesPerOp()), Fmt.count(r.processSwitchesPerOp()));
        }
        return t.build();
    }

    public static void print(List<Row> rows, boolean tsv, PrintWriter out) {
        Table t = table(rows);
        if (tsv) {
            out.print(t.tsv());
            return;
        }
        out.print(t.text());
        out.println();
        out.println("Per switch = per round trip / 2; switches/op counts both sides (the partner process's thread"
                + " included). Flags: NEGATIVE below zero beyond its error; WITHIN_ERROR indistinguishable from 0;"
                + " NO_ERROR_ESTIMATE one iteration. Flagged values appear only in [brackets] after the flag."
                + " Errors: " + Estimate.RULE + ".");
    }
}
