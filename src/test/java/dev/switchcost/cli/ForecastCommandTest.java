package dev.switchcost.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ForecastCommandTest {

    static final String REC = "src/test/resources/fixtures/jfr/handoffs-jdk25.jfr";
    /** Has the pair's CPU time per switch on one and two CPUs, no virtual-thread handoff. */
    static final String PLACEMENTS = "src/test/resources/fixtures/results/workingset-placements-epyc-kvm-jdk25";
    /** Has the virtual-thread handoff and the one-CPU pair only: no cross-CPU price. */
    static final String QUICK = "src/test/resources/fixtures/results/quick-whole-cache-144s-epyc-kvm-jdk25";

    @Test
    void withoutTheNeededCostsItNamesTheRunToMake() {
        CliResult r = CliResult.run("forecast", "--jfr", REC, "--other-machine", "--costs", QUICK);
        assertEquals(ExitCodes.USAGE, r.exit(), r.out());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains("switchcost run -p placement=SAME_CPU,CROSS_CPU") && r.err().contains("roundTripPaired"), r.err());
    }

    @Test
    void forecastsTheCapturedRecordingAndWritesJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("f.json");
        CliResult r = CliResult.run("forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS, "--units", "1000", "--json", json.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("never a round trip's latency"), r.out());
        assertTrue(r.out().startsWith("Priced from " + PLACEMENTS + " (results of 20"), "names the run it priced from: " + r.out());
        assertTrue(r.out().contains("every wake-up assumed to cross CPUs"), "says the mix was not measured");
        assertTrue(r.out().contains("run `switchcost run '\\.VirtualThreadHandoffOneCarrier"), "names the missing run: " + r.out());
        assertTrue(r.out().contains("run scripts/studies/measure-spin.sh"), r.out());
        assertTrue(r.out().contains("ns CPU per unit"), r.out());
        JsonObject o = JsonParser.parseString(Files.readString(json)).getAsJsonObject();
        assertEquals(1000, o.get("units").getAsLong());
        assertEquals(List.of("sameCpuShare", "measured", "source", "mismatch"), List.copyOf(o.getAsJsonObject("mix").keySet()),
                "the mix's fields in one order, whichever JVM writes them");
        assertTrue(o.getAsJsonObject("nowNs").getAsJsonObject("perUnit").get("lower").getAsDouble() > 0);
        assertTrue(o.get("onVirtualNs").isJsonNull());
        assertTrue(o.getAsJsonArray("sites").size() > 0);
    }

    /** Mixes written against {@link #REC} (process 30995, 775 blocking events a second); their README says how. */
    static final String MIXES = "src/test/resources/fixtures/hand-written/placement-mix/";

    @Test
    void aMixSampledAtAnotherLoadIsRefusedNamingBothRates() {
        CliResult r = CliResult.run("forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS, "--sample", MIXES + "other-load");
        assertEquals(ExitCodes.USAGE, r.exit(), r.out());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains("the placement mix in " + MIXES + "other-load was sampled at 29 handoffs/s over 10 s; the recording"
                + " has 775/s"), r.err());
        assertTrue(r.err().contains("switchcost sample --pid 30995 -o " + MIXES + "other-load while the load runs")
                && r.err().contains("--any-mix"), "names the fix: " + r.err());
    }

    @Test
    void anyMixPricesWithAMismatchedMixAndSaysSoInTheTextAndTheJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("f.json");
        CliResult r = CliResult.run("forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS, "--sample", MIXES + "other-load",
                "--any-mix", "--json", json.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("\nWarning: the placement mix in " + MIXES + "other-load was sampled at 29 handoffs/s"), r.out());
        String mismatch = JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonObject("mix").get("mismatch")
                .getAsString();
        assertTrue(mismatch.contains("29 handoffs/s") && mismatch.contains("775/s") && mismatch.contains("--any-mix"), mismatch);
    }

    @Test
    void aMixOfAnotherProcessOverTheRecordingsWindowIsRefused() {
        CliResult r = CliResult.run("forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS, "--sample", MIXES + "other-process");
        assertEquals(ExitCodes.USAGE, r.exit(), r.out());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains("of process 31020 (java Other.java), not the recorded JVM, process 30995"), r.err());
    }

    @Test
    void aMixThatDoesNotSayItsWindowIsRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("placement.json"), "{\"sameCpu\": 23197, \"crossCpu\": 12493, \"source\": \"tracefs\"}");
        CliResult r = CliResult.run("forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS, "--sample", dir.toString());
        assertEquals(ExitCodes.USAGE, r.exit(), r.out());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains("does not say when it was sampled") && r.err().contains("775 handoffs/s"), r.err());
    }

    @Test
    void aMixOfTheRecordedLoadPricesAndNamesItsDirAndWindow() {
        CliResult r = CliResult.run("forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS, "--sample", MIXES + "this-load");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("1,000 same-CPU and 1,900 cross-CPU wake-ups, from tracefs sched_waking/sched_wakeup, in " + MIXES
                + "this-load, sampled 2026-11-2"), r.out());
        assertTrue(r.out().contains(" for 4 s at 725 handoffs/s"), r.out());
        assertTrue(!r.out().contains("Warning"), r.out());
    }

    @Test
    void printsTheSettingsToRecordWith() {
        CliResult r = CliResult.run("forecast", "--print-jfc");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        for (String e : new String[] {"jdk.ThreadPark", "jdk.JavaMonitorWait", "jdk.JavaMonitorEnter", "jdk.VirtualThreadPinned"}) {
            assertTrue(r.out().contains("<event name=\"" + e + "\">"), e);
        }
        assertTrue(r.out().contains("0 ns"));
    }

    static final String CPU = "src/test/resources/fixtures/async-profiler/cpu-jetty-handoff-platform-jdk21.collapsed";

    @Test
    void aProfiledSwitchPathPricesTheHandoffsAndNamesThePingPongBesideIt(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("f.json");
        CliResult r = CliResult.run("forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS, "--units", "1000",
                "--switch-path", CPU, "--switch-path-units", "100", "--switch-path-interval", "1ms", "--json", json.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("the program's own switch path per handoff") && r.out().contains("100 units")
                && r.out().contains("the results' ping-pong at this mix") && r.out().contains("± the sampling's only"), r.out());
        JsonObject path = JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonObject("prices")
                .getAsJsonObject("switchPath");
        assertEquals(67, path.get("inPath").getAsLong());
        assertEquals(1_000_000, path.get("intervalNs").getAsLong());
    }

    @Test
    void aSwitchPathWithoutItsUnitsOrIntervalIsOneLine() {
        for (String[] extra : new String[][] {{"--units", "1000", "--switch-path", CPU, "--switch-path-interval", "1ms"},
                {"--units", "1000", "--switch-path", CPU, "--switch-path-units", "100"},
                {"--switch-path", CPU, "--switch-path-units", "100", "--switch-path-interval", "1ms"},
                {"--units", "1000", "--switch-path", "absent.collapsed", "--switch-path-units", "100", "--switch-path-interval", "1ms"},
                {"--units", "1000", "--switch-path", CPU, "--switch-path-units", "100", "--switch-path-interval", "1.5ms"}}) {
            List<String> args = new java.util.ArrayList<>(List.of("forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS));
            args.addAll(List.of(extra));
            CliResult r = CliResult.run(args.toArray(String[]::new));
            assertEquals(ExitCodes.USAGE, r.exit(), args + ": " + r.err());
            assertTrue(r.oneLineError() && r.err().contains("--switch-path"), r.err());
        }
    }

    @Test
    void badInputIsOneLine(@TempDir Path dir) throws Exception {
        for (String[] args : new String[][] {{"forecast"}, {"forecast", "--jfr", dir.resolve("none.jfr").toString()},
                {"forecast", "--jfr", Files.writeString(dir.resolve("x.jfr"), "x").toString(), "--other-machine", "--costs", PLACEMENTS},
                {"forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS, "--units", "-1"},
                {"forecast", "--jfr", REC, "--other-machine", "--costs", PLACEMENTS, "--sample", dir.toString()}}) {
            CliResult r = CliResult.run(args);
            assertEquals(ExitCodes.USAGE, r.exit(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.oneLineError(), r.err());
        }
    }
}
