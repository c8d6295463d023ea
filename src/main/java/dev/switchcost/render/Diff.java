package dev.switchcost.render;

import dev.switchcost.derive.MachineDifferences;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Metric;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.Results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Two inputs side by side, row by row (benchmark + parameters + mode; + JDK when an input holds several),
 * with the ratio B/A and the one verdict rule ({@link #judge}), used by {@code diff} and the report's "A against B":
 * a row is flagged only when the between-fork 99.9% interval of B/A excludes 1 <b>and</b> the effect is at least the
 * minimum ({@link Estimate#MIN_EFFECT} unless {@code diff --min-effect} says otherwise); it "matches" only when the whole
 * interval lies within that margin (equivalence, TOST); otherwise it is not resolved at this precision. A figure from
 * one fork is never judged. Rows of failed trials are shown as such and never judged.
 */
public final class Diff {

    public enum Verdict {
        FASTER("B faster"), SLOWER("B slower"), DIFFERS("differs"), SAME("same within the margin"),
        NOT_RESOLVED("not resolved"), ONE_FORK("not judged (one fork)"),
        NO_ERROR_ESTIMATE("no error estimate"), FAILED("failed trial: not judged"), UNITS_DIFFER("units differ"),
        ONLY_IN_A("only in A"), ONLY_IN_B("only in B"), MACHINE_CHANGED("not judged: the machine changed"),
        MIXED("not judged: a mixture of two modes");

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

        /** Whether both figures were there to judge (whatever the rule then said, one fork and no error included). */
        public boolean judged() {
            return this == FASTER || this == SLOWER || this == DIFFERS || this == SAME || this == NOT_RESOLVED
                    || this == ONE_FORK || this == NO_ERROR_ESTIMATE;
        }

        public boolean flagged() {
            return this == FASTER || this == SLOWER || this == DIFFERS;
        }
    }

    /**
     * One row: a or b may be null when the row is only in one input.
     *
     * @param ratio B/A with its error, or null
     */
    public record Row(String key, JmhRow a, JmhRow b, Estimate ratio, Verdict verdict) {
    }

    /**
     * Figure B against figure A by the rule.
     *
     * @param ratio B/A with its error
     */
    public record Judged(Estimate ratio, Verdict verdict) {
    }

    /** What "not resolved" means and how to resolve it. */
    public static final String NOT_RESOLVED_TEXT = "not resolved at this precision (run with more forks to resolve it)";

    /** The verdict rule in one sentence, with the minimum effect in use. */
    public static String rule(double minEffect) {
        String m = Fmt.percent(minEffect).replace("+", "±");
        return "a row is flagged when the between-fork 99.9% interval of B/A excludes 1 and B/A is at least "
                + Fmt.times(1 + minEffect) + " or at most " + Fmt.times(1 / (1 + minEffect)) + " (minimum effect " + m
                + "); it is the same when the whole interval lies within " + m + " (equivalence, two one-sided tests);"
                + " otherwise it is " + NOT_RESOLVED_TEXT + ". A figure from one fork is not judged (its ± misses the"
                + " run-to-run variance), nor a failed trial";
    }

    private Diff() {
    }

    public static List<Row> rows(Results a, Results b) {
        return rows(a, b, Estimate.MIN_EFFECT);
    }

    /** The rows of both inputs, judged with this minimum effect (a fraction: 0.05 for 5%). */
    public static List<Row> rows(Results a, Results b, double minEffect) {
        Map<String, JmhRow> byKeyA = index(a);
        Map<String, JmhRow> byKeyB = index(b);
        // A's keys in its order, then those only B has
        return Stream.concat(byKeyA.keySet().stream(), byKeyB.keySet().stream()).distinct()
                .map(key -> row(key, byKeyA.get(key), byKeyB.get(key), minEffect)).toList();
    }

    static Row row(String key, JmhRow a, JmhRow b, double minEffect) {
        if (a == null) {
            return new Row(key, null, b, null, Verdict.ONLY_IN_B);
        }
        if (b == null) {
            return new Row(key, a, null, null, Verdict.ONLY_IN_A);
        }
        if (a.failed() || b.failed()) {
            return new Row(key, a, b, null, Verdict.FAILED);
        }
        if (!a.primary().unit().equals(b.primary().unit())) {
            return new Row(key, a, b, null, Verdict.UNITS_DIFFER);
        }
        Judged j = judge(a.estimate(), b.estimate(), a.primary().unit(), minEffect);
        return new Row(key, a, b, j.ratio(), j.verdict());
    }

    /** {@link #judge(Estimate, Estimate, boolean, double)} with the default minimum effect, {@link Estimate#MIN_EFFECT}. */
    public static Judged judge(Estimate a, Estimate b, boolean timePerOp) {
        return judge(a, b, timePerOp, Estimate.MIN_EFFECT);
    }

    /**
     * The one verdict rule on two figures of one unit: flagged when the interval of B/A excludes 1 and the effect is at
     * least {@code minEffect} ({@link Estimate#differsFromOne}); the same when the interval lies within it
     * ({@link Estimate#equivalentToOne}); else not resolved. A figure from one fork is not judged.
     *
     * @param timePerOp whether the figures are times (then a difference is "B faster" or "B slower")
     * @param minEffect the minimum effect and equivalence margin, a fraction (0.05 for 5%)
     */
    public static Judged judge(Estimate a, Estimate b, boolean timePerOp, double minEffect) {
        return judge(a, b, timePerOp ? Metric.NS_PER_OP : "", minEffect);
    }

    /** {@link #judge(Estimate, Estimate, boolean, double)}, the direction taken from the unit ({@link #ratio}). */
    public static Judged judge(Estimate a, Estimate b, String unit, double minEffect) {
        Estimate r = b.over(a);
        return new Judged(r, a.oneFork() || b.oneFork() ? Verdict.ONE_FORK
                : !a.errorKnown() || !b.errorKnown() ? Verdict.NO_ERROR_ESTIMATE : verdict(r, unit, minEffect));
    }

    /**
     * The one verdict rule on a ratio B/A, the direction from the unit: a time per op is faster when lower, a throughput
     * ({@value Metric#OPS_PER_S}) when higher; any other unit only differs.
     */
    public static Judged ratio(Estimate r, String unit, double minEffect) {
        return new Judged(r, r.oneFork() ? Verdict.ONE_FORK : !r.errorKnown() ? Verdict.NO_ERROR_ESTIMATE : verdict(r, unit, minEffect));
    }

    private static Verdict verdict(Estimate r, String unit, double minEffect) {
        if (r.differsFromOne(minEffect)) {
            boolean lower = r.value() < 1;
            return Metric.NS_PER_OP.equals(unit) ? (lower ? Verdict.FASTER : Verdict.SLOWER)
                    : Metric.OPS_PER_S.equals(unit) ? (lower ? Verdict.SLOWER : Verdict.FASTER) : Verdict.DIFFERS;
        }
        return r.equivalentToOne(minEffect) ? Verdict.SAME : Verdict.NOT_RESOLVED;
    }

    /** The rows of {@code r} by key; of rows with one key (several files holding one trial), the first read. */
    static Map<String, JmhRow> index(Results r) {
        boolean severalJdks = r.jdks().size() > 1;
        Map<String, JmhRow> m = new LinkedHashMap<>();
        r.rows().forEach(x -> m.putIfAbsent(severalJdks ? x.key() + " " + x.jdkLabel() : x.key(), x));
        return m;
    }

    /**
     * The rows as a table, with the forks behind each side's figure and the smallest change these forks would flag four
     * times in five ({@link Estimate#minimumDetectableEffect}); a round trip's figures per switch, as the card shows them
     * (the ratio is the same either way).
     */
    public static Table table(List<Row> rows, double minEffect) {
        Table.Builder t = new Table.Builder("lrrrrrlrrl",
                "benchmark [mode]", "A ± 99.9%", "sw/op A", "B ± 99.9%", "sw/op B", "forks A/B", "unit", "B/A", "detects", "verdict");
        for (Row r : rows) {
            JmhRow any = r.a() != null ? r.a() : r.b();
            t.row(r.key(), perSwitch(r.a()), r.a() == null ? "" : Fmt.count(r.a().switchesPerOp()),
                    perSwitch(r.b()), r.b() == null ? "" : Fmt.count(r.b().switchesPerOp()), forks(r.a()) + "/" + forks(r.b()),
                    PerSwitch.shownUnit(any), r.ratio() == null ? "" : Fmt.times(r.ratio()),
                    r.ratio() == null ? "" : AbTable.detects(r.ratio().minimumDetectableEffect(minEffect)), r.verdict().text());
        }
        return t.build();
    }

    private static String forks(JmhRow r) {
        return r == null ? "–" : String.valueOf(r.forks());
    }

    /**
     * Plain text: both inputs with their status and machine, the machine facts that differ, the rule (with this minimum
     * effect), the table and a count.
     */
    public static String text(Results a, Results b, List<MachineDifferences.Difference> machines, List<Row> rows, double minEffect) {
        StringBuilder sb = new StringBuilder();
        sb.append("A: ").append(a.source()).append(" (status: ").append(a.status().describe()).append(")\n   ")
                .append(a.machineSummary()).append("\n   ").append(RunsSection.measuredBy(a)).append('\n');
        sb.append("B: ").append(b.source()).append(" (status: ").append(b.status().describe()).append(")\n   ")
                .append(b.machineSummary()).append("\n   ").append(RunsSection.measuredBy(b)).append('\n');
        if (!machines.isEmpty()) {
            sb.append("The machines differ in what can move a figure:\n");
            for (MachineDifferences.Difference d : machines) {
                sb.append("   ").append(d.fact()).append(": A ").append(d.values().get(0)).append("  |  B ").append(d.values().get(1)).append('\n');
            }
        }
        sb.append("±: A ").append(basis(a.rows())).append("; B ").append(basis(b.rows())).append(".\n");
        sb.append("Rule: ").append(rule(minEffect)).append(". 'detects' is the smallest change these forks would flag four"
                + " times in five; to compare two builds or settings, switchcost ab's paired rounds resolve more.\n\n");
        sb.append(table(rows, minEffect).text());
        sb.append('\n');
        for (Row r : rows) {
            if (r.verdict().flagged()) {
                sb.append(r.key()).append(": B is ").append(Fmt.times(r.ratio())).append(" A (")
                        .append(r.verdict().text()).append(")\n");
            }
        }
        sb.append(summary(rows)).append('\n');
        return sb.toString();
    }

    /**
     * What a ± covers, in words: how many forks and iterations stand behind the rows' figures and which interval of the one
     * rule ({@link Estimate}) their error is; one description when all rows share it, else each distinct one joined by " | ".
     */
    static String basis(List<JmhRow> rows) {
        Set<String> all = new LinkedHashSet<>();
        rows.stream().filter(r -> !r.failed()).forEach(r -> all.add(basis(r)));
        return all.isEmpty() ? "no rows" : String.join(" | ", all);
    }

    /**
     * {@code 3 forks × 8 iterations; between-fork 99.9%}, {@code 1 fork × 20 iterations; within one fork 99.9% (not judged)},
     * or for a row without raw iterations {@code 1 fork × 5 iterations (JMH's own error); within one fork 99.9% (not judged)}.
     */
    static String basis(JmhRow r) {
        int forks = r.forks();
        int n = r.iterationsPerFork();
        String shape = forks == 0 ? "forks unknown" : forks + (forks == 1 ? " fork × " : " forks × ") + n + (n == 1 ? " iteration" : " iterations");
        String confidence = Fmt.num(Estimate.CONFIDENCE * 100) + "%";
        return shape + (r.hasRawIterations() ? "" : " (JMH's own error)") + "; " + switch (r.estimate().basis()) {
            case EXACT -> "exact";
            case BETWEEN_FORKS -> r.estimate().units() >= 2 ? "between-fork " + confidence : "one fork or run: no error (not judged)";
            case WITHIN_ONE_FORK -> "within one fork " + confidence + " (not judged)";
        };
    }

    /**
     * The fields of {@code diff --format json|csv}, one per field of {@link #exportFields}: {@link Diff}'s rows as numbers a
     * program or a spreadsheet reads, each value, its 99.9 % half-width and its unit in separate fields, never "3,448 ± 945"
     * in one cell; empty (CSV) or null (JSON) where a side is missing or a figure has no estimate. A round trip's values and
     * errors are per switch, its unit {@code ns/switch (round trip ÷ 2)}; the ratio is unit-free.
     */
    public static final List<String> EXPORT_COLUMNS = List.of("benchmark", "mode", "unit", "a_value", "a_error", "a_forks",
            "a_switches_per_op", "b_value", "b_error", "b_forks", "b_switches_per_op", "ratio", "ratio_error", "verdict");

    /** One row's fields, in {@link #EXPORT_COLUMNS} order; null for what is not there. */
    static List<Object> exportFields(Row r) {
        JmhRow any = r.a() != null ? r.a() : r.b();
        List<Object> f = new ArrayList<>(List.of(any.benchmark(), any.mode(), PerSwitch.shownUnit(any)));
        exportSide(f, r.a());
        exportSide(f, r.b());
        Export.estimate(f, r.ratio());
        f.add(r.verdict().name());
        return f;
    }

    private static void exportSide(List<Object> f, JmhRow row) {
        Export.estimate(f, row == null ? null : PerSwitch.shown(row));
        f.add(row == null ? null : row.forks());
        f.add(row == null ? null : Export.finite(row.switchesPerOp()));
    }

    /** A JSON array of objects, one per row, keyed by {@link #EXPORT_COLUMNS} (params are in the benchmark key's row). */
    public static String json(List<Row> rows) {
        List<String> columns = new ArrayList<>(EXPORT_COLUMNS);
        columns.addAll(List.of("key", "params"));
        return Export.json(columns, rows.stream().map(r -> {
            List<Object> f = exportFields(r);
            f.add(r.key());
            f.add((r.a() != null ? r.a() : r.b()).params());
            return f;
        }).toList());
    }

    /** CSV with a header ({@link Export#csv}), the params in the second column. */
    public static String csv(List<Row> rows) {
        List<String> columns = new ArrayList<>(EXPORT_COLUMNS);
        columns.add(1, "params");
        return Export.csv(columns, rows.stream().map(r -> {
            List<Object> f = exportFields(r);
            f.add(1, (r.a() != null ? r.a() : r.b()).paramsText());
            return f;
        }).toList());
    }

    /** {@code 2 of 14 rows differ beyond the minimum effect; 3 are the same within the margin; ...}. */
    static String summary(List<Row> rows) {
        long flagged = rows.stream().filter(r -> r.verdict().flagged()).count();
        StringBuilder sb = new StringBuilder().append(flagged).append(" of ").append(rows.size())
                .append(" rows differ beyond the error and the minimum effect");
        long same = rows.stream().filter(r -> r.verdict() == Verdict.SAME).count();
        long open = rows.stream().filter(r -> r.verdict() == Verdict.NOT_RESOLVED).count();
        long one = rows.stream().filter(r -> r.verdict() == Verdict.ONE_FORK).count();
        if (same > 0) {
            sb.append("; ").append(same).append(" the same within the margin");
        }
        if (open > 0) {
            sb.append("; ").append(open).append(' ').append(NOT_RESOLVED_TEXT);
        }
        if (one > 0) {
            sb.append("; ").append(one).append(" not judged: a figure from one fork (its ± misses the run-to-run variance;"
                    + " run with 2 or more forks to judge it)");
        }
        return sb.append('.').toString();
    }

    /** A row's figure with its error, marked FAILED for a failed trial; "—" for no row. */
    static String score(JmhRow r) {
        return r == null ? "—" : score(r, r.estimate());
    }

    /** {@link #score} per switch for a round trip ({@link PerSwitch#shown(JmhRow)}), as {@code diff} shows it. */
    static String perSwitch(JmhRow r) {
        return r == null ? "—" : score(r, PerSwitch.shown(r));
    }

    private static String score(JmhRow r, Estimate shown) {
        return (r.failed() ? "FAILED " : "") + Fmt.pm(shown);
    }
}
