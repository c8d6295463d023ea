package dev.switchcost.render;

import dev.switchcost.results.JmhRow;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code diff --format json|csv}: {@link Diff}'s rows as numbers a program or a spreadsheet reads: each value, its
 * 99.9 % half-width and its unit in separate fields, never "3,448 ± 945" in one cell. Empty (CSV) or null (JSON)
 * where a side is missing or a figure has no estimate.
 */
public final class DiffExport {

    /** The CSV header, one column per field of {@link #fields}. */
    public static final List<String> COLUMNS = List.of("benchmark", "mode", "unit", "a_value", "a_error", "a_forks",
            "a_switches_per_op", "b_value", "b_error", "b_forks", "b_switches_per_op", "ratio", "ratio_error", "verdict");

    private DiffExport() {
    }

    /** One row's fields, in {@link #COLUMNS} order; null for what is not there. */
    static List<Object> fields(Diff.Row r) {
        JmhRow any = r.a() != null ? r.a() : r.b();
        List<Object> f = new ArrayList<>(List.of(any.benchmark(), any.mode(), any.primary().unit()));
        side(f, r.a());
        side(f, r.b());
        Export.estimate(f, r.ratio());
        f.add(r.verdict().name());
        return f;
    }

    private static void side(List<Object> f, JmhRow row) {
        Export.estimate(f, row == null ? null : row.estimate());
        f.add(row == null ? null : row.forks());
        f.add(row == null ? null : Export.finite(row.switchesPerOp()));
    }

    /** A JSON array of objects, one per row, keyed by {@link #COLUMNS} (params are in the benchmark key's row). */
    public static String json(List<Diff.Row> rows) {
        List<String> columns = new ArrayList<>(COLUMNS);
        columns.addAll(List.of("key", "params"));
        return Export.json(columns, rows.stream().map(r -> {
            List<Object> f = fields(r);
            f.add(r.key());
            f.add((r.a() != null ? r.a() : r.b()).params());
            return f;
        }).toList());
    }

    /** CSV with a header ({@link Export#csv}), the params in the second column. */
    public static String csv(List<Diff.Row> rows) {
        List<String> columns = new ArrayList<>(COLUMNS);
        columns.add(1, "params");
        return Export.csv(columns, rows.stream().map(r -> {
            List<Object> f = fields(r);
            f.add(1, (r.a() != null ? r.a() : r.b()).paramsText());
            return f;
        }).toList());
    }
}
