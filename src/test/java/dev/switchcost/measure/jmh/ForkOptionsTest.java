package dev.switchcost.measure.jmh;

import dev.switchcost.measure.affinity.CpuPinning;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.Collection;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Forks confine their threads to the CPUs this JVM records: its {@code -Dswitchcost.cpus} reaches them. */
@Isolated("sets the CPU selection, or judges the machine's quiet, that every other test reads")
class ForkOptionsTest {

    @Test
    void theCpuSelectionPropertyReachesTheForksEvenWithTheUsersJvmArgs() {
        assumeTrue(System.getProperty(CpuPinning.CPUS_PROPERTY) == null, "no -Dswitchcost.cpus set for the test JVM");
        Options user = new OptionsBuilder().include("FutexPingPong").jvmArgs("-Xmx256m").build();
        assertFalse(prepended(ForkOptions.withNativeAccess(user)).stream().anyMatch(a -> a.startsWith("-D" + CpuPinning.CPUS_PROPERTY)),
                "no selection, no property");
        System.setProperty(CpuPinning.CPUS_PROPERTY, "1");
        try {
            assertTrue(prepended(ForkOptions.withNativeAccess(user)).contains("-D" + CpuPinning.CPUS_PROPERTY + "=1"),
                    String.valueOf(prepended(ForkOptions.withNativeAccess(user))));
        } finally {
            System.clearProperty(CpuPinning.CPUS_PROPERTY);
        }
    }

    private static Collection<String> prepended(Options o) {
        return o.getJvmArgsPrepend().orElse(List.of());
    }
}
