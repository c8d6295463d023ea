package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.linux.LinuxTestSupport;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.Collection;

import static dev.switchcost.bench.BenchmarkSmokeTest.secondary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Smoke runs of PrimitiveHandoff and SpinOrPark in real forks with tiny settings: they terminate, report
 * finite time and CPU per round trip, and switch as their Javadoc claims (counted). Never a duration.
 */
@EnabledOnOs(OS.LINUX)
@Measures
class SpinOrParkTest {

    @BeforeAll
    static void gate() {
        LinuxTestSupport.assumeNative();
    }

    /** One fork, one iteration of 200 ms, switches counted and the pair's CPU time read. */
    static RunResult runOne(String include, String... params) throws Exception {
        ChainedOptionsBuilder b = new OptionsBuilder().include(include).forks(1).warmupIterations(0).measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200)).addProfiler(ContextSwitchProfiler.class)
                .addProfiler(PairedWalkProfiler.class).verbosity(VerboseMode.SILENT).shouldFailOnError(true);
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

    private static void assertCpuReported(RunResult r, String what) {
        double cpu = secondary(r, "cpu.pair");
        assertTrue(Double.isFinite(cpu) && cpu > 0, what + ": cpu.pair " + cpu);
    }

    /** A blocking primitive on one CPU: both sides block every handoff, ≥ 1.8 switches per round trip. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"LOCK_SUPPORT", "EXCHANGER", "TRANSFER_QUEUE", "ARRAY_BLOCKING_QUEUE", "SEMAPHORE", "COMPLETABLE_FUTURE"})
    void aBlockingPrimitiveOnOneCpuSwitchesTwicePerRoundTrip(String primitive) throws Exception {
        RunResult r = runOne("PrimitiveHandoff\\.roundTrip$", "primitive", primitive, "placement", "SAME_CPU");
        double total = secondary(r, "ctxsw.total.norm");
        assertTrue(total >= 1.8, primitive + " SAME_CPU: " + total + " switches per round trip");
        assertCpuReported(r, primitive);
    }

    /**
     * Waiters that spin across two CPUs never block: ≈ 0 voluntary switches per round trip (involuntary ones are
     * other tasks preempting the spinners, which a shared machine has; they are not the strategy's). An iteration has
     * a fixed ~25 voluntary switches of its own (JMH's iteration hand-shakes), which a loaded machine's few round trips
     * cannot dilute (a spinner preempted by another task holds its partner for a whole slice: 5.5 per round trip
     * beside the other test classes), so those are taken off first ({@value #JMH_OWN_SWITCHES} an iteration, twice
     * what was seen); a waiter that blocks counts ≥ 1 per round trip on each side, beyond any such allowance.
     */
    static final int JMH_OWN_SWITCHES = 50;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"SPIN", "DISRUPTOR_BUSY_SPIN"})
    void aSpinningWaiterOnTwoCpusDoesNotSwitch(String strategy) throws Exception {
        assumeTrue(Placement.CROSS_CPU.assignHere().isAvailable(), "needs two CPUs");
        RunResult r = runOne("SpinOrPark\\.handoff$", "strategy", strategy, "budgetNs", "0",
                "replyNs", "0", "placement", "CROSS_CPU");
        double perRoundTrip = secondary(r, "ctxsw.voluntary.norm");
        double voluntary = secondary(r, "ctxsw.voluntary");
        double roundTrips = perRoundTrip > 0 ? voluntary / perRoundTrip : Double.POSITIVE_INFINITY;
        double beyond = Math.max(0, voluntary - JMH_OWN_SWITCHES * r.getParams().getMeasurement().getCount()) / roundTrips;
        assertTrue(beyond < 0.5, strategy + " CROSS_CPU: " + voluntary + " voluntary switches in " + roundTrips
                + " round trips: " + beyond + " per round trip beyond JMH's own");
        assertCpuReported(r, strategy);
    }

    /**
     * On one CPU every handoff takes the waiter off the CPU: parking blocks it (voluntary), a spinner only
     * gives way when the scheduler preempts it (involuntary), so each counts ≥ 1.8 switches per round trip, and
     * the spinner's run ends rather than hangs.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"PARK", "SPIN_THEN_PARK", "SPIN", "AGRONA_BACKOFF", "DISRUPTOR_BLOCKING"})
    void oneCpuStrategiesTerminateAndSwitchEveryHandoff(String strategy) throws Exception {
        RunResult r = runOne("SpinOrPark\\.handoff$", "strategy", strategy, "budgetNs", "1000",
                "replyNs", "exp:2000", "placement", "SAME_CPU");
        double total = secondary(r, "ctxsw.total.norm");
        assertTrue(total >= 1.8, strategy + " SAME_CPU: " + total + " switches per round trip");
        assertCpuReported(r, strategy);
    }
}
