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

    /**
     * The policy the trials inherit, from {@code /proc/self/stat} (its 41st field): named on the card when it is not
     * the default, since under {@code SCHED_BATCH} the same handoff makes two blocks instead of a preemption and a block.
     */
    @Test
    void aBatchPolicyIsReadAndSaidButTheDefaultIsNot() throws IOException {
        // `chrt --batch 0 cat /proc/self/stat` on the Xeon guest (Linux 6.18), its command name given a space and a parenthesis
        String batch = "20744 (java (x) y) R 20742 20742 25552 0 -1 4194304 175 0 1 0 0 0 0 0 20 0 1 0 8717228 3133440 410"
                + " 18446744073709551615 94291684274176 94291684294057 140725321249632 0 0 0 0 0 0 0 0 0 17 1 0 3 0 0 0"
                + " 94291684310064 94291684311680 94292461985792 140725321255617 140725321255637 140725321255637 140725321256939 0";
        assertEquals("SCHED_BATCH", MachineTuning.policy(batch));
        assertEquals("SCHED_OTHER", MachineTuning.policy(batch.replace(" 17 1 0 3 ", " 17 1 0 0 ")));
        assertNull(MachineTuning.policy("4242 (java) S 1"), "too short: not a guess");
        assertNull(MachineTuning.policy(null));
        copy(CAPTURED, tmp);
        Files.createDirectories(tmp.resolve("proc/self"));
        Files.writeString(tmp.resolve("proc/self/stat"), batch + "\n");
        MachineInfo m = MachineProbe.collect(tmp);
        assertTrue(m.tuning().describe().contains("scheduling policy SCHED_BATCH (the trials inherit it)"), m.tuning().describe());
        assertTrue(m.cardLine().endsWith(", SCHED_BATCH"), m.cardLine());
        assertTrue(m.summary().endsWith(", SCHED_BATCH"), m.summary());
        Files.writeString(tmp.resolve("proc/self/stat"), batch.replace(" 17 1 0 3 ", " 17 1 0 0 ") + "\n");
        MachineInfo plain = MachineProbe.collect(tmp);
        assertEquals("SCHED_OTHER", plain.tuning().schedPolicy());
        assertTrue(!plain.cardLine().contains("SCHED") && !plain.tuning().describe().contains("scheduling policy"),
                "the default is not said: " + plain.cardLine());
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
