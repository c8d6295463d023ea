package dev.switchcost.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.launch.Jdk;
import dev.switchcost.launch.JdkDiscovery;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.measure.sample.Fixtures;
import dev.switchcost.measure.sample.Interference;
import dev.switchcost.measure.sample.PerfSupport;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Measures
class DoctorCommandTest {

    private static final PerfSupport NO_PERF = PerfSupport.from("perf", null, 2, PerfSupport.DEFAULT_EVENTS, -1, List.of());

    @Test
    @EnabledOnOs(OS.LINUX)
    void passesOnThisLinuxMachineAndReportsPerf() {
        CliResult r = CliResult.run("doctor");
        assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("perf"), r.out());
        assertTrue(r.out().contains("placement SAME_CPU"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.contains("cpu quota")), "a line for the CPU quota:\n" + r.out());
    }

    /** The quota as a share of CPUs and where it is set, or none; a quota below the machine's CPUs warns. */
    @Test
    void theCpuQuotaLineNamesTheShareAndTheCgroup() {
        DoctorCommand.Check half = DoctorCommand.cpuQuotaCheck(new MachineInfo.CpuQuota(50000L, 100000L, "/ci", 2, null), 2);
        assertEquals(DoctorCommand.Level.WARN, half.level());
        assertEquals("50% of one CPU (50000 µs per 100000 µs), set on cgroup /ci (cgroup v2)", half.detail());
        assertTrue(half.explanation().contains("disturbed") && half.explanation().contains("cpu.max"), half.explanation());
        DoctorCommand.Check none = DoctorCommand.cpuQuotaCheck(new MachineInfo.CpuQuota(null, null, "/", 1, null), 2);
        assertEquals(DoctorCommand.Level.OK, none.level());
        assertEquals("no CPU quota (cgroup v1 /)", none.detail());
        assertEquals(DoctorCommand.Level.OK, DoctorCommand.cpuQuotaCheck(new MachineInfo.CpuQuota(400000L, 100000L, "/big", 1, null), 2).level(),
                "four CPUs on a two-CPU machine cannot throttle a run");
        DoctorCommand.Check unknown = DoctorCommand.cpuQuotaCheck(new MachineInfo.CpuQuota(null, null, null, null, "cpu.max: 'x'"), 2);
        assertEquals(DoctorCommand.Level.WARN, unknown.level());
        assertEquals("unknown: cpu.max: 'x'", unknown.detail());
        assertEquals("unknown", DoctorCommand.cpuQuotaCheck(null, 2).detail());
    }

    /** Issue 29: one JSON record per check, the same checks the text prints, failed ones with a fix; CSV alike. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void formatJsonAndCsvWriteOneRecordPerCheck() {
        CliResult r = CliResult.run("doctor", "--format", "json");
        assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
        JsonArray checks = JsonParser.parseString(r.out()).getAsJsonArray();
        assertTrue(checks.size() > 8, r.out());
        for (var e : checks) {
            JsonObject o = e.getAsJsonObject();
            assertEquals(DoctorCommand.COLUMNS, List.copyOf(o.keySet()));
            assertTrue(Set.of("ok", "info", "warn", "fail").contains(o.get("level").getAsString()), o.toString());
            assertFalse(o.get("name").getAsString().isBlank(), o.toString());
        }
        assertTrue(checks.asList().stream().anyMatch(o -> o.getAsJsonObject().get("name").getAsString().equals("placement SAME_CPU")));
        CliResult csv = CliResult.run("doctor", "--format", "csv");
        List<List<String>> rows = DiffFormatsTest.parse(csv.out());
        assertEquals(DoctorCommand.COLUMNS, rows.get(0));
        rows.subList(1, rows.size()).forEach(row -> assertEquals(4, row.size(), row.toString()));
    }

    @Test
    void aFailedCheckIsARecordWithItsFix() {
        var checks = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 17, "17.0.9", true, null, List.of(), NO_PERF,
                null, null, List.of(), null));
        List<Object> jdk = DoctorCommand.records(checks).stream().filter(f -> f.get(0).equals("jdk")).findFirst().orElseThrow();
        assertEquals("fail", jdk.get(1));
        assertEquals("17.0.9", jdk.get(2));
        assertTrue(jdk.get(3).toString().contains("JAVA_HOME"), jdk.toString());
        List<Object> os = DoctorCommand.records(checks).get(0);
        assertEquals(Arrays.asList("os", "ok", "Linux", null), os);
    }

    /** The paranoid line says, in one line, what the value means for sample and --flamegraph, as root and not. */
    @Test
    void paranoidSaysWhatSampleAndTheFlameGraphCanDo() {
        assertTrue(DoctorCommand.paranoidMeaning(2, true).contains("root") && DoctorCommand.paranoidMeaning(2, true).contains("--flamegraph work"));
        assertTrue(DoctorCommand.paranoidMeaning(1, false).contains("--flamegraph work for this user"));
        assertTrue(DoctorCommand.paranoidMeaning(-1, false).contains("--flamegraph work for this user"));
        assertTrue(DoctorCommand.paranoidMeaning(2, false).contains("--flamegraph needs root or <= 1"));
        assertTrue(DoctorCommand.paranoidMeaning(3, false).contains("--flamegraph is refused"));
        for (Integer v : new Integer[] {null, -1, 0, 1, 2, 3, 4}) {
            for (boolean root : new boolean[] {true, false}) {
                assertFalse(DoctorCommand.paranoidMeaning(v, root).contains("\n"));
            }
        }
    }

    static Jdk fakeJdk(Path dir, String version) throws IOException {
        Files.createDirectories(dir.resolve("bin"));
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        Path bin = Files.writeString(dir.resolve("bin/java"), "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxr-xr-x"));
        return JdkDiscovery.ofHome(dir.toFile());
    }

    @Test
    void listsEveryJdkFoundAndWhatItEnables(@TempDir Path tmp) throws Exception {
        var jdks = List.of(fakeJdk(tmp.resolve("25"), "25.0.3"), fakeJdk(tmp.resolve("21"), "21.0.8"), fakeJdk(tmp.resolve("17"), "17.0.15"));
        var checks = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 25, "25", true, null, List.of(), NO_PERF, null, null, jdks, null));
        assertEquals(ExitCodes.OK, DoctorCommand.exitCode(checks), "an old JDK beside good ones is not a failure");
        var found = checks.stream().filter(c -> c.name().startsWith("jdk found")).toList();
        assertEquals(3, found.size(), found.toString());
        assertTrue(found.get(0).detail().contains("virtual threads, FFM binding, synchronized does not pin (JEP 491)"), found.get(0).detail());
        assertTrue(found.get(1).detail().contains("no FFM binding (needs 22+), synchronized pins the carrier"), found.get(1).detail());
        assertEquals(DoctorCommand.Level.INFO, found.get(2).level());
        assertTrue(found.get(2).detail().contains("too old for switchcost (needs 21+)"), found.get(2).detail());
        assertTrue(checks.stream().noneMatch(c -> c.name().equals("jdk pinning study")), "both kinds present");

        var only25 = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 25, "25", true, null, List.of(), NO_PERF, null, null,
                List.of(jdks.get(0)), null));
        var hint = only25.stream().filter(c -> c.name().equals("jdk pinning study")).findFirst().orElseThrow();
        assertTrue(hint.explanation().contains("scripts/jdk21.sh"), hint.explanation());
    }

    @Test
    void theRealDoctorListsTheRunningJdk() {
        CliResult r = CliResult.run("doctor");
        assertTrue(r.out().contains("jdk found " + Runtime.version().feature()), r.out());
    }

    /** Says which CPU this is, SMT or not: a VM's "AMD EPYC" alone does not tell Zen 3 from Zen 4. */
    @Test
    void saysWhichCpuWithItsRevisionAndWhetherItHasSmt() {
        var noSmt = DoctorCommand.cpuCheck(new MachineInfo.Cpu("AMD EPYC", "AuthenticAMD", "0-1", 2, 1,
                "25", "17", "1", "0x1000065"));
        assertEquals("AMD EPYC (family 25, model 17, stepping 1, microcode 0x1000065), 2 logical CPUs, no SMT", noSmt.detail());
        var smt = DoctorCommand.cpuCheck(new MachineInfo.Cpu("Intel(R) Xeon(R)", "GenuineIntel", "0-7", 8, 2, null, null, null, null));
        assertEquals("Intel(R) Xeon(R), 8 logical CPUs, 2 hardware threads per core (SMT)", smt.detail());
    }

    @Test
    void oldJdkIsARequiredFailure() {
        var checks = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 17, "17.0.9", true, null, List.of(), NO_PERF,
                null, null, List.of(), null));
        assertEquals(ExitCodes.ENVIRONMENT, DoctorCommand.exitCode(checks));
        assertTrue(checks.stream().anyMatch(c -> c.level() == DoctorCommand.Level.FAIL && c.name().equals("jdk")));
    }

    @Test
    void missingJnaOrLinuxIsARequiredFailure() {
        assertEquals(ExitCodes.ENVIRONMENT, DoctorCommand.exitCode(DoctorCommand.evaluate(new DoctorCommand.Facts(
                "Linux", 25, "25", false, "UnsatisfiedLinkError: libc", List.of(), NO_PERF, null, null, List.of(), null))));
        assertEquals(ExitCodes.ENVIRONMENT, DoctorCommand.exitCode(DoctorCommand.evaluate(new DoctorCommand.Facts(
                "Mac OS X", 25, "25", true, null, List.of(), NO_PERF, null, null, List.of(), null))));
    }

    @Test
    void missingPerfAndPmuAreWarningsNotFailures() {
        var checks = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 25, "25", true, null, List.of(), NO_PERF,
                null, null, List.of(), null));
        assertEquals(ExitCodes.OK, DoctorCommand.exitCode(checks));
        assertTrue(checks.stream().anyMatch(c -> c.name().equals("perf") && c.level() == DoctorCommand.Level.WARN));
        PerfSupport noPmu = PerfSupport.from("perf", "perf version 6.1.187", 2, PerfSupport.DEFAULT_EVENTS, 0,
                Fixtures.lines("perf-stat/kvm-epyc-2cpu-nopmu-perf6.1-root.csv"));
        var pmu = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 25, "25", true, null, List.of(), noPmu, null, null, List.of(), null))
                .stream().filter(c -> c.name().equals("pmu")).findFirst().orElseThrow();
        assertEquals(DoctorCommand.Level.WARN, pmu.level());
        assertTrue(pmu.explanation().contains("cache-miss counters are unavailable"), pmu.explanation());
        assertTrue(pmu.explanation().contains("cpu-clock"), pmu.explanation());
    }

    @Test
    void loadWarnsAboveTheDisturbanceLimitNamingTheBusiestTasks() {
        var busy = new Interference.Figures(1_000_000_000L, 600_000_000L, 0, 0, 0, 0, 0,
                List.of(new Interference.Intruder(4242, "yes", 500_000_000L)), 0, 500_000_000L);
        DoctorCommand.Check c = DoctorCommand.loadCheck(busy, 500);
        assertEquals(DoctorCommand.Level.WARN, c.level());
        assertTrue(c.detail().contains("other processes took 50.0% of the allowed CPUs over 500 ms by their own run time"
                + " (busiest: yes (pid 4242) 50.0%); all others by ticks 60%"), c.detail());
        assertTrue(c.explanation().contains("--allow-disturbed"), c.explanation());
        var quiet = new Interference.Figures(1_000_000_000L, 10_000_000L, 0, 0, 0, 0, 0, List.of(), 0, 0);
        assertEquals(DoctorCommand.Level.OK, DoctorCommand.loadCheck(quiet, 500).level());
        // doctor on the quiet machine of 2026-11-26 04:11: 9 % of 100 ticks no process accounts for, processes 0.3 %
        var ticks = new Interference.Figures(1_000_000_000L, 90_000_000L, 0, 0, 0, 0, 0,
                List.of(new Interference.Intruder(70, "kdamond.0", 3_000_000L)), 0, 3_000_000L);
        assertEquals(DoctorCommand.Level.OK, DoctorCommand.loadCheck(ticks, 500).level(), "tick sampling is no load");
        var bursty = new Interference.Figures(1_000_000_000L, 60_000_000L, 0, 0, 0, 0, 0,
                List.of(new Interference.Intruder(6745, "python3", 56_000_000L)), 0, 56_000_000L);
        assertEquals(DoctorCommand.Level.WARN, DoctorCommand.loadCheck(bursty, 500).level(), "a 5.6 % neighbour is");
        var stolen = new Interference.Figures(1_000_000_000L, 0, 0, 0, 200_000_000L, 0, 0, List.of(), 0, 0);
        assertEquals(DoctorCommand.Level.WARN, DoctorCommand.loadCheck(stolen, 500).level());
        assertTrue(DoctorCommand.loadCheck(stolen, 500).detail().endsWith("steal 20%"));
    }

    /** Issue 21 item 8: doctor names a missing native baseline and a missing compiler, as warnings with the fix. */
    @Test
    void saysWhetherTheNativeBaselineIsBuiltAndACompilerIsThere() {
        var missing = new DoctorCommand.NativeBaseline(Path.of("/x/target/native"),
                "native programs [futex_threads] not built in /x/target/native; build them with scripts/build-native.sh", null, null);
        var checks = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 25, "25", true, null, List.of(), NO_PERF, null, null,
                List.of(), missing));
        var nat = checks.stream().filter(c -> c.name().equals("native baseline")).findFirst().orElseThrow();
        var cc = checks.stream().filter(c -> c.name().equals("c compiler")).findFirst().orElseThrow();
        assertEquals(DoctorCommand.Level.WARN, nat.level());
        assertTrue(nat.explanation().contains("install a C compiler"), nat.explanation());
        assertEquals(DoctorCommand.Level.WARN, cc.level());
        assertEquals(ExitCodes.OK, DoctorCommand.exitCode(checks), "a missing baseline is a warning, not a failure");
        var built = new DoctorCommand.NativeBaseline(Path.of("/x/target/native"), null, "cc (Debian 12.2.0) 12.2.0", "/usr/bin/cc");
        var ok = DoctorCommand.evaluate(new DoctorCommand.Facts("Linux", 25, "25", true, null, List.of(), NO_PERF, null, null,
                List.of(), built));
        assertTrue(ok.stream().anyMatch(c -> c.name().equals("native baseline") && c.level() == DoctorCommand.Level.OK
                && c.detail().contains("built with cc (Debian 12.2.0)")), ok.toString());
    }

    /** The real probe on this build: the programs are built by mvn package. */
    @Test
    void theRealProbeFindsThisBuildsPrograms() {
        var n = DoctorCommand.NativeBaseline.probe();
        assertTrue(n.unavailable() == null || n.compilerOnPath() == null, "built whenever a compiler is there: " + n);
    }
}
