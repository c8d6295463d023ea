package dev.switchcost.measure.jmh;

import dev.switchcost.measure.footprint.SystemLimits;
import dev.switchcost.measure.linux.LinuxTestSupport;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real CPU quota: a cgroup v1 {@code cpu} cgroup at 20 % of one CPU ({@code cpu.cfs_quota_us} 20000 of 100000),
 * and a forked FutexPingPong trial whose JVM runs inside it (JMH starts the fork through a script that writes its own
 * pid into the cgroup's {@code cgroup.procs} and then execs {@code java}). A SAME_CPU handoff keeps one CPU busy, five
 * times what the quota allows, so the kernel throttles the cgroup in the measured periods: the trial must come back
 * disturbed, throttled, naming the cgroup. The cgroup is removed afterwards (its processes moved out first). Not
 * timing: the assertions are on the kernel's throttling count and the rule's verdict, never on a duration.
 */
@Measures
class ThrottledTrialTest {

    static final Path CPU_HIERARCHY = Path.of("/sys/fs/cgroup/cpu");

    @Test
    @EnabledOnOs(OS.LINUX)
    void aForkedTrialInACgroupWithATightCpuQuotaIsDisturbedAndNamesTheThrottling(@TempDir Path tmp) throws Exception {
        LinuxTestSupport.assumeNative();
        assumeTrue(SystemLimits.runningAsRoot() && Files.isWritable(CPU_HIERARCHY.resolve("cgroup.procs"))
                        && Files.isRegularFile(CPU_HIERARCHY.resolve("cpu.cfs_quota_us")),
                "needs root and a cgroup v1 cpu controller at /sys/fs/cgroup/cpu");
        String name = "switchcost-test-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        Path cgroup = Files.createDirectory(CPU_HIERARCHY.resolve(name));
        System.setProperty("jmh.ignoreLock", "true");
        try {
            Files.writeString(cgroup.resolve("cpu.cfs_quota_us"), "20000");
            Path jvm = tmp.resolve("java-in-" + name);
            Files.writeString(jvm, "#!/bin/sh\necho $$ > " + cgroup.resolve("cgroup.procs") + " || exit 97\nexec "
                    + Path.of(System.getProperty("java.home"), "bin", "java") + " \"$@\"\n");
            Files.setPosixFilePermissions(jvm, PosixFilePermissions.fromString("rwx------"));
            Options options = ForkOptions.withSwitchcostDefaults(new OptionsBuilder()
                    .include("FutexPingPong.roundTrip").param("placement", "SAME_CPU").param("wait", "UNTIMED")
                    .param("binding", "JNA").forks(1).warmupIterations(0)
                    .measurementIterations(2).measurementTime(TimeValue.milliseconds(200)).jvm(jvm.toString())
                    .addProfiler(InterferenceProfiler.class).jvmArgsAppend("-Djmh.ignoreLock=true").build(),
                    new PrintStream(PrintStream.nullOutputStream()));
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            TrialLedger.Outcome outcome = Trials.execute(options, OutputFormatFactory.createFormatInstance(
                    new PrintStream(log, true, StandardCharsets.UTF_8), VerboseMode.NORMAL), false);
            String out = log.toString(StandardCharsets.UTF_8);
            assertTrue(outcome.failed().isEmpty(), outcome.failed() + "\n" + out);
            assertEquals(1, outcome.disturbed().size(), "the throttled trial is disturbed:\n" + out);
            assertTrue(outcome.complete().isEmpty(), "and left out like a failed one");
            Disturbance.Reading why = outcome.disturbed().values().iterator().next();
            System.out.println("throttled trial: " + why);
            assertTrue(why.throttled(), why.toString());
            assertEquals("/" + name, why.throttling().cgroup(), "the cgroup that sets the quota is named");
            assertEquals(20.0, why.throttling().quotaPercent(), "20000 of 100000 µs: 20 % of one CPU");
            assertTrue(why.throttling().throttled() <= why.throttling().periods(), why.toString());
            assertFalse(why.inconclusive(), "throttling is judged, not inconclusive");
        } finally {
            remove(cgroup);
        }
    }

    /** Moves whatever is left in the cgroup to the hierarchy's root, then removes it (a process still exiting can hold it a moment). */
    static void remove(Path cgroup) throws IOException, InterruptedException {
        for (int attempt = 0; ; attempt++) {
            for (String pid : Files.readAllLines(cgroup.resolve("cgroup.procs"))) {
                try {
                    Files.writeString(CPU_HIERARCHY.resolve("cgroup.procs"), pid.strip());
                } catch (IOException gone) {
                    // exited meanwhile
                }
            }
            try {
                Files.delete(cgroup);
                return;
            } catch (IOException busy) {
                if (attempt >= 50) {
                    throw new IOException("cannot remove " + cgroup + " (still holds " + Files.readAllLines(
                            cgroup.resolve("cgroup.procs")) + ")", busy);
                }
                Thread.sleep(100);
            }
        }
    }
}
