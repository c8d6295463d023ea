package dev.switchcost.measure.workload;

import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.LinuxTestSupport;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both wait kinds, futex and park, are released when the partner throws, dies without a word, or
 * stops answering, and at the end of an iteration or trial; none of it hangs. Release bounds (the
 * hang guard only catches a hang; no duration is asserted): a partner that throws cancels the turn at
 * once; a partner thread that ends is noticed within one watchdog period (here {@value #TIMEOUT_MS}/50
 * ms); an unanswered turn fails after the pair's timeout ({@value #TIMEOUT_MS} ms) plus one period,
 * by the watchdog (UNTIMED) or the timed wait (TIMED).
 */
@EnabledOnOs(OS.LINUX)
class PairWatchdogTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(30);
    private static final long TIMEOUT_MS = 300;
    private static final long TIMEOUT = TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MS);

    enum Kind {
        FUTEX_UNTIMED(() -> FutexTurn.allocatePrivate(WaitKind.UNTIMED, Binding.JNA)),
        FUTEX_TIMED(() -> FutexTurn.allocatePrivate(WaitKind.TIMED, Binding.JNA)),
        PARK_UNTIMED(WaitKind.UNTIMED::parkTurn),
        PARK_TIMED(WaitKind.TIMED::parkTurn);

        final Supplier<CancellableTurn> turn;

        Kind(Supplier<CancellableTurn> turn) {
            this.turn = turn;
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aPartnerThatThrowsFailsTheRoundTrip(Kind kind) {
        LinuxTestSupport.assumeNative();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            int[] turns = {0};
            try (PingPong pp = PingPong.start(kind.turn.get(), ThreadKind.PLATFORM, TIMEOUT, PingPong.PARTNER_NAME, () -> () -> {
                if (++turns[0] == 3) {
                    throw new IllegalStateException("partner broke");
                }
            })) {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
                    for (int i = 0; i < 10; i++) {
                        pp.roundTrip();
                    }
                });
                assertTrue(e.getMessage().contains("partner broke"), e.getMessage());
            }
        });
    }

    /** Swallows the partner's own cancel: a partner that ends without telling anyone. */
    private static final class MuteTurn implements CancellableTurn {
        private final CancellableTurn inner;

        MuteTurn(CancellableTurn inner) {
            this.inner = inner;
        }

        @Override
        public void cancel() {
            if (!Thread.currentThread().getName().equals(PingPong.PARTNER_NAME)) {
                inner.cancel();
            }
        }

        @Override
        public boolean isCancelled() {
            return inner.isCancelled();
        }

        @Override
        public void bind(int side) {
            inner.bind(side);
        }

        @Override
        public void pass(int side) {
            inner.pass(side);
        }

        @Override
        public boolean await(int side, long timeoutNanos) {
            return inner.await(side, timeoutNanos);
        }

        @Override
        public int current() {
            return inner.current();
        }

        @Override
        public String mechanism() {
            return "mute " + inner.mechanism();
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aPartnerThatDiesSilentlyIsNoticed(Kind kind) {
        LinuxTestSupport.assumeNative();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            int[] turns = {0};
            try (PingPong pp = PingPong.start(new MuteTurn(kind.turn.get()), ThreadKind.PLATFORM, TIMEOUT, PingPong.PARTNER_NAME, () -> () -> {
                if (++turns[0] == 2) {
                    throw new Error("partner died");
                }
            })) {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
                    for (int i = 0; i < 10; i++) {
                        pp.roundTrip();
                    }
                });
                assertTrue(e.getMessage().contains("partner died") || e.getMessage().contains("ended")
                        || e.getMessage().contains("did not hand the turn back"), e.getMessage());
            }
        });
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aPartnerThatStopsAnsweringFailsTheRoundTripAfterTheTimeout(Kind kind) {
        LinuxTestSupport.assumeNative();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            CountDownLatch stuck = new CountDownLatch(1);
            int[] turns = {0};
            PingPong pp = PingPong.start(kind.turn.get(), ThreadKind.PLATFORM, TIMEOUT, PingPong.PARTNER_NAME, () -> () -> {
                if (++turns[0] == 5) {
                    stuck.await(); // alive, never answers
                }
            });
            try {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
                    for (int i = 0; i < 10; i++) {
                        pp.roundTrip();
                    }
                });
                assertTrue(e.getMessage().contains("did not hand the turn back"), e.getMessage());
            } finally {
                stuck.countDown();
                pp.close();
            }
            assertFalse(pp.partner().isAlive());
        });
    }

    /**
     * A partner that holds the turn for three timeouts is timed out, unless it says the work is
     * guarded elsewhere (a DrivenPingPong's ping inside a batch): then the same work is no alarm.
     * Untimed waits only: a timed wait ends by its own timer, whatever the watchdog thinks.
     */
    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"FUTEX_UNTIMED", "PARK_UNTIMED"})
    void aPartnerInsideGuardedWorkIsNotTimedOutAndTheSameWorkUnguardedIs(Kind kind) {
        LinuxTestSupport.assumeNative();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            for (boolean sayGuarded : new boolean[] {true, false}) {
                AtomicBoolean guarded = new AtomicBoolean();
                CountDownLatch release = new CountDownLatch(1);
                PingPong pp = PingPong.start(kind.turn.get(), ThreadKind.PLATFORM, PingPong.UNPINNED, TIMEOUT, PingPong.PARTNER_NAME,
                        () -> () -> {
                    guarded.set(sayGuarded);
                    try {
                        release.await(3 * TIMEOUT_MS, TimeUnit.MILLISECONDS); // three timeouts, or until released
                    } finally {
                        guarded.set(false);
                    }
                }, guarded::get);
                try {
                    if (sayGuarded) {
                        pp.roundTrip();
                        pp.roundTrip();
                    } else {
                        IllegalStateException e = assertThrows(IllegalStateException.class, pp::roundTrip);
                        assertTrue(e.getMessage().contains("did not hand the turn back"), e.getMessage());
                    }
                } finally {
                    release.countDown();
                    pp.close();
                }
            }
        });
    }

    /**
     * A platform partner that works (here: computes) while it holds the turn for three timeouts is not
     * lost: its scheduler counters move, and the watchdog looks at them, not only at the two-valued word.
     * One that is parked for as long is lost ({@link #aPartnerThatStopsAnsweringFailsTheRoundTripAfterTheTimeout}).
     */
    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"FUTEX_UNTIMED", "PARK_UNTIMED"})
    void aPartnerThatRunsWhileItHoldsTheTurnIsNotTimedOut(Kind kind) {
        LinuxTestSupport.assumeNative();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            PingPong pp = PingPong.start(kind.turn.get(), ThreadKind.PLATFORM, -1, TIMEOUT, PingPong.PARTNER_NAME, () -> () -> {
                long end = System.nanoTime() + 3 * TIMEOUT;
                long x = 0;
                while (System.nanoTime() < end) {
                    x += Long.numberOfTrailingZeros(System.nanoTime());
                }
                if (x == 42) {
                    Thread.yield(); // keeps x alive
                }
            }, null);
            try {
                pp.roundTrip();
            } finally {
                pp.close();
            }
        });
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theEndOfAnIterationFiresNothingAndTheEndOfATrialReleasesThePartner(Kind kind) {
        LinuxTestSupport.assumeNative();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            PingPong pp = PingPong.start(kind.turn.get(), ThreadKind.PLATFORM, TIMEOUT, PingPong.PARTNER_NAME, null);
            for (int i = 0; i < 1000; i++) {
                pp.roundTrip();
            }
            // between iterations the turn is the caller's: longer than the timeout, nothing may fire
            Thread.sleep(3 * TIMEOUT_MS);
            for (int i = 0; i < 1000; i++) {
                pp.roundTrip();
            }
            pp.close(); // the partner waits (untimed for UNTIMED): cancel releases it
            assertFalse(pp.partner().isAlive());
        });
    }
}
