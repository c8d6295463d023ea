package dev.switchcost.render;

import dev.switchcost.results.Results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A small document model written as Markdown and as one self-contained HTML page (charts inlined as
 * SVG data: URIs), so both say the same thing.
 */
final class Doc {

    private sealed interface Block permits Heading, Para, TableBlock, Image, Bullets, Contents {
    }

    private record Heading(int level, String text, String id) implements Block {
    }

    private record Para(String text) implements Block {
    }

    /** @param caption said once above the table ("" when nothing is) */
    private record TableBlock(Table table, String caption) implements Block {
    }

    /** Links to the sections (level-2 headings with an id) that follow it. */
    private record Contents() implements Block {
    }

    /**
     * @param svg  the chart as an SVG document
     * @param file the chart's file relative to the Markdown, or null when none is written
     * @param path where that file is written, or null
     */
    private record Image(Charts.Chart chart, byte[] svg, String file, Path path) implements Block {
    }

    private record Bullets(List<String> items) implements Block {
    }

    private final List<Block> blocks = new ArrayList<>();
    /** Where the Markdown is written, and where the charts' PNG files go (null: none are written). */
    private final Path outDir;
    private final Path chartsDir;

    Doc(Path outDir, Path chartsDir) {
        this.outDir = outDir;
        this.chartsDir = chartsDir;
    }

    Doc() {
        this(null, null);
    }

    Doc h(int level, String text, String id) {
        blocks.add(new Heading(level, text, id));
        return this;
    }

    Doc h(int level, String text) {
        return h(level, text, null);
    }

    Doc p(String text) {
        blocks.add(new Para(text));
        return this;
    }

    /** The input's label in bold, where there are several inputs to tell apart. */
    Doc input(Results r, int inputs) {
        return inputs > 1 ? p("**" + r.label() + "**") : this;
    }

    Doc table(Table t) {
        blocks.add(new TableBlock(t, ""));
        return this;
    }

    /** A report's table: those of its {@code parameters} columns that are the same in every row lifted into a caption above it. */
    Doc table(Table t, Collection<String> parameters) {
        Table.Lifted l = t.liftConstantColumns(parameters);
        blocks.add(new TableBlock(l.table(), l.caption()));
        return this;
    }

    /** A line of links to the sections that follow, each level-2 heading with an id, written when the document is. */
    Doc contents() {
        blocks.add(new Contents());
        return this;
    }

    /** Everything in {@code other}, after what is here. */
    Doc append(Doc other) {
        blocks.addAll(other.blocks);
        return this;
    }

    boolean isEmpty() {
        return blocks.isEmpty();
    }

    /** The level-2 headings with an id after block {@code from}: what {@link #contents()} links to. */
    private List<Heading> sections(int from) {
        return blocks.subList(from, blocks.size()).stream().filter(b -> b instanceof Heading h && h.level() == 2 && h.id() != null)
                .map(b -> (Heading) b).toList();
    }

    /**
     * The chart under its question, its PNG to be written into the charts directory when there is one; or {@code why}
     * there is none (nothing when null: the section has nothing to show).
     */
    Doc chart(Optional<Charts.Chart> chart, String why) throws IOException {
        if (chart.isEmpty()) {
            return why == null ? this : p(why);
        }
        Charts.Chart c = chart.get();
        Path f = chartsDir == null ? null : chartsDir.resolve(c.name() + ".png");
        String file = f == null ? null : outDir.toAbsolutePath().normalize().relativize(f.toAbsolutePath().normalize()).toString();
        p(c.question());
        blocks.add(new Image(c, c.svg(), file, f));
        return this;
    }

    List<Charts.Chart> charts() {
        return blocks.stream().filter(b -> b instanceof Image).map(b -> ((Image) b).chart()).toList();
    }

    /** Where each chart's PNG is to be written, in order (none without a charts directory). */
    List<Path> chartFiles() {
        return blocks.stream().filter(b -> b instanceof Image i && i.path() != null).map(b -> ((Image) b).path()).toList();
    }

