package dev.switchcost.render;

import com.google.gson.GsonBuilder;
import dev.switchcost.derive.PricedStacks;
import dev.switchcost.derive.StackPrice;
import dev.switchcost.derive.SwitchPrices;
import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.SamplePlacement;
import one.convert.Arguments;
import one.convert.FlameGraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The flame graphs ({@link #flameGraph}) and the priced one's words: its title, the table of the top stacks by cost, and the same in JSON. */
public final class PricedStacksText {

    private PricedStacksText() {
    }

    /**
     * A flame graph drawn by async-profiler's own converter ({@code tools.profiler:jfr-converter}, {@link FlameGraph})
     * from collapsed stacks: {@code frames count} lines, the count a weight (switches, or ns of CPU time).
     *
     * @param collapsed collapsed stacks, one a line
     * @param title     the graph's heading, short enough for one line beside the graph's buttons
     * @param note      what the heading leaves out, a paragraph of its own below the buttons and above the graph (HTML
     *                  escaped here), or null for none
     * @param unit      what a weight of 1 is ("switch", "ns"); the converter's tooltips say "samples", renamed to it
     */
    public static String flameGraph(String collapsed, String title, String note, String unit) {
        Arguments args = new Arguments();
        args.title = title;
        FlameGraph graph = new FlameGraph(args);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
            graph.parseCollapsed(new StringReader(collapsed));
            graph.dump(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
        // the template puts its buttons (left) and "Produced by" (right) on the heading's last line: the heading keeps clear
        String html = bytes.toString(StandardCharsets.UTF_8).replaceFirst("<h1>", HEADING);
        if (note != null) {
            // below those headers, above the graph
            int at = html.indexOf(CANVAS);
            if (at < 0) {
                throw new IllegalStateException("async-profiler's template has no " + CANVAS + " to put the note above");
            }
            html = html.substring(0, at) + NOTE_OPEN + note.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                    + "</div>\n" + html.substring(at);
        }
        return unit.equals("sample") ? html : html.replace("'1 sample'", "'1 " + unit + "'").replace("' samples'", "' " + unit + "'");
    }

    private static final String CANVAS = "<canvas id='canvas'>";

    /** The heading, its sides clear of the template's buttons (about 60 px) and its "Produced by async-profiler" (150). */
    static final String HEADING = "<h1 style='padding: 0 160px 0 70px'>";

    /** Opens the note below the graph's heading (a div: the template fixes every {@code p} to the window's bottom). */
    static final String NOTE_OPEN = "<div id='note' style='margin: 0 0 8px 0; text-align: center; color: #444'>";

    /** The graph's title: what a frame's width is and the total with its error, in ms, and its share of the process's CPU. */
    public static String title(PricedStacks p) {
        return "CPU time context switches cost, by stack: " + Fmt.pm(p.total().times(1e-6)) + " ms (" + share(p.share())
                + " of the process's CPU time)";
    }

    /** What the title leaves out: the switches, the price per switch and the placement mix it is at. */
    public static String note(PricedStacks p) {
        return "= " + String.format(Locale.ROOT, "%,d", p.switches()) + " switches × " + Fmt.pm(p.price())
                + " ns per switch (mean), at " + p.mix() + ". A frame's width is the CPU time of its switches, in ns.";
    }

    /** "0.84 %", or "–" when unknown. */
    static String share(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.2f %%", fraction * 100) : "–";
    }

    /**
     * A stack in a few words: its thread, the deepest frame of the program's own code (not {@code java/}, {@code jdk/},
     * {@code sun/}, {@code com/sun/}) and the frame it called; the deepest Java frame when all are the JDK's.
     */
    static String shortStack(String stack) {
        String[] f = stack.split(";");
        int own = -1;
        int java = -1;
        for (int i = 1; i < f.length; i++) {
            if (CollapsedStacks.isJava(f[i])) {
                java = i;
                if (!f[i].matches("(java|jdk|sun|com/sun)/.*")) {
                    own = i;
                }
            }
        }
        if (own < 0 && java < 0) {
            return f[0] + " " + f[f.length - 1];
        }
        int at = own >= 0 ? own : java;
        return f[0] + " " + f[at] + (at + 1 < f.length && own >= 0 ? " > " + f[at + 1] : "");
    }

    /** The {@code top} most costly stacks, a table for the terminal. */
    public static List<String> table(PricedStacks p, int top) {
        List<String> lines = new ArrayList<>();
        lines.add("Top stacks by the CPU time of their switches (" + p.mix() + "; mean price " + Fmt.pm(p.price()) + " ns per switch):");
        lines.add(String.format(Locale.ROOT, "  %10s  %22s  %9s  %s", "switches", "CPU time, ns", "of CPU", "thread, its own deepest frame > what that called"));
        for (PricedStacks.Row r : p.rows().subList(0, Math.min(top, p.rows().size()))) {
            lines.add(String.format(Locale.ROOT, "  %,10d  %22s  %9s  %s", r.switches(), Fmt.pm(r.cost()), share(r.share()),
                    shortStack(r.stack())));
        }
        if (p.rows().size() > top) {
            lines.add("  ... " + (p.rows().size() - top) + " more stacks in the JSON");
        }
        return lines;
    }

    /** Every stack, most costly first, with switches, ns ± the 99.9 % half-width and its share of the process's CPU. */
    public static String json(PricedStacks p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("unit", "ns of CPU time");
        m.put("placementMix", p.mix());
        m.put("pricePerSwitchNs", estimate(p.price()));
        m.put("processCpuNs", Double.isFinite(p.processCpuNs()) ? p.processCpuNs() : null);
        m.put("switches", p.switches());
        m.put("totalNs", estimate(p.total()));
        m.put("shareOfProcessCpu", Double.isFinite(p.share()) ? p.share() : null);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (PricedStacks.Row r : p.rows()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("stack", r.stack());
            row.put("switches", r.switches());
            row.put("ns", estimate(r.cost()));
            row.put("shareOfProcessCpu", Double.isFinite(r.share()) ? r.share() : null);
            rows.add(row);
        }
        m.put("stacks", rows);
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create().toJson(m) + "\n";
    }

    private static Map<String, Object> estimate(Estimate e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", e.value());
        m.put("halfWidth999", e.errorKnown() ? e.halfWidth() : null);
        return m;
    }

    /**
     * The placement mix the stacks are priced at, in words, or null when none was measured and nothing is priced.
     *
     * @param placement the sampled threads' wake-ups by placement (read when {@link StackPrice#measuredMix})
     * @param noMix     why there is no placement, for people
     */
    public static String mix(StackPrice p, SamplePlacement placement, String noMix) {
        if (!p.measuredMix()) {
            return p.unpriced() == null ? "no measured placement mix (" + noMix + "): every switch at the cross-CPU price, an upper bound"
                    : null;
        }
        double same = p.processShare();
        return String.format(Locale.ROOT, "each thread's own placement mix where the trace saw it woken (%d threads),"
                + " else the process's: %.0f %% same-CPU / %.0f %% cross-CPU wake-ups (%s and %s, %s)", p.byTid().size(),
                same * 100, (1 - same) * 100, Fmt.grouped(placement.sameCpu()), Fmt.grouped(placement.crossCpu()), placement.source());
    }

    /** Why the stacks are not priced, in words, or null when they are; {@code noMix}: why there is no placement. */
    public static String why(StackPrice p, String noMix) {
        if (p.unpriced() == null) {
            return null;
        }
        return switch (p.unpriced()) {
            case NO_RESULTS -> "no results to price them: run `switchcost run --quick` (or give --costs DIR)";
            case NO_CROSS_PRICE -> "no placement mix (" + noMix + ") and no cross-CPU price: run `" + SwitchPrices.PLATFORM_RUN + "`";
            case MISSING_PRICE -> "the results lack the CPU time per switch this mix needs: run `" + SwitchPrices.PLATFORM_RUN + "`";
        };
    }
}
