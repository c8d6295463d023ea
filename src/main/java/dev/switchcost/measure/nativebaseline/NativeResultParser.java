package dev.switchcost.measure.nativebaseline;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads the output of the native baseline programs: one JSON object per line, e.g.
 * <pre>{"mechanism":"futex-threads","op":"round trip (two handoffs)","placement":"SAME_CPU","cpus":"1",
 * "repetition":1,"round_trips":20000,"elapsed_ns":...,"ns_per_round_trip":...,"voluntary_per_round_trip":...,
 * "involuntary_per_round_trip":...,"switches_per_round_trip":...,"process_cpu_ns":...}</pre>
 * ({@code process_cpu_ns} may be absent: output of programs built before it existed).
 * Blank lines are skipped; anything else that is not such an object is an error naming the line.
 *
 * <p>{@code spin_futex}'s line ({@link #parseSpin}) and the working-set programs' ({@link #parseWorkingSet}) add the
 * fields their records name ({@link NativeSpinResult}, {@link NativeWorkingSetResult}); a line without them is an
 * error naming the line.
 */
public final class NativeResultParser {

    private NativeResultParser() {
    }

    public static List<NativeResult> parse(List<String> lines) {
        return parseLines(lines, "a native result", NativeResultParser::common);
    }

    public static List<NativeSpinResult> parseSpin(List<String> lines) {
        return parseLines(lines, "a spin_futex result", o -> new NativeSpinResult(common(o), str(o, "strategy"),
                (long) num(o, "budget_ns"), str(o, "reply"), num(o, "reply_mean_ns"), num(o, "cpu_ns_per_round_trip"),
                num(o, "futex_waits_per_round_trip"), num(o, "futex_wakes_per_round_trip")));
    }

    public static List<NativeWorkingSetResult> parseWorkingSet(List<String> lines) {
        return parseLines(lines, "a native working-set result", o -> {
            NativeResult common = common(o);
            String walk = str(o, "walk");
            if (!walk.equals("li") && !walk.equals("sparse")) {
                throw new IllegalArgumentException("unknown walk \"" + walk + "\"");
            }
            return new NativeWorkingSetResult(common, (long) num(o, "working_set_kib"), (long) num(o, "stride_bytes"), walk,
                    (long) num(o, "wakes"), num(o, "first_walk_ns"), num(o, "second_walk_ns"),
                    num(o, "paired_indirect_ns_per_switch"), num(o, "paired_indirect_sd_ns"),
                    o.has("beyond_ns_per_switch") ? num(o, "beyond_ns_per_switch") : Double.NaN);
        });
    }

    /**
     * One {@code T} per non-blank line, a JSON object read by {@code one}; a line it cannot read is an error naming
     * the line's number and {@code what} it should have been.
     */
    static <T> List<T> parseLines(List<String> lines, String what, Function<JsonObject, T> one) {
        List<T> out = new ArrayList<>();
        int n = 0;
        for (String line : lines) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonElement e = JsonParser.parseString(line);
                if (!e.isJsonObject()) {
                    throw new IllegalArgumentException("not a JSON object");
                }
                out.add(one.apply(e.getAsJsonObject()));
            } catch (IllegalArgumentException | IllegalStateException | UnsupportedOperationException | JsonParseException e) {
                throw new IllegalArgumentException("line " + n + " is not " + what + " (" + e.getMessage() + "): " + line, e);
            }
        }
        return out;
    }

    /** The fields every native program prints. */
    static NativeResult common(JsonObject o) {
        return new NativeResult(str(o, "mechanism"), str(o, "op"), str(o, "placement"), str(o, "cpus"),
                (int) num(o, "repetition"), (long) num(o, "round_trips"), (long) num(o, "elapsed_ns"),
                num(o, "ns_per_round_trip"), num(o, "voluntary_per_round_trip"), num(o, "involuntary_per_round_trip"),
                num(o, "switches_per_round_trip"), o.has("process_cpu_ns") ? (long) num(o, "process_cpu_ns") : -1);
    }

    static String str(JsonObject o, String key) {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive()) {
            throw new IllegalArgumentException("missing \"" + key + "\"");
        }
        return e.getAsString();
    }

    static double num(JsonObject o, String key) {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
            throw new IllegalArgumentException("missing number \"" + key + "\"");
        }
        double v = e.getAsDouble();
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("\"" + key + "\" is not finite");
        }
        return v;
    }
}
