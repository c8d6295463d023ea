package dev.switchcost.render;

import dev.switchcost.derive.GapDecomposition.AfterSwitch;
import dev.switchcost.derive.GapDecomposition.Row;
import dev.switchcost.derive.GapDecomposition;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.PerSwitch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Renders {@link GapDecomposition}: the JVM−C gap in measured shares, and the after-a-switch rows, with a reading per row. */
public final class GapTable {

    private GapTable() {
    }

    /** What the after-a-switch table is, in one paragraph. */
    public static final String AFTER_SWITCH_LEGEND = "A binding's call right after a switch, against the same call in a warm loop "
            + "(ns per call, mean ± 99.9%): "
            + Bench.Names.AFTER_SWITCH + ", one CPU, is the FFM futex ping-pong plus one gettid shaped as the "
            + "futex wait on each side after each wake, so after a switch = (that row − the row without the call) / 2; warm = "
            + Bench.GETTID_AS_FUTEX_WAIT.shortName() + "; × calls = the difference times the binding's calls per round trip in its futex "
            + "row (waits + 2 wakes), ÷ 2 per switch, beside that row's residual per switch (as in the table above).";

    static final List<String> PARAMETERS = List.of("placement");

    /** The after-a-switch rows as one table, or null when the run has none. */
    public static Table afterSwitchTable(List<AfterSwitch> rows) {
        if (rows.isEmpty()) {
            return null;
        }
        Table.Builder t = new Table.Builder("llrrrrrr", "binding", "reading", "after a switch", "warm loop", "difference",
                "calls/round trip", "× calls", "futex row's residual");
        for (AfterSwitch x : rows) {
            t.row(x.binding(), x.reading(), Fmt.pm(x.afterSwitch()), Fmt.pm(x.warm()), Fmt.pm(x.difference()),
                    Fmt.count(x.callsPerRoundTrip()), Fmt.pm(perSwitch(x.perRoundTrip())), Fmt.pm(perSwitch(x.residual())));
        }
        return t.build();
    }

    /** What the shares are, in one paragraph (for the terminal and reports). */
    public static final String LEGEND = "The JVM−C gap in measured shares, each in ns" + PerSwitch.ROUND_TRIP_UNIT
            + " as the compare table (mean ± 99.9%, one rule); per round trip: "
            + "binding = waits × (gettid shaped as the futex wait − C gettid) + 2 wakes × (gettid shaped as the wake − C gettid), "
            + "waits = voluntary switches counted; timer = C timed − C untimed, for rows whose waits carry a timeout; "
            + "harness = JMH's empty op; residual = gap − the three shares.";

    /** Added to {@link #LEGEND} when a row is split through the C replica of Parker. */
    public static final String PARKER_LEGEND = "For LockSupport park()/unpark: Parker's protocol = C replica of HotSpot's Parker "
            + "(parker_threads) − plain C futex: what Parker's mutex, condition variable and counter add to a bare futex; its residual "
            + "= park() − C Parker − harness: the JVM's own part (thread-state transitions, Unsafe.park's wrappers). The virtual-thread "
            + "row is not split: its park unmounts the virtual thread and does not go through Parker.";

    /** Said instead of the table when the run has no syscall rows to price the shares with. */
    public static final String NOT_MEASURED = "The JVM−C gap is not split into shares here: that needs the gettid and empty-op rows,"
            + " which `switchcost compare` measures.";

