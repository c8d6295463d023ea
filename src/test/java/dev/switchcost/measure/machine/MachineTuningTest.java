package dev.switchcost.measure.machine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 29: the facts that move figures, read from a tree captured on the 2-vCPU EPYC KVM guest. */
class MachineTuningTest {

    static final Path CAPTURED = Path.of("src/test/resources/fixtures/machine-tuning/epyc-kvm-2vcpu");

    @TempDir
    Path tmp;

    @Test
    void readsTheCapturedGuest() {
        MachineInfo.Tuning t = MachineTuning.read(CAPTURED, 1);
        assertEquals("tsc", t.clocksource());
        assertTrue(t.commandLine().contains("mitigations=auto,no_guest_host,no_guest_guest"), t.commandLine());
        // debugfs is not mounted and there is no preempt=: the build's default from config.gz, which is dynamic
        assertEquals("none", t.preemption());
        assertTrue(t.preemptionSource().startsWith("/proc/config.gz") && t.preemptionSource().contains("PREEMPT_DYNAMIC"),
                t.preemptionSource());
        assertEquals("madvise", t.transparentHugepages());
        assertEquals(1, t.numaNodes());
        assertEquals(24683656L, t.memTotalKiB());
        assertEquals(Boolean.FALSE, t.smt());
        String line = t.describe();
        assertTrue(line.startsWith("clocksource tsc, preemption none (/proc/config.gz") && line.contains("THP madvise, 1 NUMA node")
                && line.contains("no SMT; kernel parameters: mitigations=auto,no_guest_host,no_guest_guest"), line);
        assertEquals("mitigations=auto,no_guest_host,no_guest_guest", t.movingParameters(), "the init's own arguments after -- are not the kernel's");
    }

    @Test
    void theModeInForceWinsOverTheCommandLineAndTheBuild() throws IOException {
        copy(CAPTURED, tmp);
        Files.createDirectories(tmp.resolve("sys/kernel/debug/sched"));
        Files.writeString(tmp.resolve("proc/cmdline"), "quiet preempt=voluntary\n");
        assertEquals("voluntary", MachineTuning.read(tmp, 1).preemption());
        Files.writeString(tmp.resolve("sys/kernel/debug/sched/preempt"), "none voluntary (full) lazy\n");
        MachineInfo.Tuning t = MachineTuning.read(tmp, 1);
        assertEquals("full", t.preemption());
        assertEquals("/sys/kernel/debug/sched/preempt", t.preemptionSource());
        Files.delete(tmp.resolve("sys/kernel/debug/sched/preempt"));
        Files.writeString(tmp.resolve("proc/cmdline"), "quiet\n");
        Files.delete(tmp.resolve("proc/config.gz"));
        assertEquals("dynamic", MachineTuning.read(tmp, 1).preemption(), "uname -v says PREEMPT_DYNAMIC only");
    }

    @Test
    void anEmptyTreeGivesNullsNotGuesses() {
        MachineInfo.Tuning t = MachineTuning.read(tmp, 2);
        assertNull(t.clocksource());
        assertNull(t.preemption());
        assertNull(t.numaNodes());
        assertNull(t.memTotalKiB());
        assertEquals(Boolean.TRUE, t.smt(), "two threads per core, no smt/active: SMT");
    }

    /**
     * Every machine.json of the fixtures (captured for the tests, and copied from committed runs of several dates)
     * still reads; those written before the field have no tuning.
     */
    @Test
    void committedMachineJsonFilesStillRead() throws IOException {
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/fixtures"))) {
            List<Path> files = s.filter(p -> p.getFileName().toString().equals(MachineInfo.FILE_NAME)).toList();
            for (Path p : files) {
                assertNotNull(MachineInfo.fromJson(Files.readString(p)).cpu(), p.toString());
            }
            assertTrue(!files.isEmpty(), "machine.json files found");
        }
        MachineInfo m = MachineProbe.collect(CAPTURED);
        assertEquals("tsc", MachineInfo.fromJson(m.toJson()).tuning().clocksource(), "the field survives JSON");
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }
}
