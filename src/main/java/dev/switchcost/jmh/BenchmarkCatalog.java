package dev.switchcost.jmh;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The benchmarks compiled into this build (JMH's {@code META-INF/BenchmarkList}), grouped by class,
 * each with the one-line question it answers ({@code dev/switchcost/bench/questions.properties}).
 */
public final class BenchmarkCatalog {

    static final String QUESTIONS = "/dev/switchcost/bench/questions.properties";

    /**
     * @param className  the class's fully qualified name
     * @param simpleName its simple name
     * @param methods    its benchmark methods (JMH group names for {@code @Group} benchmarks)
     * @param params     its {@code @Param} names and default values
     * @param question   its question, or null when questions.properties has no line for it
     */
    public record Entry(String className, String simpleName, List<String> methods, Map<String, List<String>> params,
                        String question) {
    }

    private BenchmarkCatalog() {
    }

    /** @return every benchmark class of this build, by simple name */
    public static List<Entry> all() {
        Properties questions = questions();
        Map<String, List<BenchmarkListEntry>> byClass = new TreeMap<>();
        for (BenchmarkListEntry e : BenchmarkList.defaultList().getAll(
                org.openjdk.jmh.runner.format.OutputFormatFactory.createFormatInstance(System.err,
                        org.openjdk.jmh.runner.options.VerboseMode.SILENT), List.of())) {
            byClass.computeIfAbsent(e.getUserClassQName(), k -> new ArrayList<>()).add(e);
        }
        List<Entry> out = new ArrayList<>();
        for (Map.Entry<String, List<BenchmarkListEntry>> c : byClass.entrySet()) {
            String simple = c.getKey().substring(c.getKey().lastIndexOf('.') + 1);
            List<String> methods = new ArrayList<>();
            Map<String, List<String>> params = new TreeMap<>();
            for (BenchmarkListEntry e : c.getValue()) {
                String m = e.getUsername().substring(e.getUsername().lastIndexOf('.') + 1);
                if (!methods.contains(m)) {
                    methods.add(m);
                }
                e.getParams().orElse(Map.of()).forEach((k, v) -> params.putIfAbsent(k, List.of(v)));
            }
            out.add(new Entry(c.getKey(), simple, methods, params, questions.getProperty(simple)));
        }
        return out;
    }

    /** @return whether a class of this simple name prefix exists in the build */
    public static boolean hasClassStartingWith(String simpleNamePrefix) {
        return all().stream().anyMatch(e -> e.simpleName().startsWith(simpleNamePrefix));
    }

    static Properties questions() {
        Properties p = new Properties();
        try (InputStream in = BenchmarkCatalog.class.getResourceAsStream(QUESTIONS)) {
            if (in != null) {
                p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + QUESTIONS, e);
        }
        return p;
    }
}
