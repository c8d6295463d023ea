package dev.switchcost.analysis;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One result of a JMH {@code -rf json} file: the benchmark, its parameters, the primary score with
 * its error (JMH's 99.9% confidence half-width; NaN with fewer than two iterations) and the secondary
 * scores, with times converted to nanoseconds per op.
 *
 * @param benchmark   full name, {@code dev.switchcost.bench.WorkingSetHandoff.roundTrip}
 * @param mode        JMH mode, e.g. {@code avgt}
 * @param params      the {@code @Param} values
 * @param nsPerOp     primary score in ns/op
 * @param errorNs     its error in ns/op, NaN when JMH gives none
 * @param secondary   secondary results' scores, by label
 */
public record JmhRow(String benchmark, String mode, Map<String, String> params, double nsPerOp, double errorNs,
                     Map<String, Double> secondary) {

    /** @return the class's simple name: {@code WorkingSetHandoff} */
    public String benchmarkClass() {
        String[] parts = benchmark.split("\\.");
        return parts.length < 2 ? benchmark : parts[parts.length - 2];
    }

    /** @return the method name: {@code roundTrip} */
    public String method() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    public String param(String name) {
        return params.get(name);
    }

    /** @return a secondary score, or NaN when absent (e.g. run without the profiler) */
    public double secondary(String label) {
        return secondary.getOrDefault(label, Double.NaN);
    }

    /**
     * Reads a JMH JSON result file.
     *
     * @throws IllegalArgumentException naming the file when it is not a JMH JSON result, or a score is
     *                                  not a time per op (only AverageTime/SampleTime/SingleShotTime results are read)
     */
    public static List<JmhRow> read(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file)) {
            return parse(r, file.toString());
        }
    }

    /** As {@link #read(Path)}, from a reader; {@code source} names it in error messages. */
    public static List<JmhRow> parse(Reader reader, String source) {
        JsonElement root;
        try {
            root = JsonParser.parseReader(reader);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(source + ": not JSON (" + e.getMessage() + ")", e);
        }
        if (!root.isJsonArray()) {
            throw new IllegalArgumentException(source + ": not a JMH JSON result (expected an array of results; run JMH with -rf json)");
        }
        List<JmhRow> out = new ArrayList<>();
        for (JsonElement e : (JsonArray) root) {
            JsonObject o = e.getAsJsonObject();
            if (!o.has("benchmark") || !o.has("primaryMetric")) {
                throw new IllegalArgumentException(source + ": not a JMH JSON result (an entry lacks benchmark/primaryMetric)");
            }
            String benchmark = o.get("benchmark").getAsString();
            JsonObject pm = o.getAsJsonObject("primaryMetric");
            String unit = pm.get("scoreUnit").getAsString();
            double toNs = nanosPer(unit, source, benchmark);
            Map<String, String> params = new LinkedHashMap<>();
            if (o.has("params")) {
                for (Map.Entry<String, JsonElement> p : o.getAsJsonObject("params").entrySet()) {
                    params.put(p.getKey(), p.getValue().getAsString());
                }
            }
            Map<String, Double> secondary = new LinkedHashMap<>();
            if (o.has("secondaryMetrics")) {
                for (Map.Entry<String, JsonElement> s : o.getAsJsonObject("secondaryMetrics").entrySet()) {
                    secondary.put(s.getKey(), number(s.getValue().getAsJsonObject().get("score")));
                }
            }
            out.add(new JmhRow(benchmark, o.has("mode") ? o.get("mode").getAsString() : "?", params,
                    number(pm.get("score")) * toNs, number(pm.get("scoreError")) * toNs, secondary));
        }
        return out;
    }

    /** JMH writes NaN and infinities as strings. */
    private static double number(JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return Double.NaN;
        }
        return e.getAsJsonPrimitive().isNumber() ? e.getAsDouble() : Double.parseDouble(e.getAsString());
    }

    static double nanosPer(String unit, String source, String benchmark) {
        switch (unit.toLowerCase(Locale.ROOT)) {
            case "ns/op":
                return 1;
            case "us/op":
                return 1e3;
            case "ms/op":
                return 1e6;
            case "s/op":
                return 1e9;
            default:
                throw new IllegalArgumentException(source + ": " + benchmark + " is in " + unit
                        + "; switchcost derives costs from times per op (run with -bm avgt)");
        }
    }
}
