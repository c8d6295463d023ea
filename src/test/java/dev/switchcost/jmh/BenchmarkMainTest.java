package dev.switchcost.jmh;

import dev.switchcost.affinity.CpuPinning;
import dev.switchcost.affinity.Placement;
import dev.switchcost.affinity.Topology;
import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.linux.LinuxTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@EnabledOnOs(OS.LINUX)
class BenchmarkMainTest {

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final PrintStream logStream = new PrintStream(log, true, StandardCharsets.UTF_8);

    @Test
    void forksGetNativeAccessFirstAndKeepTheUsersPrependArgs() throws Exception {
        // With -jvmArgs the forks do not inherit this JVM's arguments, so the flag must be prepended.
        Options o = BenchmarkMain.withSwitchcostDefaults(
                new CommandLineOptions("-jvmArgs", "-Xms64m", "-jvmArgsPrepend", "-Xmx1g", "SyscallBaseline"), logStream);
        List<String> prepend = List.copyOf(o.getJvmArgsPrepend().get());
        assertEquals(JdkPolicy.NATIVE_ACCESS, prepend.get(0));
        assertEquals("-Xmx1g", prepend.get(prepend.size() - 1));
        assertEquals(Runtime.version().feature() >= 23, prepend.contains(JdkPolicy.UNSAFE_ALLOW));
    }

    @Test
    void forksEitherInheritNativeAccessOrGetItPrepended() throws Exception {
        Options o = BenchmarkMain.withSwitchcostDefaults(new CommandLineOptions("SyscallBaseline"), logStream);
        boolean inherited = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains(JdkPolicy.NATIVE_ACCESS);
        boolean prepended = o.getJvmArgsPrepend().orElse(List.of()).contains(JdkPolicy.NATIVE_ACCESS);
        assertTrue(inherited ^ prepended, "inherited=" + inherited + " prepended=" + prepended);
    }

    @Test
    void placementsTheMachineCannotProvideAreSkippedWithOneLineEach() throws Exception {
        LinuxTestSupport.assumeNative();
        Options o = BenchmarkMain.withSwitchcostDefaults(
                new CommandLineOptions("-p", "placement=SAME_CPU,SMT_SIBLING", "FutexPingPong"), logStream);
        boolean smt = Placement.SMT_SIBLING.assign(Topology.current(), CpuPinning.allowedCpus()).isAvailable();
        String said = log.toString(StandardCharsets.UTF_8);
        Collection<String> kept = o.getParameter("placement").get();
        if (smt) {
            assertEquals(List.of("SAME_CPU", "SMT_SIBLING"), List.copyOf(kept));
            assertEquals("", said);
        } else {
            assertEquals(List.of("SAME_CPU"), List.copyOf(kept));
            assertEquals(1, said.lines().count(), said);
            assertTrue(said.startsWith("# switchcost: skipping placement SMT_SIBLING: "), said);
        }
    }

    @Test
    void defaultPlacementsAreNarrowedToo() throws Exception {
        LinuxTestSupport.assumeNative();
        Options o = BenchmarkMain.withSwitchcostDefaults(new CommandLineOptions("FutexPingPong"), logStream);
        List<String> available = java.util.Arrays.stream(Placement.values())
                .filter(p -> p.assign(Topology.current(), CpuPinning.allowedCpus()).isAvailable()).map(Enum::name).toList();
        if (available.size() == Placement.values().length) {
            assertTrue(o.getParameter("placement").orElse(null) == null, "nothing to narrow");
        } else {
            assertEquals(available, List.copyOf(o.getParameter("placement").get()));
        }
    }

    @Test
    void unknownPlacementIsAClearError() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BenchmarkMain.withSwitchcostDefaults(
                new CommandLineOptions("-p", "placement=SAME_SOCKET", "FutexPingPong"), logStream));
        assertTrue(e.getMessage().contains("SAME_SOCKET") && e.getMessage().contains("CROSS_CPU"), e.getMessage());
    }

    @Test
    void benchmarksWhosePlacementListsNarrowDifferentlyRunSeparately() throws Exception {
        LinuxTestSupport.assumeNative();
        boolean smt = Placement.SMT_SIBLING.assign(Topology.current(), CpuPinning.allowedCpus()).isAvailable();
        // FutexPingPong defaults to every placement; the virtual-thread handoff to UNPINNED only.
        List<Options> plans = BenchmarkMain.plans(
                new CommandLineOptions("FutexPingPong|VirtualThreadHandoffOneCarrier"), logStream);
        if (smt) {
            assertEquals(1, plans.size());
            return;
        }
        assertEquals(2, plans.size());
        Options unchanged = plans.get(0);
        Options narrowed = plans.get(1);
        assertTrue(unchanged.getParameter("placement").orElse(null) == null);
        assertTrue(unchanged.getExcludes().stream().anyMatch(x -> x.contains("FutexPingPong")), unchanged.getExcludes().toString());
        assertFalse(narrowed.getParameter("placement").get().contains("SMT_SIBLING"));
        assertTrue(narrowed.getExcludes().stream().anyMatch(x -> x.contains("VirtualThreadHandoffOneCarrier")));
        assertThrows(IllegalArgumentException.class, () -> BenchmarkMain.withSwitchcostDefaults(
                new CommandLineOptions("FutexPingPong|VirtualThreadHandoffOneCarrier"), logStream));
    }
}
