package dev.switchcost.measure.nativebaseline;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.workload.ReplyDelay;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code spin_futex}, the spin-then-futex waiter: every strategy hands the turn over and terminates on one CPU and on
 * two, counts the switches it claims, and bad arguments exit 2. Shapes and counts only, never durations. Skipped (with
 * the reason) where no C compiler built it.
 */
@EnabledOnOs(OS.LINUX)
@Measures
class NativeSpinFutexTest {

    private static NativeRunner runner;

    @BeforeAll
    static void locate() {
        runner = NativeRunner.locate();
    }

    private static void assumeBuilt() {
        Needs.C_COMPILER.assume(runner.unavailableReason());
    }

    private static void assumeTwoCpus() {
        assumeTrue(Placement.CROSS_CPU.assignHere().isAvailable(), "CROSS_CPU needs two CPUs");
    }

    private static NativeSpinResult one(Placement p, long roundTrips, String strategy, long budget, String reply) {
        List<NativeSpinResult> rs = runner.runSpin(p, roundTrips, 1, new NativeRunner.SpinArgs(strategy, budget, reply), 120);
        assertEquals(1, rs.size());
        NativeSpinResult r = rs.get(0);
        assertEquals(strategy, r.strategy());
        assertEquals(budget, r.budgetNs());
        assertEquals(reply, r.reply());
        assertEquals(p.name(), r.result().placement());
        assertEquals(roundTrips, r.result().roundTrips());
        assertTrue(Double.isFinite(r.result().nsPerRoundTrip()) && r.result().nsPerRoundTrip() > 0, r.toString());
        assertTrue(Double.isFinite(r.cpuNsPerRoundTrip()) && r.cpuNsPerRoundTrip() > 0, r.toString());
        return r;
    }

    /** Both threads on one CPU, parking at once: every handoff is a switch, about 2 per round trip. */
    @Test
    void parkOnOneCpuSwitchesTwicePerRoundTrip() {
        assumeBuilt();
        NativeSpinResult r = one(Placement.SAME_CPU, 2000, "PARK", 0, "0");
        assertTrue(r.result().switchesPerRoundTrip() >= 1.8, r.toString());
        assertTrue(r.futexWaitsPerRoundTrip() > 0.5, "a parking waiter calls FUTEX_WAIT: " + r);
    }

    /** Spinning on two CPUs: the turn comes while the waiter spins, so it never sleeps, never wakes the other, never switches. */
    @Test
    void spinOnTwoCpusDoesNotSwitch() {
        assumeBuilt();
        assumeTwoCpus();
        NativeSpinResult r = one(Placement.CROSS_CPU, 20_000, "SPIN", 0, "0");
        assertEquals(0.0, r.futexWaitsPerRoundTrip(), 0.0, r.toString());
        assertEquals(0.0, r.futexWakesPerRoundTrip(), 0.0, r.toString());
        assertTrue(r.result().switchesPerRoundTrip() < 0.05, "about 0 switches per round trip: " + r);
        assertTrue(r.result().voluntaryPerRoundTrip() == 0.0, "no voluntary switch without FUTEX_WAIT: " + r);
    }

    /**
     * Spinning on one CPU still ends: the spinner spins until the scheduler preempts it and its partner runs (every
     * switch involuntary). A few round trips only: each takes scheduler slices.
     */
    @Test
    void spinOnOneCpuTerminatesThroughPreemption() {
        assumeBuilt();
        NativeSpinResult r = one(Placement.SAME_CPU, 20, "SPIN", 0, "0");
        assertEquals(0.0, r.result().voluntaryPerRoundTrip(), 0.0, r.toString());
        assertTrue(r.result().involuntaryPerRoundTrip() >= 1.0, "the partner runs only when the spinner is preempted: " + r);
    }

