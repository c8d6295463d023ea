package dev.switchcost.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders {@link CompareResults} as a table, plain text for the terminal or Markdown for reports:
 * for each placement, every column's median time per round trip, its min–max over repetitions, the
 * ratio of medians to the native baseline of its group on that placement, and context switches per
 * round trip (median total, with voluntary + involuntary).
 */
public final class CompareTable {

    private CompareTable() {
    }

    public static String text(CompareResults r) {
        return render(r, false);
    }

    public static String markdown(CompareResults r) {
        return render(r, true);
    }

    private static String render(CompareResults r, boolean md) {
        List<String[]> rows = new ArrayList<>();
        String[] header = {"placement", "implementation", "ns/round trip (median)", "min–max", "× native", "switches/round trip (vol + invol)"};
        for (Column.Group g : Column.Group.values()) {
            for (String placement : r.placements()) {
                List<CompareResults.Cell> cells = r.cells().stream()
                        .filter(c -> c.group().equals(g.name()) && c.placement().equals(placement)).toList();
                if (cells.isEmpty()) {
                    continue;
                }
                Stats base = r.cell(g.baseline(), placement).map(CompareResults.Cell::nanos).orElse(null);
                for (CompareResults.Cell c : cells) {
                    rows.add(row(placement, c, base));
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append(md ? "" : "switchcost compare: ").append(r.repetitions()).append(" interleaved repetitions")
                .append(r.quick() ? " (--quick)" : "").append("; JVM cells: ").append(r.jmhSettings()).append('\n');
        sb.append(md ? "\n" : "").append("Units: handoff rows per round trip (two handoffs); gettid rows per syscall. "
                + "× native = ratio of medians to the native program of the same row group and placement.\n\n");
        if (md) {
            sb.append('|').append(String.join("|", header)).append("|\n");
            sb.append("|---|---|--:|--:|--:|--:|\n");
            for (String[] row : rows) {
                sb.append('|').append(String.join("|", row)).append("|\n");
            }
        } else {
            int[] w = new int[header.length];
            for (String[] row : concat(header, rows)) {
                for (int i = 0; i < row.length; i++) {
                    w[i] = Math.max(w[i], row[i].length());
                }
            }
            for (String[] row : concat(header, rows)) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < row.length; i++) {
                    String cell = row[i];
                    boolean right = i >= 2 && i <= 4 && row != header && !cell.startsWith("n/a");
                    line.append(right ? pad(cell, w[i], true) : pad(cell, w[i], false)).append(i < row.length - 1 ? "  " : "");
                }
                sb.append(line.toString().stripTrailing()).append('\n');
            }
        }
        return sb.toString();
    }

    private static String[] row(String placement, CompareResults.Cell c, Stats base) {
        if (c.unavailable() != null) {
            return new String[] {placement, c.label(), "n/a (" + c.unavailable() + ")", "", "", ""};
        }
        Stats ns = c.nanos();
        if (ns.n() == 0) {
            String why = c.samples().stream().map(CompareResults.Sample::error).filter(e -> e != null).findFirst().orElse("no samples");
            return new String[] {placement, c.label(), "failed: " + why, "", "", ""};
        }
        String ratio = base == null || base.n() == 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", ns.median() / base.median());
        String failed = ns.n() < c.samples().size() ? " (" + (c.samples().size() - ns.n()) + " failed)" : "";
        return new String[] {placement, c.label(), num(ns.median()) + failed, num(ns.min()) + "–" + num(ns.max()), ratio,
            String.format(Locale.ROOT, "%.2f (%.2f + %.2f)", c.switches().median(), c.voluntary().median(), c.involuntary().median())};
    }

    static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static List<String[]> concat(String[] header, List<String[]> rows) {
        List<String[]> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        return all;
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return right ? fill + s : s + fill;
    }
}
