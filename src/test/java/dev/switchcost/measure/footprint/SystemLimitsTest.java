package dev.switchcost.measure.footprint;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Parsers on files captured on the 2-vCPU EPYC KVM guest, Linux 6.18. */
class SystemLimitsTest {

    private static List<String> fixture(String name) throws IOException {
        return Files.readAllLines(Path.of("src/test/resources/fixtures/proc-memory/epyc-kvm-linux-6.18-" + name));
    }

    @Test
    void readsMeminfoSizesAsBytes() throws IOException {
        Map<String, Long> m = SystemLimits.kibLinesAsBytes(fixture("meminfo.txt"));
        assertTrue(m.get("MemTotal") > 20L << 30, "24 GiB machine: " + m.get("MemTotal"));
        assertTrue(m.containsKey("KernelStack") && m.containsKey("PageTables") && m.containsKey("MemAvailable"));
        assertEquals(0, m.get("KernelStack") % 1024);
        // HugePages_Total has no kB unit: not a size
        assertTrue(!m.containsKey("HugePages_Total"));
    }

    @Test
    void readsVmRssAndThreadsFromStatus() throws IOException {
        List<String> status = fixture("self-status.txt");
        assertTrue(SystemLimits.kibLinesAsBytes(status).get("VmRSS") > 0);
        assertTrue(SystemLimits.threadsLine(status) >= 1);
        assertTrue(SystemLimits.uidZero(status), "captured as root");
    }

    @Test
    void readsSoftLimits() throws IOException {
        List<String> limits = fixture("limits.txt");
        assertEquals(OptionalLong.of(96365), SystemLimits.softLimit(limits, "Max processes"));
        assertEquals(OptionalLong.of(20000), SystemLimits.softLimit(limits, "Max open files"));
        assertEquals(OptionalLong.empty(), SystemLimits.softLimit(limits, "Max cpu time"), "unlimited");
        assertEquals(OptionalLong.empty(), SystemLimits.softLimit(limits, "No such limit"));
    }

    @Test
    void readsSystemThreadsFromLoadavg() throws IOException {
        assertEquals(163, SystemLimits.systemThreads(fixture("loadavg.txt").get(0)));
        assertThrows(IllegalArgumentException.class, () -> SystemLimits.systemThreads("garbage"));
    }
}