    /**
     * The decomposition as one table (the C and JVM figures themselves are in the compare table above
     * it); null when no row can be decomposed, including when no share could be priced.
     */
    public static Table table(List<Row> rows) {
        if (rows.stream().noneMatch(x -> Double.isFinite(x.residual().value()))) {
            return null;
        }
        // the reading (the answer) next to the row it answers for; the shares it comes from after it
        List<Table.Column<Row>> c = new ArrayList<>(List.of(Table.col("placement", 'l', Row::placement),
                Table.col("JVM row", 'l', Row::label), Table.col("reading", 'l', GapTable::reading),
                Table.col("× C", 'r', x -> Fmt.times(x.ratio())), Table.col("switches", 'r', x -> Fmt.count(x.switches())),
                Table.col("waits", 'r', x -> Fmt.count(x.waits())), Table.col("gap", 'r', x -> Fmt.pm(perSwitch(x.gap()))),
                Table.col("binding", 'r', x -> share(x.binding())), Table.col("timer", 'r', x -> share(x.timer())),
                Table.col("harness", 'r', x -> share(x.harness()))));
        if (splitThroughParker(rows)) {
            c.add(Table.col("Parker's protocol", 'r', x -> x.throughParker() ? Fmt.pm(perSwitch(x.parkerProtocol())) : ""));
        }
        c.add(Table.col("residual", 'r', x -> Fmt.pm(perSwitch(x.residual()))));
        return Table.of(c, rows);
    }

    /** {@link #LEGEND}, with {@link #PARKER_LEGEND} when a row is split through the C Parker. */
    public static String legend(boolean parker) {
        return parker ? LEGEND + " " + PARKER_LEGEND : LEGEND;
    }

    /** Whether the run split a row through the C replica of Parker (then {@link #PARKER_LEGEND} belongs under the table). */
    public static boolean splitThroughParker(List<Row> rows) {
        return rows.stream().anyMatch(Row::throughParker);
    }

    private static String share(Estimate e) {
        Estimate shown = perSwitch(e);
        return shown.standardError() == 0 ? Fmt.num(shown.value()) : Fmt.pm(shown);
    }

    /** A share of the round trip's gap as shown: per switch, as the compare table above it ({@link PerSwitch}). */
    private static Estimate perSwitch(Estimate perRoundTrip) {
        return PerSwitch.ofRoundTrip(perRoundTrip);
    }

    /** One line per row: do the shares account for the gap? */
    public static String reading(Row x) {
        Estimate res = x.residual();
        if (!Double.isFinite(res.value())) {
            return "shares not measured in this run (switchcost compare measures the gettid and empty-op rows)";
        }
        if (x.throughParker()) {
            return parkerReading(x);
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

    /** A row through Parker: names whichever of Parker's protocol and the JVM's own part is resolved (excludes 0 at 99.9 %). */
    static String parkerReading(Row x) {
        Estimate protocol = x.parkerProtocol();
        Estimate own = x.residual();
        if (!protocol.errorKnown() || !own.errorKnown()) {
            return "no error (one repetition)";
        }
        String p = "Parker's protocol " + pct(protocol.value(), x);
        String j = "the JVM's own part " + pct(own.value(), x);
        if (protocol.resolved() && own.resolved()) {
            return p + " and " + j + ", both resolved";
        }
        if (protocol.resolved()) {
            return p + " (resolved); the JVM's own part within the error (± " + pct(own.halfWidth(), x) + ")";
        }
        if (own.resolved()) {
            return j + " (resolved); Parker's protocol within the error (± " + pct(protocol.halfWidth(), x) + ")";
        }
        return "neither share resolved (more repetitions)";
    }

    private static String pct(double v, Row x) {
        return String.format(Locale.ROOT, "%.0f %% of C", 100 * v / x.c().value());
    }

    /** Plain text under the compare table: the table, or why there is none; empty when there is no JVM row to split. */
    public static String text(List<Row> rows, List<AfterSwitch> afterSwitch) {
        if (rows.isEmpty()) {
            return "";
        }
        Table t = table(rows);
        Table after = afterSwitchTable(afterSwitch);
        return (t == null ? NOT_MEASURED + "\n" : legend(splitThroughParker(rows)) + "\n" + t.text())
                + (after == null ? "" : "\n" + AFTER_SWITCH_LEGEND + "\n" + after.text());
    }
}
