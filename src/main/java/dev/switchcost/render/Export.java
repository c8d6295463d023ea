package dev.switchcost.render;

import com.google.gson.GsonBuilder;
import dev.switchcost.results.Estimate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Rows for a program or a spreadsheet ({@code --format json|csv} of {@code compare}, {@code indirect}, {@code doctor}): a JSON array of
 * objects keyed by the columns, or CSV with a header, cells as {@link #cell} writes them. A null field is JSON
 * null and an empty CSV cell; a non-finite number is null too, never "NaN".
 */
public final class Export {

    private Export() {
    }

    public static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /** Adds {@code e}'s value and half-width, each {@link #finite} (both null when there is no estimate). */
    static void estimate(List<Object> fields, Estimate e) {
        fields.add(e == null ? null : finite(e.value()));
        fields.add(e == null ? null : finite(e.halfWidth()));
    }

    public static String json(List<String> columns, List<List<Object>> rows) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (List<Object> f : rows) {
            Map<String, Object> o = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                o.put(columns.get(i), f.get(i));
            }
            out.add(o);
        }
        return new GsonBuilder().serializeNulls().setPrettyPrinting().disableHtmlEscaping().create().toJson(out) + "\n";
    }

    public static String csv(List<String> columns, List<List<Object>> rows) {
        StringBuilder sb = new StringBuilder(String.join(",", columns)).append("\n");
        for (List<Object> f : rows) {
            sb.append(f.stream().map(Export::cell).collect(Collectors.joining(","))).append("\n");
        }
        return sb.toString();
    }

    /** One CSV cell (RFC 4180 quoting): empty for null, a plain number ({@code 3448.2}), or text quoted where it must be. */
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
