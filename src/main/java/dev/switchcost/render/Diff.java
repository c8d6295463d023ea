package dev.switchcost.render;

import dev.switchcost.derive.MachineDifferences;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two inputs side by side, row by row (benchmark + parameters + mode; + JDK when an input holds several),
 * with the ratio B/A and the verdict of the one rule ({@link Estimate}): a row "differs" when the
 * 99.9% interval of B − A excludes zero (Welch's t-test on the raw iterations, α = 0.001). Rows of failed
 * trials are shown as such and never judged; rows without an error estimate are never flagged.
 */
public final class Diff {

    public enum Verdict {
        FASTER("B faster"), SLOWER("B slower"), DIFFERS("differs"), WITHIN_ERROR("same within error"),
        NO_ERROR_ESTIMATE("no error estimate"), FAILED("failed trial: not judged"), UNITS_DIFFER("units differ"),
        ONLY_IN_A("only in A"), ONLY_IN_B("only in B");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        /** The text with {@code b} naming the second input, for a report comparing several inputs with A ("C faster"). */
        public String text(String b) {
            return text.replace("B", b);
        }

        /** Whether the rule judged two figures (faster, slower, differs, the same, or no error to judge by). */
        public boolean judged() {
            return this == FASTER || this == SLOWER || this == DIFFERS || this == WITHIN_ERROR || this == NO_ERROR_ESTIMATE;
        }
    }

    /**
     * One row: a or b may be null when the row is only in one input.
     *
     * @param ratio      B/A with its error, or null
     * @param difference B − A with its error, or null
     */
    public record Row(String key, JmhRow a, JmhRow b, Estimate ratio, Estimate difference, Verdict verdict) {
    }

    /**
     * Figure B against figure A by the rule.
     *
     * @param ratio      B/A with its error
     * @param difference B − A with its error
     */
    public record Judged(Estimate ratio, Estimate difference, Verdict verdict) {
    }

    public static final String RULE = "a row differs when the 99.9% interval of B − A excludes 0 (Welch's t-test on the"
            + " measurement iterations, α = 0.001); rows without an error estimate or from failed trials are never flagged";

    private Diff() {
    }

    public static List<Row> rows(Results a, Results b) {
        Map<String, JmhRow> byKeyA = index(a);
        Map<String, JmhRow> byKeyB = index(b);
        List<Row> out = new ArrayList<>();
        for (Map.Entry<String, JmhRow> e : byKeyA.entrySet()) {
            out.add(row(e.getKey(), e.getValue(), byKeyB.get(e.getKey())));
        }
        for (Map.Entry<String, JmhRow> e : byKeyB.entrySet()) {
            if (!byKeyA.containsKey(e.getKey())) {
                out.add(row(e.getKey(), null, e.getValue()));
            }
        }
        return out;
    }

    static Row row(String key, JmhRow a, JmhRow b) {
        if (a == null) {
            return new Row(key, null, b, null, null, Verdict.ONLY_IN_B);
        }
        if (b == null) {
            return new Row(key, a, null, null, null, Verdict.ONLY_IN_A);
        }
        if (a.failed() || b.failed()) {
            return new Row(key, a, b, null, null, Verdict.FAILED);
        }
        if (!a.primary().unit().equals(b.primary().unit())) {
            return new Row(key, a, b, null, null, Verdict.UNITS_DIFFER);
        }
        Judged j = judge(a.estimate(), b.estimate(), a.primary().isTimePerOp());
        return new Row(key, a, b, j.ratio(), j.difference(), j.verdict());
    }

    /**
     * The rule on two figures of one unit: B differs from A when the 99.9% interval of B − A excludes 0.
     *
     * @param timePerOp whether the figures are times (then a difference is "B faster" or "B slower")
     */
    public static Judged judge(Estimate a, Estimate b, boolean timePerOp) {
        Estimate d = b.minus(a);
        Verdict v;
        if (!d.errorKnown()) {
            v = Verdict.NO_ERROR_ESTIMATE;
        } else if (!d.resolved()) {
            v = Verdict.WITHIN_ERROR;
        } else if (timePerOp) {
            v = d.value() < 0 ? Verdict.FASTER : Verdict.SLOWER;
        } else {
            v = Verdict.DIFFERS;
        }
        return new Judged(b.over(a), d, v);
    }

    /** The rows of {@code r} by key; of rows with one key (several files holding one trial), the first read. */
    static Map<String, JmhRow> index(Results r) {
        boolean severalJdks = r.jdks().size() > 1;
        Map<String, JmhRow> m = new LinkedHashMap<>();
        r.rows().forEach(x -> m.putIfAbsent(severalJdks ? x.key() + " " + x.jdkLabel() : x.key(), x));
        return m;
    }

    /** The rows as a table; a row within the error has an empty verdict, so that the rows that differ stand out. */
    public static Table table(List<Row> rows) {
        Table.Builder t = new Table.Builder("lrrrrlrl",
                "benchmark [mode]", "A ± 99.9%", "sw/op A", "B ± 99.9%", "sw/op B", "unit", "B/A", "verdict");
        for (Row r : rows) {
            JmhRow any = r.a() != null ? r.a() : r.b();
            t.row(r.key(), score(r.a()), r.a() == null ? "" : Fmt.count(r.a().switchesPerOp()),
                    score(r.b()), r.b() == null ? "" : Fmt.count(r.b().switchesPerOp()), any.primary().unit(),
                    r.ratio() == null ? "" : Fmt.times(r.ratio()), r.verdict() == Verdict.WITHIN_ERROR ? "" : r.verdict().text());
        }
        return t.build();
    }

    /** Plain text: both inputs with their status and machine, the rule, the table and a count. */
    public static String text(Results a, Results b, List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("A: ").append(a.source()).append(" (status: ").append(a.status().describe()).append(")\n   ")
                .append(a.machineSummary()).append("\n   ").append(ReportRenderer.measuredBy(a)).append('\n');
        sb.append("B: ").append(b.source()).append(" (status: ").append(b.status().describe()).append(")\n   ")
                .append(b.machineSummary()).append("\n   ").append(ReportRenderer.measuredBy(b)).append('\n');
        List<MachineDifferences.Difference> machines = MachineDifferences.of(Arrays.asList(a.machine(), b.machine()));
        if (!machines.isEmpty()) {
            sb.append("The machines differ in what can move a figure:\n");
            for (MachineDifferences.Difference d : machines) {
                sb.append("   ").append(d.fact()).append(": A ").append(d.values().get(0)).append("  |  B ").append(d.values().get(1)).append('\n');
            }
        }
        sb.append("Rule: ").append(RULE).append(".\n\n");
        sb.append(table(rows).text());
        long flagged = rows.stream().filter(r -> r.verdict() == Verdict.FASTER || r.verdict() == Verdict.SLOWER
                || r.verdict() == Verdict.DIFFERS).count();
        sb.append('\n').append(flagged).append(" of ").append(rows.size()).append(" rows differ beyond the error.\n");
        return sb.toString();
    }

    /** A row's figure with its error, marked FAILED for a failed trial; "—" for no row. */
    static String score(JmhRow r) {
        if (r == null) {
            return "—";
        }
        return (r.failed() ? "FAILED " : "") + Fmt.pm(r.estimate());
    }
}
