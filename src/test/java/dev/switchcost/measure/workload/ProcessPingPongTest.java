package dev.switchcost.measure.workload;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.sample.CountedThreads;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The partner process's life cycle, for both wait kinds: it works, its death or stop is a clear
 * failure, and neither it nor a temporary file outlives anyone. Release bounds (not asserted: the
 * hang guard only catches a hang): a dead or stopped partner fails the waiting round trip within one
 * watchdog period (100 ms) for UNTIMED, within one 100 ms timed wait for TIMED (dead) or the 5 s
 * timeout (stopped); a partner whose parent dies exits within 100 ms.
 */
@EnabledOnOs(OS.LINUX)
@ResourceLock(Measures.PARTNERS)
class ProcessPingPongTest {

    /** Hang guard only: the failure paths are bounded well below this; no duration is asserted. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    /** @return true when every thread of the process shows state T in /proc/PID/task/TID/stat */
    private static boolean everyThreadStopped(long pid) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.allMatch(t -> "T".equals(ProcessPingPong.procState(t.resolve("stat"))));
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static List<Path> partnerLogs() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("switchcost-partner-")).toList();
        }
    }

    @ParameterizedTest
    @EnumSource(WaitKind.class)
    void roundTripsWithAPartnerProcessThenStopsItAndDeletesTheMapping(WaitKind wait) {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            ProcessPingPong pp = ProcessPingPong.start(Placement.UNPINNED, wait);
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

    /**
     * Issue 11 item 9: a fork killed after setup, or a teardown JMH skips after a failure, left
     * {@code /dev/shm/switchcost-turn-*.map} and {@code /tmp/switchcost-partner-*.log} behind. Now the
     * mapping is unlinked once both sides have it and the partner's stderr is kept in memory, so there is
     * nothing to leak from the moment start() returns, close() or not.
     */
    @ParameterizedTest
    @EnumSource(WaitKind.class)
    void nothingIsLeftOnDiskOnceStartedEvenIfCloseNeverRuns(WaitKind wait) {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            List<Path> logsBefore = partnerLogs();
            ProcessPingPong pp = ProcessPingPong.start(Placement.UNPINNED, wait);
            try {
                pp.roundTrip();
                assertFalse(Files.exists(pp.mappingPath()), pp.mappingPath() + " still has a name");
                assertEquals(logsBefore, partnerLogs(), "a partner log file was created");
            } finally {
                pp.close();
            }
        });
    }

    @ParameterizedTest
    @EnumSource(WaitKind.class)
    void killedPartnerFailsTheNextRoundTripClearlyAndLeavesNoProcess(WaitKind wait) {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            ProcessPingPong pp = ProcessPingPong.start(Placement.SAME_CPU, wait);
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

    @ParameterizedTest
    @EnumSource(WaitKind.class)
    void stoppedPartnerFailsTheRoundTripWaitingForItAndLeavesNoProcess(WaitKind wait) {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            ProcessPingPong pp = ProcessPingPong.start(Placement.UNPINNED, wait);
            long pid = pp.partnerProcess().pid();
            try {
                pp.roundTrip();
                assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor());
                // A group stop is asynchronous: kill returns once SIGSTOP is queued, and the partner's
                // threads stop only after one of them has been scheduled to take it. Until every thread
                // is stopped the partner may still answer (CI saw exactly that under load).
                while (!everyThreadStopped(pid)) {
                    Thread.sleep(1);
                }
                IllegalStateException e = assertThrows(IllegalStateException.class, pp::roundTrip);
                assertTrue(e.getMessage().contains("stopped") || e.getMessage().contains("did not hand the turn back"), e.getMessage());
            } finally {
                pp.close(); // destroys the stopped partner
            }
            assertFalse(alive(pid));
        });
    }

    @ParameterizedTest
    @EnumSource(WaitKind.class)
    void partnerExitsByItselfWhenItsParentDies(WaitKind wait) throws Exception {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        Process standIn = new ProcessBuilder("sleep", "1").start();
        try (SharedTurnFile shared = SharedTurnFile.create()) {
            Process partner = new ProcessBuilder(ProcessPingPong.partnerCommand(shared.path(), Placement.UNPINNED.assignHere(),
                    standIn.pid(), wait))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try {
                assertTrue(standIn.waitFor(30, TimeUnit.SECONDS));
                assertTrue(partner.waitFor(30, TimeUnit.SECONDS), "partner outlived its parent");
                assertEquals(PartnerProcessMain.EXIT_PARENT_GONE, partner.exitValue());
                assertFalse(Files.exists(shared.path()), "the partner unlinks the mapping's name once it has it mapped");
            } finally {
                partner.destroyForcibly();
            }
        } finally {
            standIn.destroyForcibly();
        }
    }
}
