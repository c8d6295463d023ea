package dev.switchcost.bench;

import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.testing.Measures;
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
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Smoke runs: tiny settings, one configuration each; checks shape (finite, switches per op), never speed. */
@EnabledOnOs(OS.LINUX)
@Measures
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
        assertEquals(5, r.size(), r.keySet().toString());
        for (RunResult rr : r.values()) {
            double score = rr.getPrimaryResult().getScore();
            assertTrue(Double.isFinite(score) && score > 0, rr.getParams().getBenchmark() + " score " + score);
        }
        double rt = switchesPerOp(r.get("roundTrip"));
        assertTrue(rt > 1.5 && rt < 2.6, "SAME_CPU round trip should be ~2 switches/op, was " + rt);
        assertTrue(switchesPerOp(r.get("walkAlone")) < 0.2, "walkAlone switches/op " + switchesPerOp(r.get("walkAlone")));
        assertTrue(switchesPerOp(r.get("walkAlone_twoArrays")) < 0.2);
        assertTrue(switchesPerOp(r.get("walkAlonePaired")) < 0.2, "the control switches no more than walkAlone");
        assertTrue(r.get("roundTrip").getSecondaryResults().get(PairedWalkProfiler.INDIRECT) == null,
                "the plain round trip times no walks");
    }

    @Test
    void theFfmFutexHandoffSwitchesTwicePerRoundTripAndTimesItsWalks() throws RunnerException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        assumeTrue(Runtime.version().feature() >= Binding.FFM_MIN_FEATURE, "FFM is final from JDK " + Binding.FFM_MIN_FEATURE);
        RunResult r = new Runner(ForkOptions.withNativeAccess(tiny(WorkingSetHandoff.class.getSimpleName() + "\\.roundTripPaired$")
                .addProfiler(PairedWalkProfiler.class).param("placement", "SAME_CPU").param("handoff", "FUTEX_FFM")
                .param("sharing", "PRIVATE").param("workingSetKiB", "64").param("strideBytes", "64").build())).runSingle();
        assertTrue(switchesPerOp(r) > 1.5 && switchesPerOp(r) < 2.6, "~2 switches per round trip, was " + switchesPerOp(r));
        Result<?> beyond = r.getSecondaryResults().get(PairedWalkProfiler.SWITCH);
        assertTrue(beyond != null && Double.isFinite(beyond.getScore()), "the pair's CPU time is read: " + r.getSecondaryResults().keySet());
    }

    @Test
    void pairedRoundTripReportsBothWalksTheirDifferenceAndTwoSwitchesPerOp() throws RunnerException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        Collection<RunResult> results = new Runner(ForkOptions.withNativeAccess(tiny(WorkingSetHandoff.class.getSimpleName()
                + "\\.(roundTripPaired|walkAlonePaired)$").measurementIterations(2).addProfiler(PairedWalkProfiler.class)
                .param("placement", "SAME_CPU").param("handoff", "FUTEX").param("sharing", "PRIVATE")
                .param("workingSetKiB", "64").param("strideBytes", "64").param("before", "NONE", "WRITE_L1D", "YIELD").build())).run();
        assertEquals(4, results.size(), "the control runs once per value of before; the round trip does not declare it");
        RunResult yielded = results.stream().filter(x -> "YIELD".equals(x.getParams().getParam("before"))).findFirst()
                .orElseThrow();
        Result<?> y = yielded.getSecondaryResults().get(PairedWalkProfiler.INDIRECT);
        assertTrue(y != null && Double.isFinite(y.getScore()), "the yielding control times both walks too");
        assertTrue(switchesPerOp(yielded) < 0.2, "sched_yield with nothing else runnable switches nothing: "
                + switchesPerOp(yielded));
        RunResult prepared = results.stream().filter(x -> "WRITE_L1D".equals(x.getParams().getParam("before"))).findFirst()
                .orElseThrow();
        Result<?> p = prepared.getSecondaryResults().get(PairedWalkProfiler.INDIRECT);
        assertTrue(p != null && Double.isFinite(p.getScore()), "the prepared control times both walks too");
        Map<String, RunResult> both = byBenchmark(results.stream()
                .filter(x -> "NONE".equals(x.getParams().getParam("before"))
                        || x.getParams().getParam("before") == null).toList());
        RunResult control = both.get("walkAlonePaired");
        Result<?> c1 = control.getSecondaryResults().get(PairedWalkProfiler.FIRST);
        Result<?> c = control.getSecondaryResults().get(PairedWalkProfiler.INDIRECT);
        assertTrue(c1 != null && c1.getScore() > 0 && c != null && Double.isFinite(c.getScore()),
                "the no-switch control times both walks: " + control.getSecondaryResults().keySet());
        assertTrue(switchesPerOp(control) < 0.2, "the control does not switch: " + switchesPerOp(control));
        RunResult r = both.get("roundTripPaired");
        Map<String, Result> s = r.getSecondaryResults();
        Result<?> first = s.get(PairedWalkProfiler.FIRST);
        Result<?> second = s.get(PairedWalkProfiler.SECOND);
        Result<?> indirect = s.get(PairedWalkProfiler.INDIRECT);
        assertTrue(first != null && second != null && indirect != null, s.keySet().toString());
        assertTrue(Double.isFinite(first.getScore()) && first.getScore() > 0, "walk.first " + first.getScore());
        assertTrue(Double.isFinite(second.getScore()) && second.getScore() > 0, "walk.second " + second.getScore());
        assertEquals(first.getScore() - second.getScore(), indirect.getScore(), 1e-6 * first.getScore(),
                "indirect.paired is first - second");
        assertEquals(2, indirect.getStatistics().getN(), "one value per iteration");
        Result<?> beyond = s.get(PairedWalkProfiler.SWITCH);
        assertTrue(beyond != null && Double.isFinite(beyond.getScore()) && beyond.getStatistics().getN() == 2,
                "the pair's CPU time beyond its walks, per iteration: " + s.keySet());
        assertNull(control.getSecondaryResults().get(PairedWalkProfiler.SWITCH), "one thread, no pair: no switch.beyond");
        double rt = switchesPerOp(r);
        assertTrue(rt > 1.5 && rt < 2.6, "SAME_CPU paired round trip should be ~2 switches/op, was " + rt);
    }

    @Test
    void virtualPartnerRoundTripsRunSwitchAndThePairedOneReportsItsWalks() throws RunnerException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        Collection<RunResult> results = new Runner(ForkOptions.withNativeAccess(tiny(WorkingSetVirtualHandoff.class.getSimpleName()
                + "\\.roundTrip").addProfiler(PairedWalkProfiler.class)
                .param("sharing", "SHARED").param("workingSetKiB", "16").param("strideBytes", "64").build())).run();
        Map<String, RunResult> r = byBenchmark(results);
        assertEquals(Set.of("roundTrip", "roundTripPaired"), r.keySet());
        assertNull(r.get("roundTripPaired").getSecondaryResults().get(PairedWalkProfiler.SWITCH),
                "a virtual partner has no thread of its own whose CPU time could be read");
        for (RunResult rr : r.values()) {
            assertTrue(Double.isFinite(rr.getPrimaryResult().getScore()));
            assertTrue(switchesPerOp(rr) > 0.5, "a park/unpark round trip with a virtual partner blocks the platform side: "
                    + switchesPerOp(rr));
        }
        Result<?> paired = r.get("roundTripPaired").getSecondaryResults().get(PairedWalkProfiler.INDIRECT);
        assertTrue(paired != null && Double.isFinite(paired.getScore()), String.valueOf(r.get("roundTripPaired").getSecondaryResults().keySet()));
    }
}
