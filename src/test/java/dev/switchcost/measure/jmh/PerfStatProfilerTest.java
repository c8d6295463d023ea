package dev.switchcost.measure.jmh;

import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.sample.Fixtures;
import dev.switchcost.measure.sample.PerfStatParser;
import dev.switchcost.measure.sample.PerfSupport;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@Measures
class PerfStatProfilerTest {


    private static final PerfSupport NO_PMU = PerfSupport.from("perf", "perf version 6.1.187", 2,
            PerfSupport.DEFAULT_EVENTS, 0, Fixtures.lines("perf-stat/kvm-epyc-2cpu-nopmu-perf6.1-root.csv"));
    private static final PerfSupport NO_PERF = PerfSupport.from("perf", null, 2, PerfSupport.DEFAULT_EVENTS, -1, List.of());

    private static Map<String, Result> byLabel(List<Result> results) {
        return results.stream().collect(Collectors.toMap(Result::getLabel, r -> r));
    }

    @Test
    void unsupportedEventsAreNaNAndSoftwareEventsAreNormalisedPerOp() {
        List<PerfStatParser.Count> counts = PerfStatParser.parse(List.of(
                "0.1,100,,context-switches,1,100.00,,", // before the window: ignored
                "1.1,200,,context-switches,1,100.00,,",
                "1.2,200,,context-switches,1,100.00,,",
                "1.1,<not supported>,,cycles,0,100.00,,",
                "5.0,999,,context-switches,1,100.00,,"), true); // after the window: ignored
        // window 1.0..1.2 s with 2000 ops: 10000 ops/s; 400 switches over 0.2 s: 2000/s; 0.2 per op
        Map<String, Result> r = byLabel(PerfStatProfiler.results(PerfSupport.DEFAULT_EVENTS, NO_PMU, counts,
                new PerfStatProfiler.Window(1.0, 1.2, 2000), 0.1));
        assertEquals(0.2, r.get("perf.context-switches.norm").getScore(), 1e-9);
        assertTrue(Double.isNaN(r.get("perf.cycles.norm").getScore()));
        assertTrue(Double.isNaN(r.get("perf.cache-misses.norm").getScore()));
        assertEquals(PerfSupport.DEFAULT_EVENTS.size(), r.size());
    }

    @Test
    void withoutPerfEveryEventIsNaNAndTheForkIsNotWrapped() throws Exception {
        PerfStatProfiler p = new PerfStatProfiler("", NO_PERF);
        assertTrue(p.addJVMInvokeOptions(null).isEmpty());
        List<Result> r = PerfStatProfiler.results(PerfSupport.DEFAULT_EVENTS, NO_PERF, List.of(),
                new PerfStatProfiler.Window(1.0, 2.0, 10), 0.1);
        assertTrue(r.stream().allMatch(x -> Double.isNaN(x.getScore())));
    }

    @Test
    void perfIsProbedOnceAtTheFirstUseNotWhenJmhInstantiatesTheProfiler() throws Exception {
        // JMH instantiates every registered profiler each time it looks one up by name, in every fork
        java.util.concurrent.atomic.AtomicInteger probes = new java.util.concurrent.atomic.AtomicInteger();
        PerfStatProfiler p = new PerfStatProfiler("", events -> {
            probes.incrementAndGet();
            return NO_PMU;
        });
        assertEquals(0, probes.get());
        p.addJVMInvokeOptions(null);
        p.allowPrintErr();
        assertEquals(1, probes.get());
    }

    @Test
    void wrapsTheForkWithSupportedEventsOnly() throws Exception {
        PerfStatProfiler p = new PerfStatProfiler("interval=50", NO_PMU);
        List<String> cmd = List.copyOf(p.addJVMInvokeOptions(null));
        assertEquals(List.of("perf", "stat", "--log-fd", "2", "-x,", "-e",
                "context-switches,cpu-migrations,page-faults,task-clock", "-I", "50"), cmd);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void realRunKeepsGoingAndCountsSoftwareEvents() throws Exception {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        PerfSupport here = PerfSupport.probe();
        Needs.PERF.assume(here.available(), "perf cannot count here: " + here.summary());
        Options opt = ForkOptions.withNativeAccess(new OptionsBuilder().include(FutexPingPongName.NAME).forks(1)
                .warmupIterations(0).measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(300)).param("placement", "SAME_CPU")
                .addProfiler(PerfStatProfiler.class).build());
        Collection<RunResult> results = new Runner(opt).run();
        Map<String, Result> sec = results.iterator().next().getAggregatedResult().getSecondaryResults();
        double cs = sec.get("perf.context-switches.norm").getScore();
        assertTrue(cs > 0 && Double.isFinite(cs), "context switches per futex round trip: " + cs);
        if (!here.hasPmu()) {
            assertTrue(Double.isNaN(sec.get("perf.cycles.norm").getScore()));
        }
        assertFalse(sec.isEmpty());
    }

