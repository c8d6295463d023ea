package dev.switchcost.measure.nativebaseline;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code parker_threads}: the C replica of HotSpot's Parker keeps Parker's permit semantics (its
 * SELFTEST: an unpark before a park makes the next park return at once, permits do not add up, timed
 * parks time out, a parked thread is woken, 100000 unpinned round trips lose no wakeup), and the
 * ping-pong on it switches twice per round trip on one CPU. Shapes only, never durations.
 */
@EnabledOnOs(OS.LINUX)
@Measures
class NativeParkerThreadsTest {

    private static NativeRunner runner;

    @BeforeAll
    static void locate() {
        runner = NativeRunner.locate();
    }

    private static void assumeBuilt() {
        Needs.C_COMPILER.assume(runner.unavailableReason());
    }

    @Test
    void selfTestKeepsParkersPermitSemantics() {
        assumeBuilt();
        var r = NativeWorkingSetProgramsTest.exec(new ProcessBuilder(runner.dir().resolve("parker_threads").toString(), "SELFTEST"));
        assertEquals(0, r.code(), r.stderr());
        assertTrue(r.stdout().startsWith("{\"selftest\":\"parker\",\"checks\":"), r.stdout());
        assertTrue(r.stdout().contains("\"failures\":0,\"passed\":true}"), r.stdout() + r.stderr());
    }

    @Test
    void pingPongSwitchesTwicePerRoundTripOnOneCpu() {
        assumeBuilt();
        List<NativeResult> rs = runner.run(NativeProgram.PARKER_THREADS, Placement.SAME_CPU, 2000, 2, 60);
        assertEquals(2, rs.size());
        for (NativeResult r : rs) {
            assertEquals("parker-threads", r.mechanism());
            assertEquals(2.0, r.switchesPerRoundTrip(), 0.15, r.toString());
        }
    }

    @Test
    void runsAcrossCpus() {
        assumeBuilt();
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "CROSS_CPU needs two CPUs");
        NativeResult r = runner.run(NativeProgram.PARKER_THREADS, Placement.CROSS_CPU, 500, 1, 60).get(0);
        assertEquals("CROSS_CPU", r.placement());
        assertTrue(r.switchesPerRoundTrip() > 0 && r.switchesPerRoundTrip() <= 2.2, r.toString());
    }

    @Test
    void badArgumentsExitWithUsage() {
        assumeBuilt();
        for (List<String> args : List.of(List.<String>of(), List.of("SELFTEST", "x"), List.of("SAME_CPU", "10"),
                List.of("SAME_CPU", "10", "1", "TIMED"), List.of("UNPINNED", "-5", "1"),
                List.of("SAME_CPU", "10", "1"))) {
            List<String> cmd = new ArrayList<>(List.of(runner.dir().resolve("parker_threads").toString()));
            cmd.addAll(args);
            var r = NativeWorkingSetProgramsTest.exec(new ProcessBuilder(cmd));
            assertEquals(2, r.code(), args + ": " + r.stderr());
            assertTrue(r.stderr().contains("usage: parker_threads [--cpus A,B] PLACEMENT ROUND_TRIPS REPETITIONS"), r.stderr());
        }
    }
}
