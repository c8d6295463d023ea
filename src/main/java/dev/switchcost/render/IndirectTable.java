package dev.switchcost.render;

import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.IndirectCost.Flag;
import dev.switchcost.derive.IndirectCost.Row;
import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.results.Estimate;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Renders {@link IndirectCost}: raw per-switch times beside the derived ones, flagged where they are not a cost. */
public final class IndirectTable {

    private IndirectTable() {
    }

    /** How the indirect column reads: the value only when clean, else the flag and, in brackets, the arithmetic. */
    public static String indirectCell(Row r) {
        if (r.indirect() == null) {
            return "n/a (" + missingWhat(r) + ")";
        }
        if (r.workingSetKiB() == 0) {
            return "0 (direct row)";
        }
        if (r.clean()) {
            return Fmt.pm(r.indirect());
        }
        String names = r.flags().stream().map(Flag::name).collect(Collectors.joining(","));
        return names + " [" + Fmt.pm(r.indirect()) + "]";
    }

    private static String missingWhat(Row r) {
        List<String> m = new ArrayList<>();
        if (r.direct() == null) {
            m.add("no size-0 roundTrip");
        }
        if (r.walk() == null) {
            m.add("no walkAlone " + r.workingSetKiB() + " KiB/" + r.strideBytes() + " B");
        }
        return String.join(", ", m);
    }

    /** The table: raw per-switch times beside the derived ones, and cache misses where counted. */
    public static Table table(List<Row> rows, CacheSizes caches) {
        boolean jdks = rows.stream().map(Row::jdk).distinct().count() > 1;
        boolean misses = rows.stream().anyMatch(r -> Double.isFinite(r.missesPerSwitch()));
        List<String> head = new ArrayList<>(List.of("class", "handoff", "placement", "sharing", "walk", "strideB", "sizeKiB", "cacheMark",
            "total_ns/switch", "direct_ns/switch", "walk_ns/switch", "walk2arrays_ns/switch", "indirect_ns/switch", "switches/op"));
        if (misses) {
            head.addAll(List.of("misses/switch", "indirect_misses/switch"));
        }
        if (jdks) {
            head.add(0, "jdk");
        }
        List<List<String>> lines = new ArrayList<>();
        for (Row r : rows) {
            List<String> l = new ArrayList<>(List.of(r.benchmarkClass(), r.handoff(), r.placement(), String.valueOf(r.sharing()),
                r.walkKind(), String.valueOf(r.strideBytes()), String.valueOf(r.workingSetKiB()), IndirectCost.mark(caches, r.workingSetKiB()),
                Fmt.pm(r.total()), fmt(r.direct()), fmt(r.walk()), fmt(r.walkTwoArrays()), indirectCell(r),
                Fmt.count(r.switchesPerOp())));
            if (misses) {
                l.add(Fmt.num(r.missesPerSwitch()));
                l.add(r.indirectMisses() == null ? "–" : Fmt.pm(r.indirectMisses()));
            }
            if (jdks) {
                l.add(0, r.jdk());
            }
            lines.add(l);
        }
        String align = (jdks ? "l" : "") + "lllllrrlrrrrrr" + (misses ? "rr" : "");
        return new Table(head, lines, align);
    }

    /** The legend printed under the text table. */
    public static String legend(CacheSizes caches) {
        return "Per switch = per round trip / 2. total = roundTrip/2; direct = roundTrip(size 0)/2; walk = walkAlone/2"
                + " (one array, no switch); indirect = total - direct - walk; walk2arrays = two arrays, no switch"
                + " (cache interference without a switch). Errors: " + Estimate.RULE + ".\n"
                + "Flags: " + flagLegend() + (caches != null ? "\nCache marks: " + caches.describe() : "") + "\n";
    }

    /** Prints the table: aligned text with a legend, or TSV for plotting. */
    public static void print(List<Row> rows, CacheSizes caches, boolean tsv, PrintWriter out) {
        Table t = table(rows, caches);
        if (tsv) {
            out.print(t.tsv());
        } else {
            out.print(t.text());
            out.println();
            out.print(legend(caches));
        }
    }

    static String flagLegend() {
        return "MISSING_BASELINE no size-0 or walkAlone row; NEGATIVE below zero beyond its error: not a cost;"
                + " WITHIN_ERROR indistinguishable from 0; NO_ERROR_ESTIMATE one iteration, no error;"
                + " WALK_DOMINATED walk > 90% of total (memory-bound; small difference of large numbers)."
                + " Flagged values appear only in [brackets] after the flag.";
    }

    public static String fmt(Estimate e) {
        return e == null ? "–" : Fmt.pm(e);
    }
}
