package dev.switchcost.measure.machine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class MachineInfoTest {

    @TempDir
    Path root;

    /** A VM's model name says only "AMD EPYC": family, model, stepping and microcode say which one. */
    @Test
    void theCpuRevisionComesFromCapturedCpuinfo() throws IOException {
        Files.createDirectories(root.resolve("proc"));
        Files.copy(Path.of("src/test/resources/fixtures/proc-cpuinfo/epyc-kvm-2vcpu.txt"), root.resolve("proc/cpuinfo"));
        MachineInfo.Cpu cpu = MachineProbe.collect(root).cpu();
        assertEquals("AMD EPYC", cpu.model());
        assertEquals("25", cpu.family());
        assertEquals("17", cpu.modelNumber());
        assertEquals("1", cpu.stepping());
        assertEquals("family 25, model 17, stepping 1, microcode 0x1000065", cpu.revision());
        MachineInfo.Cpu back = MachineInfo.fromJson(MachineProbe.collect(root).toJson()).cpu();
        assertEquals(cpu, back);
    }

    /** machine.json written before the revision fields existed still reads, with no revision. */
    @Test
    void anOlderMachineJsonHasNoRevision() throws IOException {
        MachineInfo m = MachineInfo.read(Path.of("docs/results/2026-11-21-epyc-kvm"));
        assertEquals("AMD EPYC", m.cpu().model());
        assertNull(m.cpu().family());
        assertNull(m.cpu().revision());
    }

    /** Issue 18: the cpuidle driver moves a cross-CPU wakeup, so the one-line summary (card, diff, run) names it. */
    @Test
    void theSummaryNamesTheCpuidleDriver() {
        assertEquals("AMD EPYC (2 logical CPUs), Linux 6.18.44-fc-v782, JDK 25.0.3, KVM guest, cpuidle none",
                MachineInfo.read(java.nio.file.Path.of("docs/results/2026-11-23b-epyc-kvm/quick")).summary());
        assertEquals("AMD EPYC (2 logical CPUs), Linux 6.18.44-fc-v509, JDK 25.0.3, KVM guest, cpuidle haltpoll",
                MachineInfo.read(java.nio.file.Path.of("docs/results/2026-11-21-epyc-kvm")).summary());
    }
}
