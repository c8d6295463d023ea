package dev.switchcost.cli;

import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.affinity.Topology;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.linux.LinuxTestSupport;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.TinyTmpfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@EnabledOnOs(OS.LINUX)
@Measures
@ResourceLock(Measures.PARTNERS)
class BenchmarkMainTest {

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final PrintStream logStream = new PrintStream(log, true, StandardCharsets.UTF_8);

    @Test
    void forksGetNativeAccessFirstAndKeepTheUsersPrependArgs() throws Exception {
        // With -jvmArgs the forks do not inherit this JVM's arguments, so the flag must be prepended.
        Options o = ForkOptions.withSwitchcostDefaults(
                new CommandLineOptions("-jvmArgs", "-Xms64m", "-jvmArgsPrepend", "-Xmx1g", "SyscallBaseline"), logStream);
        List<String> prepend = List.copyOf(o.getJvmArgsPrepend().get());
        assertEquals(JdkPolicy.NATIVE_ACCESS, prepend.get(0));
        assertEquals("-Xmx1g", prepend.get(prepend.size() - 1));
        assertEquals(Runtime.version().feature() >= 23, prepend.contains(JdkPolicy.UNSAFE_ALLOW));
    }

    @Test
    void forksEitherInheritNativeAccessOrGetItPrepended() throws Exception {
        Options o = ForkOptions.withSwitchcostDefaults(new CommandLineOptions("SyscallBaseline"), logStream);
        boolean inherited = ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains(JdkPolicy.NATIVE_ACCESS);
        boolean prepended = o.getJvmArgsPrepend().orElse(List.of()).contains(JdkPolicy.NATIVE_ACCESS);
        assertTrue(inherited ^ prepended, "inherited=" + inherited + " prepended=" + prepended);
    }

