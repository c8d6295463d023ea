package dev.switchcost.measure.jmh;

import dev.switchcost.launch.Jdk;
import dev.switchcost.launch.TestJdks;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Measures
class PinnedEventsProfilerTest {

    static final String HANDOFF = "dev.switchcost.bench.VirtualThreadHandoffTwoCarriers.roundTrip";

    private static Map<String, Double> byLabel(List<? extends Result> rs) {
        return rs.stream().collect(Collectors.toMap(Result::getLabel, Result::getScore));
    }

    @Test
    void dividesTheIterationsEventsByItsOps() {
        Map<String, Double> r = byLabel(PinnedEventsProfiler.results(2_000, 1_000));
        assertEquals(2.0, r.get(PinnedEventsProfiler.NORM), 1e-12);
        assertEquals(2_000.0, r.get(PinnedEventsProfiler.COUNT), 1e-12);
        assertEquals(0.0, byLabel(PinnedEventsProfiler.results(0, 1_000)).get(PinnedEventsProfiler.NORM), 0.0);
    }

    @Test
    void uncountedOrNoOpsIsNaNNeverZero() {
        assertTrue(Double.isNaN(byLabel(PinnedEventsProfiler.results(-1, 1_000)).get(PinnedEventsProfiler.NORM)));
        assertTrue(Double.isNaN(byLabel(PinnedEventsProfiler.results(-1, 1_000)).get(PinnedEventsProfiler.COUNT)));
        assertTrue(Double.isNaN(byLabel(PinnedEventsProfiler.results(5, 0)).get(PinnedEventsProfiler.NORM)));
    }

    @Test
    void leavesJfrOffWhereCarriersPinInObjectWait() {
        assertTrue(PinnedEventsProfiler.pinsInWait(21, Map.of("pair", "VT_VT", "primitive", "SYNCHRONIZED")));
        assertFalse(PinnedEventsProfiler.pinsInWait(25, Map.of("pair", "VT_VT", "primitive", "SYNCHRONIZED")), "JEP 491");
        assertFalse(PinnedEventsProfiler.pinsInWait(21, Map.of("pair", "VT_VT", "primitive", "REENTRANT_LOCK")));
        assertFalse(PinnedEventsProfiler.pinsInWait(21, Map.of("kind", "VIRTUAL")));
    }

    @Test
    void recordsOnlyTrialsThatRunVirtualThreads() {
        assertTrue(PinnedEventsProfiler.runsVirtualThreads(HANDOFF, Map.of("pair", "VT_VT", "primitive", "SYNCHRONIZED")));
        assertTrue(PinnedEventsProfiler.runsVirtualThreads(HANDOFF, Map.of("pair", "VT_PT")));
        assertFalse(PinnedEventsProfiler.runsVirtualThreads(HANDOFF, Map.of("pair", "PT_PT", "primitive", "LOCK_SUPPORT")));
        assertTrue(PinnedEventsProfiler.runsVirtualThreads("dev.switchcost.bench.Brigade.relay", Map.of("kind", "VIRTUAL")));
        assertFalse(PinnedEventsProfiler.runsVirtualThreads("dev.switchcost.bench.Brigade.relay", Map.of("kind", "PLATFORM")));
        assertTrue(PinnedEventsProfiler.runsVirtualThreads("dev.switchcost.bench.WorkingSetHandoff.roundTrip",
                Map.of("handoff", "VIRTUAL", "placement", "UNPINNED")));
        assertTrue(PinnedEventsProfiler.runsVirtualThreads("dev.switchcost.bench.WorkingSetVirtualHandoff.roundTripPaired",
                Map.of("workingSetKiB", "64")));
        assertFalse(PinnedEventsProfiler.runsVirtualThreads("dev.switchcost.bench.FutexPingPong.roundTrip",
                Map.of("placement", "SAME_CPU", "binding", "FFM")));
    }

    /**
     * A virtual thread that parks inside a class initializer cannot unmount (a VM frame is on its stack) on every
     * JDK since 21, JEP 491 included: three parks there are three {@code jdk.VirtualThreadPinned} events.
     */
    static final class ParksInClassInit {
        static final int PARKS = 3;
        static final int DONE;

