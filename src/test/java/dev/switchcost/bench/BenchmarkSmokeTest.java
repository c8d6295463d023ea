package dev.switchcost.bench;

import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.LinuxTestSupport;
import dev.switchcost.measure.linux.Syscalls;
import dev.switchcost.measure.workload.PingPong;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.Collection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs every foundation benchmark once, in a real fork, with tiny settings and switch counting, and
 * checks the shape of what it reports: it terminates, its score is finite, and it performs the
 * switches it claims. Never a duration.
 */
@EnabledOnOs(OS.LINUX)
@Measures
class BenchmarkSmokeTest {

    @BeforeAll
    static void gate() {
        LinuxTestSupport.assumeNative();
    }

    static Collection<RunResult> run(String include, String placement) throws Exception {
        return run(include, placement, null);
    }

    static Collection<RunResult> run(String include, String placement, String wait) throws Exception {
        OptionsBuilder b = new OptionsBuilder();
        b.include(include)
                .forks(1)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(300))
                .addProfiler(ContextSwitchProfiler.class)
                .verbosity(VerboseMode.SILENT)
                .shouldFailOnError(true);
        if (placement != null) {
            b.param("placement", placement);
        }
        if (wait != null) {
            b.param("wait", wait);
        }
        if (include.startsWith("FutexPingPong")) {
            b.param("binding", "JNA");
        }
        Options o = ForkOptions.withSwitchcostDefaults(b.build(), System.err);
        return new Runner(o).run();
    }

    static double secondary(RunResult r, String label) {
        Result<?> res = r.getSecondaryResults().get(label);
        assertTrue(res != null, "no " + label + " in " + r.getSecondaryResults().keySet());
        return res.getScore();
    }

    /** switches per round trip: [min, max] of ctxsw.total.norm, for both wait kinds where the benchmark has them. */
    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({
        "FutexPingPong.roundTrip,              SAME_CPU,  UNTIMED, 1.8, 2.2",
        "FutexPingPong.roundTrip,              SAME_CPU,  TIMED,   1.8, 2.2",
        "ParkUnparkPingPong.roundTrip_park,    SAME_CPU,  UNTIMED, 1.8, 2.2",
        "ParkUnparkPingPong.roundTrip_park,    SAME_CPU,  TIMED,   1.8, 2.2",
        "ParkUnparkPingPong.roundTrip_spin,    SAME_CPU,  ,        0,   0.1",
        "FutexPingPong.roundTrip,              CROSS_CPU, UNTIMED, 0.5, 2.2",
        "ParkUnparkPingPong.roundTrip_park,    CROSS_CPU, UNTIMED, 0.5, 2.2",
        "ParkUnparkPingPong.roundTrip_spin,    CROSS_CPU, ,        0,   0.1",
        "FutexPingPong.roundTrip,              UNPINNED,  UNTIMED, 0.5, 2.2",
    })
    void handoffsSwitchAsOftenAsTheyClaim(String benchmark, String placement, String wait, double min, double max) throws Exception {
        Collection<RunResult> results = run(benchmark.replace(".", "\\.") + "$", placement, wait);
        assertEquals(1, results.size());
        RunResult r = results.iterator().next();
        double score = r.getPrimaryResult().getScore();
        assertTrue(Double.isFinite(score) && score > 0, "score " + score);
        double switches = secondary(r, "ctxsw.total.norm");
        assertTrue(switches >= min && switches <= max,
                benchmark + " " + placement + ": " + switches + " switches per round trip, expected [" + min + ", " + max + "]");
        if (!benchmark.endsWith("_spin")) {
            // both sides were counted: the JMH thread and the partner
            assertEquals(2, secondary(r, "ctxsw.threads"), 0.0);
        }
    }

    @ParameterizedTest(name = "SyscallBaseline.{0}")
    @CsvSource({"baseline", "callNoKernel", "gettid", "gettidNotCritical", "gettidAsFutexWait", "gettidAsFutexWake"})
    void syscallBaselineNeverSwitches(String method) throws Exception {
        Collection<RunResult> results = run("SyscallBaseline\\." + method + "$", null);
        // one row per binding available on this JDK (the empty baseline has none)
        int expected = method.equals("baseline") ? 1 : Runtime.version().feature() >= Binding.FFM_MIN_FEATURE ? 2 : 1;
        assertEquals(expected, results.size());
        for (RunResult r : results) {
            assertTrue(Double.isFinite(r.getPrimaryResult().getScore()));
            double switches = secondary(r, "ctxsw.total.norm");
            assertTrue(switches < 0.01, method + ": " + switches + " switches per op");
            assertFalse(Double.isNaN(switches));
        }
    }

    /**
     * One short SAME_CPU trial of an FFM benchmark with these parameter name/value pairs; skipped below
     * JDK 22. FFM downcalls run interpreted until compiled: one warmup iteration, or the first ops are
     * dominated by it.
     */
    static RunResult runFfmOnOneCpu(String include, String... params) throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= Binding.FFM_MIN_FEATURE, "FFM needs JDK 22+");
        OptionsBuilder b = new OptionsBuilder();
        b.include(include).forks(1).warmupIterations(1).warmupTime(TimeValue.milliseconds(300)).measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(300)).addProfiler(ContextSwitchProfiler.class)
                .verbosity(VerboseMode.SILENT).shouldFailOnError(true).param("placement", "SAME_CPU");
        for (int i = 0; i + 1 < params.length; i += 2) {
            b.param(params[i], params[i + 1]);
        }
        return new Runner(ForkOptions.withSwitchcostDefaults(b.build(), System.err)).run().iterator().next();
    }

    /** The diagnostic with an extra call after each wake still switches twice per round trip, on both sides. */
    @ParameterizedTest(name = "BindingAfterSwitch extra={0}")
    @CsvSource({"NONE", "JNA"})
    void bindingAfterSwitchSwitchesTwiceWithItsExtraCalls(String extra) throws Exception {
        RunResult r = runFfmOnOneCpu("BindingAfterSwitch\\.roundTrip$", "extra", extra);
        assertEquals(extra, r.getParams().getParam("extra"));
        assertTrue(Double.isFinite(r.getPrimaryResult().getScore()) && r.getPrimaryResult().getScore() > 0);
        double switches = secondary(r, "ctxsw.total.norm");
        assertTrue(switches >= 1.8 && switches <= 2.2, extra + ": " + switches + " switches per round trip");
        assertEquals(2, secondary(r, "ctxsw.threads"), 0.0);
    }

    /** Each side's extra call is a real gettid through the binding named: it returns the caller's own tid. */
    @Test
    void bindingAfterSwitchMakesARealGettidThroughTheNamedBinding() {
        for (BindingAfterSwitch.Extra extra : BindingAfterSwitch.Extra.values()) {
            if (extra == BindingAfterSwitch.Extra.FFM && Runtime.version().feature() < Binding.FFM_MIN_FEATURE) {
                continue;
            }
            BindingAfterSwitch.Pair p = new BindingAfterSwitch.Pair();
            p.extra = extra;
            Runnable partnerSide = p.partnerWork();
            if (extra == BindingAfterSwitch.Extra.NONE) {
                assertEquals(PingPong.NO_WORK, partnerSide);
                assertEquals(0, p.extraCall());
            } else {
                assertEquals(extra.name(), p.extraCalls.binding().name());
                assertEquals(Syscalls.gettid(), p.extraCall(), extra.name());
                partnerSide.run();
            }
        }
    }

    @ParameterizedTest(name = "FutexPingPong FFM {0}")
    @CsvSource({"UNTIMED", "TIMED"})
    void ffmFutexPingPongSwitchesTwiceOnOneCpu(String wait) throws Exception {
        RunResult r = runFfmOnOneCpu("FutexPingPong\\.roundTrip$", "wait", wait, "binding", "FFM");
        assertEquals("FFM", r.getParams().getParam("binding"));
        double switches = secondary(r, "ctxsw.total.norm");
        assertTrue(switches >= 1.8 && switches <= 2.2, "FFM " + wait + ": " + switches + " switches per round trip");
    }
}
