package dev.switchcost.measure.nativebaseline;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import java.util.List;

/**
 * Reads {@code spin_futex}'s output: the line of every native program ({@link NativeResultParser}) with
 * {@code "strategy"}, {@code "budget_ns"}, {@code "reply"}, {@code "reply_mean_ns"}, {@code "cpu_ns_per_round_trip"},
 * {@code "futex_waits_per_round_trip"} and {@code "futex_wakes_per_round_trip"} after it. A line without them is an
 * error naming the line.
 */
public final class NativeSpinResultParser {

    private NativeSpinResultParser() {
    }

    public static List<NativeSpinResult> parse(List<String> lines) {
        return NativeResultParser.parseLines(lines, "a spin_futex result", NativeSpinResultParser::parseLine);
    }

    static NativeSpinResult parseLine(String line) {
        NativeResult base = NativeResultParser.parseLine(line);
        JsonObject o = JsonParser.parseString(line).getAsJsonObject();
        return new NativeSpinResult(base, NativeResultParser.str(o, "strategy"), (long) NativeResultParser.num(o, "budget_ns"),
                NativeResultParser.str(o, "reply"), NativeResultParser.num(o, "reply_mean_ns"), NativeResultParser.num(o, "cpu_ns_per_round_trip"),
                NativeResultParser.num(o, "futex_waits_per_round_trip"), NativeResultParser.num(o, "futex_wakes_per_round_trip"));
    }
}
