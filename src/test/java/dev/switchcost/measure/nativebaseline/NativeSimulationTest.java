package dev.switchcost.measure.nativebaseline;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class NativeSimulationTest {

    @Test
    void executedRoundTripsIncludeCommonCsWarmUp() {
        assertEquals(11, NativeSimulation.executedRoundTrips(10));
        assertEquals(22, NativeSimulation.executedRoundTrips(20));
        assertEquals(1_000_000 + 10_000, NativeSimulation.executedRoundTrips(1_000_000));
    }

    @Test
    void callgrindRowDividesTheDifferenceByTheExtraRoundTrips() throws IOException {
        ValgrindProfile n = ValgrindProfile.parse(ValgrindProfileTest.fixture("callgrind.out.futex_threads-10"));
        ValgrindProfile n2 = ValgrindProfile.parse(ValgrindProfileTest.fixture("callgrind.out.futex_threads-20"));
        JsonObject row = NativeSimulation.callgrindRow("futex_threads", List.of(), 10, n, n2);
        assertEquals("simulated (callgrind), user space only", row.get("source").getAsString());
        assertEquals(11, row.get("round_trips_difference").getAsLong());
        assertEquals((160444 - 158759) / 11.0, row.get("instructions_per_round_trip").getAsDouble(), 0.001);
        assertTrue(row.get("note").getAsString().contains("one simulated cache, as on one CPU"));
    }

    @Test
    void cachegrindRowGivesMissesPerSwitchAndPerWalk() throws IOException {
        ValgrindProfile n = ValgrindProfile.parse(ValgrindProfileTest.fixture("cachegrind.out.ws_threads-64-64-li-10"));
        ValgrindProfile n2 = ValgrindProfile.parse(ValgrindProfileTest.fixture("cachegrind.out.ws_threads-64-64-li-20"));
        JsonObject row = NativeSimulation.cachegrindRow(64, 64, "li", "L3", "--cache-sim=yes --D1=32768,8,64 --LL=8388608,16,64", 10, n, n2);
        assertEquals("simulated (cachegrind), user space only", row.get("source").getAsString());
        assertEquals(64, row.get("working_set_kib").getAsLong());
        assertEquals("L3", row.get("ll_level").getAsString());
        double switches = 22;
        assertEquals(((723745 + 2750) - (362889 + 2731)) / switches, row.get("d1_misses_per_switch").getAsDouble(), 0.001);
        assertEquals(((1270 + 2511) - (1270 + 2509)) / switches, row.get("ll_misses_per_switch").getAsDouble(), 0.001);
        // 64 KiB walked stride-major with a 64 B stride (8 passes, one element per line each) overflows a 32 KiB D1:
        // every one of the 8192 accesses misses, in the second walk as in the first
        assertEquals((360601 - 180300) / switches, row.get("first_walk_d1_misses").getAsDouble(), 0.001);
        assertEquals(8192, row.get("second_walk_d1_misses").getAsDouble(), 8.0);
        assertEquals(row.get("first_walk_d1_misses").getAsDouble() - row.get("second_walk_d1_misses").getAsDouble(),
                row.get("paired_d1_misses_per_switch").getAsDouble(), 0.002);
    }

    @Test
    void readsThisMachinesCachesForValgrind() {
        Map<String, NativeSimulation.CacheSpec> c = NativeSimulation.readCaches(
                Path.of("src/test/resources/fixtures/sys-cache/amd-epyc-kvm-2vcpu-linux-6.18"));
        // that VM's sysfs: L1d 48K 12-way, L1i 32K 8-way, L2 1024K 16-way, L3 32768K 16-way, 64 B lines
        assertEquals("49152,12,64", c.get("D1").option());
        assertEquals("32768,8,64", c.get("I1").option());
        assertEquals("1048576,16,64", c.get("L2").option());
        assertEquals("33554432,16,64", c.get("L3").option());
    }

    @Test
    void aCacheWhoseSetsAreNoPowerOfTwoIsSimulatedAsTheNearestThatIs() {
        // this sysfs: an Intel Xeon KVM guest's L3 of 266240K, 20-way, 64 B lines (212,992 sets)
        Map<String, NativeSimulation.CacheSpec> c = NativeSimulation.readCaches(
                Path.of("src/test/resources/fixtures/sys-cache/intel-xeon-kvm-2vcpu-linux-6.18"));
        assertEquals("272629760,20,64", c.get("L3").option());
        assertEquals("268435456,32,64", c.get("L3").simulable().option());
        assertEquals(c.get("D1"), c.get("D1").simulable());
        assertEquals(c.get("L2"), c.get("L2").simulable());
    }
}
