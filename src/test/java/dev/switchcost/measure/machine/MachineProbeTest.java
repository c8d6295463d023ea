package dev.switchcost.measure.machine;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.footprint.SystemLimits;
import dev.switchcost.measure.linux.LinuxTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@Isolated("sets the CPU selection, or judges the machine's quiet, that every other test reads")
class MachineProbeTest {

    @TempDir
    Path root;

    /** machine.json's limits are SystemLimits' reading of this machine (one reader of those files). */
    @Test
    void sysfsCacheSizesParse() {
        assertEquals(48L << 10, MachineProbe.parseSize("48K"));
        assertEquals(8L << 20, MachineProbe.parseSize("8192K"));
        assertEquals(1L << 20, MachineProbe.parseSize("1M\n"));
    }

    @Test
    void theLimitsAreSystemLimitsReading() {
        MachineInfo.Limits probed = MachineProbe.collect(Path.of("/")).limits();
        SystemLimits read = SystemLimits.read();
        assertEquals(read.pidMax(), probed.pidMax());
        assertEquals(read.threadsMax(), probed.threadsMax());
        assertEquals(read.maxMapCount(), probed.maxMapCount());
        assertEquals(read.nofileSoft(), probed.openFiles());
        assertNotNull(probed.pidMax(), "every Linux has kernel.pid_max");
    }

    /** A captured tree's limits: the numbers its files hold, and null (not -1) for a file it lacks. */
    @Test
    void aCapturedTreesLimitsComeFromItsFiles() throws IOException {
        Files.createDirectories(root.resolve("proc/sys/kernel"));
        Files.createDirectories(root.resolve("proc/self"));
        Files.writeString(root.resolve("proc/sys/kernel/pid_max"), "4194304\n");
        Files.writeString(root.resolve("proc/sys/kernel/threads-max"), "62635\n");
        Files.copy(Path.of("src/test/resources/fixtures/proc-memory/epyc-kvm-linux-6.18-limits.txt"), root.resolve("proc/self/limits"));
        MachineInfo.Limits l = MachineProbe.collect(root).limits();
        assertEquals(4194304L, l.pidMax());
        assertEquals(62635L, l.threadsMax());
        assertNull(l.maxMapCount());
        assertEquals(20000L, l.openFiles());
    }

    /** machine.json says which CPUs trials may use and which selection chose them (none: the inherited mask). */
    @Test
    void theAllowedCpusAndTheSelectionAreRecorded() {
        LinuxTestSupport.assumeNative();
        String old = System.getProperty(CpuPinning.CPUS_PROPERTY);
        assumeTrue(old == null && System.getenv(CpuPinning.CPUS_ENV) == null, "no CPU selection set for the test JVM");
        CpuSet mask = CpuPinning.allowedCpus();
        MachineInfo unset = MachineProbe.collect();
        assertEquals(mask.toString(), unset.cpusAllowed());
        assertNull(unset.cpuSelection());
        int[] cpus = mask.toArray();
        int last = cpus[cpus.length - 1];
        System.setProperty(CpuPinning.CPUS_PROPERTY, Integer.toString(last));
        try {
            MachineInfo narrowed = MachineProbe.collect();
            assertEquals(Integer.toString(last), narrowed.cpusAllowed());
            assertEquals("-D" + CpuPinning.CPUS_PROPERTY + "=" + last, narrowed.cpuSelection());
        } finally {
            System.clearProperty(CpuPinning.CPUS_PROPERTY);
        }
    }

    /** A captured tree is not this process: no allowed CPUs are claimed for it. */
    @Test
    void aCapturedTreeHasNoAllowedCpus() {
        MachineInfo m = MachineProbe.collect(root);
        assertNull(m.cpusAllowed());
        assertNull(m.cpuSelection());
    }
}
