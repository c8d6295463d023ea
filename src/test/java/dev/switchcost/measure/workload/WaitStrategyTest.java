package dev.switchcost.measure.workload;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.linux.LinuxTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every wait strategy hands the turn over and back and terminates, on one CPU (SPIN included: it
 * progresses only when the scheduler preempts a spinner) and on two, with a partner that works between
 * handoffs; a waiter is released by cancel(). assertTimeoutPreemptively is a hang guard, not a duration check.
 */
class WaitStrategyTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    @ParameterizedTest
    @EnumSource(WaitStrategy.class)
    void everyStrategyCompletesRoundTripsOnOneCpuAndOnTwo(WaitStrategy strategy) {
        LinuxTestSupport.assumeNative();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            for (Placement placement : List.of(Placement.SAME_CPU, Placement.CROSS_CPU)) {
                if (!placement.assignHere().isAvailable()) {
                    continue; // CROSS_CPU on one CPU
                }
                Turn turn = strategy.newTurn(2_000);
                ReplyDelay reply = ReplyDelay.parse("exp:1000");
                try (PlacedPingPong pp = PlacedPingPong.start(placement, turn, ThreadKind.PLATFORM, false, reply)) {
                    for (int i = 0; i < 20; i++) {
                        pp.roundTrip();
                    }
                    pp.checkPartner();
                    assertEquals(Turn.A, turn.current(), strategy + " " + placement);
                }
            }
        });
    }

    @ParameterizedTest
    @EnumSource(WaitStrategy.class)
    void cancelReleasesAWaiter(WaitStrategy strategy) {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            CancellableTurn turn = strategy.newTurn(1_000);
            CompletableFuture<Boolean> waited = new CompletableFuture<>();
            Thread waiter = Thread.ofPlatform().start(() -> {
                turn.bind(Turn.B);
                waited.complete(turn.await(Turn.B, TimeUnit.SECONDS.toNanos(30)));
            });
            assertThrows(TimeoutException.class, () -> waited.get(200, TimeUnit.MILLISECONDS),
                    strategy + ": await returned without the turn or a cancel");
            turn.cancel();
            assertFalse(waited.get(10, TimeUnit.SECONDS), strategy + ": a cancelled await reports false");
            waiter.join();
            assertTrue(turn.isCancelled());
            turn.pass(Turn.B); // a no-op now, and never blocks
        });
    }

    @Test
    void aNegativeBudgetIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WaitStrategy.SPIN_THEN_PARK.newTurn(-1));
        assertTrue(e.getMessage().contains("budgetNs -1"), e.getMessage());
    }
}
