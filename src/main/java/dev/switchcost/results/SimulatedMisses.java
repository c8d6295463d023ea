package dev.switchcost.results;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.switchcost.measure.nativebaseline.NativeSimulation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One cachegrind row of {@code scripts/simulate-native.sh}: {@code ws_threads} at one working-set size under
 * valgrind's simulated caches, per switch. Read from {@value #FILE_NAME} in a results directory (what
 * {@code simulate-native.sh -o DIR} writes) by {@link Results}; the callgrind rows of the same file are not kept here
 * ({@code compare --simulate} puts instruction counts into compare.json).
 *
 * @param workingSetKib      each side's array
 * @param strideBytes        the walk's stride
 * @param walk               {@code li} or {@code sparse}
 * @param llLevel            which of this machine's caches cachegrind's last level simulated ({@code L3} or {@code L2})
 * @param valgrindOptions    the cache options passed
 * @param d1MissesPerSwitch  simulated D1 misses per switch, whole program (two switches per round trip)
 * @param llMissesPerSwitch  simulated LL misses per switch, whole program
 * @param pairedD1PerSwitch  D1 misses of the walk after a switch − the same walk at once again (the paired estimator)
 * @param pairedLlPerSwitch  the same for LL
 * @param source             {@code simulated (cachegrind), user space only}
 */
public record SimulatedMisses(long workingSetKib, long strideBytes, String walk, String llLevel, String valgrindOptions,
                              double d1MissesPerSwitch, double llMissesPerSwitch, double pairedD1PerSwitch,
                              double pairedLlPerSwitch, String source) {

    /** The file {@code scripts/simulate-native.sh -o DIR} writes. */
    public static final String FILE_NAME = "simulated.jsonl";

    /**
     * The cachegrind rows of a {@code simulate-native.sh} output file, in file order.
     *
     * @throws IllegalArgumentException naming the file and line when a line is not JSON or a cachegrind row lacks a field
     */
    public static List<SimulatedMisses> read(Path file) throws IOException {
        List<SimulatedMisses> out = new ArrayList<>();
        int n = 0;
        for (String line : InputFiles.readLines(file)) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            JsonObject o;
            try {
                JsonElement e = JsonParser.parseString(line);
                if (!e.isJsonObject()) {
                    throw new JsonParseException("not a JSON object");
                }
                o = e.getAsJsonObject();
            } catch (JsonParseException e) {
                throw new IllegalArgumentException(file + ":" + n + " is not a simulate-native JSON line: " + JmhJson.cause(e), e);
            }
            if (!o.has("tool") || !o.get("tool").isJsonPrimitive() || !o.get("tool").getAsString().equals("cachegrind")) {
                continue;
            }
            try {
                out.add(new SimulatedMisses(o.get("working_set_kib").getAsLong(), o.get("stride_bytes").getAsLong(),
                        o.get("walk").getAsString(), o.get("ll_level").getAsString(), o.get("valgrind_options").getAsString(),
                        o.get("d1_misses_per_switch").getAsDouble(), o.get("ll_misses_per_switch").getAsDouble(),
                        o.get("paired_d1_misses_per_switch").getAsDouble(), o.get("paired_ll_misses_per_switch").getAsDouble(),
                        o.get("source").getAsString()));
                SimulatedMisses m = out.get(out.size() - 1);
                for (double d : new double[] {m.workingSetKib(), m.strideBytes(), m.d1MissesPerSwitch(), m.llMissesPerSwitch(),
                        m.pairedD1PerSwitch(), m.pairedLlPerSwitch()}) {
                    if (Double.isInfinite(d) || Math.abs(d) > JsonFields.MAX_MAGNITUDE) {
                        throw new IllegalArgumentException(file + ":" + n + ": a cachegrind row holds a number out of range (infinite or"
                                + " magnitude over " + JsonFields.MAX_MAGNITUDE_TEXT + ")");
                    }
                }
            } catch (NullPointerException | UnsupportedOperationException | IllegalStateException | NumberFormatException e) {
                throw new IllegalArgumentException(file + ":" + n + ": a cachegrind row lacks a field (working_set_kib, stride_bytes, walk,"
                        + " ll_level, valgrind_options, d1/ll_misses_per_switch, paired_d1/ll_misses_per_switch, source)", e);
            }
        }
        return out;
    }

    /** Whether the row says it is cachegrind's simulation (the label every such figure carries). */
    public boolean simulated() {
        return NativeSimulation.CACHEGRIND_SOURCE.equals(source);
    }
}
