package dev.switchcost.render;

import dev.switchcost.derive.PinningStudy;

import java.util.ArrayList;
import java.util.List;

/**
 * The pinning study ({@link PinningStudy}) as a table: one row per JDK × carriers × primitive, the round
 * trip with its error, the switches counted, the cost next to {@code ReentrantLock} and the reading.
 */
public final class PinningTable {

    static final List<String> HEADER = List.of("JDK", "carriers", "primitive", "ns per round trip", "carrier switches",
            "helper-thread switches", "vs ReentrantLock", "what it means");
    static final String ALIGN = "lrlrrrrl";

    private PinningTable() {
    }

    /** The cells, formatted for people ({@link Fmt}). */
    public static List<List<String>> cells(PinningStudy s) {
        List<List<String>> out = new ArrayList<>();
        for (PinningStudy.Row r : s.rows()) {
            out.add(List.of("JDK " + r.jdk(), String.valueOf(r.carriers()), r.shown(),
                    r.nsPerRoundTrip() == null ? r.missing() : Fmt.pm(r.nsPerRoundTrip()),
                    Fmt.count(r.carrierSwitches()), Fmt.count(r.helperSwitches()),
                    r.vsLock() == null ? "" : Fmt.times(r.vsLock()), r.reading()));
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
                + "JEP 491 added in JDK 24). Errors: " + dev.switchcost.results.Estimate.RULE + ".");
        doc.table(new Table(HEADER, cells(s), ALIGN));
    }

    /** The table alone, as Markdown (what README takes). */
    public static String markdown(PinningStudy s) {
        Doc d = new Doc();
        d.table(new Table(HEADER, cells(s), ALIGN));
        return d.markdown();
    }
}
