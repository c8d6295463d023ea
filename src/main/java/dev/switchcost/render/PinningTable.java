package dev.switchcost.render;

import dev.switchcost.derive.PinningStudy;
import dev.switchcost.results.Estimate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The pinning study ({@link PinningStudy}) as a table: one row per JDK × carriers × primitive, the round
 * trip with its error and the reading beside it, then the cost next to {@code ReentrantLock} and the switches counted.
 */
public final class PinningTable {

    // the figure and what it means (the answer) next to the row's name; what they come from after them
    static final List<String> HEADER = List.of("JDK", "carriers", "primitive", "ns per round trip", "what it means",
            "vs ReentrantLock", "carrier switches", "helper-thread switches");
    static final String ALIGN = "lrlrlrrr";
    /** The columns a report states once above the table when every row has the same: the parameters. */
    static final List<String> PARAMETERS = List.of("JDK", "carriers");

    private PinningTable() {
    }

    /** The cells, formatted for people ({@link Fmt}). */
    public static List<List<String>> cells(PinningStudy s) {
        List<List<String>> out = new ArrayList<>();
        for (PinningStudy.Row r : s.rows()) {
            out.add(List.of("JDK " + r.jdk(), String.valueOf(r.carriers()), r.shown(),
                    r.nsPerRoundTrip() == null ? r.missing() : Fmt.pm(r.nsPerRoundTrip()), reading(r),
                    r.vsLock() == null ? "" : Fmt.times(r.vsLock()), Fmt.count(r.carrierSwitches()), Fmt.count(r.helperSwitches())));
        }
        return out;
    }

    /** The report section's title. */
    static final String TITLE = "Does synchronized pin? Virtual-thread handoffs per JDK";

    /** The body of the report's section (the renderer writes its heading): method line, table. */
    static void section(Doc doc, PinningStudy s) {
        doc.p("Two virtual threads hand a turn back and forth (VirtualThreadHandoffOneCarrier/TwoCarriers, pair=VT_VT) with each "
                + "blocking primitive, on every JDK in this input. Switches are kernel context switches per round trip counted "
                + "by ContextSwitchProfiler: of the carriers, and of the JDK's virtual-thread helper threads (the unblocker that "
                + "JEP 491 added in JDK 24). Errors: " + Estimate.RULE + ".");
        doc.table(new Table(HEADER, cells(s), ALIGN), PARAMETERS);
    }

    /** The table alone, as Markdown (what README takes). */
    public static String markdown(PinningStudy s) {
        Doc d = new Doc();
        d.table(new Table(HEADER, cells(s), ALIGN));
        return d.markdown();
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