    byte[] png(Path path) throws IOException {
        return blocks.stream().filter(b -> b instanceof Image i && path.equals(i.path())).map(b -> ((Image) b).chart())
                .findFirst().orElseThrow(() -> new IllegalStateException("no chart for " + path)).png();
    }

    Doc bullets(List<String> items) {
        blocks.add(new Bullets(items));
        return this;
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < blocks.size(); k++) {
            switch (blocks.get(k)) {
                // the id as an anchor of its own: a Markdown heading's anchor is its text's, which the contents cannot know
                case Heading h -> sb.append(h.id() == null ? "" : "<a id=\"" + esc(h.id()) + "\"></a>\n\n")
                        .append("#".repeat(h.level())).append(' ').append(markdownInline(h.text())).append("\n\n");
                case Para p -> sb.append(markdownInline(p.text())).append("\n\n");
                case TableBlock t -> sb.append(t.caption().isEmpty() ? "" : markdownInline(t.caption()) + "\n\n")
                        .append(t.table().markdown()).append('\n');
                case Contents c -> sb.append("Contents: ").append(String.join(" · ", sections(k + 1).stream()
                        .map(h -> "[" + markdownInline(h.text()) + "](#" + esc(h.id()) + ")").toList())).append("\n\n");
                case Image i -> sb.append(i.file() != null ? "![" + markdownInline(i.chart().question()) + "](" + destination(i.file()) + ")"
                        : "*(chart: " + markdownInline(i.chart().question()) + ", in report.html)*").append("\n\n");
                case Bullets l -> {
                    l.items().forEach(i -> sb.append("- ").append(markdownInline(i)).append('\n'));
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }

    /**
     * Inline text as Markdown that says what {@link #inline} makes of it in HTML: {@code `code`} spans and
     * {@code **strong**} kept, everything else literal. Markdown's and HTML's own characters are escaped outside code
     * spans ({@code <} as {@code &lt;}, {@code [} as {@code \[}, ...), control characters (newline, ESC) become
     * spaces, and a code span never meets another's backticks: text from a results file can neither open HTML
     * (a {@code <script>} in a parameter value) nor a link, an image or a new block.
     */
    static String markdownInline(String text) {
        String[] parts = text.replaceAll("\\p{Cntrl}", " ").split("`", -1);
        // even parts are text, odd ones code (as inline reads them: each backtick toggles, an open span ends with the text)
        List<String[]> segments = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            String kind = i % 2 == 0 ? "text" : "code";
            if (parts[i].isEmpty()) {
                continue;
            }
            if (!segments.isEmpty() && segments.get(segments.size() - 1)[0].equals(kind)) {
                segments.get(segments.size() - 1)[1] += parts[i];
            } else {
                segments.add(new String[] {kind, parts[i]});
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] seg : segments) {
            if (seg[0].equals("text")) {
                escapeText(seg[1], sb);
            } else if (seg[1].matches("(?s).*[<>&].*")) {
                // a code span would show an entity as typed, and must not hold HTML raw: the same, escaped, in <code>
                sb.append("<code>");
                escapeText(seg[1], sb);
                sb.append("</code>");
            } else {
                sb.append('`').append(seg[1]).append('`');
            }
        }
        return sb.toString();
    }

    private static void escapeText(String t, StringBuilder sb) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '*' && i + 1 < t.length() && t.charAt(i + 1) == '*') {
                sb.append("**");
                i++;
            } else if (c == '<') {
                sb.append("&lt;");
            } else if (c == '>') {
                sb.append("&gt;");
            } else if (c == '&') {
                sb.append("&amp;");
            } else if ("\\[]_*~".indexOf(c) >= 0 || sb.isEmpty() && "#-+=".indexOf(c) >= 0) {
                sb.append('\\').append(c);
            } else {
                sb.append(c);
            }
        }
    }

    /** HTML escaping: escaped for HTML text and attributes; a control character but newline and tab (ESC, CR) becomes a space. */
    static String esc(String s) {
        return s.replaceAll("[\\p{Cntrl}&&[^\n\t]]", " ").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Escapes, and turns {@code `code`} spans into {@code <code>} and {@code **strong**} into {@code <strong>}. */
    static String inline(String s) {
        String e = esc(s);
        StringBuilder sb = new StringBuilder();
        boolean code = false;
        boolean strong = false;
        for (int i = 0; i < e.length(); i++) {
            char c = e.charAt(i);
            if (c == '`') {
                sb.append(code ? "</code>" : "<code>");
                code = !code;
            } else if (!code && c == '*' && i + 1 < e.length() && e.charAt(i + 1) == '*') {
                sb.append(strong ? "</strong>" : "<strong>");
                strong = !strong;
                i++;
            } else {
                sb.append(c);
            }
        }
        return sb.append(code ? "</code>" : "").append(strong ? "</strong>" : "").toString();
    }

    /** A link destination: as it is when plain, else in angle brackets (which it cannot close). */
    private static String destination(String file) {
        return file.matches("[\\w./-]+") ? file : "<" + file.replaceAll("[<>\\\\\\p{Cntrl}]", "_") + ">";
    }

    String html(String title) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>")
                .append(esc(title)).append("</title>\n<style>\n"
                        + "body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}\n"
                        + "h1{font-size:1.7em}h2{margin-top:2em;border-bottom:1px solid #ddd;padding-bottom:.2em}\n"
                        + ".scroll{overflow-x:auto;margin:1em 0}.caption{margin:1em 0 -.6em;font-size:.9em;color:#444}\n"
                        + ".contents a{white-space:nowrap}\n"
                        // a table fits the page: text and headers wrap (Table.html says where), a figure never (.n)
                        + "table{border-collapse:collapse;font-size:.9em;max-width:100%}"
                        + "th,td{border:1px solid #ccc;padding:3px 8px;vertical-align:top}td{overflow-wrap:break-word}\n"
                        + "th{background:#f4f4f4;text-align:left}td.r,th.r{text-align:right;font-variant-numeric:tabular-nums}"
                        + "td.r{overflow-wrap:normal}.n{white-space:nowrap}\n"
                        + "tbody tr:nth-child(even){background:#fafafa}\n"
                        + "img{max-width:100%;height:auto;border:1px solid #eee}\n"
                        + "code{background:#f4f4f4;padding:0 .2em}pre{background:#f7f7f7;padding:.8em;overflow-x:auto}\n"
                        + "strong{color:#a40000}\n"
                        // a narrow window (800 px): smaller type and padding before any table scrolls sideways
                        + "@media (max-width:900px){body{padding:0 .5em}table{font-size:.78em}th,td{padding:2px 4px}}\n"
                        + "</style>\n</head>\n<body>\n");
        for (int k = 0; k < blocks.size(); k++) {
            switch (blocks.get(k)) {
                case Heading h -> sb.append("<h").append(h.level()).append(h.id() == null ? "" : " id=\"" + esc(h.id()) + "\"")
                        .append('>').append(inline(h.text())).append("</h").append(h.level()).append(">\n");
                case Para p -> sb.append("<p>").append(inline(p.text())).append("</p>\n");
                case TableBlock t -> sb.append(t.caption().isEmpty() ? "" : "<p class=\"caption\">" + inline(t.caption()) + "</p>\n")
                        .append("<div class=\"scroll\">\n").append(t.table().html()).append("</div>\n");
                case Contents c -> sb.append("<nav class=\"contents\"><p>Contents: ").append(String.join(" · ", sections(k + 1).stream()
                        .map(h -> "<a href=\"#" + esc(h.id()) + "\">" + inline(h.text()) + "</a>").toList())).append("</p></nav>\n");
                // an SVG in an img: its own document, so its ids and styles cannot meet another chart's or the page's
                case Image i -> sb.append("<figure><img alt=\"").append(esc(i.chart().question())).append("\" src=\"data:image/svg+xml;base64,")
                        .append(Base64.getEncoder().encodeToString(i.svg())).append("\"/></figure>\n");
                case Bullets l -> {
                    sb.append("<ul>\n");
                    l.items().forEach(i -> sb.append("<li>").append(inline(i)).append("</li>\n"));
                    sb.append("</ul>\n");
                }
            }
        }
        return sb.append("</body>\n</html>\n").toString();
    }
}
