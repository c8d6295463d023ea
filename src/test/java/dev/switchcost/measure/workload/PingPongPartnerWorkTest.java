package dev.switchcost.measure.workload;

import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@EnabledOnOs(OS.LINUX)
@Measures
class PingPongPartnerWorkTest {

    private static final long TIMEOUT = TimeUnit.SECONDS.toNanos(5);

    @Test
    void partnerRunsItsWorkOncePerRoundTripOnItsOwnThread() {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        AtomicLong runs = new AtomicLong();
        Thread[] ranOn = new Thread[1];
        try (PingPong pp = PingPong.start(FutexTurn.allocatePrivate(WaitKind.UNTIMED, Binding.JNA), ThreadKind.PLATFORM, TIMEOUT, PingPong.PARTNER_NAME, () -> () -> {
            runs.incrementAndGet();
            ranOn[0] = Thread.currentThread();
        })) {
            for (int i = 0; i < 100; i++) {
                pp.roundTrip();
            }
            assertEquals(100, runs.get());
            assertEquals(pp.partner(), ranOn[0]);
        }
    }

    @Test
    void inlinePingPongRunsPartnerWorkToo() {
        AtomicLong runs = new AtomicLong();
        try (PingPong pp = PingPong.inline(new SpinTurn(), runs::incrementAndGet)) {
            pp.roundTrip();
            pp.roundTrip();
        }
        assertEquals(2, runs.get());
    }

    @Test
    void failingPartnerWorkFailsTheNextRoundTripWithoutHanging() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (PingPong pp = PingPong.start(new ParkTurn(), ThreadKind.PLATFORM, TIMEOUT, PingPong.PARTNER_NAME, () -> () -> {
                throw new IllegalStateException("walk failed");
            })) {
                IllegalStateException e = assertThrows(IllegalStateException.class, pp::roundTrip);
                assertTrue(e.getMessage().contains("walk failed"), e.getMessage());
            }
        });
    }
}
