package dev.switchcost.measure.nativebaseline;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The native baseline programs build, run with tiny round-trip counts, print parseable results and
 * perform the switches they claim. Shapes only, never durations. Skipped (with the reason) where no
 * C compiler built them.
 */
@EnabledOnOs(OS.LINUX)
@Measures
class NativeProgramsTest {

    private static NativeRunner runner;

    @BeforeAll
    static void locate() {
        runner = NativeRunner.locate();
    }

    private static void assumeBuilt() {
        Needs.C_COMPILER.assume(runner.unavailableReason());
    }

    @Test
    void futexThreadsSameCpuSwitchesTwicePerRoundTrip() {
        assumeBuilt();
        List<NativeResult> rs = runner.run(NativeProgram.FUTEX_THREADS, Placement.SAME_CPU, 2000, 2, 60);
        assertEquals(2, rs.size());
        for (NativeResult r : rs) {
            assertEquals("futex-threads", r.mechanism());
            assertEquals("SAME_CPU", r.placement());
            assertEquals(String.valueOf(Placement.SAME_CPU.assignHere().cpuA()), r.cpus(), "the CPU it was given");
            assertEquals(2000, r.roundTrips());
            assertTrue(Double.isFinite(r.nsPerRoundTrip()) && r.nsPerRoundTrip() > 0, r.toString());
            // Both threads on one CPU: every handoff is a switch, so 2 per round trip (voluntary + involuntary).
            assertEquals(2.0, r.switchesPerRoundTrip(), 0.15, r.toString());
        }
    }

    @Test
    void timedFutexThreadsSwitchTwiceAndSayTheyAreTimed() {
        assumeBuilt();
        NativeResult r = runner.run(NativeProgram.FUTEX_THREADS_TIMED, Placement.SAME_CPU, 2000, 1, 60).get(0);
        assertEquals("futex-threads-timed", r.mechanism());
        assertEquals(2.0, r.switchesPerRoundTrip(), 0.15, r.toString());
    }

    /**
     * The untimed programs' watchdog: a child process that is stopped or killed mid-run fails the
     * parent (exit 1, one line) instead of leaving it waiting with no timeout. Both for both programs
     * that have a child; the bound is one waitpid wake-up (no timer), the hang guard only catches a hang.
     */
    @Test
    void aStoppedOrKilledChildFailsTheUntimedParentInsteadOfHangingIt() throws Exception {
        assumeBuilt();
        for (String program : List.of("futex_processes", "pipe_processes")) {
            for (String signal : List.of("-STOP", "-KILL")) {
                List<String> cmd = new ArrayList<>(List.of(runner.dir().resolve(program).toString()));
                cmd.addAll(NativeWorkingSetProgramsTest.where(Placement.SAME_CPU, "1000000000", "1"));
                Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                try {
                    ProcessHandle child = null;
                    for (int i = 0; i < 200 && child == null; i++) {
                        child = p.children().findFirst().orElse(null);
                        Thread.sleep(10);
                    }
                    assertTrue(child != null, program + " started no child");
                    Thread.sleep(200);
                    assertEquals(0, new ProcessBuilder("kill", signal, Long.toString(child.pid())).start().waitFor());
                    assertTrue(p.waitFor(30, TimeUnit.SECONDS), program + " hung after its child got " + signal);
                    assertEquals(1, p.exitValue(), program + " " + signal);
                    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(err.contains(program + ": parent:"), err);
                    assertTrue(child.onExit().get(10, TimeUnit.SECONDS) != null);
                } finally {
                    p.destroyForcibly();
                }
            }
        }
    }

    @Test
    void processPingPongsSwitchTwicePerRoundTripOnOneCpu() {
        assumeBuilt();
        for (NativeProgram p : List.of(NativeProgram.FUTEX_PROCESSES, NativeProgram.PIPE_PROCESSES)) {
            NativeResult r = runner.run(p, Placement.SAME_CPU, 2000, 1, 60).get(0);
            assertEquals(p.mechanism(), r.mechanism());
            assertEquals(2.0, r.switchesPerRoundTrip(), 0.15, r.toString());
        }
    }

