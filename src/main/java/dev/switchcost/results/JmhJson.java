package dev.switchcost.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The one reader of JMH's JSON result format ({@code -rf json}; JMH itself has no reader): every row
 * with its parameters, JVM, settings, metrics in normalised units, and raw iterations.
 */
public final class JmhJson {

    private JmhJson() {
    }

    /**
     * Reads one JMH JSON file.
     *
     * @throws IllegalArgumentException (one line, naming the file) when it is not JMH JSON
     */
    public static List<JmhRow> read(Path file) throws IOException {
        String text = Files.readString(file);
        if (text.isBlank()) {
            throw new IllegalArgumentException(file + " is empty (a run that was interrupted or failed before JMH wrote it)");
        }
        try {
            return parse(JsonParser.parseString(text), file);
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException | ClassCastException e) {
            throw new IllegalArgumentException(file + " is not a JMH JSON result file (-rf json): " + oneLine(e.getMessage()), e);
        }
    }

    /** Whether a parsed JSON document looks like JMH JSON (an array whose entries have benchmark and primaryMetric). */
    static boolean looksLikeJmh(JsonElement root) {
        if (!root.isJsonArray()) {
            return false;
        }
        for (JsonElement e : root.getAsJsonArray()) {
            if (!e.isJsonObject() || !e.getAsJsonObject().has("benchmark") || !e.getAsJsonObject().has("primaryMetric")) {
                return false;
            }
        }
        return true;
    }

