package dev.switchcost.results;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.measure.footprint.CpuLimit;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code sample -o DIR}'s cpu-limit.json: the limit and its throttling as fields, what could not be read named. */
class SampleCpuLimitTest {

    private static final CpuLimit.Quota HALF = new CpuLimit.Quota("/sc", 50000, 100000, Path.of("x"));

    @Test
    void theThrottlingOfTheWindowIsItsFields() {
        CpuLimit.Watched w = new CpuLimit.Watched(new CpuLimit(1, "/sc", List.of(HALF), null),
                Optional.of(new CpuLimit.Throttling(HALF, 50, 20, 295_410_217L)), 5.0, null);
        JsonObject o = JsonParser.parseString(SampleCpuLimit.of(w).json()).getAsJsonObject();
        assertEquals(1, o.get("cgroupVersion").getAsInt());
        assertEquals("/sc", o.get("cgroup").getAsString());
        assertEquals(50000, o.get("quotaUs").getAsLong());
        assertEquals(100000, o.get("periodUs").getAsLong());
        assertEquals(0.5, o.get("cpus").getAsDouble());
        assertEquals(5.0, o.get("windowSeconds").getAsDouble());
        assertEquals(50, o.get("periods").getAsLong());
        assertEquals(20, o.get("throttledPeriods").getAsLong());
        assertEquals(0.295410217, o.get("throttledSeconds").getAsDouble(), 1e-12);
        assertFalse(o.has("unknown"), "nothing unread");
    }

    @Test
    void withoutCountersTheLimitStaysAndUnknownSaysWhy() {
        CpuLimit.Watched w = new CpuLimit.Watched(new CpuLimit(2, "/sc", List.of(HALF), null), Optional.empty(), 5.0,
                "/sc/cpu.stat has no nr_periods line");
        JsonObject o = JsonParser.parseString(SampleCpuLimit.of(w).json()).getAsJsonObject();
        assertEquals(0.5, o.get("cpus").getAsDouble());
        assertFalse(o.has("periods"));
        assertTrue(o.get("unknown").getAsString().contains("nr_periods"));
    }
}
