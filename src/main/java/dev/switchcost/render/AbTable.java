package dev.switchcost.render;

import dev.switchcost.derive.HostStates;
import dev.switchcost.derive.Modes;
import dev.switchcost.results.AbResults;
import dev.switchcost.results.Estimate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code switchcost ab}'s table: per benchmark row, base and head (each the mean of its rounds' forks), head/base judged
 * on the rounds' paired ratios by the one rule ({@link Diff#ratio}) — within one state of the host where it ran in two
 * ({@link HostStates}) — and the smallest change those rounds would flag (the minimum detectable effect). As text, and
 * as Markdown for a pull request or a job summary.
 */
public final class AbTable {

    private AbTable() {
    }

    /** A row with its paired verdict. */
    public record Judged(AbResults.Row row, HostStates states, Diff.Judged verdict, double minimumDetectable) {
    }

    public static List<Judged> judge(List<HostStates> rows, double minEffect) {
        return rows.stream().map(s -> {
            Estimate ratio = s.judged();
            return new Judged(s.row(), s, Diff.ratio(ratio, s.row().unit(), minEffect), ratio.minimumDetectableEffect(minEffect));
        }).toList();
    }

    /** The rule in one sentence. */
    public static String rule(double minEffect) {
        String m = Fmt.percent(minEffect).replace("+", "±");
        return "head/base is the geometric mean of the rounds' ratios (both sides ran in every round, in a random order)"
                + " with its 99.9% Student-t interval over rounds; a row is flagged when that interval excludes 1 and the"
                + " change is at least " + m + ", the same when the whole interval lies within " + m + ", else not resolved;"
                + " a time per op is better lower, a throughput higher; 'detects' is the smallest change these rounds would"
                + " flag four times in five; where the host ran in two states (both sides' iterations in two modes, in"
                + " shares that agree), each round's ratio is taken within the state most rounds share";
    }

    /** One line per row whose host ran in two states: the states, the other state's ratio and the whole rounds'. */
    public static List<String> stateNotes(List<Judged> rows) {
        List<String> out = new ArrayList<>();
        for (Judged j : rows) {
            HostStates s = j.states();
            if (!s.found()) {
                continue;
            }
            Modes shown = s.base().mixed() ? s.base() : s.head();
            String modes = "slow " + Fmt.times(shown.modes().get(1).centre() / shown.modes().get(0).centre())
                    + " the fast (" + share(s.base(), "base's") + ", " + share(s.head(), "head's") + ")";
            if (s.notTheHostsAlone()) {
                out.add(j.row().key() + ": two modes, " + modes + ", not the host's alone (the head's share of its slow"
                        + " mode less the base's, per round: " + Fmt.pm(s.shareDifference().value() * 100,
                        s.shareDifference().halfWidth() * 100) + " points; within the " + (s.judgedFast() ? "fast" : "slow")
                        + " mode " + ratio(s.judgedFast() ? s.fast() : s.slow()) + "): judged on whole rounds");
            } else if (s.byState()) {
                Estimate other = s.judgedFast() ? s.slow() : s.fast();
                out.add(j.row().key() + ": the host ran in two states, " + modes + "; judged in the "
                        + (s.judgedFast() ? "fast" : "slow") + " state; the " + (s.judgedFast() ? "slow" : "fast")
                        + " state " + ratio(other) + "; whole rounds " + ratio(s.whole()));
            } else {
                out.add(j.row().key() + ": two modes, " + modes + ", too few rounds in either: judged on whole rounds");
            }
        }
        return out;
    }

    private static String ratio(Estimate r) {
        return r.units() == 0 ? "in no round" : Fmt.times(r) + " (" + r.units() + " rounds)";
    }

    /** A side's share of the slow state ("12 % of base's iterations"), or that it showed too few to be a mode. */
    private static String share(Modes m, String side) {
        return m.mixed() ? String.format(Locale.ROOT, "%.0f %% of %s iterations", m.modes().get(1).share() * 100, side)
                : "too few of " + side + " to be a mode";
    }

