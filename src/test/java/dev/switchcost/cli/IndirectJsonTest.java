package dev.switchcost.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code switchcost indirect DIR --format json} on a committed results directory (a real short run; see its README). */
class IndirectJsonTest {

    static final String DIR = "src/test/resources/fixtures/results/workingset-paired-epyc-kvm-2vcpu-jdk25";

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = SwitchcostCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new String[] {String.valueOf(rc), out.toString(), err.toString()};
    }

    @Test
    void printsOneObjectPerRowAndEstimatorWithEveryField() {
        String[] r = run("indirect", DIR, "--format", "json");
        assertEquals("0", r[0], r[2]);
        List<JsonObject> objs = r[1].lines().map(l -> JsonParser.parseString(l).getAsJsonObject()).toList();
        // 4 sizes, each with a roundTripPaired row and a roundTrip row
        assertEquals(8, objs.size(), r[1]);
        for (JsonObject o : objs) {
            for (String k : List.of("benchmark", "params", "size_kib", "stride_bytes", "walk", "placement", "estimator",
                    "ns_per_switch", "error", "flags")) {
                assertTrue(o.has(k), k + " missing in " + o);
            }
            assertEquals(64, o.get("stride_bytes").getAsInt());
            assertEquals("LI", o.get("walk").getAsString());
            assertEquals("SAME_CPU", o.get("placement").getAsString());
        }
        Set<String> estimators = objs.stream().map(o -> o.get("estimator").getAsString()).collect(Collectors.toSet());
        assertEquals(Set.of("paired", "paper"), estimators);
        JsonObject paired128 = objs.stream().filter(o -> o.get("estimator").getAsString().equals("paired")
                && o.get("size_kib").getAsLong() == 128).findFirst().orElseThrow();
        assertEquals("WorkingSetHandoff.roundTripPaired", paired128.get("benchmark").getAsString());
        assertEquals("128", paired128.getAsJsonObject("params").get("workingSetKiB").getAsString());
        assertTrue(Double.isFinite(paired128.get("ns_per_switch").getAsDouble()));
        assertTrue(paired128.get("error").getAsDouble() > 0, paired128.toString());
        // flags agree with the numbers: empty only for a resolved positive value
        for (JsonObject o : objs) {
            if (o.get("size_kib").getAsLong() == 0 && o.get("estimator").getAsString().equals("paper")) {
                assertEquals("[\"DIRECT_ROW\"]", o.getAsJsonArray("flags").toString(), o.toString());
                assertTrue(o.get("direct_ns_per_switch").getAsDouble() > 0, o.toString());
                continue;
            }
            if (o.get("ns_per_switch").isJsonNull()) {
                continue;
            }
            double v = o.get("ns_per_switch").getAsDouble();
            double e = o.get("error").isJsonNull() ? Double.NaN : o.get("error").getAsDouble();
            boolean clean = o.getAsJsonArray("flags").isEmpty();
            assertEquals(v > 0 && Math.abs(v) > e, clean, o.toString());
        }
    }

    @Test
    void theOldSpellingJsonIsRefusedForFormatJson() {
        CliResult r = CliResult.run("indirect", DIR, "--json");
        assertEquals(ExitCodes.USAGE, r.exit(), r.out() + r.err());
        assertTrue(r.oneLineError() && r.err().contains("--json"), r.err());
    }

    @Test
    void textTableShowsThePairedEstimateFirst() {
        String[] r = run("indirect", DIR);
        assertEquals("0", r[0], r[2]);
        String header = r[1].lines().filter(l -> l.contains("paired_ns/switch")).findFirst().orElseThrow();
        assertTrue(header.indexOf("paired_ns/switch") < header.indexOf("paper_ns/switch"), header);
        assertTrue(r[1].contains("paper's estimator") || r[1].contains("The paper's estimator"), r[1]);
    }

    @Test
    void jsonOnResultsWithoutWorkingSetRowsIsAUsageError() {
        String[] r = run("indirect", "src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25", "--format", "json");
        assertEquals(String.valueOf(ExitCodes.USAGE), r[0], r[1] + r[2]);
    }
}
