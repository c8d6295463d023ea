package dev.switchcost.workload;

import dev.switchcost.affinity.Placement;
import dev.switchcost.linux.LibC;
import dev.switchcost.sample.CountedThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The partner process's life cycle: it works, its death is a clear failure, and it never outlives anyone. */
@EnabledOnOs(OS.LINUX)
class ProcessPingPongTest {

    /** Hang guard only: the failure paths are bounded well below this; no duration is asserted. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Test
    void roundTripsWithAPartnerProcessThenStopsItAndDeletesTheMapping() {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            ProcessPingPong pp = ProcessPingPong.start(Placement.UNPINNED);
            long pid = pp.partnerProcess().pid();
            try {
                for (int i = 0; i < 1000; i++) {
                    pp.roundTrip();
                }
                assertTrue(pp.report().contains("pid " + pid), pp.report());
                assertTrue(CountedThreads.externals().containsValue((int) pid), "partner thread registered for counting");
            } finally {
                pp.close();
            }
            assertFalse(alive(pid), "partner process " + pid + " still alive after close()");
            assertEquals(PartnerProcessMain.EXIT_STOPPED, pp.partnerProcess().exitValue(), "asked to stop, it exits 0");
        });
    }

    @Test
    void killedPartnerFailsTheNextRoundTripClearlyAndLeavesNoProcess() {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            ProcessPingPong pp = ProcessPingPong.start(Placement.SAME_CPU);
            long pid = pp.partnerProcess().pid();
            try {
                pp.roundTrip();
                pp.partnerProcess().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
                    for (int i = 0; i < 3; i++) {
                        pp.roundTrip();
                    }
                });
                assertTrue(e.getMessage().contains("partner process pid " + pid + " died (exit code 137)"), e.getMessage());
                assertThrows(IllegalStateException.class, pp::checkPartner);
            } finally {
                pp.close();
            }
            assertFalse(alive(pid));
            assertFalse(ProcessHandle.current().children().anyMatch(c -> c.pid() == pid), "no child left");
        });
    }

    @Test
    void partnerExitsByItselfWhenItsParentDies() throws Exception {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        Process standIn = new ProcessBuilder("sleep", "1").start();
        try (SharedTurnFile shared = SharedTurnFile.create()) {
            Process partner = new ProcessBuilder(ProcessPingPong.partnerCommand(shared.path(), -1, standIn.pid()))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try {
                assertTrue(standIn.waitFor(30, TimeUnit.SECONDS));
                assertTrue(partner.waitFor(30, TimeUnit.SECONDS), "partner outlived its parent");
                assertEquals(PartnerProcessMain.EXIT_PARENT_GONE, partner.exitValue());
            } finally {
                partner.destroyForcibly();
            }
        } finally {
            standIn.destroyForcibly();
        }
    }
}