    public static Table table(List<Judged> rows) {
        Table.Builder t = new Table.Builder("lrrrrrl", "benchmark [mode]", "base ± 99.9%", "head ± 99.9%", "unit",
                "head/base ± 99.9%", "detects", "verdict");
        for (Judged j : rows) {
            AbResults.Row r = j.row();
            t.row(r.key(), Fmt.pm(r.baseEstimate()), Fmt.pm(r.headEstimate()), r.unit(),
                    Fmt.times(j.verdict().ratio()) + " (" + j.verdict().ratio().units() + " rounds"
                            + (j.states().byState() ? (j.states().judgedFast() ? ", fast state)" : ", slow state)") : ")"),
                    detects(j.minimumDetectable()),
                    j.verdict().verdict().text("head"));
        }
        return t.build();
    }

    /**
     * The minimum detectable effect as a change: ±4.2 % below 100 %, else the ratio it takes (×3.5), and from ×100 on
     * only {@code over ×100} (two rounds of a noisy benchmark would print thirty digits).
     */
    public static String detects(double effect) {
        return !Double.isFinite(effect) ? "–" : effect < 1 ? "±" + Fmt.percent(effect).substring(1)
                : effect >= 99 ? "over ×100" : "×" + Fmt.times(1 + effect).replace("×", "");
    }

    /** Rows flagged as worse (head slower) by at least {@code failAbove}, a fraction. */
    public static List<Judged> regressions(List<Judged> rows, double failAbove) {
        return rows.stream().filter(j -> j.verdict().verdict() == Diff.Verdict.SLOWER)
                .filter(j -> Math.max(j.verdict().ratio().value(), 1 / j.verdict().ratio().value()) >= 1 + failAbove - 1e-12).toList();
    }

    /** The Markdown a pull request comment or a job summary takes: a heading, the counts, the table, the rule. */
    public static String markdown(AbResults r, List<Judged> rows, double minEffect, String machine) {
        List<String> notes = new ArrayList<>(stateNotes(rows).stream().map(n -> n + ".").toList());
        notes.addAll(List.of("Rule: " + rule(minEffect) + ".", "Machine: " + machine + ".",
                "base: `" + r.sides().get(0).target() + "` " + String.join(" ", r.sides().get(0).jvmArgs())
                + "; head: `" + r.sides().get(1).target() + "` " + String.join(" ", r.sides().get(1).jvmArgs())
                + "; JMH: " + String.join(" ", r.jmhArgs())));
        return markdown("switchcost ab: head against base", rows.stream().map(j -> j.verdict().verdict()).toList(),
                String.format(Locale.ROOT, "rows, from %d of %d rounds complete", r.completeRounds(), r.rounds().size()),
                table(rows), notes, r.failures().stream().map(f -> "failed: " + f).toList());
    }

    /**
     * The one Markdown writer of a table of verdicts ({@code ab}, {@code history diff}, the history's change points), for
     * a pull request comment or a job summary: a heading; the verdicts counted ("1 slower, 0 faster, 2 the same, 0 not
     * resolved", and how many were not judged, if any) of {@code what}; the table; the notes, one a line; the items as a
     * list.
     */
    public static String markdown(String heading, List<Diff.Verdict> verdicts, String what, Table table, List<String> notes,
                                  List<String> items) {
        long slower = verdicts.stream().filter(v -> v == Diff.Verdict.SLOWER).count();
        long faster = verdicts.stream().filter(v -> v == Diff.Verdict.FASTER).count();
        long same = verdicts.stream().filter(v -> v == Diff.Verdict.SAME).count();
        long unjudged = verdicts.stream().filter(v -> !v.judged()).count();
        StringBuilder sb = new StringBuilder("### ").append(heading).append("\n\n");
        sb.append(String.format(Locale.ROOT, "**%d slower, %d faster, %d the same, %d not resolved%s** of %d %s.\n\n",
                slower, faster, same, verdicts.size() - slower - faster - same - unjudged,
                unjudged == 0 ? "" : ", " + unjudged + " not judged", verdicts.size(), what));
        sb.append(table.markdown()).append('\n');
        sb.append(String.join("  \n", notes)).append('\n');
        items.forEach(i -> sb.append("\n- ").append(i));
        return sb.toString();
    }
}
