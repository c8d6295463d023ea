package dev.switchcost.results;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Checks a switchcost JSON file against the record Gson binds it to, field by field, before it is bound: every
 * field has its record's type (an object, an array, a number, a string, true/false), no array entry is null,
 * a number is finite (or NaN, which switchcost writes for "none") and at most {@value #MAX_MAGNITUDE_TEXT} in
 * magnitude, an integer is whole and in range, and a nested object, array or map is present unless it is
 * optional (named by its path without indices, e.g. {@code cells.samples.interference}). A string or a boxed
 * number may be null (a value that was not known) unless it is named required. Every failure is one line naming
 * the file and the field.
 */
final class JsonFields {

    /** Larger numbers are no measurement: their sums and squares would overflow. */
    static final double MAX_MAGNITUDE = 1e15;
    static final String MAX_MAGNITUDE_TEXT = "1e15";

    /** How switchcost writes its own JSON files: indented, NaN as NaN (a figure that is not known). */
    static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues().create();

    private JsonFields() {
    }

    /**
     * Writes {@code r} as {@code dir/name} atomically ({@link AtomicFiles}).
     *
     * @return the file written
     * @throws ResultWriteException naming the file when it cannot be written
     */
    static Path write(Path dir, String name, Record r) {
        return AtomicFiles.writeString(dir.resolve(name), GSON.toJson(r) + "\n");
    }

    /**
     * Parses {@code text} and checks it against {@code type}.
     *
     * @param what     what the file should be, for messages ("a switchcost compare.json")
     * @param optional paths (without indices) of nested objects, arrays and maps that may be null or missing
     * @param required paths (without indices) of strings that must be present and not null
     * @throws IllegalArgumentException naming the file and the field
     */
    static void check(String text, Class<? extends Record> type, Set<String> optional, Set<String> required, Path file,
                      String what) {
        JsonElement root;
        try {
            root = JsonParser.parseString(text);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(JmhJson.notJson(file, text, e, what), e);
        }
        if (!root.isJsonObject()) {
            throw new IllegalArgumentException(file + " is not " + what + ": expected an object, found " + kind(root));
        }
        new JsonFields.Walk(file, what, optional, required).record(root.getAsJsonObject(), type, "", "");
    }

    /**
     * {@link #check}, then the record as {@link #GSON} reads it.
     *
     * @throws IllegalArgumentException naming the file, when it is not JSON, misses a field, or holds a value of another type
     */
    static <T extends Record> T read(String text, Class<T> type, Set<String> optional, Set<String> required, Path file,
                                     String what) {
        try {
            check(text, type, optional, required, file, what);
            return GSON.fromJson(text, type);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(JmhJson.jsonLines(text) ? JmhJson.notJson(file, text, e, what)
                    : file + " is not " + what + ": " + JmhJson.cause(e), e);
        }
    }

    /** {@code an object}, {@code a string}, ... */
    static String kind(JsonElement e) {
        return e == null || e.isJsonNull() ? "null"
                : e.isJsonObject() ? "an object"
                : e.isJsonArray() ? "an array"
                : e.getAsJsonPrimitive().isBoolean() ? "true/false"
                : e.getAsJsonPrimitive().isNumber() ? "a number" : "a string";
    }

    /**
     * A number: finite or NaN (switchcost's and JMH's "none"), at most {@value #MAX_MAGNITUDE_TEXT} in magnitude.
     *
     * @param bad the failure, given what is wrong with the field ("expected a number, found a string")
     */
    static double number(JsonElement v, Function<String, IllegalArgumentException> bad) {
        if (!v.isJsonPrimitive() || v.getAsJsonPrimitive().isBoolean()) {
            throw bad.apply("expected a number, found " + kind(v));
        }
        double d;
        try {
            d = Double.parseDouble(v.getAsString());
        } catch (NumberFormatException e) {
            throw bad.apply("expected a number, found a string");
        }
        if (Double.isInfinite(d) || Math.abs(d) > MAX_MAGNITUDE) {
            throw bad.apply("is out of range (" + (Double.isInfinite(d) ? "infinite" : "magnitude over " + MAX_MAGNITUDE_TEXT) + ")");
        }
        return d;
    }

    private record Walk(Path file, String what, Set<String> optional, Set<String> requiredStrings) {

        void record(JsonObject o, Class<?> type, String path, String schema) {
            for (RecordComponent c : type.getRecordComponents()) {
                String p = path.isEmpty() ? c.getName() : path + "." + c.getName();
                String s = schema.isEmpty() ? c.getName() : schema + "." + c.getName();
                JsonElement v = o.get(c.getName());
                if (v == null || v.isJsonNull()) {
                    Class<?> raw = c.getType();
                    if (raw.isPrimitive() ? v != null : required(raw) ? !optional.contains(s) : requiredStrings.contains(s)) {
                        throw bad(p, v == null ? "is missing" : "is null");
                    }
                    continue;
                }
                value(v, c.getGenericType(), p, s);
            }
        }

        private static boolean required(Class<?> raw) {
            return raw.isRecord() || List.class.isAssignableFrom(raw) || Map.class.isAssignableFrom(raw);
        }

        void value(JsonElement v, Type t, String path, String schema) {
            Class<?> raw = t instanceof ParameterizedType pt ? (Class<?>) pt.getRawType() : (Class<?>) t;
            if (raw.isRecord()) {
                expect(v.isJsonObject(), path, "an object", v);
                record(v.getAsJsonObject(), raw, path, schema);
            } else if (List.class.isAssignableFrom(raw)) {
                expect(v.isJsonArray(), path, "an array", v);
                Type element = ((ParameterizedType) t).getActualTypeArguments()[0];
                JsonArray a = v.getAsJsonArray();
                for (int i = 0; i < a.size(); i++) {
                    if (a.get(i).isJsonNull()) {
                        throw bad(path + "[" + i + "]", "is null");
                    }
                    value(a.get(i), element, path + "[" + i + "]", schema);
                }
            } else if (Map.class.isAssignableFrom(raw)) {
                expect(v.isJsonObject(), path, "an object", v);
                Type valueType = ((ParameterizedType) t).getActualTypeArguments()[1];
                for (Map.Entry<String, JsonElement> e : v.getAsJsonObject().entrySet()) {
                    if (!e.getValue().isJsonNull()) {
                        value(e.getValue(), valueType, path + "." + e.getKey(), schema + ".*");
                    } else if (valueType != String.class) {
                        throw bad(path + "." + e.getKey(), "is null");
                    }
                }
            } else if (raw == String.class) {
                expect(v.isJsonPrimitive(), path, "a string", v);
            } else if (raw == boolean.class || raw == Boolean.class) {
                expect(v.isJsonPrimitive() && v.getAsJsonPrimitive().isBoolean(), path, "true or false", v);
            } else if (raw == double.class || raw == Double.class) {
                number(v, w -> bad(path, w));
            } else if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class) {
                double d = number(v, w -> bad(path, w));
                boolean isInt = raw == int.class || raw == Integer.class;
                if (Double.isNaN(d) || d != Math.rint(d) || isInt && Math.abs(d) > Integer.MAX_VALUE) {
                    throw bad(path, "expected " + (isInt ? "an integer" : "a whole number") + ", found " + v.getAsString());
                }
            } else {
                throw new IllegalStateException("JsonFields cannot check a field of type " + t + " (" + path + ")");
            }
        }

        private void expect(boolean ok, String path, String expected, JsonElement v) {
            if (!ok) {
                throw bad(path, "expected " + expected + ", found " + kind(v));
            }
        }

        IllegalArgumentException bad(String path, String what) {
            return new IllegalArgumentException(file + " is not " + this.what + ": field " + path + " " + what);
        }
    }
}