    /** Spin then park, with a random reply mix, on one CPU and on two: hands over, ends, and its reply table is the JVM's. */
    @Test
    void spinThenParkHandsOverOnOneAndTwoCpus() {
        assumeBuilt();
        NativeSpinResult same = one(Placement.SAME_CPU, 500, "SPIN_THEN_PARK", 5000, "exp:20000");
        // on one CPU the partner cannot answer while the waiter spins: the budget runs out and it parks
        assertTrue(same.result().switchesPerRoundTrip() >= 1.8, same.toString());
        assertEquals(javaTableMean(20000), same.replyMeanNs(), 1e-3, "the exponential table of java.util.Random(31), as ReplyDelay's");
        NativeSpinResult bimodal = one(Placement.SAME_CPU, 500, "PARK", 0, "bimodal:5:20000");
        assertEquals(ReplyDelay.parse("bimodal:5:20000").meanNs(), bimodal.replyMeanNs(), 1e-3,
                "205 of 4096 delays of 20 µs, as ReplyDelay's bimodal table");
        assumeTwoCpus();
        NativeSpinResult cross = one(Placement.CROSS_CPU, 2000, "SPIN_THEN_PARK", 20000, "0");
        assertTrue(Double.isFinite(cross.result().switchesPerRoundTrip()), cross.toString());
    }

    /**
     * No lost wake-up: with a budget about as long as a handoff, the pass often lands between the waiter's last look
     * and its sleep, the race the sleeper bit closes. Many round trips still end (a lost wake-up would leave both sides
     * waiting until the watchdog ends the program with exit 1, which fails the run).
     */
    @Test
    void shortBudgetsLoseNoWakeUp() {
        assumeBuilt();
        for (long budget : new long[] {100, 1000, 3000}) {
            NativeSpinResult r = one(Placement.UNPINNED, 100_000, "SPIN_THEN_PARK", budget, "0");
            assertTrue(r.futexWaitsPerRoundTrip() >= 0 && r.futexWakesPerRoundTrip() <= r.futexWaitsPerRoundTrip() + 0.01,
                    "a wake only for a side that may sleep: " + r);
        }
        assumeTwoCpus();
        one(Placement.CROSS_CPU, 20_000, "SPIN_THEN_PARK", 1000, "exp:2000");
    }

    /** The JVM side's table: {@code round(-mean * ln(1 - nextDouble()))} of {@code new Random(31)}, 4096 delays. */
    private static double javaTableMean(long mean) {
        Random r = new Random(31);
        double sum = 0;
        for (int i = 0; i < 4096; i++) {
            sum += Math.min(1_000_000_000L, Math.round(-mean * Math.log(1 - r.nextDouble())));
        }
        return sum / 4096;
    }

    @Test
    void badCellArgumentsExitWithUsage() throws IOException, InterruptedException {
        assumeBuilt();
        for (List<String> cell : List.of(List.of("NAP", "0", "0"), List.of("PARK", "1000", "0"), List.of("SPIN", "5", "0"),
                List.of("SPIN_THEN_PARK", "0", "0"), List.of("SPIN_THEN_PARK", "-1", "0"), List.of("PARK", "0", "exp:"),
                List.of("PARK", "0", "exp:0"), List.of("PARK", "0", "10us"), List.of("PARK", "0", "0", "extra"),
                List.of("PARK", "0", "bimodal:5"), List.of("PARK", "0", "bimodal:0:1000"), List.of("PARK", "0", "bimodal:5:0"),
                List.of("PARK", "0", "bimodal::1000"))) {
            List<String> cmd = new ArrayList<>(List.of(runner.dir().resolve("spin_futex").toString(), "UNPINNED", "10", "1"));
            cmd.addAll(cell);
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "exits: " + cell);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(2, p.exitValue(), cell + ": " + err);
            assertTrue(err.contains("usage: spin_futex [--cpus A,B] PLACEMENT ROUND_TRIPS REPETITIONS [STRATEGY [BUDGET_NS [REPLY]]]"), err);
        }
    }
}
