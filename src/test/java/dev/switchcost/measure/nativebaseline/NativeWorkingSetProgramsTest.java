package dev.switchcost.measure.nativebaseline;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import net.openhft.affinity.Affinity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The working-set programs ({@code ws_threads}, {@code ws_pipe_processes}, {@code ws_single}) build,
 * run tiny counts, print parseable lines with the walk's fields, switch twice per round trip on one CPU
 * (the pairs) or not at all (the single process), and refuse bad arguments with exit 2. Shapes only,
 * never durations. Skipped (with the reason) where no C compiler built them.
 */
@EnabledOnOs(OS.LINUX)
@Measures
class NativeWorkingSetProgramsTest {

    private static final List<String> PROGRAMS = List.of("ws_threads", "ws_pipe_processes", "ws_single");

    private static NativeRunner runner;

    @BeforeAll
    static void locate() {
        runner = NativeRunner.locate();
    }

    private static void assumeBuilt() {
        Needs.C_COMPILER.assume(runner.unavailableReason());
        for (String p : PROGRAMS) {
            assumeTrue(Files.isExecutable(runner.dir().resolve(p)), p + " not built in " + runner.dir() + " (scripts/build-native.sh)");
        }
    }

    /**
     * The paired estimate compares two copies of one walk loop, so they must lie alike in memory: each walk function
     * starts on a 64-byte boundary (a loop that crossed a line in one copy only once made the second walk one cycle
     * per element slower). Read from the built programs' symbols with nm.
     */
    @Test
    void bothWalkCopiesStartOnA64ByteBoundaryInEveryProgram() throws Exception {
        assumeBuilt();
        for (String program : PROGRAMS) {
            Process nm;
            try {
                nm = new ProcessBuilder("nm", runner.dir().resolve(program).toString()).redirectErrorStream(true).start();
            } catch (IOException e) {
                assumeTrue(false, "nm (binutils) not installed: " + e.getMessage());
                return;
            }
            String out = new String(nm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(nm.waitFor(30, TimeUnit.SECONDS) && nm.exitValue() == 0, program + ": " + out);
            for (String walk : List.of("ws_walk_first", "ws_walk_second")) {
                String line = out.lines().filter(l -> l.endsWith(" " + walk)).findFirst()
                        .orElseThrow(() -> new AssertionError(program + " has no symbol " + walk + ": " + out));
                long address = Long.parseUnsignedLong(line.substring(0, line.indexOf(' ')), 16);
                assertEquals(0, address % 64, program + " " + line);
            }
        }
    }

    @Test
    void pairsSwitchTwicePerRoundTripOnOneCpuAndReportTheirWalk() {
        assumeBuilt();
        for (String program : List.of("ws_threads", "ws_pipe_processes")) {
            for (List<String> walk : List.of(List.of("16", "64"), List.of("16", "8", "sparse"), List.of("0", "64"))) {
                List<String> args = new ArrayList<>(where(Placement.SAME_CPU));
                args.addAll(List.of("1000", "2"));
                args.addAll(walk);
                Run r = exec(program, args);
                assertEquals(0, r.code, program + " " + args + ": " + r.stderr);
                List<NativeWorkingSetResult> rs = NativeResultParser.parseWorkingSet(r.stdout.lines().toList());
                assertEquals(2, rs.size(), r.stdout);
                for (NativeWorkingSetResult w : rs) {
                    assertEquals(program.equals("ws_threads") ? "ws-futex-threads" : "ws-pipe-processes", w.result().mechanism());
                    assertEquals(1000, w.result().roundTrips());
                    assertEquals(Long.parseLong(walk.get(0)), w.workingSetKib());
                    assertEquals(Long.parseLong(walk.get(1)), w.strideBytes());
                    assertEquals(walk.size() == 3 ? "sparse" : "li", w.walk());
                    assertEquals(2000, w.wakes(), "one paired walk per wake, two wakes per round trip");
                    assertEquals(2.0, w.result().switchesPerRoundTrip(), 0.15, w.toString());
                    assertTrue(w.firstWalkNs() > 0 && w.secondWalkNs() > 0, w.toString());
                    assertTrue(Double.isFinite(w.beyondNsPerSwitch()), "both pairs read their sides' CPU time: " + w);
                }
            }
        }
    }

    @Test
    void theSingleProcessBaselineDoesNotSwitch() {
        assumeBuilt();
        Run r = exec("ws_single", where(Placement.SAME_CPU, "2000", "1", "16", "64"));
        assertEquals(0, r.code, r.stderr);
        NativeWorkingSetResult w = NativeResultParser.parseWorkingSet(r.stdout.lines().toList()).get(0);
        assertEquals("ws-single-process", w.result().mechanism());
        assertEquals(2000, w.wakes());
        assertTrue(w.result().switchesPerRoundTrip() < 0.1, w.toString());
    }

    @Test
    void everyWorkingSetProgramRunsUnpinnedAndThePairsAcrossCpus() {
        assumeBuilt();
        for (String program : PROGRAMS) {
            Run r = exec(program, List.of("UNPINNED", "300", "1", "8", "64"));
            assertEquals(0, r.code, program + ": " + r.stderr);
            assertEquals("", NativeResultParser.parseWorkingSet(r.stdout.lines().toList()).get(0).result().cpus());
        }
        Placement.Assignment cross = Placement.CROSS_CPU.assignHere();
        assumeTrue(cross.isAvailable(), cross::toString);
        for (String program : List.of("ws_threads", "ws_pipe_processes")) {
            Run r = exec(program, where(Placement.CROSS_CPU, "300", "1", "8", "64"));
            assertEquals(0, r.code, program + ": " + r.stderr);
            NativeResult result = NativeResultParser.parseWorkingSet(r.stdout.lines().toList()).get(0).result();
            assertEquals("CROSS_CPU", result.placement());
            assertEquals(cross.cpuA() + "," + cross.cpuB(), result.cpus(), "the CPUs it was given");
        }
    }

    @Test
    void badArgumentsExitWithUsage() {
        assumeBuilt();
        List<List<String>> bad = List.of(List.of("UNPINNED", "10", "1"), List.of("UNPINNED", "10", "1", "16"),
                List.of("UNPINNED", "10", "1", "16", "63"), List.of("UNPINNED", "10", "1", "16", "0"),
                List.of("UNPINNED", "10", "1", "-1", "64"), List.of("UNPINNED", "10", "1", "x", "64"),
                List.of("UNPINNED", "10", "1", "16", "64", "zigzag"), List.of("UNPINNED", "10", "1", "16", "64", "li", "more"),
                List.of("NOWHERE", "10", "1", "16", "64"), List.of("UNPINNED", "0", "1", "16", "64"),
                List.of("SAME_CPU", "10", "1", "16", "64"), List.of("--cpus", "0", "UNPINNED", "10", "1", "16", "64"));
        for (String program : PROGRAMS) {
            for (List<String> args : bad) {
                Run r = exec(program, args);
                assertEquals(2, r.code, program + " " + args + ": " + r.stderr);
                assertTrue(r.stderr.contains("usage: " + program
                                + " [--cpus A,B] PLACEMENT ROUND_TRIPS REPETITIONS SIZE_KIB STRIDE_BYTES [li|sparse]"),
                        r.stderr);
            }
        }
        Run cross = exec("ws_single", List.of("--cpus", "0,1", "CROSS_CPU", "10", "1", "16", "64"));
        assertEquals(2, cross.code, "one process has no CROSS_CPU: " + cross.stderr);
    }

    /** ws_pipe_processes reuses pipe_processes's watchdog: a stopped or killed child fails the parent (exit 1), never hangs it. */
    @Test
    void aStoppedOrKilledChildFailsTheParentInsteadOfHangingIt() throws Exception {
        assumeBuilt();
        for (String signal : List.of("-STOP", "-KILL")) {
            List<String> cmd = new ArrayList<>(List.of(runner.dir().resolve("ws_pipe_processes").toString()));
            cmd.addAll(where(Placement.SAME_CPU, "1000000000", "1", "16", "64"));
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                ProcessHandle child = null;
                for (int i = 0; i < 200 && child == null; i++) {
                    child = p.children().findFirst().orElse(null);
                    Thread.sleep(10);
                }
                assertTrue(child != null, "ws_pipe_processes started no child");
                Thread.sleep(200);
                assertEquals(0, new ProcessBuilder("kill", signal, Long.toString(child.pid())).start().waitFor());
                assertTrue(p.waitFor(30, TimeUnit.SECONDS), "ws_pipe_processes hung after its child got " + signal);
                assertEquals(1, p.exitValue(), signal);
                String err = read(p.getErrorStream());
                assertTrue(err.contains("ws_pipe_processes: parent:"), err);
            } finally {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }

    @Test
    void aCpuOutsideTheMaskExitsWithTheEnvironmentCodeAndOneLine() {
        assumeBuilt();
        int outside = outsideTheMask();
        for (String program : PROGRAMS) {
            Run r = exec(program, List.of("--cpus", outside + "," + outside, "SAME_CPU", "10", "1", "16", "64"));
            assertEquals(3, r.code, r.stderr);
            assertOneLineNamingTheCpu(program, outside, r.stderr);
        }
    }

    static void assertOneLineNamingTheCpu(String program, int cpu, String stderr) {
        assertEquals(1, stderr.lines().count(), stderr);
        assertTrue(stderr.startsWith(program + ": cpu " + cpu + " (--cpus " + cpu + "," + cpu
                + ") is outside this process's affinity mask"),
                stderr);
    }

    /** The lowest CPU number not in this process's affinity mask (the programs inherit it). */
    static int outsideTheMask() {
        int cpu = Affinity.getAffinity().nextClearBit(0);
        assumeTrue(cpu < 1024, "every CPU a cpu_set_t can name is in the mask");
        return cpu;
    }

    /** {@code [--cpus A,B] PLACEMENT ARGS...}: the CPUs this machine assigns, built as {@link NativeRunner} builds them. */
    static List<String> where(Placement placement, String... args) {
        List<String> command = NativeRunner.command(Path.of("program"), placement.assignHere(), List.of(args));
        return command.subList(1, command.size());
    }

    record Run(int code, String stdout, String stderr) {
    }

    private static Run exec(String program, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(runner.dir().resolve(program).toString());
        cmd.addAll(args);
        return exec(new ProcessBuilder(cmd));
    }

    static Run exec(ProcessBuilder pb) {
        try {
            Process proc = pb.start();
            proc.getOutputStream().close();
            var out = CompletableFuture.supplyAsync(() -> read(proc.getInputStream()));
            String err = read(proc.getErrorStream());
            if (!proc.waitFor(60, TimeUnit.SECONDS)) {
                proc.descendants().forEach(ProcessHandle::destroyForcibly);
                proc.destroyForcibly();
                throw new AssertionError(pb.command() + " did not exit within 60 s");
            }
            return new Run(proc.exitValue(), out.join(), err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