    // ---- real output from machines with a PMU (fixtures/perf-stat/README.md names the sources) ----

    private static final PerfSupport KBL_PMU = PerfSupport.from("perf", "perf version 5.7", 2,
            List.of("cycles", "instructions"), 0, List.of("1,,cycles,1,100.00,,", "1,,instructions,1,100.00,,"));

    @Test
    void perOpDerivationOnRealIntervalOutputWithCountedCycles() {
        List<PerfStatParser.Count> counts = PerfStatParser.parsePlain(
                Fixtures.lines("perf-stat/pmu-lkml-20200502-kbl-interval-cycles-instructions.txt"), true);
        assertEquals(4, counts.size(), counts.toString());
        // the interval lines add up to perf's own summary of the run
        assertEquals(3_750_045, PerfStatParser.totals(counts).get("cycles"), 0.5);
        assertEquals(1_155_691, PerfStatParser.totals(counts).get("instructions"), 0.5);
        // a measurement window over both intervals, with 1,000,000 ops done in it
        double from = 0.0;
        double to = 2.001433453;
        Map<String, Result> r = byLabel(PerfStatProfiler.results(List.of("cycles", "instructions"), KBL_PMU, counts,
                new PerfStatProfiler.Window(from, to, 1_000_000), 1.0));
        // counts per second over the two intervals the lines cover, over ops per second of the window
        double covered = 2.001433453 - 1.000389902 + 1.0;
        double opsPerSec = 1_000_000 / (to - from);
        assertEquals(3_750_045 / covered / opsPerSec, r.get("perf.cycles.norm").getScore(), 1e-9);
        assertEquals(1_155_691 / covered / opsPerSec, r.get("perf.instructions.norm").getScore(), 1e-9);
        assertEquals("#/op", r.get("perf.cycles.norm").getScoreUnit());
        // perf's own "insn per cycle" for the run, from the derived per-op figures
        assertEquals(0.31, r.get("perf.instructions.norm").getScore() / r.get("perf.cycles.norm").getScore(), 0.005);
    }

    @Test
    void realSystemWideOutputWithCountedCacheMissesParsesToPerfsOwnRatios() {
        List<PerfStatParser.Count> counts = PerfStatParser.parsePlain(
                Fixtures.lines("perf-stat/pmu-netdev-20220902-system-wide-cache-misses.txt"), false);
        assertEquals(13, counts.size(), counts.toString());
        assertTrue(counts.stream().allMatch(c -> c.status() == PerfStatParser.Status.COUNTED));
        Map<String, Double> t = PerfStatParser.totals(counts);
        assertEquals(1_421_440_332d, t.get("cache-misses"));
        // perf printed "22.550 % of all cache refs", "0.49 insn per cycle", "8.73% of all LL-cache accesses"
        assertEquals(22.550, 100 * t.get("cache-misses") / t.get("cache-references"), 0.0005);
        assertEquals(0.49, t.get("instructions") / t.get("cycles"), 0.005);
        assertEquals(8.73, 100 * t.get("LLC-load-misses") / t.get("LLC-loads"), 0.005);
    }

    @Test
    void badOptionsNameThisProfilerAndItsOwnUsage() {
        ProfilerException e = assertThrows(ProfilerException.class, () -> new PerfStatProfiler("nosuch=1", NO_PERF));
        assertTrue(e.getMessage().startsWith("perfstat: "), e.getMessage());
        assertTrue(e.getMessage().contains(PerfStatProfiler.class.getName() + ":events="), e.getMessage());
        assertFalse(e.getMessage().contains("ctxsw") || e.getMessage().contains("threads=REGEX"), e.getMessage());
        ProfilerException help = assertThrows(ProfilerException.class, () -> new PerfStatProfiler("help", NO_PERF));
        assertTrue(help.getMessage().contains("interval"), help.getMessage());
    }

    /** The FutexPingPong benchmark, by name (it lives in src/jmh/java). */
    private static final class FutexPingPongName {
        static final String NAME = "FutexPingPong\\.roundTrip";
    }
}
