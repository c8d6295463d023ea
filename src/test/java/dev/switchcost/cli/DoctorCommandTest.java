package dev.switchcost.cli;

import dev.switchcost.sample.PerfSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DoctorCommandTest {

    private static final PerfSupport NO_PERF = PerfSupport.from("perf", null, 2, PerfSupport.DEFAULT_EVENTS, -1, List.of());

    @Test
    @EnabledOnOs(OS.LINUX)
    void passesOnThisLinuxMachineAndReportsPerf() {
        CliResult r = CliResult.run("doctor");
        assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("perf"), r.out());
        assertTrue(r.out().contains("placement SAME_CPU"), r.out());
    }

    @Test
    void oldJdkIsARequiredFailure() {
        var checks = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 17, "17.0.9", true, null, List.of(), NO_PERF,
                null, null));
        assertEquals(ExitCodes.ENVIRONMENT, DoctorCommand.exitCode(checks));
        assertTrue(checks.stream().anyMatch(c -> c.level() == DoctorCommand.Level.FAIL && c.name().equals("jdk")));
    }

    @Test
    void missingJnaOrLinuxIsARequiredFailure() {
        assertEquals(ExitCodes.ENVIRONMENT, DoctorCommand.exitCode(DoctorCommand.evaluate(new DoctorCommand.Facts(
                "Linux", 25, "25", false, "UnsatisfiedLinkError: libc", List.of(), NO_PERF, null, null))));
        assertEquals(ExitCodes.ENVIRONMENT, DoctorCommand.exitCode(DoctorCommand.evaluate(new DoctorCommand.Facts(
                "Mac OS X", 25, "25", true, null, List.of(), NO_PERF, null, null))));
    }

    @Test
    void missingPerfAndPmuAreWarningsNotFailures() {
        var checks = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 25, "25", true, null, List.of(), NO_PERF,
                null, null));
        assertEquals(ExitCodes.OK, DoctorCommand.exitCode(checks));
        assertTrue(checks.stream().anyMatch(c -> c.name().equals("perf") && c.level() == DoctorCommand.Level.WARN));
        PerfSupport noPmu = PerfSupport.from("perf", "perf version 6.1.187", 2, PerfSupport.DEFAULT_EVENTS, 0,
                dev.switchcost.sample.Fixtures.lines("perf-stat/kvm-epyc-2cpu-nopmu-perf6.1-root.csv"));
        var pmu = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 25, "25", true, null, List.of(), noPmu, null, null))
                .stream().filter(c -> c.name().equals("pmu")).findFirst().orElseThrow();
        assertEquals(DoctorCommand.Level.WARN, pmu.level());
        assertTrue(pmu.explanation().contains("cache-miss counters are unavailable"), pmu.explanation());
        assertTrue(pmu.explanation().contains("cpu-clock"), pmu.explanation());
    }
}
