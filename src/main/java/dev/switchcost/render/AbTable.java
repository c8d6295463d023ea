package dev.switchcost.render;

import dev.switchcost.results.AbResults;
import dev.switchcost.results.Estimate;

import java.util.List;

/**
 * {@code switchcost ab}'s table: per benchmark row, base and head (each the mean of its rounds' forks), head/base judged
 * on the rounds' paired ratios by the one rule ({@link Diff#ratio}), and the smallest change those rounds would flag
 * (the minimum detectable effect). As text, and as Markdown for a pull request or a job summary.
 */
public final class AbTable {

    private AbTable() {
    }

    /** A row with its paired verdict. */
    public record Judged(AbResults.Row row, Diff.Judged verdict, double minimumDetectable) {
    }

    public static List<Judged> judge(List<AbResults.Row> rows, double minEffect) {
        return rows.stream().map(r -> {
            Estimate ratio = r.ratio();
            return new Judged(r, Diff.ratio(ratio, r.unit(), minEffect), ratio.minimumDetectableEffect(minEffect));
        }).toList();
    }

    /** The rule in one sentence. */
    public static String rule(double minEffect) {
        String m = Fmt.percent(minEffect).replace("+", "±");
        return "head/base is the geometric mean of the rounds' ratios (both sides ran in every round, in a random order)"
                + " with its 99.9% Student-t interval over rounds; a row is flagged when that interval excludes 1 and the"
                + " change is at least " + m + ", the same when the whole interval lies within " + m + ", else not resolved;"
                + " a time per op is better lower, a throughput higher; 'detects' is the smallest change these rounds would"
                + " flag four times in five";
    }

    public static Table table(List<Judged> rows) {
        Table.Builder t = new Table.Builder("lrrrrrl", "benchmark [mode]", "base ± 99.9%", "head ± 99.9%", "unit",
                "head/base ± 99.9%", "detects", "verdict");
        for (Judged j : rows) {
            AbResults.Row r = j.row();
            t.row(r.key(), Fmt.pm(r.baseEstimate()), Fmt.pm(r.headEstimate()), r.unit(),
                    Fmt.times(j.verdict().ratio()) + " (" + j.verdict().ratio().units() + " rounds)",
                    detects(j.minimumDetectable()),
                    j.verdict().verdict().text("head"));
        }
        return t.build();
    }

    /** The minimum detectable effect as a change: ±4.2 % below 100 %, else the ratio it takes (×3.5). */
    public static String detects(double effect) {
        return !Double.isFinite(effect) ? "–" : effect < 1 ? "±" + Fmt.percent(effect).substring(1) : "×" + Fmt.times(1 + effect).replace("×", "");
    }

    /** Rows flagged as worse (head slower) by at least {@code failAbove}, a fraction. */
    public static List<Judged> regressions(List<Judged> rows, double failAbove) {
        return rows.stream().filter(j -> j.verdict().verdict() == Diff.Verdict.SLOWER)
                .filter(j -> Math.max(j.verdict().ratio().value(), 1 / j.verdict().ratio().value()) >= 1 + failAbove - 1e-12).toList();
    }

    /** The Markdown a pull request comment or a job summary takes: a heading, the counts, the rule, the table. */
    public static String markdown(AbResults r, List<Judged> rows, double minEffect, String machine) {
        long slower = rows.stream().filter(j -> j.verdict().verdict() == Diff.Verdict.SLOWER).count();
        long faster = rows.stream().filter(j -> j.verdict().verdict() == Diff.Verdict.FASTER).count();
        long same = rows.stream().filter(j -> j.verdict().verdict() == Diff.Verdict.SAME).count();
        StringBuilder sb = new StringBuilder("### switchcost ab: head against base\n\n");
        sb.append(String.format(java.util.Locale.ROOT, "**%d slower, %d faster, %d the same, %d not resolved** of %d rows, from %d of %d rounds complete.\n\n",
                slower, faster, same, rows.size() - slower - faster - same, rows.size(), r.completeRounds(), r.rounds().size()));
        sb.append(table(rows).markdown()).append('\n');
        sb.append("Rule: ").append(rule(minEffect)).append(".  \n");
        sb.append("Machine: ").append(machine).append(".  \n");
        sb.append("base: `").append(r.sides().get(0).target()).append("` ").append(String.join(" ", r.sides().get(0).jvmArgs()))
                .append("; head: `").append(r.sides().get(1).target()).append("` ").append(String.join(" ", r.sides().get(1).jvmArgs()))
                .append("; JMH: ").append(String.join(" ", r.jmhArgs())).append('\n');
        r.failures().forEach(f -> sb.append("\n- failed: ").append(f));
        return sb.toString();
    }
}