    /** @throws IllegalArgumentException naming {@code source} */
    public static List<JmhRow> parse(JsonElement root, Path source) {
        if (!root.isJsonArray()) {
            throw new IllegalArgumentException(source + " is not a JMH JSON result file (-rf json): expected an array of results");
        }
        JsonArray rows = root.getAsJsonArray();
        List<JmhRow> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (!rows.get(i).isJsonObject()) {
                throw bad(source, "entry " + i + " is not an object");
            }
            JsonObject o = rows.get(i).getAsJsonObject();
            if (!o.has("benchmark") || !o.get("benchmark").isJsonPrimitive()) {
                throw bad(source, "entry " + i + " has no \"benchmark\"");
            }
            String benchmark = o.get("benchmark").getAsString();
            if (!o.has("primaryMetric") || !o.get("primaryMetric").isJsonObject()) {
                throw bad(source, "entry " + i + " (" + benchmark + ") has no \"primaryMetric\" object");
            }
            JsonObject pm = o.getAsJsonObject("primaryMetric");
            if (!pm.has("score")) {
                throw bad(source, "entry " + i + " (" + benchmark + ") has no primaryMetric.score");
            }
            Map<String, String> params = new TreeMap<>();
            if (o.has("params") && o.get("params").isJsonObject()) {
                o.getAsJsonObject("params").entrySet().forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
            }
            Map<String, Metric> secondary = new LinkedHashMap<>();
            if (o.has("secondaryMetrics") && o.get("secondaryMetrics").isJsonObject()) {
                for (Map.Entry<String, JsonElement> e : o.getAsJsonObject("secondaryMetrics").entrySet()) {
                    if (e.getValue().isJsonObject() && e.getValue().getAsJsonObject().has("score")) {
                        secondary.put(e.getKey(), metric(e.getValue().getAsJsonObject(), source, benchmark));
                    }
                }
            }
            List<String> jvmArgs = new ArrayList<>();
            if (o.has("jvmArgs") && o.get("jvmArgs").isJsonArray()) {
                o.getAsJsonArray("jvmArgs").forEach(a -> jvmArgs.add(a.getAsString()));
            }
            JmhRow.Jvm jvm = new JmhRow.Jvm(str(o, "jdkVersion"), str(o, "vmName"), str(o, "vmVersion"), str(o, "jvm"), jvmArgs);
            JmhRow.Settings settings = new JmhRow.Settings(str(o, "jmhVersion"), integer(o, "forks"), integer(o, "threads"),
                    integer(o, "warmupIterations"), str(o, "warmupTime"), integer(o, "measurementIterations"),
                    str(o, "measurementTime"));
            out.add(new JmhRow(source, benchmark, o.has("mode") ? o.get("mode").getAsString() : "?", params,
                    metric(pm, source, benchmark), secondary, jvm, settings, null, null,
                    // JMH writes scorePercentiles in every mode; only sample mode's are over single ops
                    "sample".equals(str(o, "mode")) ? percentiles(pm, source, benchmark) : null));
        }
        return out;
    }

    private static Metric metric(JsonObject m, Path source, String benchmark) {
        double[][] raw = new double[0][];
        if (m.has("rawData") && m.get("rawData").isJsonArray()) {
            JsonArray forks = m.getAsJsonArray("rawData");
            raw = new double[forks.size()][];
            for (int f = 0; f < forks.size(); f++) {
                JsonArray it = forks.get(f).getAsJsonArray();
                raw[f] = new double[it.size()];
                for (int i = 0; i < it.size(); i++) {
                    raw[f][i] = number(it.get(i), source, benchmark);
                }
            }
        }
        return Metric.of(number(m.get("score"), source, benchmark),
                m.has("scoreError") ? number(m.get("scoreError"), source, benchmark) : Double.NaN,
                m.has("scoreUnit") ? m.get("scoreUnit").getAsString() : "", raw);
    }

    /**
     * A sample-mode row's {@code scorePercentiles} (other modes' are over iteration scores, not ops) ({@code "50.0": 6.512, ...},
     * in the score's unit) as ns per op, with the sample count and histogram of {@code rawDataHistogram} (per fork, per
     * iteration, {@code [value, count]} pairs) merged; null when the row has none, or its unit is not a time per op.
     */
    private static Percentiles percentiles(JsonObject pm, Path source, String benchmark) {
        if (!pm.has("scorePercentiles") || !pm.get("scorePercentiles").isJsonObject()) {
            return null;
        }
        JsonObject p = pm.getAsJsonObject("scorePercentiles");
        String unit = pm.has("scoreUnit") ? pm.get("scoreUnit").getAsString() : "";
        if (!Metric.of(0, 0, unit, new double[0][]).isTimePerOp()) {
            return null;
        }
        double toNs = Metric.of(1, Double.NaN, unit, new double[0][]).score();
        ToDoubleFunction<String> at = key -> {
            if (!p.has(key)) {
                throw bad(source, benchmark + ": scorePercentiles has no \"" + key + "\"");
            }
            return number(p.get(key), source, benchmark) * toNs;
        };
        TreeMap<Double, Long> bins = new TreeMap<>();
        if (pm.has("rawDataHistogram") && pm.get("rawDataHistogram").isJsonArray()) {
            for (JsonElement fork : pm.getAsJsonArray("rawDataHistogram")) {
                for (JsonElement iteration : fork.getAsJsonArray()) {
                    for (JsonElement pair : iteration.getAsJsonArray()) {
                        JsonArray vc = pair.getAsJsonArray();
                        if (vc.size() != 2) {
                            throw bad(source, benchmark + ": rawDataHistogram entry is not [value, count]: " + vc);
                        }
                        bins.merge(number(vc.get(0), source, benchmark) * toNs, (long) number(vc.get(1), source, benchmark), Long::sum);
                    }
                }
            }
        }
        List<Percentiles.Bin> histogram = bins.entrySet().stream().map(e -> new Percentiles.Bin(e.getKey(), e.getValue())).toList();
        return new Percentiles(at.applyAsDouble("50.0"), at.applyAsDouble("90.0"), at.applyAsDouble("99.0"),
                at.applyAsDouble("99.9"), at.applyAsDouble("100.0"), histogram.stream().mapToLong(Percentiles.Bin::count).sum(),
                histogram);
    }

    /** JMH writes NaN and infinities as strings ("NaN"). */
    private static double number(JsonElement e, Path source, String benchmark) {
        if (e == null || e.isJsonNull()) {
            return Double.NaN;
        }
        String s = e.getAsString();
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException ex) {
            throw bad(source, benchmark + ": not a number: " + s);
        }
    }

    private static String str(JsonObject o, String key) {
        return o.has(key) && o.get(key).isJsonPrimitive() ? o.get(key).getAsString() : null;
    }

    private static int integer(JsonObject o, String key) {
        return o.has(key) && o.get(key).isJsonPrimitive() ? o.get(key).getAsInt() : -1;
    }

    private static IllegalArgumentException bad(Path source, String what) {
        return new IllegalArgumentException(source + " is not a JMH JSON result file (-rf json): " + what);
    }

    static String oneLine(String s) {
        if (s == null) {
            return "malformed";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