        static {
            for (int i = 0; i < PARKS; i++) {
                LockSupport.parkNanos(1_000_000);
            }
            DONE = PARKS;
        }
    }

    /** Pins {@link ParksInClassInit#PARKS} times: initializes that class in a virtual thread. */
    static void pinThreeTimes() throws InterruptedException {
        Thread t = Thread.ofVirtual().start(() -> assertEquals(ParksInClassInit.PARKS, ParksInClassInit.DONE));
        t.join();
    }

    static BenchmarkParams trial(String benchmark, Map<String, String> params) {
        WorkloadParams w = new WorkloadParams();
        int order = 0;
        for (Map.Entry<String, String> e : params.entrySet()) {
            w.put(e.getKey(), e.getValue(), order++);
        }
        IterationParams it = new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.milliseconds(100), 1);
        return new BenchmarkParams(benchmark, benchmark + "_jmhTest", false, 1, new int[]{1}, List.of(), 1, 0, it, it,
                Mode.AverageTime, w, TimeUnit.NANOSECONDS, 1, "java", List.of(), Runtime.version().toString(), "vm", "vm",
                "1.37", TimeValue.minutes(1));
    }

    private static IterationResult ops(long allOps) {
        return new IterationResult(null, null, new IterationResultMetaData(allOps, allOps));
    }

    /** JFR in this JVM, through the profiler: the three pinned parks of a virtual-thread trial, per op. */
    @Test
    void countsThePinnedParksOfAVirtualThreadTrial() throws Exception {
        PinnedEventsProfiler p = new PinnedEventsProfiler();
        BenchmarkParams vt = trial(HANDOFF, Map.of("pair", "VT_VT"));
        IterationParams it = vt.getMeasurement();
        p.beforeIteration(vt, it);
        pinThreeTimes();
        Map<String, Double> r = byLabel(List.copyOf(p.afterIteration(vt, it, ops(6))));
        assertEquals(3.0, r.get(PinnedEventsProfiler.COUNT), 0.0, "three parks in a class initializer");
        assertEquals(0.5, r.get(PinnedEventsProfiler.NORM), 1e-12);

        // the next iteration counts its own window: nothing pinned in it
        p.beforeIteration(vt, it);
        Thread.ofVirtual().start(() -> LockSupport.parkNanos(1_000_000)).join();
        assertEquals(0.0, byLabel(List.copyOf(p.afterIteration(vt, it, ops(6)))).get(PinnedEventsProfiler.COUNT), 0.0,
                "a park that unmounts is no event");
    }

    @Test
    void aPlatformTrialGetsNoResult() throws Exception {
        PinnedEventsProfiler p = new PinnedEventsProfiler();
        BenchmarkParams pt = trial(HANDOFF, Map.of("pair", "PT_PT"));
        p.beforeIteration(pt, pt.getMeasurement());
        assertTrue(p.afterIteration(pt, pt.getMeasurement(), ops(6)).isEmpty());
    }

    /**
     * The same recording code in a JDK 21 JVM: the JDK whose pinning the study is about counts the pinned parks
     * too (run as this class's {@link #main}).
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void countsOnJdk21Too() throws Exception {
        Jdk jdk21 = TestJdks.jdk21();
        Process proc = new ProcessBuilder(jdk21.java().getPath(), "-cp", System.getProperty("java.class.path"),
                PinnedEventsProfilerTest.class.getName()).redirectErrorStream(true).start();
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, proc.waitFor(), out);
        assertEquals("pinned events: 3", out.strip().lines().reduce((a, b) -> b).orElse(""), out);
    }

    /** For {@link #countsOnJdk21Too}: prints the events one recording window counts around three pinned parks. */
    public static void main(String[] args) throws Exception {
        System.out.println("JDK " + Runtime.version());
        PinnedEventsProfiler p = new PinnedEventsProfiler();
        BenchmarkParams vt = trial(HANDOFF, Map.of("pair", "VT_VT"));
        p.beforeIteration(vt, vt.getMeasurement());
        pinThreeTimes();
        System.out.println("pinned events: " + Math.round(byLabel(List.copyOf(p.afterIteration(vt, vt.getMeasurement(), ops(6))))
                .get(PinnedEventsProfiler.COUNT)));
    }
}
