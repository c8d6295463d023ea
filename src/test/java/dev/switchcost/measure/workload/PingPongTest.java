package dev.switchcost.measure.workload;

import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.LinuxTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The protocol's behaviour: round trips complete, a lost or failed partner surfaces as an exception
 * instead of a hang, and close() leaves no thread behind. assertTimeoutPreemptively is a hang guard
 * here, not a duration check.
 */
@EnabledOnOs(OS.LINUX)
class PingPongTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(30);
    private static final long SHORT = TimeUnit.MILLISECONDS.toNanos(300);

    @Test
    void everyMechanismCompletesRoundTripsWithPlatformAndVirtualPartners() {
        LinuxTestSupport.assumeNative();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            for (ThreadKind kind : ThreadKind.values()) {
                for (Turn turn : new Turn[] {FutexTurn.allocatePrivate(WaitKind.UNTIMED, Binding.JNA), new ParkTurn(), new SpinTurn()}) {
                    try (PingPong pp = PingPong.start(turn, kind, PingPong.DEFAULT_TIMEOUT_NANOS, PingPong.PARTNER_NAME, null)) {
                        for (int i = 0; i < 1000; i++) {
                            pp.roundTrip();
                        }
                        assertEquals(Turn.A, turn.current(), turn.mechanism());
                        assertTrue(pp.partner().isAlive());
                    }
                }
            }
        });
    }

    @Test
    void closeStopsThePartner() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            PingPong pp = PingPong.start(new ParkTurn(), ThreadKind.PLATFORM, PingPong.DEFAULT_TIMEOUT_NANOS, PingPong.PARTNER_NAME, null);
            pp.roundTrip();
            pp.close();
            assertFalse(pp.partner().isAlive());
        });
    }

    /** A turn whose partner side never answers: the partner thread is alive but stuck elsewhere. */
    private static final class DeafTurn extends ForwardingTurn {
        DeafTurn() {
            super(new ParkTurn(), "deaf");
        }

        @Override
        public void pass(int side) {
            if (side != A) { // B never hands the turn back
                inner.pass(side);
            }
        }
    }

    @Test
    void aPartnerThatNeverAnswersFailsTheRoundTripInsteadOfHanging() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            try (PingPong pp = PingPong.start(new DeafTurn(), ThreadKind.PLATFORM, SHORT, PingPong.PARTNER_NAME, null)) {
                IllegalStateException e = assertThrows(IllegalStateException.class, pp::roundTrip);
                assertTrue(e.getMessage().contains("did not hand the turn back"), e.getMessage());
            }
        });
    }

    /** A turn that throws once on the partner's side, as a native call might. */
    private static final class FailingTurn extends ForwardingTurn {
        private boolean failed;

        FailingTurn() {
            super(new ParkTurn(), "failing");
        }

        @Override
        public void pass(int side) {
            if (side == A && Thread.currentThread().getName().equals(PingPong.PARTNER_NAME) && !failed) {
                failed = true;
                throw new IllegalStateException("partner broke");
            }
            inner.pass(side);
        }
    }

    @Test
    void aFailedPartnerSurfacesItsExceptionAtOnce() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            try (PingPong pp = PingPong.start(new FailingTurn(), ThreadKind.PLATFORM, TimeUnit.SECONDS.toNanos(20), PingPong.PARTNER_NAME, null)) {
                IllegalStateException e = assertThrows(IllegalStateException.class, pp::roundTrip);
                assertTrue(e.getMessage().contains("partner broke"), e.getMessage());
            }
        });
    }

    @Test
    void virtualPartnersCannotBePinned() {
        assertThrows(IllegalArgumentException.class,
                () -> PingPong.start(new ParkTurn(), ThreadKind.VIRTUAL, 0, SHORT, PingPong.PARTNER_NAME, null, null));
    }

    @Test
    void inlineRunsBothSidesOnTheCaller() {
        PingPong pp = PingPong.inline(new SpinTurn(), PingPong.NO_WORK);
        pp.roundTrip();
        assertNull(pp.partner(), "no partner thread: the caller plays both sides");
        pp.close();
    }
}
