package dev.switchcost.measure.machine;

import dev.switchcost.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        MachineInfo m = committed("src/test/resources/fixtures/results/suite-haltpoll-epyc-kvm-jdk25");
        assertEquals("AMD EPYC", m.cpu().model());
        assertNull(m.cpu().family());
        assertNull(m.cpu().revision());
    }

    /** The CPUs trials may use, and the selection that narrowed them, go into machine.json and come back. */
    @Test
    void theAllowedCpusAndTheSelectionRoundTrip() throws IOException {
        MachineInfo m = committed("src/test/resources/fixtures/results/suite-haltpoll-epyc-kvm-jdk25");
        MachineInfo narrowed = new MachineInfo(m.schema(), m.capturedAt(), m.hostname(), m.cpu(), m.caches(), m.kernel(),
                m.mitigations(), m.virtualization(), m.power(), m.jdk(), m.limits(), m.perf(), "1", "SWITCHCOST_CPUS=1", null);
        String json = narrowed.toJson();
        assertTrue(json.contains("\"cpusAllowed\": \"1\""), json);
        assertTrue(json.contains("\"cpuSelection\": \"SWITCHCOST_CPUS=1\""), "readable, = not escaped: " + json);
        MachineInfo back = MachineInfo.fromJson(json);
        assertEquals("1", back.cpusAllowed());
        assertEquals("SWITCHCOST_CPUS=1", back.cpuSelection());
        assertEquals(narrowed, back);
        assertTrue(back.summary().contains("trials allowed CPU 1 by SWITCHCOST_CPUS=1"), back.summary());
        MachineInfo all = new MachineInfo(m.schema(), m.capturedAt(), m.hostname(), m.cpu(), m.caches(), m.kernel(),
                m.mitigations(), m.virtualization(), m.power(), m.jdk(), m.limits(), m.perf(), "0-1", null, null);
        assertFalse(all.summary().contains("allowed"), "every CPU by the inherited mask is not worth a card's line: "
                + all.summary());
        MachineInfo one = new MachineInfo(m.schema(), m.capturedAt(), m.hostname(), m.cpu(), m.caches(), m.kernel(),
                m.mitigations(), m.virtualization(), m.power(), m.jdk(), m.limits(), m.perf(), "0", null, null);
        assertTrue(one.summary().contains("trials allowed CPU 0 by the inherited mask"), one.summary());
    }

    /** machine.json written before cpusAllowed existed still reads: not recorded, and the summary claims nothing. */
    @Test
    void anOlderMachineJsonHasNoAllowedCpus() throws IOException {
        MachineInfo m = committed("src/test/resources/fixtures/results/suite-haltpoll-epyc-kvm-jdk25");
        assertNull(m.cpusAllowed());
        assertNull(m.cpuSelection());
        assertTrue(!m.summary().contains("allowed"), m.summary());
    }

    /** Issue 18: the cpuidle driver moves a cross-CPU wakeup, so the one-line summary (card, diff, run) names it. */
    @Test
    void theSummaryNamesTheCpuidleDriver() throws IOException {
        assertEquals("AMD EPYC (2 logical CPUs), Linux 6.18.44-fc-v782, JDK 25.0.3, KVM guest, cpuidle none",
                committed("src/test/resources/fixtures/results/quick-paired-cache-epyc-kvm-jdk25").summary());
        assertEquals("AMD EPYC (2 logical CPUs), Linux 6.18.44-fc-v509, JDK 25.0.3, KVM guest, cpuidle haltpoll",
                committed("src/test/resources/fixtures/results/suite-haltpoll-epyc-kvm-jdk25").summary());
    }

    /** The CPU quota of the run's cgroup goes into machine.json (the tightest, where it is set) and comes back. */
    @Test
    void theCpuQuotaIsRecordedAndReadBack() throws IOException {
        Path fixtures = Path.of("src/test/resources/fixtures/cgroup");
        MachineInfo ancestor = MachineProbe.collect(fixtures.resolve("v1-ancestor-quota-kvm-linux-6.18"));
        MachineInfo.CpuQuota q = ancestor.limits().cpuQuota();
        assertEquals(new MachineInfo.CpuQuota(20000L, 100000L, "/switchcost-capture-25a7be5b-anc", 1, null), q, "the parent's quota binds");
        assertEquals(0.2, q.cpus());
        assertEquals(q, MachineInfo.fromJson(ancestor.toJson()).limits().cpuQuota());
        assertEquals(new MachineInfo.CpuQuota(null, null, "/user.slice/user-1000.slice/session-2.scope", 2, null),
                MachineProbe.collect(fixtures.resolve("v2-no-quota")).limits().cpuQuota(), "no quota: where the run was");
        assertNull(MachineProbe.collect(fixtures.resolve("v2-no-quota")).limits().cpuQuota().cpus());
        Files.createDirectories(root.resolve("proc/self"));
        Files.writeString(root.resolve("proc/self/cgroup"), "garbage\n");
        MachineInfo.CpuQuota unknown = MachineProbe.collect(root).limits().cpuQuota();
        assertEquals("not a /proc/<pid>/cgroup line (id:controllers:/path): 'garbage'", unknown.unknown());
        assertNull(unknown.cgroupVersion());
    }

    /** machine.json written before the quota was recorded still reads: not recorded. */
    @Test
    void anOlderMachineJsonHasNoCpuQuota() throws IOException {
        MachineInfo m = committed("src/test/resources/fixtures/results/suite-haltpoll-epyc-kvm-jdk25");
        assertNull(m.limits().cpuQuota());
        assertEquals(32768L, m.limits().pidMax(), "the other limits still read");
    }

    /** A committed run's machine.json, through the one reader of results. */
    static MachineInfo committed(String dir) throws IOException {
        return Results.readMachine(Path.of(dir, MachineInfo.FILE_NAME));
    }
}
