package dev.switchcost.bench;

import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.linux.LibC;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Smoke runs: tiny settings, one configuration each; checks shape (finite, switches per op), never speed. */
@EnabledOnOs(OS.LINUX)
class WorkingSetHandoffTest {

    static ChainedOptionsBuilder tiny(String include) {
        return new OptionsBuilder().include(include).forks(1)
                .warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(200))
                .addProfiler(ContextSwitchProfiler.class);
    }

    static Map<String, RunResult> byBenchmark(Collection<RunResult> results) {
        Map<String, RunResult> out = new HashMap<>();
        for (RunResult r : results) {
            out.put(r.getParams().getBenchmark().replaceAll(".*\\.", ""), r);
        }
        return out;
    }

    static double switchesPerOp(RunResult r) {
        Result<?> s = r.getSecondaryResults().get("ctxsw.total.norm");
        return s.getScore();
    }

    @Test
    void sameCpuRoundTripWithWorkingSetSwitchesTwiceAndBaselinesDoNot() throws RunnerException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        Collection<RunResult> results = new Runner(ForkOptions.withNativeAccess(tiny(WorkingSetHandoff.class.getSimpleName() + "\\.")
                .param("placement", "SAME_CPU").param("handoff", "FUTEX").param("sharing", "PRIVATE")
                .param("workingSetKiB", "16").param("strideBytes", "64").build())).run();
        Map<String, RunResult> r = byBenchmark(results);
        assertEquals(3, r.size(), r.keySet().toString());
        for (RunResult rr : r.values()) {
            double score = rr.getPrimaryResult().getScore();
            assertTrue(Double.isFinite(score) && score > 0, rr.getParams().getBenchmark() + " score " + score);
        }
        double rt = switchesPerOp(r.get("roundTrip"));
        assertTrue(rt > 1.5 && rt < 2.6, "SAME_CPU round trip should be ~2 switches/op, was " + rt);
        assertTrue(switchesPerOp(r.get("walkAlone")) < 0.2, "walkAlone switches/op " + switchesPerOp(r.get("walkAlone")));
        assertTrue(switchesPerOp(r.get("walkAlone_twoArrays")) < 0.2);
    }

    @Test
    void virtualPartnerRoundTripRunsAndSwitches() throws RunnerException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        Collection<RunResult> results = new Runner(ForkOptions.withNativeAccess(tiny(WorkingSetVirtualHandoff.class.getSimpleName() + "\\.roundTrip")
                .param("sharing", "SHARED").param("workingSetKiB", "16").param("strideBytes", "64").build())).run();
        RunResult r = results.iterator().next();
        assertTrue(Double.isFinite(r.getPrimaryResult().getScore()));
        assertTrue(switchesPerOp(r) > 0.5, "a park/unpark round trip with a virtual partner blocks the platform side: "
                + switchesPerOp(r));
    }
}
