package dev.switchcost.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * The one reader of JMH's JSON result format ({@code -rf json}; JMH itself has no reader): every row
 * with its parameters, JVM, settings, metrics in normalised units, and raw iterations.
 */
public final class JmhJson {

    private JmhJson() {
    }

    /** Whether a parsed JSON document looks like JMH JSON (an array whose entries have benchmark and primaryMetric). */
    static boolean looksLikeJmh(JsonElement root) {
        return root.isJsonArray() && root.getAsJsonArray().asList().stream().allMatch(e -> e.isJsonObject()
                && e.getAsJsonObject().has("benchmark") && e.getAsJsonObject().has("primaryMetric"));
    }

    /**
     * The rows of a parsed JMH JSON document, every field checked: the benchmark a string, the parameters and JVM
     * arguments strings, every number finite (or NaN, JMH's "none") and at most {@value JsonFields#MAX_MAGNITUDE_TEXT}
     * in magnitude, the raw data arrays of numbers.
     *
     * @throws IllegalArgumentException naming {@code source}, the entry and the field
     */
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
            if (!o.has("benchmark") || !o.get("benchmark").isJsonPrimitive()
                    || !o.getAsJsonPrimitive("benchmark").isString()) {
                throw bad(source, "entry " + i + " has no \"benchmark\" string");
            }
            String benchmark = o.get("benchmark").getAsString();
            Field at = new Field(source, i);
            if (!o.has("primaryMetric") || !o.get("primaryMetric").isJsonObject()) {
                throw at.bad("primaryMetric", "is missing or not an object");
            }
            JsonObject pm = o.getAsJsonObject("primaryMetric");
            if (!pm.has("score")) {
                throw at.bad("primaryMetric.score", "is missing");
            }
            Map<String, String> params = new TreeMap<>();
            object(o, "params", at, "").asMap().forEach((k, v) -> params.put(k, string(v, at, "params." + k)));
            Map<String, Metric> secondary = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> e : object(o, "secondaryMetrics", at, "").entrySet()) {
                if (!e.getValue().isJsonObject()) {
                    throw at.bad("secondaryMetrics." + e.getKey(), "expected an object, found " + JsonFields.kind(e.getValue()));
                }
                if (e.getValue().getAsJsonObject().has("score")) {
                    secondary.put(e.getKey(), metric(e.getValue().getAsJsonObject(), at, "secondaryMetrics." + e.getKey()));
                }
            }
            JsonArray args = array(o, "jvmArgs", at, "");
            List<String> jvmArgs = IntStream.range(0, args.size())
                    .mapToObj(a -> string(args.get(a), at, "jvmArgs[" + a + "]")).toList();
            JmhRow.Jvm jvm = new JmhRow.Jvm(str(o, "jdkVersion", at), str(o, "vmName", at), str(o, "vmVersion", at), str(o, "jvm", at), jvmArgs);
            JmhRow.Settings settings = new JmhRow.Settings(str(o, "jmhVersion", at), integer(o, "forks", at), integer(o, "threads", at),
                    integer(o, "warmupIterations", at), str(o, "warmupTime", at), integer(o, "measurementIterations", at),
                    str(o, "measurementTime", at));
            String mode = str(o, "mode", at);
            out.add(new JmhRow(source, benchmark, mode == null ? "?" : mode, params,
                    metric(pm, at, "primaryMetric"), secondary, jvm, settings, null, null,
                    // JMH writes scorePercentiles in every mode; only sample mode's are over single ops
                    "sample".equals(mode) ? percentiles(pm, at) : null));
        }
        return out;
    }

    /** Where a field is: the file and the entry, for messages. */
    private record Field(Path source, int entry) {
        IllegalArgumentException bad(String field, String what) {
            return JmhJson.bad(source, "entry " + entry + ", field " + field + " " + what);
        }
    }

    private static Metric metric(JsonObject m, Field at, String name) {
        JsonArray forks = array(m, "rawData", at, name);
        double[][] raw = new double[forks.size()][];
        for (int f = 0; f < forks.size(); f++) {
            String where = name + ".rawData[" + f + "]";
            if (!forks.get(f).isJsonArray()) {
                throw at.bad(where, "expected an array of numbers, found " + JsonFields.kind(forks.get(f)));
            }
            JsonArray it = forks.get(f).getAsJsonArray();
            raw[f] = new double[it.size()];
            for (int i = 0; i < it.size(); i++) {
                raw[f][i] = number(it.get(i), at, where + "[" + i + "]");
            }
        }
        if (raw.length == 0 && m.has("rawDataHistogram")) {
            // sample mode keeps no rawData: with two or more forks an iteration's value is its histogram's mean, so that
            // the forks are the units (Estimate); one fork keeps JMH's own score and error, as files always read
            double[][] means = iterationMeans(m, at);
            raw = means.length >= 2 ? means : raw;
        }
        String unit = m.has("scoreUnit") ? string(m.get("scoreUnit"), at, name + ".scoreUnit") : "";
        return Metric.of(number(m.get("score"), at, name + ".score"),
                m.has("scoreError") ? number(m.get("scoreError"), at, name + ".scoreError") : Double.NaN, unit, raw);
    }

    /**
     * A sample-mode row's {@code scorePercentiles} (other modes' are over iteration scores, not ops) ({@code "50.0": 6.512, ...},
     * in the score's unit) as ns per op, with the sample count and histogram of {@code rawDataHistogram} (per fork, per
     * iteration, {@code [value, count]} pairs) merged; null when the row has none, or its unit is not a time per op.
     */
    private static Percentiles percentiles(JsonObject pm, Field at) {
        if (!pm.has("scorePercentiles") || pm.get("scorePercentiles").isJsonNull()) {
            return null;
        }
        JsonObject p = object(pm, "scorePercentiles", at, "primaryMetric");
        String unit = pm.has("scoreUnit") ? string(pm.get("scoreUnit"), at, "primaryMetric.scoreUnit") : "";
        if (!Metric.of(0, 0, unit, new double[0][]).isTimePerOp()) {
            return null;
        }
        double toNs = Metric.of(1, Double.NaN, unit, new double[0][]).score();
        ToDoubleFunction<String> percentile = key -> {
            if (!p.has(key)) {
                throw at.bad("primaryMetric.scorePercentiles", "has no \"" + key + "\"");
            }
            return number(p.get(key), at, "primaryMetric.scorePercentiles." + key) * toNs;
        };
        TreeMap<Double, Long> bins = new TreeMap<>();
        JsonArray forks = array(pm, "rawDataHistogram", at, "primaryMetric");
        for (int f = 0; f < forks.size(); f++) {
            JsonArray iterations = element(forks.get(f), at, "primaryMetric.rawDataHistogram[" + f + "]");
            for (int i = 0; i < iterations.size(); i++) {
                String where = "primaryMetric.rawDataHistogram[" + f + "][" + i + "]";
                JsonArray pairs = element(iterations.get(i), at, where);
                for (int k = 0; k < pairs.size(); k++) {
                    JsonArray vc = element(pairs.get(k), at, where + "[" + k + "]");
                    if (vc.size() != 2) {
                        throw at.bad(where + "[" + k + "]", "is not [value, count]");
                    }
                    double count = number(vc.get(1), at, where + "[" + k + "][1]");
                    if (!(count >= 0) || count != Math.rint(count)) {
                        throw at.bad(where + "[" + k + "][1]", "is not a count (a whole number, 0 or more)");
                    }
                    bins.merge(number(vc.get(0), at, where + "[" + k + "][0]") * toNs, (long) count, Long::sum);
                }
            }
        }
        List<Percentiles.Bin> histogram = bins.entrySet().stream().map(e -> new Percentiles.Bin(e.getKey(), e.getValue())).toList();
        return new Percentiles(percentile.applyAsDouble("50.0"), percentile.applyAsDouble("90.0"), percentile.applyAsDouble("99.0"),
                percentile.applyAsDouble("99.9"), percentile.applyAsDouble("100.0"), histogram.stream().mapToLong(Percentiles.Bin::count).sum(),
                histogram);
    }

    /**
     * Per fork, per iteration: the mean of that iteration's {@code rawDataHistogram} ({@code [value, count]} pairs), in
     * JMH's unit; an iteration without samples is left out.
     */
    private static double[][] iterationMeans(JsonObject pm, Field at) {
        JsonArray forks = array(pm, "rawDataHistogram", at, "primaryMetric");
        double[][] out = new double[forks.size()][];
        for (int f = 0; f < forks.size(); f++) {
            JsonArray iterations = element(forks.get(f), at, "primaryMetric.rawDataHistogram[" + f + "]");
            List<Double> means = new ArrayList<>();
            for (int i = 0; i < iterations.size(); i++) {
                String where = "primaryMetric.rawDataHistogram[" + f + "][" + i + "]";
                JsonArray pairs = element(iterations.get(i), at, where);
                double sum = 0;
                double n = 0;
                for (int k = 0; k < pairs.size(); k++) {
                    JsonArray vc = element(pairs.get(k), at, where + "[" + k + "]");
                    if (vc.size() != 2) {
                        throw at.bad(where + "[" + k + "]", "is not [value, count]");
                    }
                    double count = number(vc.get(1), at, where + "[" + k + "][1]");
                    sum += number(vc.get(0), at, where + "[" + k + "][0]") * count;
                    n += count;
                }
                if (n > 0 && Double.isFinite(sum)) {
                    means.add(sum / n);
                }
            }
            out[f] = means.stream().mapToDouble(Double::doubleValue).toArray();
        }
        return out;
    }

    /**
     * A number: finite or NaN (JMH writes NaN and infinities as strings, "NaN"; an infinity or a magnitude over
     * {@value JsonFields#MAX_MAGNITUDE_TEXT} is no measurement).
     */
    private static double number(JsonElement e, Field at, String field) {
        return e == null || e.isJsonNull() ? Double.NaN : JsonFields.number(e, what -> at.bad(field, what));
    }

    /** A string, or a number or true/false as written. */
    private static String string(JsonElement e, Field at, String field) {
        if (e == null || !e.isJsonPrimitive()) {
            throw at.bad(field, "expected a string, found " + JsonFields.kind(e));
        }
        return e.getAsString();
    }

    /** An optional string: null when absent or null. */
    private static String str(JsonObject o, String key, Field at) {
        return o.has(key) && !o.get(key).isJsonNull() ? string(o.get(key), at, key) : null;
    }

    /** An optional whole number: -1 when absent or null. */
    private static int integer(JsonObject o, String key, Field at) {
        if (!o.has(key) || o.get(key).isJsonNull()) {
            return -1;
        }
        double d = number(o.get(key), at, key);
        if (Double.isNaN(d) || d != Math.rint(d) || Math.abs(d) > Integer.MAX_VALUE) {
            throw at.bad(key, "expected an integer, found " + o.get(key).getAsString());
        }
        return (int) d;
    }

    /** An optional object: empty when absent or null; {@code parent} names the object it is in, for messages ("": the row). */
    private static JsonObject object(JsonObject o, String key, Field at, String parent) {
        if (!o.has(key) || o.get(key).isJsonNull()) {
            return new JsonObject();
        }
        if (!o.get(key).isJsonObject()) {
            throw at.bad(parent.isEmpty() ? key : parent + "." + key, "expected an object, found " + JsonFields.kind(o.get(key)));
        }
        return o.getAsJsonObject(key);
    }

    /** An optional array: empty when absent or null; {@code parent} as for {@link #object}. */
    private static JsonArray array(JsonObject o, String key, Field at, String parent) {
        return !o.has(key) || o.get(key).isJsonNull() ? new JsonArray()
                : element(o.get(key), at, parent.isEmpty() ? key : parent + "." + key);
    }

    private static JsonArray element(JsonElement e, Field at, String field) {
        if (!e.isJsonArray()) {
            throw at.bad(field, "expected an array, found " + JsonFields.kind(e));
        }
        return e.getAsJsonArray();
    }

    private static IllegalArgumentException bad(Path source, String what) {
        return new IllegalArgumentException(source + " is not a JMH JSON result file (-rf json): " + what);
    }

    /** The innermost message of a JSON parse failure, without the parser's class names and links: one line. */
    static String cause(Throwable e) {
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return oneLine(c.getMessage()).replaceFirst("^[\\w.$]+(Exception|Error): ", "")
                .replaceFirst("Use JsonReader\\.set(Strictness\\(Strictness\\.LENIENT\\)|Lenient\\(true\\)) to accept malformed JSON", "malformed JSON");
    }

    /**
     * The one line for a file that is not one JSON document: JSON Lines (a value on each of several lines, as
     * {@code compare}'s native programs print) said as such, anything else with Gson's reason, never its hint
     * to developers ("Use JsonReader.setStrictness...").
     */
    static String notJson(Path file, String text, JsonParseException e, String what) {
        return jsonLines(text) ? file + " is JSON Lines (one JSON value on each line), not " + what
                + ": give a results directory switchcost wrote" : file + " is not valid JSON (truncated?): " + cause(e);
    }

    /** Whether {@code text} is two or more lines each holding one JSON object or array. */
    static boolean jsonLines(String text) {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        if (lines.size() < 2) {
            return false;
        }
        for (String l : lines) {
            String t = l.strip();
            if (!(t.startsWith("{") && t.endsWith("}") || t.startsWith("[") && t.endsWith("]"))) {
                return false;
            }
            try {
                JsonParser.parseString(t);
            } catch (JsonParseException e) {
                return false;
            }
        }
        return true;
    }

    static String oneLine(String s) {
        return s == null ? "malformed" : s.split("\n", 2)[0];
    }
}
