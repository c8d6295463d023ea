package dev.switchcost.render;

import one.convert.Arguments;
import one.convert.FlameGraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Flame graphs drawn by async-profiler's own converter ({@code tools.profiler:jfr-converter}, {@link FlameGraph}) from
 * collapsed stacks: {@code frames count} lines, the count a weight (switches, or ns of CPU time).
 */
public final class FlameGraphHtml {

    private FlameGraphHtml() {
    }

    /**
     * @param collapsed collapsed stacks, one a line
     * @param title     the graph's heading
     * @param unit      what a weight of 1 is ("switch", "ns"); the converter's tooltips say "samples", renamed to it
     */
    public static String draw(String collapsed, String title, String unit) {
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
        String html = bytes.toString(StandardCharsets.UTF_8);
        return unit.equals("sample") ? html : html.replace("'1 sample'", "'1 " + unit + "'").replace("' samples'", "' " + unit + "'");
    }
}
