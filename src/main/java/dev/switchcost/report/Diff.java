package dev.switchcost.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two results directories side by side, row by row (benchmark + parameters), with the ratio B/A.
 *
 * <p><b>The flag.</b> A row is flagged "beyond error" when {@code |a − b| > errA + errB}, where the
 * errors are JMH's {@code scoreError} (half-width of each score's 99.9% confidence interval): the two
 * intervals do not overlap. This is a conservative screen, not a significance test. A row where either
 * error is NaN (too few iterations) is marked "no error estimate" and never flagged.
 */
public final class Diff {

    public enum Verdict {
        BEYOND_ERROR("beyond error"), WITHIN_ERROR(""), NO_ERROR_ESTIMATE("no error estimate"), ONLY_IN_A("only in A"), ONLY_IN_B("only in B");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** One row: a or b may be null when the row is only in one directory. */
    public record Row(String key, JmhResult a, JmhResult b, double ratio, Verdict verdict) {
    }

    public static final String RULE = "flag \"beyond error\": |a − b| > errA + errB, with err = JMH scoreError "
            + "(half-width of the 99.9% confidence interval), i.e. the two intervals do not overlap";

    private Diff() {
    }

    public static List<Row> rows(List<JmhResult> a, List<JmhResult> b) {
        Map<String, JmhResult> byKeyA = index(a);
        Map<String, JmhResult> byKeyB = index(b);
        List<Row> out = new ArrayList<>();
        for (Map.Entry<String, JmhResult> e : byKeyA.entrySet()) {
            out.add(row(e.getKey(), e.getValue(), byKeyB.get(e.getKey())));
        }
        for (Map.Entry<String, JmhResult> e : byKeyB.entrySet()) {
            if (!byKeyA.containsKey(e.getKey())) {
                out.add(row(e.getKey(), null, e.getValue()));
            }
        }
        return out;
    }

    static Row row(String key, JmhResult a, JmhResult b) {
        if (a == null) {
            return new Row(key, null, b, Double.NaN, Verdict.ONLY_IN_B);
        }
        if (b == null) {
            return new Row(key, a, null, Double.NaN, Verdict.ONLY_IN_A);
        }
        double ratio = b.score() / a.score();
        Verdict v;
        if (!Double.isFinite(a.scoreError()) || !Double.isFinite(b.scoreError())) {
            v = Verdict.NO_ERROR_ESTIMATE;
        } else {
            v = Math.abs(a.score() - b.score()) > a.scoreError() + b.scoreError() ? Verdict.BEYOND_ERROR : Verdict.WITHIN_ERROR;
        }
        return new Row(key, a, b, ratio, v);
    }

    private static Map<String, JmhResult> index(List<JmhResult> rows) {
        Map<String, JmhResult> m = new LinkedHashMap<>();
        rows.forEach(r -> m.putIfAbsent(r.key() + " [" + r.mode() + "]", r));
        return m;
    }

    /** A plain-text table. */
    public static String text(ResultsDir a, ResultsDir b, List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("A: ").append(a.dir()).append("\n   ").append(a.machineSummary()).append('\n');
        sb.append("B: ").append(b.dir()).append("\n   ").append(b.machineSummary()).append('\n');
        sb.append("Rule: ").append(RULE).append(".\n\n");
        List<String[]> table = new ArrayList<>();
        table.add(new String[] {"benchmark [mode]", "A", "± errA", "B", "± errB", "unit", "B/A", "sw/op A", "sw/op B", "flag"});
        for (Row r : rows) {
            table.add(new String[] {r.key(), score(r.a()), err(r.a()), score(r.b()), err(r.b()),
                unit(r), Double.isFinite(r.ratio()) ? String.format(Locale.ROOT, "%.3f", r.ratio()) : "",
                sw(r.a()), sw(r.b()), r.verdict().text()});
        }
        int[] w = new int[table.get(0).length];
        for (String[] row : table) {
            for (int i = 0; i < row.length; i++) {
                w[i] = Math.max(w[i], row[i].length());
            }
        }
        for (String[] row : table) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                String cell = row[i];
                String fill = " ".repeat(w[i] - cell.length());
                line.append(i == 0 || i == 5 || i == 9 ? cell + fill : fill + cell).append("  ");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        long flagged = rows.stream().filter(r -> r.verdict() == Verdict.BEYOND_ERROR).count();
        sb.append('\n').append(flagged).append(" of ").append(rows.size()).append(" rows differ beyond the combined error.\n");
        return sb.toString();
    }

    private static String unit(Row r) {
        JmhResult x = r.a() != null ? r.a() : r.b();
        return String.valueOf(x.unit());
    }

    private static String score(JmhResult r) {
        return r == null ? "—" : ReportRenderer.num(r.score());
    }

    private static String err(JmhResult r) {
        return r == null ? "" : ReportRenderer.num(r.scoreError());
    }

    private static String sw(JmhResult r) {
        return r == null ? "" : ReportRenderer.num(r.secondaryOr("ctxsw.total.norm", Double.NaN));
    }
}
