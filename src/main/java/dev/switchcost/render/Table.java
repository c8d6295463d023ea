package dev.switchcost.render;

import dev.switchcost.measure.sample.ProcText;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * A table, rendered the same way everywhere: aligned text for the terminal, TSV for plotting,
 * Markdown and HTML for reports. The one table formatter of switchcost. In every format a cell (and a column name) is
 * one line whatever its text, a name from a results file included ({@link #oneLine}): a line break or tab shows as the
 * two characters {@code \n}, {@code \r} or {@code \t}, a bidirectional control such as U+202E as <code>&#92;u202e</code>, so
 * none can break a row, a TSV record or a Markdown table, or reorder what is shown; Markdown's {@code |} is {@code \|}.
 *
 * @param header column names
 * @param rows   cells, one list per row (as many cells as the header)
 * @param align  one character per column: {@code l} (text) or {@code r} (a number), or {@code w}, a number whose figure may
 *               break before its error in HTML (a secondary figure in a wide table, never the answer); missing columns
 *               are left-aligned
 */
public record Table(List<String> header, List<List<String>> rows, String align) {

    public Table {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> r : rows) {
            if (r.size() != header.size()) {
                throw new IllegalArgumentException("row has " + r.size() + " cells, header " + header.size() + ": " + r);
            }
        }
    }

    public static final class Builder {
        private final List<String> header;
        private final String align;
        private final List<List<String>> rows = new ArrayList<>();

        public Builder(String align, String... header) {
            this.header = List.of(header);
            this.align = align;
        }

        public Builder row(String... cells) {
            rows.add(List.of(cells));
            return this;
        }

        public Builder row(List<String> cells) {
            rows.add(cells);
            return this;
        }

        public Table build() {
            return new Table(header, rows, align);
        }
    }

    /** A column of a table of {@code T}s: its header, its {@link #align} letter and the cell it shows of an item. */
    public record Column<T>(String header, char align, Function<T, String> cell) {
    }

    public static <T> Column<T> col(String header, char align, Function<T, String> cell) {
        return new Column<>(header, align, cell);
    }

    /** A row per item, a cell per column. */
    public static <T> Table of(List<Column<T>> columns, List<T> items) {
        return new Table(columns.stream().map(Column::header).toList(),
                items.stream().map(x -> columns.stream().map(c -> c.cell().apply(x)).toList()).toList(),
                columns.stream().map(c -> String.valueOf(c.align())).collect(Collectors.joining()));
    }

    /**
     * This table with its constant parameter columns lifted out, for a report. A column named in {@code parameters} whose
     * cells are all the same (in a table of two rows or more) leaves the table and is stated once in the caption,
     * "All rows: handoff FUTEX · strideB 64" (the value alone when it already starts with the column's name: "JDK 25.0.3"),
     * or leaves without a word when there is nothing in it (every cell blank or "–"). Every other column stays whatever
     * it holds: the row's name, its answer, the figures it comes from.
     */
    public Lifted liftConstantColumns(Collection<String> parameters) {
        if (rows.size() < 2) {
            return new Lifted(this, "");
        }
        List<Integer> stay = new ArrayList<>();
        List<String> stated = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            String first = rows.get(0).get(i);
            int col = i;
            if (!parameters.contains(header.get(i)) || rows.stream().anyMatch(r -> !r.get(col).equals(first))) {
                stay.add(i);
            } else if (!first.isBlank() && !first.equals("–")) {
                stated.add(first.startsWith(header.get(i) + " ") ? first : header.get(i) + " " + first);
            }
        }
        return new Lifted(columns(stay), stated.isEmpty() ? "" : "All rows: " + String.join(" · ", stated));
    }

    /** A table and the caption that goes above it ("" when none). */
    public record Lifted(Table table, String caption) {
    }

    /** This table with the named columns first, in that order (names it lacks are skipped), the others after them in theirs. */
    public Table withFirst(String... names) {
        return columns(Stream.concat(Arrays.stream(names).map(header::indexOf).filter(i -> i >= 0), IntStream.range(0, header.size())
                .boxed()).distinct().toList());
    }

    /** This table with each column's name passed through {@code words} (identifiers to words for a reader). */
    public Table renamed(java.util.function.UnaryOperator<String> words) {
        return new Table(header.stream().map(words).toList(), rows, align);
    }

    /** This table with only the columns whose names pass, in their order. */
    public Table select(Predicate<String> names) {
        return columns(IntStream.range(0, header.size()).filter(i -> names.test(header.get(i))).boxed().toList());
    }

    private Table columns(List<Integer> cols) {
        return new Table(cols.stream().map(header::get).toList(), rows.stream().map(r -> cols.stream().map(r::get).toList()).toList(),
                cols.stream().map(i -> String.valueOf(i < align.length() ? align.charAt(i) : 'l')).collect(Collectors.joining()));
    }

    boolean right(int col) {
        return col < align.length() && (align.charAt(col) == 'r' || align.charAt(col) == 'w');
    }

    /** Aligned columns separated by two spaces, no trailing blanks; each row one line ({@link #oneLine}). */
    public String text() {
        List<String> head = header.stream().map(Table::oneLine).toList();
        List<List<String>> shown = rows.stream().map(r -> r.stream().map(Table::oneLine).toList()).toList();
        int[] w = new int[head.size()];
        for (int i = 0; i < w.length; i++) {
            int col = i;
            w[i] = Math.max(head.get(i).length(), shown.stream().mapToInt(r -> r.get(col).length()).max().orElse(0));
        }
        StringBuilder sb = new StringBuilder();
        line(sb, head, w, true);
        shown.forEach(r -> line(sb, r, w, false));
        return sb.toString();
    }

    /**
     * A cell as every format writes it: a line break or tab as the two characters {@code \n}, {@code \r}, {@code \t};
     * any other control or invisible format character (the bidi overrides such as U+202E, zero-width ones) as
     * {@link ProcText#name} shows a name ({@code \x1b}, <code>&#92;u202e</code>).
     */
    static String oneLine(String cell) {
        return ProcText.name(cell.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t"));
    }

    private void line(StringBuilder sb, List<String> cells, int[] w, boolean head) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            String fill = " ".repeat(w[i] - c.length());
            l.append(i == 0 ? "" : "  ").append(right(i) && !head ? fill + c : c + fill);
        }
        sb.append(l.toString().stripTrailing()).append('\n');
    }

    /** Tab-separated, one header line; a tab or line break inside a cell is written as {@code \t} or {@code \n} ({@link #oneLine}). */
    public String tsv() {
        StringBuilder sb = new StringBuilder(tsvLine(header));
        rows.forEach(r -> sb.append(tsvLine(r)));
        return sb.toString();
    }

    private static String tsvLine(List<String> cells) {
        return cells.stream().map(Table::oneLine).collect(Collectors.joining("\t")) + "\n";
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder("|");
        header.forEach(h -> sb.append(mdCell(h)).append('|'));
        sb.append("\n|").append(IntStream.range(0, header.size()).mapToObj(i -> right(i) ? "--:|" : "---|").collect(Collectors.joining()))
                .append('\n');
        rows.forEach(r -> sb.append('|').append(r.stream().map(c -> mdCell(c) + "|").collect(Collectors.joining()))
                .append('\n'));
        return sb.toString();
    }

    /**
     * A {@code <table>}; cells are escaped, {@code `code`} spans become {@code <code>}. So that a wide table wraps rather
     * than widens the page, a name may break after a {@code /} or {@code =} before a letter and after a {@code _} before a
     * lower-case one, or after a {@code .} before a letter ({@code FutexPingPong.roundTrip}) ({@code primitive=SYNCHRONOUS_QUEUE}, {@code roundTrip_park}, {@code walk1_ns/switch}; not {@code SAME_CPU}), a number cell between its words and between flags
     * ({@code WITHIN_ERROR,WALK_DOMINATED}), never inside a figure with its error ({@code 3,114 ± 3,152}), but in a
     * {@code w} column before the error's {@code ±}.
     */
    public String html() {
        StringBuilder sb = new StringBuilder("<table>\n<thead><tr>");
        IntStream.range(0, header.size()).forEach(i -> sb.append(right(i) ? "<th class=\"r\">" : "<th>")
                .append(breakable(Doc.inline(oneLine(header.get(i))))).append("</th>"));
        sb.append("</tr></thead>\n<tbody>\n");
        for (List<String> r : rows) {
            sb.append("<tr>");
            for (int i = 0; i < r.size(); i++) {
                String c = Doc.inline(oneLine(r.get(i)));
                sb.append(right(i) ? "<td class=\"r\">" + numberCell(c, align.charAt(i) == 'w') : "<td>" + breakable(c)).append("</td>");
            }
            sb.append("</tr>\n");
        }
        return sb.append("</tbody>\n</table>\n").toString();
    }

    /** Escaped text with a break allowed after {@code /} (no tag's {@code </}) or {@code =} before a letter, {@code _} before a lower-case one. */
    private static String breakable(String html) {
        // a dot breaks only after a class name (FutexPingPong.roundTrip), never inside a file name (run-quick.json)
        return html.replaceAll("((?<!<)/|=|(?<=[A-Z][A-Za-z0-9]{0,80})\\.)(?=[A-Za-z])|_(?=[a-z])", "$0<wbr/>");
    }

    /** An escaped number cell: each figure kept whole (or, when it may break, its value and its error each), flags breakable. */
    private static String numberCell(String html, boolean breakBeforeError) {
        String figure = "([^\\s<>]+) ± ([^\\s<>]+)";
        return (breakBeforeError ? html.replaceAll(figure, "<span class=\"n\">$1</span> <span class=\"n\">± $2</span>")
                : html.replaceAll(figure, "<span class=\"n\">$1 ± $2</span>")).replaceAll(",(?=[A-Z])", ",<wbr/>");
    }

    private static String mdCell(String s) {
        return Doc.markdownInline(oneLine(s)).replace("|", "\\|");
    }
}
