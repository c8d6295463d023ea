package dev.switchcost.render;

import com.google.gson.GsonBuilder;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
        f.add(finite(r.ratio() == null ? Double.NaN : r.ratio().value()));
        f.add(finite(r.ratio() == null ? Double.NaN : r.ratio().halfWidth()));
        f.add(r.verdict().name());
        return f;
    }

    private static void side(List<Object> f, JmhRow row) {
        Estimate e = row == null ? null : row.estimate();
        f.add(e == null ? null : finite(e.value()));
        f.add(e == null ? null : finite(e.halfWidth()));
        f.add(row == null ? null : row.forks());
        f.add(row == null ? null : finite(row.switchesPerOp()));
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /** A JSON array of objects, one per row, keyed by {@link #COLUMNS} (params are in the benchmark key's row). */
    public static String json(List<Diff.Row> rows) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Diff.Row r : rows) {
            Map<String, Object> o = new LinkedHashMap<>();
            List<Object> f = fields(r);
            for (int i = 0; i < COLUMNS.size(); i++) {
                o.put(COLUMNS.get(i), f.get(i));
            }
            o.put("key", r.key());
            JmhRow any = r.a() != null ? r.a() : r.b();
            o.put("params", any.params());
            out.add(o);
        }
        return new GsonBuilder().serializeNulls().setPrettyPrinting().disableHtmlEscaping().create().toJson(out) + "\n";
    }

    /** CSV with a header (RFC 4180 quoting, LF line ends): numbers plain ({@code 3448.2}), text quoted where it must be. */
    public static String csv(List<Diff.Row> rows) {
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>(COLUMNS);
        header.add(1, "params");
        sb.append(String.join(",", header)).append("\n");
        for (Diff.Row r : rows) {
            List<Object> f = fields(r);
            JmhRow any = r.a() != null ? r.a() : r.b();
            f.add(1, any.paramsText());
            List<String> cells = new ArrayList<>();
            for (Object o : f) {
                cells.add(cell(o));
            }
            sb.append(String.join(",", cells)).append("\n");
        }
        return sb.toString();
    }

    /** One CSV cell: empty for null, a plain number, or text quoted where RFC 4180 needs it. */
    public static String cell(Object o) {
        if (o == null) {
            return "";
        }
        if (o instanceof Double d) {
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf(d.longValue()) : String.format(Locale.ROOT, "%s", d);
        }
        String s = o.toString();
        return s.matches(".*[\",\r\n].*") || s.startsWith(" ") || s.endsWith(" ")
                ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
