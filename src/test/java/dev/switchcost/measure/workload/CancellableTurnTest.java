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
 * The untimed turns and the driven ping-pong: round trips complete for every pair of thread kinds,
 * a waiter blocked without a timer is released by cancel(), and close() leaves no task behind.
 * assertTimeoutPreemptively guards against hangs; it is not a duration check.
 */
class CancellableTurnTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(30);

    @ParameterizedTest
    @EnumSource(HandoffPrimitive.class)
    void everyPrimitiveCompletesRoundTripsWithEveryPairOfKinds(HandoffPrimitive primitive) {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            for (ThreadKind ping : ThreadKind.values()) {
                for (ThreadKind pong : ThreadKind.values()) {
                    Turn turn = primitive.newTurn();
                    DrivenPingPong pp = DrivenPingPong.start(Placement.UNPINNED, turn, ping, pong, 200, PingPong.DEFAULT_TIMEOUT_NANOS);
                    try {
                        for (int i = 0; i < 5; i++) {
                            pp.drive();
                        }
                        pp.check();
                        assertEquals(Turn.A, turn.current(), primitive + " " + ping + "/" + pong);
                    } finally {
                        pp.close();
                    }
                }
            }
        });
    }

    /**
     * The false alarm `run --quick` once hit with two platform threads: ping holds the outer turn for
     * a whole batch and hands it back for microseconds, so a watchdog sampling only the outer word
     * finds ping holding it at every sample and called a healthy pair lost after the timeout. Here
     * batches of 5,000 round trips run for at least three timeouts (a short one, 1 s: 200 ms was missed once
     * by a healthy pair on a loaded 2-CPU machine); a working pair must not be cancelled. Before the first fix this failed
     * nearly every time; with the second (the inner turn's word as ping's progress) it still failed once in CI, since
     * a two-valued word sampled by a thread that wakes in step with the pair can read the same 50 times in a row.
     */
    @Test
    void batchesLongerThanTheWatchdogsWindowAreNotAFalseAlarm() {
        long timeout = TimeUnit.MILLISECONDS.toNanos(1000);
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            Turn turn = HandoffPrimitive.LOCK_SUPPORT.newTurn();
            DrivenPingPong pp = DrivenPingPong.start(Placement.UNPINNED, turn, ThreadKind.PLATFORM, ThreadKind.PLATFORM, 5_000, timeout);
            try {
                long start = System.nanoTime();
                int drives = 0;
                while (drives < 3 || System.nanoTime() - start < 3 * timeout) {
                    pp.drive(); // throws "partner did not hand the turn back" on a false alarm
                    drives++;
                }
                pp.check();
            } finally {
                pp.close();
            }
        });
    }

    @ParameterizedTest
    @EnumSource(value = HandoffPrimitive.class, names = "PARK_NANOS", mode = EnumSource.Mode.EXCLUDE)
    void cancelReleasesAWaiterThatHasNoTimer(HandoffPrimitive primitive) {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            CancellableTurn turn = (CancellableTurn) primitive.newTurn();
            CompletableFuture<Boolean> waited = new CompletableFuture<>();
            Thread waiter = Thread.ofVirtual().start(() -> {
                turn.bind(Turn.B);
                waited.complete(turn.await(Turn.B, 1));
            });
            // the waiter is blocked: an untimed wait does not end by itself
            assertFalse(waiterEnds(waited), primitive + ": await returned without the turn or a cancel");
            turn.cancel();
            assertFalse(waited.get(10, TimeUnit.SECONDS), primitive + ": a cancelled await reports false");
            waiter.join();
            assertTrue(turn.isCancelled());
            turn.pass(Turn.B); // a no-op now, and never blocks
        });
    }

    private static boolean waiterEnds(CompletableFuture<Boolean> waited) throws Exception {
        try {
            waited.get(200, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException stillBlocked) {
            return false;
        }
    }

    /** Issue 20: the pair takes a placement; ping runs on the CPU it resolves for side A, pong on side B's. */
    @Test
    void aPinnedPlacementPutsPingAndPongOnTheCpusItsAssignmentNames() {
        LinuxTestSupport.assumeNative();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            for (Placement placement : List.of(Placement.SAME_CPU, Placement.CROSS_CPU)) {
                Placement.Assignment a = placement.assignHere();
                if (!a.isAvailable()) {
                    continue; // CROSS_CPU on one CPU
                }
                DrivenPingPong pp = DrivenPingPong.start(placement, HandoffPrimitive.LOCK_SUPPORT.newTurn(), ThreadKind.PLATFORM,
                        ThreadKind.PLATFORM, 100, PingPong.DEFAULT_TIMEOUT_NANOS);
                try {
                    pp.drive();
                    assertEquals(a.cpuA(), pp.pingCpu(), placement + ": " + pp.describe());
                    assertEquals(a.cpuB(), pp.pongCpu(), placement + ": " + pp.describe());
                } finally {
                    pp.close();
                }
            }
        });
    }

    @Test
    void aPinnedPlacementRefusesAVirtualTask() {
        LinuxTestSupport.assumeNative();
        ThreadKind[][] pairs = {{ThreadKind.VIRTUAL, ThreadKind.PLATFORM}, {ThreadKind.PLATFORM, ThreadKind.VIRTUAL}};
        for (ThreadKind[] kinds : pairs) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DrivenPingPong.start(Placement.SAME_CPU,
                    HandoffPrimitive.LOCK_SUPPORT.newTurn(), kinds[0], kinds[1], 10, PingPong.DEFAULT_TIMEOUT_NANOS));
            assertTrue(e.getMessage().contains("cannot be pinned"), e.getMessage());
        }
    }

    @Test
    void closeStopsBothTasks() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            DrivenPingPong pp = DrivenPingPong.start(Placement.UNPINNED, new SynchronousQueueTurn(), ThreadKind.VIRTUAL,
                    ThreadKind.PLATFORM, 10, PingPong.DEFAULT_TIMEOUT_NANOS);
            pp.drive();
            long before = countThreadsNamed(DrivenPingPong.PONG_NAME);
            assertEquals(1, before, "one platform pong while running");
            pp.close();
            assertEquals(0, countThreadsNamed(DrivenPingPong.PONG_NAME), "pong ended with close()");
        });
    }

    @Test
    void aBatchThatNeverComesBackFailsInsteadOfHanging() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            // pong never answers: its side of the turn swallows every pass to A
            DeafPong turn = new DeafPong();
            DrivenPingPong pp = DrivenPingPong.start(Placement.UNPINNED, turn, ThreadKind.VIRTUAL, ThreadKind.VIRTUAL, 10,
                    TimeUnit.MILLISECONDS.toNanos(300));
            IllegalStateException e = assertThrows(IllegalStateException.class, pp::drive);
            assertTrue(e.getMessage().contains("did not hand the turn back"), e.getMessage());
            pp.close(); // cancels the inner turn: ping and pong both end
            assertTrue(turn.isCancelled());
        });
    }

    /** An untimed turn whose B side never passes the turn back. */
    private static final class DeafPong extends ForwardingTurn implements CancellableTurn {
        private final UntimedParkTurn untimed;

        DeafPong() {
            this(new UntimedParkTurn());
        }

        private DeafPong(UntimedParkTurn untimed) {
            super(untimed, "deaf");
            this.untimed = untimed;
        }

        @Override
        public void pass(int side) {
            if (side == B) {
                untimed.pass(side);
            }
        }

        @Override
        public void cancel() {
            untimed.cancel();
        }

        @Override
        public boolean isCancelled() {
            return untimed.isCancelled();
        }
    }

    private static long countThreadsNamed(String name) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name) && t.isAlive()).count();
    }
}
