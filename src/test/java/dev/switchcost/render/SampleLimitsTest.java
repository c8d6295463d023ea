package dev.switchcost.render;

import dev.switchcost.measure.footprint.CpuLimit;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code sample}'s CPU limit line, from the readings {@code CpuLimit} makes of the cgroup fixtures. */
class SampleLimitsTest {

    private static final CpuLimit.Quota HALF = new CpuLimit.Quota("/system.slice/build.service", 50000, 100000, Path.of("x"));

    @Test
    void aQuotaThatThrottledIsOneLineWithItsShareOfTheWindow() {
        CpuLimit l = new CpuLimit(2, "/system.slice/build.service", List.of(HALF), null);
        CpuLimit.Watched w = new CpuLimit.Watched(l, Optional.of(new CpuLimit.Throttling(HALF, 760, 754, 3_123_456_000L)), 10.0, null);
        assertEquals("CPU limit 0.5 CPU (50000/100000 us); throttled in 754 of 760 periods, held off 3.1 s in 10.0 s"
                + " (summed over CPUs; cgroup /system.slice/build.service, cgroup v2)", SampleLimits.cpuLimit(w));
    }

    @Test
    void lessThanASecondStoppedIsSaidInMilliseconds() {
        CpuLimit l = new CpuLimit(1, "/sc-test", List.of(HALF), null);
        CpuLimit.Watched w = new CpuLimit.Watched(l, Optional.of(new CpuLimit.Throttling(HALF, 51, 3, 20_691_323L)), 5.04, null);
        assertEquals("CPU limit 0.5 CPU (50000/100000 us); throttled in 3 of 51 periods, held off 21 ms in 5.0 s"
                + " (summed over CPUs; cgroup /system.slice/build.service, cgroup v1)", SampleLimits.cpuLimit(w), "the cgroup whose quota throttled");
    }

    @Test
    void whatCannotBeSeenIsSaidAndTheRestStillGiven() {
        CpuLimit l = new CpuLimit(1, "/x", List.of(HALF), null);
        assertEquals("CPU limit 0.5 CPU (50000/100000 us); throttling could not be seen: /x/cpu.stat has no nr_periods line"
                + " (cgroup /x, cgroup v1)", SampleLimits.cpuLimit(new CpuLimit.Watched(l, Optional.empty(), 5, "/x/cpu.stat has no nr_periods line")));
        assertEquals("CPU limit: could not be seen: /proc/1/cgroup: bad line", SampleLimits.cpuLimit(
                new CpuLimit.Watched(new CpuLimit(0, null, List.of(), "/proc/1/cgroup: bad line"), Optional.empty(), 5, null)));
        assertEquals("CPU limit: none (cgroup /, cgroup v1)", SampleLimits.cpuLimit(
                new CpuLimit.Watched(new CpuLimit(1, "/", List.of(), null), Optional.empty(), 5, null)));
        assertEquals("CPU limit: none seen (no cgroup with the cpu controller in the process's /proc/PID/cgroup)", SampleLimits.cpuLimit(
                new CpuLimit.Watched(new CpuLimit(0, null, List.of(), null), Optional.empty(), 5, null)));
    }

    @Test
    void cpusAreSaidWithoutTrailingZeros() {
        assertEquals("0.5 CPU", SampleLimits.cpus(0.5));
        assertEquals("1 CPU", SampleLimits.cpus(1));
        assertEquals("1.5 CPUs", SampleLimits.cpus(1.5));
        assertEquals("0.333 CPU", SampleLimits.cpus(1.0 / 3));
    }
}
