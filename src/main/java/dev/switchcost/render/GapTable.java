package dev.switchcost.render;

import dev.switchcost.derive.GapDecomposition;
import dev.switchcost.derive.GapDecomposition.Row;
import dev.switchcost.derive.GapDecomposition.AfterSwitch;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Estimate;
import java.util.List;
import java.util.Locale;

/** Renders {@link GapDecomposition}: the JVM−C gap in measured shares, and the after-a-switch rows, with a reading per row. */
public final class GapTable {

    private GapTable() {
    }

    /** What the after-a-switch table is, in one paragraph. */
    public static final String AFTER_SWITCH_LEGEND = "A binding's call right after a switch, against the same call in a warm loop "
            + "(ns per call, mean ± 99.9%): BindingAfterSwitch, one CPU, is the FFM futex ping-pong plus one gettid shaped as the "
            + "futex wait on each side after each wake, so after a switch = (that row − the row without the call) / 2; warm = "
            + "SyscallBaseline.gettidAsFutexWait; × calls = the difference times the binding's calls per round trip in its futex "
            + "row (waits + 2 wakes), beside that row's residual.";

    /** The after-a-switch rows as one table, or null when the run has none. */
    public static Table afterSwitchTable(CompareResults r) {
        List<AfterSwitch> rows = GapDecomposition.afterSwitch(r);
        if (rows.isEmpty()) {
            return null;
        }
        Table.Builder t = new Table.Builder("llrrrrrr", "binding", "reading", "after a switch", "warm loop", "difference",
                "calls/round trip", "× calls", "futex row's residual");
        for (AfterSwitch x : rows) {
            t.row(x.binding(), x.reading(), Fmt.pm(x.afterSwitch()), Fmt.pm(x.warm()), Fmt.pm(x.difference()),
                    Fmt.count(x.callsPerRoundTrip()), Fmt.pm(x.perRoundTrip()), Fmt.pm(x.residual()));
        }
        return t.build();
    }

    /** What the shares are, in one paragraph (for the terminal and reports). */
    public static final String LEGEND = "The JVM−C gap per round trip in measured shares (ns, mean ± 99.9%, one rule): "
            + "binding = waits × (gettid shaped as the futex wait − C gettid) + 2 wakes × (gettid shaped as the wake − C gettid), "
            + "waits = voluntary switches counted; timer = C timed − C untimed, for rows whose waits carry a timeout; "
            + "harness = JMH's empty op; residual = gap − the three shares.";

    /** Said instead of the table when the run has no syscall rows to price the shares with. */
    public static final String NOT_MEASURED = "The JVM−C gap is not split into shares here: that needs the gettid and empty-op rows,"
            + " which `switchcost compare` measures.";

    /**
     * The decomposition as one table (the C and JVM figures themselves are in the compare table above
     * it); null when no row can be decomposed, including when no share could be priced.
     */
    public static Table table(CompareResults r) {
        List<Row> rows = GapDecomposition.of(r);
        if (rows.stream().noneMatch(x -> Double.isFinite(x.residual().value()))) {
            return null;
        }
        // the reading (the answer) next to the row it answers for; the shares it comes from after it
        Table.Builder t = new Table.Builder("lllrrrrrrrr", "placement", "JVM row", "reading", "× C", "switches", "waits",
                "gap", "binding", "timer", "harness", "residual");
        for (Row x : rows) {
            t.row(x.placement(), x.label(), reading(x), Fmt.times(x.ratio()), Fmt.count(x.switches()), Fmt.count(x.waits()),
                    Fmt.pm(x.gap()), share(x.binding()), share(x.timer()), share(x.harness()), Fmt.pm(x.residual()));
        }
        return t.build();
    }

    private static String share(Estimate e) {
        return e.standardError() == 0 ? Fmt.num(e.value()) : Fmt.pm(e);
    }

    /** One line per row: do the shares account for the gap? */
    public static String reading(Row x) {
        Estimate res = x.residual();
        if (!Double.isFinite(res.value())) {
            return "shares not measured in this run (switchcost compare measures the gettid and empty-op rows)";
        }
        if (x.accounted()) {
            return "accounted for within the error";
        }
        if (x.undecided()) {
            return String.format(Locale.ROOT, "undecided: error ± %.0f %% of C (more repetitions)", 100 * res.halfWidth() / x.c().value());
        }
        if (!res.errorKnown()) {
            return "no error (one repetition)";
        }
        String pct = String.format(Locale.ROOT, "%.0f %% of C", 100 * res.value() / x.c().value());
        if (x.residualNeedsExplaining()) {
            return "unexplained: " + pct;
        }
        return "residual " + pct + (res.value() < 0 ? " (shares exceed the gap)" : " (under " + Math.round(100 * GapDecomposition.RESIDUAL_NOTE_SHARE) + " %)");
    }

    /** Plain text under the compare table: the table, or why there is none; empty when there is no JVM row to split. */
    public static String text(CompareResults r) {
        if (GapDecomposition.of(r).isEmpty()) {
            return "";
        }
        Table t = table(r);
        Table after = afterSwitchTable(r);
        return (t == null ? NOT_MEASURED + "\n" : LEGEND + "\n" + t.text())
                + (after == null ? "" : "\n" + AFTER_SWITCH_LEGEND + "\n" + after.text());
    }
}
