package dev.switchcost.measure.jmh;

import dev.switchcost.measure.linux.Rusage;
import dev.switchcost.measure.sample.CountedThreads;
import dev.switchcost.measure.sample.ThreadCounters;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContextSwitchProfilerTest {

    private static final Pattern DEFAULT = Pattern.compile(ContextSwitchProfiler.DEFAULT_THREADS);

    private static double value(List<Result> results, String label) {
        return results.stream().filter(r -> r.getLabel().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + label + " in " + results.stream().map(Result::getLabel).toList()))
                .getScore();
    }

    @Test
    void countsRegisteredAndNamedThreadsPerOpAndIgnoresTheRest() {
        Map<Integer, ThreadCounters> before = Map.of(
                10, new ThreadCounters(10, "dev.switchcost.", 100, 50, 3),   // JMH worker, registered
                11, new ThreadCounters(11, "switchcost-part", 7, 1, 0),      // partner, by name
                12, new ThreadCounters(12, "C2 CompilerThre", 0, 0, 0));     // JIT: not ours
        Map<Integer, ThreadCounters> after = Map.of(
                10, new ThreadCounters(10, "dev.switchcost.", 1100, 850, 3),
                11, new ThreadCounters(11, "switchcost-part", 1007, 801, 1),
                12, new ThreadCounters(12, "C2 CompilerThre", 500, 500, 9));
        List<Result> r = ContextSwitchProfiler.results(before, after, new Rusage(3000, 2000, 0), 1000, DEFAULT,
                Map.of(10, CountedThreads.WORKER));
        assertEquals(2.0, value(r, "ctxsw.voluntary.norm"), 1e-9);
        assertEquals(1.6, value(r, "ctxsw.involuntary.norm"), 1e-9);
        assertEquals(3.6, value(r, "ctxsw.total.norm"), 1e-9);
        assertEquals(1.8, value(r, "ctxsw.worker.total.norm"), 1e-9);
        assertEquals(1.8, value(r, "ctxsw.partner.total.norm"), 1e-9);
        assertEquals(0.001, value(r, "cpu.migrations.norm"), 1e-9);
        assertEquals(5.0, value(r, "ctxsw.process.total.norm"), 1e-9);
        assertEquals(2, value(r, "ctxsw.threads"), 1e-9);
    }

    @Test
    void aThreadBornDuringTheIterationCountsFromZero() {
        Map<Integer, ThreadCounters> after = Map.of(20, new ThreadCounters(20, "ForkJoinPool-1-", 40, 10, 2));
        List<Result> r = ContextSwitchProfiler.results(Map.of(), after, null, 100, DEFAULT, Map.of());
        assertEquals(0.5, value(r, "ctxsw.total.norm"), 1e-9);
        assertEquals(0.5, value(r, "ctxsw.carrier.total.norm"), 1e-9);
        assertFalse(r.stream().anyMatch(x -> x.getLabel().equals("ctxsw.process.total.norm")));
    }

    @Test
    void unknownMigrationsAndZeroOpsAreNaNNotZero() {
        Map<Integer, ThreadCounters> before = Map.of(1, new ThreadCounters(1, "switchcost-x", 0, 0, -1));
        Map<Integer, ThreadCounters> after = Map.of(1, new ThreadCounters(1, "switchcost-x", 5, 0, -1));
        List<Result> r = ContextSwitchProfiler.results(before, after, null, 10, DEFAULT, Map.of());
        assertTrue(Double.isNaN(value(r, "cpu.migrations.norm")));
        List<Result> none = ContextSwitchProfiler.results(before, after, null, 0, DEFAULT, Map.of());
        assertTrue(Double.isNaN(value(none, "ctxsw.total.norm")));
    }

    @Test
    void acceptsAThreadsRegexAndRejectsABadOne() throws Exception {
        new ContextSwitchProfiler("threads=worker.*");
        ProfilerException bad = assertThrows(ProfilerException.class, () -> new ContextSwitchProfiler("threads=(("));
        assertTrue(bad.getMessage().contains("bad threads regex"), bad.getMessage());
        ProfilerException unknown = assertThrows(ProfilerException.class, () -> new ContextSwitchProfiler("nosuch=1"));
        assertTrue(unknown.getMessage().contains("nosuch"), unknown.getMessage());
        ProfilerException help = assertThrows(ProfilerException.class, () -> new ContextSwitchProfiler("help"));
        assertTrue(help.getMessage().contains("threads"), help.getMessage());
    }

    @Test
    void aWarmUpIterationIsNeitherReadNorReported() throws Exception {
        // JMH keeps no warm-up's secondary results; a read there would only lengthen every fork
        IterationParams warmup = new IterationParams(IterationType.WARMUP, 3, TimeValue.milliseconds(300), 1);
        ContextSwitchProfiler p = new ContextSwitchProfiler();
        p.beforeIteration(null, warmup);
        assertTrue(p.afterIteration(null, warmup, null).isEmpty());
    }
}