    @Test
    void placementsTheMachineCannotProvideAreSkippedWithOneLineEach() throws Exception {
        LinuxTestSupport.assumeNative();
        Options o = ForkOptions.withSwitchcostDefaults(
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
        Options o = ForkOptions.withSwitchcostDefaults(new CommandLineOptions("FutexPingPong"), logStream);
        List<String> available = Arrays.stream(Placement.values())
                .filter(p -> p.assign(Topology.current(), CpuPinning.allowedCpus()).isAvailable()).map(Enum::name).toList();
        if (available.size() == Placement.values().length) {
            assertTrue(o.getParameter("placement").orElse(null) == null, "nothing to narrow");
        } else {
            assertEquals(available, List.copyOf(o.getParameter("placement").get()));
        }
    }

    @Test
    void unknownPlacementIsAClearError() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ForkOptions.withSwitchcostDefaults(
                new CommandLineOptions("-p", "placement=SAME_SOCKET", "FutexPingPong"), logStream));
        assertTrue(e.getMessage().contains("SAME_SOCKET") && e.getMessage().contains("CROSS_CPU"), e.getMessage());
    }

    @Test
    void benchmarksWithAndWithoutPlacementShareOneRun() throws Exception {
        LinuxTestSupport.assumeNative();
        // SyscallBaseline has no placement; JMH ignores -p placement for it, so one run serves both.
        Options o = ForkOptions.withSwitchcostDefaults(new CommandLineOptions("SyscallBaseline|FutexPingPong"), logStream);
        List<String> available = Arrays.stream(Placement.values())
                .filter(p -> p.assign(Topology.current(), CpuPinning.allowedCpus()).isAvailable()).map(Enum::name).toList();
        if (available.size() == Placement.values().length) {
            assertTrue(o.getParameter("placement").orElse(null) == null, "nothing to narrow");
        } else {
            assertEquals(available, List.copyOf(o.getParameter("placement").get()));
        }
    }

    // ---- one run, one result file, an honest exit code (issue 11, case 1) ----


    @TempDir
    Path tmp;

    private final ByteArrayOutputStream human = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errors = new ByteArrayOutputStream();

    private int runMain(String... args) throws Exception {
        return BenchmarkMain.runAndWrite(new CommandLineOptions(args), new PrintStream(human, true, StandardCharsets.UTF_8),
                new PrintStream(errors, true, StandardCharsets.UTF_8));
    }

    @Test
    void aTrialWhoseSetupThrowsExitsNonZeroAndIsLeftOutOfTheResultFile() throws Exception {
        LinuxTestSupport.assumeNative();
        Path file = tmp.resolve("result.json");
        // carriers=2 on the one-carrier class: its setup refuses (the fork's scheduler has one carrier)
        int exit = runMain("-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-p", "carriers=2", "-p", "pair=VT_VT",
                "-p", "primitive=LOCK_SUPPORT", "-rf", "json", "-rff", file.toString(),
                "VirtualThreadHandoffOneCarrier|SyscallBaseline.gettid");
        String err = errors.toString(StandardCharsets.UTF_8);
        assertEquals(1, exit, err);
        assertTrue(err.contains("1 trial failed") && err.contains("VirtualThreadHandoffOneCarrier.roundTrip")
                && err.contains("carriers=2 but this JVM has"), err);
        String json = Files.readString(file);
        assertTrue(json.contains("SyscallBaseline.gettid"), json);
        assertFalse(json.contains("VirtualThreadHandoffOneCarrier"), json);
        assertTrue(human.toString(StandardCharsets.UTF_8).contains("Benchmark result is saved to " + file));
        try (var left = Files.list(tmp)) {
            assertEquals(List.of(file), left.toList(), "no temporary file left beside the result");
        }
    }

    @Test
    void aPartnerProcessKilledMidTrialExitsNonZeroAndKeepsNoPartialRows() throws Exception {
        LinuxTestSupport.assumeNative();
        Path file = tmp.resolve("result.json");
        AtomicLong killed = new AtomicLong(-1);
        Thread killer = new Thread(() -> {
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (killed.get() < 0 && System.nanoTime() < deadline) {
                // once two measurement iterations are in, so that the trial has results to lose
                if (human.toString(StandardCharsets.UTF_8).contains("Iteration   3:")) {
                    ProcessHandle.current().descendants()
                            .filter(h -> h.info().commandLine().orElse("").contains("PartnerProcessMain"))
                            .findFirst().ifPresent(h -> {
                                h.destroyForcibly(); // SIGKILL
                                killed.set(h.pid());
                            });
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "partner-killer");
        killer.setDaemon(true);
        killer.start();
        int exit = runMain("-f", "1", "-wi", "0", "-i", "20", "-r", "300ms", "-p", "placement=SAME_CPU",
                "-rf", "json", "-rff", file.toString(), "ProcessVsThreadSwitch.roundTrip_processes");
        killer.interrupt();
        String err = errors.toString(StandardCharsets.UTF_8);
        assertTrue(killed.get() > 0, "the partner process was found and killed");
        assertEquals(1, exit, err);
        assertTrue(err.contains("roundTrip_processes") && err.contains("died"), err);
        assertFalse(Files.readString(file).contains("roundTrip_processes"), "no partial rows");
    }

    @Test
    void resultFileOnAFullDiskIsAnErrorAndLeavesNoPartialFile() throws Exception {
        LinuxTestSupport.assumeNative();
        try (TinyTmpfs fs = TinyTmpfs.mount(tmp, 64)) {
            fs.fill();
            Path file = fs.dir().resolve("result.json");
            int exit = runMain("-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-rf", "json", "-rff", file.toString(),
                    "SyscallBaseline.gettid");
            String err = errors.toString(StandardCharsets.UTF_8);
            assertEquals(3, exit, err);
            assertTrue(err.contains("could not write " + file + ": no space left on device"), err);
            assertFalse(Files.exists(file));
            assertFalse(human.toString(StandardCharsets.UTF_8).contains("saved to"));
        }
    }

    @Test
    void failOnErrorStillStopsAtTheFirstFailureAndExitsNonZero() throws Exception {
        LinuxTestSupport.assumeNative();
        int exit = runMain("-foe", "true", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-p", "carriers=2",
                "-p", "pair=VT_VT", "-p", "primitive=LOCK_SUPPORT,SYNCHRONOUS_QUEUE", "VirtualThreadHandoffOneCarrier");
        String err = errors.toString(StandardCharsets.UTF_8);
        assertEquals(1, exit, err);
        // the first trial fails and JMH stops: both requested trials are named, the second as not run
        assertTrue(err.contains("2 trials failed") && err.contains("not run"), err);
        assertTrue(human.toString(StandardCharsets.UTF_8).contains("fail on error was requested"));
    }

    @Test
    void unknownProfilerIsUsageErrorBeforeAnyRun() throws Exception {
        int exit = runMain("-prof", "bogus", "SyscallBaseline.gettid");
        assertEquals(2, exit);
        assertTrue(errors.toString(StandardCharsets.UTF_8).contains("bogus"), errors.toString(StandardCharsets.UTF_8));
    }
}
