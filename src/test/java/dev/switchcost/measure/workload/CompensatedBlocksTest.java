package dev.switchcost.measure.workload;

import dev.switchcost.measure.sample.ThreadCounters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The test JVM has the export (pom.xml's argLine), as the benchmark's forks do. */
class CompensatedBlocksTest {

    private static final long TIMEOUT = TimeUnit.SECONDS.toNanos(5);
    private static final int CALLS = 300;

    @Test
    void theBracketIsReachableWithTheExport() {
        assertNull(CompensatedBlocks.unavailable());
    }

    /**
     * Count, don't assume: with the bracket, a carrier the scheduler woke to stand in finds nothing to run and parks
     * again, a voluntary switch of a carrier that the same turns without the bracket do not make (the benchmark counts
     * about 1.4 more per call; here at least 0.3, the carriers shared with whatever else runs in this JVM).
     */
    @Test
    @EnabledOnOs(OS.LINUX) // the carriers' switches are read from /proc
    void eachBracketWakesACarrierThatTheSameTurnsWithoutItDoNot() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            double plain = carrierSwitchesPerCall(false);
            double compensated = carrierSwitchesPerCall(true);
            assertTrue(compensated > plain + 0.3, "carrier switches per call: " + compensated + " with the bracket, " + plain + " without");
        });
    }

    @Test
    void thePartnerEndsWhenThePairCloses() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            PingPong calls = CompensatedBlocks.start(true, TIMEOUT);
            calls.roundTrip();
            assertTrue(calls.partner().isVirtual());
            calls.close();
            assertFalse(calls.partner().isAlive());
        });
    }

    private static double carrierSwitchesPerCall(boolean compensate) throws InterruptedException {
        try (PingPong calls = CompensatedBlocks.start(compensate, TIMEOUT)) {
            for (int i = 0; i < 50; i++) { // the carriers started and the code compiled before counting
                calls.roundTrip();
                Thread.sleep(0, 200_000);
            }
            long before = carriers();
            for (int i = 0; i < CALLS; i++) {
                calls.roundTrip();
                Thread.sleep(0, 200_000);
            }
            return (double) (carriers() - before) / CALLS;
        }
    }

    private static long carriers() {
        return ThreadCounters.snapshotSelf().values().stream().filter(t -> t.name().startsWith("ForkJoinPool-"))
                .mapToLong(ThreadCounters::voluntary).sum();
    }
}
