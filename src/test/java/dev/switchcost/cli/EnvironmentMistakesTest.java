package dev.switchcost.cli;

import dev.switchcost.measure.affinity.CpuPinning;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 11, items 6 and 10: a user's or the environment's mistake is exit 2 or 3 with one line, never exit 4 or a stack trace. */
@EnabledOnOs(OS.LINUX)
@Isolated("sets the CPU selection, or judges the machine's quiet, that every other test reads")
class EnvironmentMistakesTest {

    @AfterEach
    void clear() {
        System.clearProperty(CpuPinning.CPUS_PROPERTY);
    }

    /** {@code -Dswitchcost.cpus} is read exactly where {@code SWITCHCOST_CPUS} is (the property wins). */
    @ParameterizedTest(name = "{0} with a bad CPU list")
    @ValueSource(strings = {"doctor", "list", "compare"})
    void aBadCpuListIsAUsageError(String command) {
        for (String bad : new String[] {"abc", "0-", "4096"}) {
            System.setProperty(CpuPinning.CPUS_PROPERTY, bad);
            CliResult r = CliResult.run(command);
            assertEquals(ExitCodes.USAGE, r.exit(), command + " " + bad + ": " + r.err());
            assertTrue(r.err().startsWith("switchcost: SWITCHCOST_CPUS=" + bad), r.err());
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
            assertFalse(r.err().contains("\tat "), "no stack trace");
            assertTrue(r.out().isEmpty(), "refused before any work: " + r.out());
        }
    }

    @Test
    void anUnboundedVirtualFootprintIsRefusedBeforeItRunsOutOfHeap() {
        long tooMany = Runtime.getRuntime().maxMemory() / 100; // 100 bytes of heap per task cannot hold a virtual thread
        CliResult r = CliResult.run("footprint", "--kind", "virtual", "--counts", "1000," + tooMany);
        assertEquals(ExitCodes.ENVIRONMENT, r.exit(), r.err());
        assertTrue(r.err().contains("--counts " + tooMany + " virtual threads need about") && r.err().contains("JAVA_TOOL_OPTIONS=-Xmx"),
                r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        assertFalse(r.out().contains("\n" + tooMany + "\t"), "nothing was sampled at that count: " + r.out());
    }

    @Test
    void theHeapEstimateNamesTheLargestCountThatFits() {
        long mib = 1 << 20;
        String refusal = FootprintCommand.virtualHeapRefusal(1_000_000, 1000 * mib, 100 * mib);
        // (0.9 * 1000 MiB - 100 MiB) / 2048 bytes = 409,600 tasks
        assertTrue(refusal.contains("room for about 409600") && refusal.contains("use counts up to 409600"), refusal);
        assertTrue(refusal.contains("-Xmx2283m"), refusal); // (1,000,000 * 2 KiB + 100 MiB, in whole MiB + 1) / 0.9, rounded up
        assertNull(FootprintCommand.virtualHeapRefusal(400_000, 1000 * mib, 100 * mib));
        assertNull(FootprintCommand.virtualHeapRefusal(1_000_000, -1, 0), "no -Xmx known: nothing to refuse on");
    }
}
