package dev.switchcost.render;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A small document model written as Markdown and as one self-contained HTML page (charts inlined as
 * SVG data: URIs), so both say the same thing.
 */
final class Doc {

    private sealed interface Block permits Heading, Para, TableBlock, Image, Pre, Bullets {
    }

    private record Heading(int level, String text, String id) implements Block {
    }

    private record Para(String text) implements Block {
    }

    private record TableBlock(Table table) implements Block {
    }

    /**
     * @param svg  the chart as an SVG document
     * @param file the chart's file relative to the Markdown, or null when none was written
     */
    private record Image(String alt, byte[] svg, String file) implements Block {
    }

    private record Pre(String text) implements Block {
    }

    private record Bullets(List<String> items) implements Block {
    }

    private final List<Block> blocks = new ArrayList<>();
    private final List<Charts.Chart> charts = new ArrayList<>();

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

    Doc table(Table t) {
        blocks.add(new TableBlock(t));
        return this;
    }

    Doc image(String alt, Charts.Chart chart, String file) throws IOException {
        blocks.add(new Image(alt, chart.svg(), file));
        charts.add(chart);
        return this;
    }

    /** The charts in this document, in order. */
    List<Charts.Chart> charts() {
        return List.copyOf(charts);
    }

    Doc pre(String text) {
        blocks.add(new Pre(text));
        return this;
    }

    Doc bullets(List<String> items) {
        blocks.add(new Bullets(items));
        return this;
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        for (Block b : blocks) {
            switch (b) {
                case Heading h -> sb.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
                case Para p -> sb.append(p.text()).append("\n\n");
                case TableBlock t -> sb.append(t.table().markdown()).append('\n');
                case Image i -> sb.append(i.file() != null ? "![" + i.alt() + "](" + i.file() + ")" : "*(chart: " + i.alt()
                        + ", in report.html)*").append("\n\n");
                case Pre p -> sb.append("```\n").append(p.text().stripTrailing()).append("\n```\n\n");
                case Bullets l -> {
                    l.items().forEach(i -> sb.append("- ").append(i).append('\n'));
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }

    String html(String title) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>")
                .append(Html.esc(title)).append("</title>\n<style>\n"
                        + "body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}\n"
                        + "h1{font-size:1.7em}h2{margin-top:2em;border-bottom:1px solid #ddd;padding-bottom:.2em}\n"
                        + ".scroll{overflow-x:auto;margin:1em 0}\n"
                        + "table{border-collapse:collapse;font-size:.9em}th,td{border:1px solid #ccc;padding:3px 8px;vertical-align:top}\n"
                        + "th{background:#f4f4f4;text-align:left}td.r,th.r{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
                        + "tbody tr:nth-child(even){background:#fafafa}\n"
                        + "img{max-width:100%;height:auto;border:1px solid #eee}\n"
                        + "code{background:#f4f4f4;padding:0 .2em}pre{background:#f7f7f7;padding:.8em;overflow-x:auto}\n"
                        + "strong{color:#a40000}\n"
                        + "</style>\n</head>\n<body>\n");
        for (Block b : blocks) {
            switch (b) {
                case Heading h -> sb.append("<h").append(h.level()).append(h.id() == null ? "" : " id=\"" + Html.esc(h.id()) + "\"")
                        .append('>').append(Html.inline(h.text())).append("</h").append(h.level()).append(">\n");
                case Para p -> sb.append("<p>").append(Html.inline(p.text())).append("</p>\n");
                case TableBlock t -> sb.append("<div class=\"scroll\">\n").append(t.table().html()).append("</div>\n");
                // an SVG in an img: its own document, so its ids and styles cannot meet another chart's or the page's
                case Image i -> sb.append("<figure><img alt=\"").append(Html.esc(i.alt())).append("\" src=\"data:image/svg+xml;base64,")
                        .append(Base64.getEncoder().encodeToString(i.svg())).append("\"/></figure>\n");
                case Pre p -> sb.append("<pre>").append(Html.esc(p.text())).append("</pre>\n");
                case Bullets l -> {
                    sb.append("<ul>\n");
                    l.items().forEach(i -> sb.append("<li>").append(Html.inline(i)).append("</li>\n"));
                    sb.append("</ul>\n");
                }
            }
        }
        return sb.append("</body>\n</html>\n").toString();
    }
}
