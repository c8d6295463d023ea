package dev.switchcost.report;

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

/** Reads JMH's JSON result format ({@code -rf json}); JMH itself has no reader for it. */
public final class JmhResults {

    private JmhResults() {
    }

    /** @throws IllegalArgumentException when the file is not JMH JSON, naming the file and what is wrong */
    public static List<JmhResult> read(Path file) throws IOException {
        String text = Files.readString(file);
        try {
            return parse(text);
        } catch (IllegalArgumentException | IllegalStateException | JsonParseException e) {
            throw new IllegalArgumentException(file + " is not a JMH JSON result file (-rf json): " + e.getMessage(), e);
        }
    }

    public static List<JmhResult> parse(String json) {
        JsonElement root = JsonParser.parseString(json);
        if (!root.isJsonArray()) {
            throw new IllegalArgumentException("expected a JSON array of benchmark results");
        }
        JsonArray rows = root.getAsJsonArray();
        List<JmhResult> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (!rows.get(i).isJsonObject()) {
                throw new IllegalArgumentException("entry " + i + " is not an object");
            }
            JsonObject o = rows.get(i).getAsJsonObject();
            String benchmark = string(o, "benchmark", i);
            JsonObject primary = object(o, "primaryMetric", i);
            Map<String, String> params = new TreeMap<>();
            if (o.has("params") && o.get("params").isJsonObject()) {
                o.getAsJsonObject("params").entrySet().forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
            }
            Map<String, Double> secondary = new LinkedHashMap<>();
            if (o.has("secondaryMetrics") && o.get("secondaryMetrics").isJsonObject()) {
                o.getAsJsonObject("secondaryMetrics").entrySet().forEach(e -> {
                    if (e.getValue().isJsonObject() && e.getValue().getAsJsonObject().has("score")) {
                        secondary.put(e.getKey(), number(e.getValue().getAsJsonObject().get("score")));
                    }
                });
            }
            if (!primary.has("score")) {
                throw new IllegalArgumentException("entry " + i + " (" + benchmark + ") has no primaryMetric.score");
            }
            out.add(new JmhResult(benchmark, optString(o, "mode"), params, number(primary.get("score")),
                    primary.has("scoreError") ? number(primary.get("scoreError")) : Double.NaN,
                    optString(primary, "scoreUnit"), secondary, optString(o, "jdkVersion"), optString(o, "vmName"),
                    optString(o, "jmhVersion")));
        }
        return out;
    }

    /** JMH writes NaN and infinities as strings ("NaN"). */
    static double number(JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return Double.NaN;
        }
        String s = e.getAsString();
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException("not a number: " + s);
        }
    }

    private static String string(JsonObject o, String key, int i) {
        if (!o.has(key) || !o.get(key).isJsonPrimitive()) {
            throw new IllegalArgumentException("entry " + i + " has no \"" + key + "\"");
        }
        return o.get(key).getAsString();
    }

    private static JsonObject object(JsonObject o, String key, int i) {
        if (!o.has(key) || !o.get(key).isJsonObject()) {
            throw new IllegalArgumentException("entry " + i + " has no \"" + key + "\" object");
        }
        return o.getAsJsonObject(key);
    }

    private static String optString(JsonObject o, String key) {
        return o.has(key) && o.get(key).isJsonPrimitive() ? o.get(key).getAsString() : null;
    }
}
