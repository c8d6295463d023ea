package dev.switchcost.measure.jmh;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The benchmarks compiled into this build (JMH's {@code META-INF/BenchmarkList}), grouped by class,
 * each with the question it answers: the {@code <b>Question.</b>} paragraph of the class's Javadoc,
 * read from the benchmark sources the build puts beside the classes
 * ({@value #SOURCES}), so the list and the Javadoc cannot drift apart.
 */
public final class BenchmarkCatalog {

    static final String SOURCES = "/META-INF/switchcost/benchmark-sources/";
    private static final Pattern QUESTION = Pattern.compile(
            "<b>Question\\.</b>\\s*(.*?)(?:\\n\\s*\\*\\s*\\n|<p>|\\*/)", Pattern.DOTALL);

    /**
     * @param methods    its benchmark methods (JMH group names for {@code @Group} benchmarks)
     * @param params     its {@code @Param} names and default values
     * @param question   its question, or null when its Javadoc has no {@code <b>Question.</b>} paragraph
     */
    public record Entry(String className, String simpleName, List<String> methods, Map<String, List<String>> params,
                        String question) {
    }

    private BenchmarkCatalog() {
    }

    /** Every benchmark method of this build, as JMH lists it: the one place that reads JMH's list. */
    public static List<BenchmarkListEntry> entries() {
        return List.copyOf(BenchmarkList.defaultList().getAll(quiet(), List.of()));
    }

    /**
     * The benchmark methods JMH would run for these include and exclude patterns (its own matcher;
     * no include means every benchmark, as for JMH).
     */
    public static Set<BenchmarkListEntry> matching(List<String> includes, List<String> excludes) {
        return BenchmarkList.defaultList().find(quiet(), includes.isEmpty() ? List.of(".*") : includes, excludes);
    }

    private static OutputFormat quiet() {
        return OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT);
    }

    /** @return every benchmark class of this build, by simple name */
    public static List<Entry> all() {
        Map<String, List<BenchmarkListEntry>> byClass = new TreeMap<>();
        for (BenchmarkListEntry e : entries()) {
            byClass.computeIfAbsent(e.getUserClassQName(), k -> new ArrayList<>()).add(e);
        }
        List<Entry> out = new ArrayList<>();
        for (Map.Entry<String, List<BenchmarkListEntry>> c : byClass.entrySet()) {
            String simple = c.getKey().substring(c.getKey().lastIndexOf('.') + 1);
            Set<String> methods = new LinkedHashSet<>();
            Map<String, List<String>> params = new TreeMap<>();
            for (BenchmarkListEntry e : c.getValue()) {
                methods.add(e.getUsername().substring(e.getUsername().lastIndexOf('.') + 1));
                e.getParams().orElse(Map.of()).forEach((k, v) -> params.putIfAbsent(k, List.of(v)));
            }
            out.add(new Entry(c.getKey(), simple, List.copyOf(methods), params, question(c.getKey())));
        }
        return out;
    }

    /**
     * The question of {@code className}'s Javadoc: its {@code <b>Question.</b>} paragraph up to the first
     * question mark, as one line of text (tags and {@code {@link}}/{@code {@code}} markup removed), or
     * null when there is none.
     */
    static String question(String className) {
        String top = className.contains("$") ? className.substring(0, className.indexOf('$')) : className;
        try (InputStream in = BenchmarkCatalog.class.getResourceAsStream(SOURCES + top.replace('.', '/') + ".java")) {
            return in == null ? null : questionIn(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the source of " + className, e);
        }
    }

    /** The question paragraph of the first Javadoc comment in {@code source} that has one. */
    static String questionIn(String source) {
        Matcher m = QUESTION.matcher(source);
        if (!m.find()) {
            return null;
        }
        String text = m.group(1).replaceAll("(?m)^\\s*\\*\\s?", " ")
                .replaceAll("\\{@(?:link|linkplain|code)\\s+([^}]*)}", "$1")
                .replaceAll("<[^>]+>", "")
                .replaceAll("\\s+", " ").strip();
        int mark = text.indexOf('?');
        // the question itself; what the paragraph says after it stays in the Javadoc
        text = mark > 0 ? text.substring(0, mark + 1) : text;
        return text.isEmpty() ? null : text;
    }
}
