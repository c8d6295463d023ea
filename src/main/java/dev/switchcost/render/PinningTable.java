package dev.switchcost.render;

import dev.switchcost.derive.PinningStudy;
import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.PerSwitch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The pinning study ({@link PinningStudy}) as a table: one row per JDK × carriers × primitive, the round
 * trip per switch ({@link PerSwitch}: ÷ 2) with its error and the reading beside it (the answer next to the row's name), then the switches counted, JFR's
 * pinned events and the bytes allocated per round trip where the input has them (a column only then), and the cost next
 * to {@code ReentrantLock}.
 */
public final class PinningTable {

    /**
     * Column names, short: a numeric column's name does not wrap, and the table must fit a 1280 px page with the
     * profilers' columns in it (what each counts, per round trip, is said above and below the table).
     */
    static final String SWITCHES = "switches";
    static final String PINNED = "pinned events";
    static final String BYTES = "bytes";

    /** Marks a JDK 21 {@code synchronized} cell whose pinning JFR does not record ({@code †} marks a disturbed row, kept, and {@code ‡} a figure short of {@code --precision}: each mark has one meaning). */
    static final String UNRECORDED = " §";

    /** The figure's column: per switch, as the card and {@code diff} show a round trip ({@link PerSwitch}). */
    static final String FIGURE = "ns" + PerSwitch.ROUND_TRIP_UNIT;

    static final List<String> PARAMETERS = List.of("JDK", "carriers");

    private PinningTable() {
    }

    private static boolean pinned(PinningStudy s) {
        return s.rows().stream().anyMatch(r -> Double.isFinite(r.pinnedEvents()));
    }

    private static boolean bytes(PinningStudy s) {
        return s.rows().stream().anyMatch(r -> Double.isFinite(r.bytesPerRoundTrip()));
    }

    /** The study's rows, formatted for people ({@link Fmt}), with a column for each profiler's figures where it has them. */
    public static Table table(PinningStudy s) {
        List<Table.Column<PinningStudy.Row>> c = new ArrayList<>(List.of(Table.col("JDK", 'l', r -> "JDK " + r.jdk()),
                Table.col("carriers", 'r', r -> String.valueOf(r.carriers())), Table.col("primitive", 'l', PinningStudy.Row::shown),
                Table.col(FIGURE, 'r', r -> r.nsPerRoundTrip() == null ? r.missing()
                        : Fmt.pm(PerSwitch.ofRoundTrip(r.nsPerRoundTrip())) + AnswerCard.disturbed(r.disturbed())),
                Table.col("what it means", 'l', PinningTable::reading), Table.col(SWITCHES, 'r', r -> Double.isNaN(r.carrierSwitches())
                        ? "–" : Fmt.count(r.carrierSwitches()) + " / " + Fmt.count(r.helperSwitches()))));
        if (pinned(s)) {
            c.add(Table.col(PINNED, 'r', r -> Fmt.count(r.pinnedEvents()) + (unrecorded(r) ? UNRECORDED : "")));
        }
        if (bytes(s)) {
            c.add(Table.col(BYTES, 'r', r -> Fmt.num(r.bytesPerRoundTrip())));
        }
        c.add(Table.col("vs ReentrantLock", 'r', r -> r.vsLock() == null ? "" : Fmt.times(r.vsLock())));
        return Table.of(c, s.rows());
    }

    /**
     * A cell whose pinning JFR cannot show: {@code synchronized} + {@code wait} on a JDK before
     * {@value JdkPolicy#NO_PINNING} pins its carrier in {@code Object.wait}, for which those JDKs record no
     * {@code jdk.VirtualThreadPinned} (they record one only for a park while pinned); since 2026-11-23 those trials run
     * without JFR (PinnedEventsProfiler#pinsInWait) and their count is absent, older inputs read 0.
     */
    static boolean unrecorded(PinningStudy.Row r) {
        int feature = JdkPolicy.feature(r.jdk());
        return r.missing() == null && r.primitive().equals("SYNCHRONIZED") && feature > 0 && feature < JdkPolicy.NO_PINNING
                && !(r.pinnedEvents() >= 0.5);
    }

    static final String TITLE = "Does synchronized pin? Virtual-thread handoffs per JDK";

    /** The body of the report's section (the renderer writes its heading): method line, table, what its columns are. */
    static void section(Doc doc, PinningStudy s) {
        doc.p("Two virtual threads hand a turn back and forth (" + Bench.Names.VIRTUAL_ONE_CARRIER + "/TwoCarriers, pair=VT_VT) with each "
                + "blocking primitive, on every JDK in this input. Switches are kernel context switches per round trip counted "
                + "by ContextSwitchProfiler: of the carriers / of the JDK's virtual-thread helper threads (the unblocker that "
                + "JEP 491 added in JDK 24). Errors: " + Estimate.RULE + ".");
        doc.table(table(s), PARAMETERS);
        List<String> legend = new ArrayList<>();
        if (pinned(s)) {
            legend.add("Pinned events per round trip: JFR's `jdk.VirtualThreadPinned`, the JDK's record of a virtual thread that "
                    + "blocked without releasing its carrier (PinnedEventsProfiler: threshold 0, no stack traces). A JFR recording "
                    + "slows virtual-thread handoffs, so the times of a run that counted these events are not the ones to quote: "
                    + "count them in a run of their own.");
        }
        if (pinned(s) && s.rows().stream().anyMatch(PinningTable::unrecorded)) {
            legend.add(UNRECORDED.strip() + " JDK " + (JdkPolicy.NO_PINNING - 1) + " and older record that event only for a park while pinned: "
                    + "`Object.wait` inside `synchronized` pins the carrier without one (and with JFR recording beside carriers "
                    + "pinned there, JDK 21 trials hung, so they run without it: –). There the carrier switches are the evidence.");
        }
        if (s.rows().stream().anyMatch(PinningStudy.Row::disturbed)) {
            legend.add(AnswerCard.DISTURBED_LEGEND + ".");
        }
        if (bytes(s)) {
            legend.add("Bytes: allocated per round trip, JMH's `gc.alloc.rate.norm` (`-prof gc`; one op is one round trip).");
        }
        if (!legend.isEmpty()) {
            doc.p(String.join(" ", legend));
        }
    }

    /** What a cell means, one line: its reason when it has no figure, else what its switch counts say. */
    public static String reading(PinningStudy.Row r) {
        return r.reading() != null ? r.reading()
                : reading(r.primitive(), r.carriers(), r.carrierSwitches(), r.helperSwitches(), r.vsLock());
    }

    /** What a row's switch shape means, for one with a figure; the thresholds separate 0, 1 and 2 switches per round trip. */
    static String reading(String primitive, int carriers, double carrier, double helper, Estimate vsLock) {
        String cost = vsLock == null ? ""
                : vsLock.errorKnown() && (vsLock.lower() > 1 || vsLock.upper() < 1) ? ", " + times(vsLock) + " the ReentrantLock round trip"
                : ", not told apart from ReentrantLock in this run";
        boolean sync = primitive.equals("SYNCHRONIZED");
        if (helper >= 0.5) {
            return (sync ? "does not pin (JEP 491), but every notify wakes its waiter through the JDK's unblocker thread: "
                    : "wakeups go through the JDK's helper threads: ")
                    + count(carrier + helper) + " kernel switches per round trip" + cost
                    + (sync ? "; replace synchronized where the handoff is hot" : "");
        }
        if (carrier >= 1.5) {
            return sync ? "pins: the carrier itself blocks in the kernel on every wait, as a platform thread would" + cost
                    + "; replace synchronized around blocking waits in code virtual threads run"
                    : count(carrier) + " carrier switches per round trip: the idle carrier parks between handoffs" + cost;
        }
        if (carrier + helper < 0.2) {
            return "stays on the carrier: no kernel switch per round trip" + cost
                    + (primitive.equals("REENTRANT_LOCK") ? "; the usual replacement for synchronized" : "");
        }
        return count(carrier + helper) + " kernel switches per round trip (idle carriers park and are woken)" + cost;
    }

    private static String count(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String times(Estimate e) {
        return String.format(Locale.ROOT, e.value() >= 10 ? "%.0f×" : "%.1f×", e.value());
    }
}
