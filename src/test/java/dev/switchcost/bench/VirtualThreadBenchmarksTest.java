package dev.switchcost.bench;

import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.linux.LinuxTestSupport;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.workload.CompensatedBlocks;
import dev.switchcost.measure.workload.DrivenPingPong;
import dev.switchcost.measure.workload.HandoffPrimitive;
import dev.switchcost.measure.workload.PingPong;
import dev.switchcost.measure.workload.ThreadKind;
import dev.switchcost.results.Param;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.Collection;
import java.util.List;

import static dev.switchcost.bench.BenchmarkSmokeTest.secondary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Smoke runs of the virtual-thread benchmarks in real forks with tiny settings: they terminate, their
 * scores are finite, and the handoffs switch (or not) as their Javadoc claims. Never a duration.
 */
@EnabledOnOs(OS.LINUX)
@Measures
class VirtualThreadBenchmarksTest {

    @BeforeAll
    static void gate() {
        LinuxTestSupport.assumeNative();
    }

    static RunResult runOne(String include, String... params) throws Exception {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include(include)
                .forks(1)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200))
                .addProfiler(ContextSwitchProfiler.class)
                .addProfiler(PairedWalkProfiler.class)
                .verbosity(VerboseMode.SILENT)
                .shouldFailOnError(true);
        for (int i = 0; i < params.length; i += 2) {
            b.param(params[i], params[i + 1]);
        }
        Collection<RunResult> results = new Runner(ForkOptions.withNativeAccess(b.build())).run();
        assertEquals(1, results.size(), "one configuration");
        RunResult r = results.iterator().next();
        double score = r.getPrimaryResult().getScore();
        assertTrue(Double.isFinite(score) && score > 0, include + ": score " + score);
        return r;
    }

    /**
     * The blocking call's two sides run in a fork and report their CPU time per call, and each call parks a carrier
     * (the handoff's own); that the bracket wakes one more is counted in {@code CompensatedBlocksTest}, warmed, where a
     * single 200 ms iteration beside other tests cannot tell it.
     */
    @Test
    void aBlockingCallsTwoSidesRunAndReportTheirCpuTime() throws Exception {
        for (String call : List.of(CompensatedBlocks.COMPENSATED, CompensatedBlocks.PLAIN)) {
            RunResult r = runOne("VirtualThreadBlockingCall\\.call$", Param.CALL.key(), call);
            Result<?> cpu = r.getSecondaryResults().get(PairedWalkProfiler.CPU);
            assertTrue(cpu != null && Double.isFinite(cpu.getScore()) && cpu.getScore() > 0, call + ": cpu.pair " + cpu);
            double carriers = r.getSecondaryResults().get("ctxsw.carrier.total.norm").getScore();
            assertTrue(carriers >= 0.9, call + ": a carrier parks after each call, carrier switches per call " + carriers);
        }
    }

    /**
     * Kernel switches per round trip that the handoff makes, counting the JMH thread, platform tasks, carriers and the
     * JDK's virtual-thread helper threads: [min, max] of ctxsw.voluntary.norm, the times they blocked. Involuntary
     * switches are another task taking the CPU, not the handoff's: beside a busy loop, one carrier's virtual threads
     * read 0.184 switches per round trip in all, against a bound of 0.1 (1 of 20 trials).
     */
    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({
        "VirtualThreadHandoffOneCarrier,  VT_VT, LOCK_SUPPORT,      0,   0.1",
        "VirtualThreadHandoffOneCarrier,  VT_VT, SYNCHRONOUS_QUEUE, 0,   0.1",
        "VirtualThreadHandoffOneCarrier,  VT_VT, REENTRANT_LOCK,    0,   0.1",
        "VirtualThreadHandoffOneCarrier,  PT_PT, LOCK_SUPPORT,      0.5, 2.5",
        "VirtualThreadHandoffOneCarrier,  VT_PT, LOCK_SUPPORT,      1.0, 3.0",
        "VirtualThreadHandoffTwoCarriers, VT_VT, LOCK_SUPPORT,      0,   2.2",
    })
    void handoffsSwitchAsTheJavadocSays(String benchmark, String pair, String primitive,
                                        double min, double max) throws Exception {
        RunResult r = runOne(benchmark + "\\.roundTrip$", "pair", pair, "primitive", primitive);
        double total = secondary(r, "ctxsw.voluntary.norm");
        assertTrue(total >= min && total <= max,
                benchmark + " " + pair + " " + primitive + ": " + total + " voluntary switches per round trip, expected ["
                        + min + ", " + max + "]");
        if (pair.startsWith("VT")) {
            // the carriers were found and counted by name
            assertTrue(r.getSecondaryResults().containsKey("ctxsw.carrier.total.norm"), r.getSecondaryResults().keySet().toString());
        }
        // the pair's CPU time: the carriers (or platform tasks) that ran ping and pong, found by name, plus the driver;
        // the driver alone hands over once per 1000 round trips, so without the carriers it would be ~0.1 % of the time
        double cpu = secondary(r, PairedWalkProfiler.CPU);
        assertTrue(Double.isFinite(cpu) && cpu > 0.1 * r.getPrimaryResult().getScore(),
                benchmark + " " + pair + " " + primitive + ": cpu.pair " + cpu + " ns per round trip of " + r.getPrimaryResult().getScore());
        if (pair.equals("VT_PT")) {
            double platform = secondary(r, "ctxsw.partner.total.norm");
            assertTrue(platform >= 0.5 && platform <= 1.5, "the platform pong blocks in the kernel once per round trip: " + platform);
        }
    }

    @Test
    void synchronizedRunsOnThisJdkAndShowsItsCarrierSwitches() throws Exception {
        RunResult r = runOne("VirtualThreadHandoffTwoCarriers\\.roundTrip$", "pair", "VT_VT", "primitive", "SYNCHRONIZED");
        // wait/notify from virtual threads costs kernel switches on every JDK so far: pinned carriers before
        // JDK 24, the VirtualThread-unblocker thread and an idle carrier's wakeup after (JEP 491)
        assertTrue(secondary(r, "ctxsw.total.norm") > 0.5, "synchronized handoff switches: " + secondary(r, "ctxsw.total.norm"));
    }

    @Test
    void aCarrierCountTheJvmDoesNotHaveIsRefused() {
        VirtualThreadHandoffTwoCarriers.Tasks t = new VirtualThreadHandoffTwoCarriers.Tasks();
        t.carriers = 2;
        t.pair = HandoffTasks.Pair.VT_VT;
        t.primitive = HandoffPrimitive.LOCK_SUPPORT;
        // the test JVM has no -Djdk.virtualThreadScheduler.parallelism
        IllegalStateException e = assertThrows(IllegalStateException.class, t::open);
        assertTrue(e.getMessage().contains("carriers=2"), e.getMessage());
    }

    /** Pairs with a virtual side warm the scheduler before a trial with warm-up, and only those. */
    @Test
    void onlyAVirtualPairWithWarmUpWarmsTheScheduler() {
        assertTrue(HandoffTasks.warmsScheduler(true, HandoffTasks.Pair.VT_VT));
        assertTrue(HandoffTasks.warmsScheduler(true, HandoffTasks.Pair.VT_PT));
        assertFalse(HandoffTasks.warmsScheduler(true, HandoffTasks.Pair.PT_PT));
        assertFalse(HandoffTasks.warmsScheduler(false, HandoffTasks.Pair.VT_VT));
    }

    /** The scheduler's warm-up drives the pair in batches until its time is up, and leaves the pair working. */
    @Test
    void theSchedulersWarmUpDrivesThePairAndLeavesItWorking() {
        try (DrivenPingPong pair = DrivenPingPong.start(Placement.UNPINNED, HandoffPrimitive.LOCK_SUPPORT.newTurn(), ThreadKind.VIRTUAL,
                ThreadKind.VIRTUAL, 10, PingPong.DEFAULT_TIMEOUT_NANOS)) {
            int batches = HandoffTasks.warm(pair, 20_000_000L);
            assertTrue(batches > 0, "batches driven: " + batches);
            pair.drive();
            pair.check();
        }
    }

    @ParameterizedTest(name = "brigade {0} {1}")
    @CsvSource({"PLATFORM, MEMORY", "PLATFORM, PIPE", "VIRTUAL, MEMORY", "VIRTUAL, PIPE"})
    void brigadeTripsThroughEveryTask(String kind, String transport) throws Exception {
        RunResult r = runOne("Brigade\\.brigade$", "tasks", "10", "kind", kind, "transport", transport);
        double tasksSwitches = r.getSecondaryResults().containsKey("ctxsw.partner.total.norm")
                ? secondary(r, "ctxsw.partner.total.norm") : 0;
        if (kind.equals("PLATFORM")) {
            // every one of the 10 platform tasks blocks once per trip, at least
            assertTrue(tasksSwitches >= 9, "platform brigade of 10: " + tasksSwitches + " task switches per trip");
            assertTrue(secondary(r, "ctxsw.threads") >= 11, "tasks and head counted");
        } else {
            assertTrue(r.getSecondaryResults().containsKey("ctxsw.carrier.total.norm"), "carriers counted");
        }
    }

    @ParameterizedTest(name = "oneThread {0} {1}")
    @CsvSource({"PLATFORM, PIPE", "VIRTUAL, PIPE", "PLATFORM, MEMORY"})
    void brigadeBaselineDoesNotSwitchPerHop(String kind, String transport) throws Exception {
        RunResult r = runOne("Brigade\\.oneThread$", "tasks", "10", "kind", kind, "transport", transport);
        // only the JMH thread's handoff to the head, once per 10 trips of 11 hops
        double total = secondary(r, "ctxsw.total.norm");
        assertTrue(total < 1, "one-thread baseline: " + total + " switches per trip");
    }

    @ParameterizedTest(name = "ThreadCreation {0}")
    @CsvSource({"PLATFORM", "VIRTUAL"})
    void creationTerminates(String kind) throws Exception {
        RunResult r = runOne("ThreadCreation\\.startAndJoin$", "kind", kind);
        assertTrue(Double.isFinite(secondary(r, "ctxsw.worker.total.norm")));
    }
}
