package dev.switchcost.render;

import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code compare --format json|csv}: {@link CompareTable}'s rows as numbers, one per placement and implementation (and
 * JDK, with {@code --jdk}), read from the same {@link CompareTable#figures} the text table prints: the mean over
 * repetitions and its 99.9 % half-width in separate fields, the unit in its own, min and max, the ratio to the native
 * baseline of the row's group with its error, and the median switches per round trip. A cell without a figure has a
 * status (not_run, failed, disturbed) and a note saying why, and null numbers.
 */
public final class CompareExport {

    /** The fields of a row, in order: the CSV header and the JSON keys. */
    public static final List<String> COLUMNS = List.of("placement", "implementation", "column", "jdk", "unit", "status",
            "value", "error", "repetitions", "min", "max", "ratio_to_native", "ratio_error", "switches", "voluntary_switches",
            "involuntary_switches", "instructions", "failed_repetitions", "disturbed_repetitions", "note");

    private CompareExport() {
    }

    public static String json(CompareResults r) {
        return Export.json(COLUMNS, rows(r));
    }

    public static String csv(CompareResults r) {
        return Export.csv(COLUMNS, rows(r));
    }

    static List<List<Object>> rows(CompareResults r) {
        return CompareTable.figures(r).stream().map(f -> fields(r, f)).toList();
    }

    private static List<Object> fields(CompareResults r, CompareTable.Figure f) {
        CompareResults.Cell c = f.cell();
        Stats ns = c.nanos();
        long failed = c.samples().stream().filter(s -> s.error() != null).count();
        List<CompareResults.Sample> disturbed = c.disturbed();
        String status;
        String note = null;
        if (c.unavailable() != null) {
            status = "not_run";
            note = c.unavailable();
        } else if (ns.n() == 0 && failed == 0 && !disturbed.isEmpty()) {
            status = "disturbed";
            note = DisturbanceText.why(disturbed.get(0).interference());
        } else if (ns.n() == 0) {
            status = "failed";
            note = c.samples().stream().map(CompareResults.Sample::error).filter(e -> e != null).findFirst().orElse("no samples");
        } else {
            status = "ok";
            note = f.baseline() ? "baseline" : null;
        }
        boolean figure = ns.n() > 0;
        List<Object> o = new ArrayList<>(Arrays.asList(f.placement(), c.label(), c.column(), c.jdk(), unit(c), status));
        Export.estimate(o, figure ? c.estimate() : null);
        o.addAll(Arrays.asList(ns.n(), Export.finite(ns.min()), Export.finite(ns.max())));
        Export.estimate(o, f.baseline() && figure ? Estimate.exact(1) : f.ratio());
        o.addAll(Arrays.asList(Export.finite(c.switches().median()), Export.finite(c.voluntary().median()),
                Export.finite(c.involuntary().median())));
        o.add(r.simulation() == null ? null : CompareTable.instructionCount(r.simulation(), c));
        o.addAll(Arrays.asList(failed, disturbed.size(), note));
        return o;
    }

    /** What a row's value is per: a round trip (two handoffs) or one gettid syscall. */
    static String unit(CompareResults.Cell c) {
        return Column.Group.valueOf(c.group()) == Column.Group.SYSCALL ? "ns/syscall" : "ns/round trip";
    }
}
