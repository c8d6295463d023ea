package dev.switchcost.report;

import java.util.ArrayList;
import java.util.List;

/** A small document model written as Markdown and as HTML, so both reports say the same thing. */
final class Doc {

    private sealed interface Block permits Heading, Para, Table, Image, Pre {
    }

    private record Heading(int level, String text) implements Block {
    }

    private record Para(String text) implements Block {
    }

    private record Table(List<String> header, List<List<String>> rows, String align) implements Block {
    }

    private record Image(String alt, String path) implements Block {
    }

    private record Pre(String text) implements Block {
    }

    private final List<Block> blocks = new ArrayList<>();

    Doc h(int level, String text) {
        blocks.add(new Heading(level, text));
        return this;
    }

    Doc p(String text) {
        blocks.add(new Para(text));
        return this;
    }

    /** @param align one character per column: 'l' or 'r' */
    Doc table(List<String> header, List<List<String>> rows, String align) {
        blocks.add(new Table(header, rows, align));
        return this;
    }

    Doc image(String alt, String path) {
        blocks.add(new Image(alt, path));
        return this;
    }

    Doc pre(String text) {
        blocks.add(new Pre(text));
        return this;
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        for (Block b : blocks) {
            switch (b) {
                case Heading h -> sb.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
                case Para p -> sb.append(p.text()).append("\n\n");
                case Table t -> {
                    sb.append('|').append(String.join("|", t.header().stream().map(Doc::mdCell).toList())).append("|\n|");
                    for (int i = 0; i < t.header().size(); i++) {
                        sb.append(i < t.align().length() && t.align().charAt(i) == 'r' ? "--:|" : "---|");
                    }
                    sb.append('\n');
                    for (List<String> row : t.rows()) {
                        sb.append('|').append(String.join("|", row.stream().map(Doc::mdCell).toList())).append("|\n");
                    }
                    sb.append('\n');
                }
                case Image i -> sb.append("![").append(i.alt()).append("](").append(i.path()).append(")\n\n");
                case Pre p -> sb.append("```\n").append(p.text().stripTrailing()).append("\n```\n\n");
            }
        }
        return sb.toString();
    }

    String html(String title) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(esc(title)).append("</title>\n<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto}"
                        + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}td.r{text-align:right}"
                        + "img{max-width:100%}</style></head><body>\n");
        for (Block b : blocks) {
            switch (b) {
                case Heading h -> sb.append("<h").append(h.level()).append('>').append(inline(h.text())).append("</h").append(h.level()).append(">\n");
                case Para p -> sb.append("<p>").append(inline(p.text())).append("</p>\n");
                case Table t -> {
                    sb.append("<table><tr>");
                    t.header().forEach(c -> sb.append("<th>").append(inline(c)).append("</th>"));
                    sb.append("</tr>\n");
                    for (List<String> row : t.rows()) {
                        sb.append("<tr>");
                        for (int i = 0; i < row.size(); i++) {
                            boolean r = i < t.align().length() && t.align().charAt(i) == 'r';
                            sb.append(r ? "<td class=\"r\">" : "<td>").append(inline(row.get(i))).append("</td>");
                        }
                        sb.append("</tr>\n");
                    }
                    sb.append("</table>\n");
                }
                case Image i -> sb.append("<p><img alt=\"").append(esc(i.alt())).append("\" src=\"").append(esc(i.path())).append("\"></p>\n");
                case Pre p -> sb.append("<pre>").append(esc(p.text())).append("</pre>\n");
            }
        }
        return sb.append("</body></html>\n").toString();
    }

    private static String mdCell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    /** Escapes HTML and turns `code` spans into {@code <code>}. */
    private static String inline(String s) {
        String e = esc(s);
        StringBuilder sb = new StringBuilder();
        boolean open = false;
        for (char c : e.toCharArray()) {
            if (c == '`') {
                sb.append(open ? "</code>" : "<code>");
                open = !open;
            } else {
                sb.append(c);
            }
        }
        if (open) {
            sb.append("</code>");
        }
        return sb.toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
