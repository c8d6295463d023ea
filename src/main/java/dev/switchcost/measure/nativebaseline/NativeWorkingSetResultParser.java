package dev.switchcost.measure.nativebaseline;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import java.util.List;

/**
 * Reads the output of the native working-set programs: {@link NativeResultParser}'s line with, in
 * addition, {@code "working_set_kib"}, {@code "stride_bytes"}, {@code "walk"}, {@code "wakes"},
 * {@code "first_walk_ns"}, {@code "second_walk_ns"}, {@code "paired_indirect_ns_per_switch"} and
 * {@code "paired_indirect_sd_ns"}, and {@code "beyond_ns_per_switch"} where the program reads its threads' CPU time
 * (NaN where absent). Blank lines are skipped; any other line without them is an error naming the line.
 */
public final class NativeWorkingSetResultParser {

    private NativeWorkingSetResultParser() {
    }

    public static List<NativeWorkingSetResult> parse(List<String> lines) {
        return NativeResultParser.parseLines(lines, "a native working-set result", NativeWorkingSetResultParser::parseLine);
    }

    static NativeWorkingSetResult parseLine(String line) {
        NativeResult common = NativeResultParser.parseLine(line);
        JsonElement e = JsonParser.parseString(line);
        JsonObject o = e.getAsJsonObject();
        String walk = NativeResultParser.str(o, "walk");
        if (!walk.equals("li") && !walk.equals("sparse")) {
            throw new IllegalArgumentException("unknown walk \"" + walk + "\"");
        }
        return new NativeWorkingSetResult(common, (long) NativeResultParser.num(o, "working_set_kib"),
                (long) NativeResultParser.num(o, "stride_bytes"), walk, (long) NativeResultParser.num(o, "wakes"),
                NativeResultParser.num(o, "first_walk_ns"), NativeResultParser.num(o, "second_walk_ns"),
                NativeResultParser.num(o, "paired_indirect_ns_per_switch"), NativeResultParser.num(o, "paired_indirect_sd_ns"),
                o.has("beyond_ns_per_switch") ? NativeResultParser.num(o, "beyond_ns_per_switch") : Double.NaN);
    }
}