    @Test
    void everyProgramRunsUnpinned() {
        assumeBuilt();
        for (NativeProgram p : NativeProgram.values()) {
            NativeResult r = runner.run(p, Placement.UNPINNED, 500, 1, 60).get(0);
            assertEquals("", r.cpus(), r.toString());
            assertTrue(r.nsPerRoundTrip() > 0 && Double.isFinite(r.switchesPerRoundTrip()), r.toString());
            assertTrue(r.processCpuNanos() > 0, "every program reports its own CPU time: " + r);
        }
    }

    @Test
    void gettidDoesNotSwitch() {
        assumeBuilt();
        NativeResult r = runner.run(NativeProgram.GETTID, Placement.SAME_CPU, 100_000, 1, 60).get(0);
        assertTrue(r.switchesPerRoundTrip() < 0.01, r.toString());
    }

    @Test
    void badArgumentsExitWithUsage() throws IOException, InterruptedException {
        assumeBuilt();
        for (List<String> args : List.of(List.<String>of(), List.of("NOWHERE", "10", "1"), List.of("UNPINNED", "0", "1"),
                List.of("UNPINNED", "10", "x"), List.of("--cpus"), List.of("--cpus", "x", "SAME_CPU", "10", "1"),
                List.of("SAME_CPU", "10", "1"), List.of("--cpus", "0", "UNPINNED", "10", "1"),
                List.of("--cpus", "0,1", "SAME_CPU", "10", "1"), List.of("--cpus", "1,1", "CROSS_CPU", "10", "1"))) {
            Result r = exec(NativeProgram.FUTEX_THREADS, args);
            assertEquals(2, r.code, "args " + args + ": " + r.stderr);
            assertTrue(r.stderr.contains("usage: futex_threads [--cpus A,B] PLACEMENT ROUND_TRIPS REPETITIONS [WAIT]"), r.stderr);
        }
        Result cross = exec(NativeProgram.GETTID, List.of("--cpus", "0,1", "CROSS_CPU", "10", "1"));
        assertEquals(2, cross.code, cross.stderr);
    }

    /** Run standalone, every program takes its CPUs with --cpus and still says so (exit 3, one line) for one outside its mask. */
    @Test
    void aCpuOutsideTheMaskExitsWithTheEnvironmentCodeAndOneLine() {
        assumeBuilt();
        int outside = NativeWorkingSetProgramsTest.outsideTheMask();
        for (NativeProgram p : NativeProgram.values()) {
            Result r = exec(p, List.of("--cpus", outside + "," + outside, "SAME_CPU", "10", "1"));
            assertEquals(3, r.code, p + ": " + r.stderr);
            NativeWorkingSetProgramsTest.assertOneLineNamingTheCpu(p.executable(), outside, r.stderr);
        }
    }

    @Test
    void runnerReportsFailureWithTheProgramsMessage() {
        assumeBuilt();
        assumeTrue(Placement.CROSS_CPU.assignHere().isAvailable(), "CROSS_CPU needs two CPUs");
        NativeRunner.NativeRunException e = assertThrows(NativeRunner.NativeRunException.class,
                () -> runner.run(NativeProgram.GETTID, Placement.CROSS_CPU, 10, 1, 30));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("unknown placement 'CROSS_CPU'"), e.getMessage());
    }

    @Test
    void missingDirectoryGivesAReason() {
        NativeRunner none = new NativeRunner(Path.of("target", "no-such-native-dir"));
        assertTrue(none.unavailableReason().orElseThrow().contains("scripts/build-native.sh"));
    }

    private record Result(int code, String stderr) {
    }

    private static Result exec(NativeProgram p, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(runner.dir().resolve(p.executable()).toString());
        cmd.addAll(args);
        return exec(new ProcessBuilder(cmd));
    }

    private static Result exec(ProcessBuilder pb) {
        try {
            Process proc = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            String err = new String(proc.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(proc.waitFor(30, TimeUnit.SECONDS), "did not exit");
            return new Result(proc.exitValue(), err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
