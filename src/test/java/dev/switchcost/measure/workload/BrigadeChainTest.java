package dev.switchcost.measure.workload;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.switchcost.measure.workload.BrigadeChain.Transport;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The brigade's behaviour: trips complete, close() ends every task, and an over-limit pipe brigade is refused. */
@Measures
@Isolated("counts this JVM's threads: another class starting one beside it would pass as a task started")
class BrigadeChainTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(30);
    private static final long TIMEOUT = TimeUnit.SECONDS.toNanos(10);

    @ParameterizedTest
    @CsvSource({"MEMORY, PLATFORM", "MEMORY, VIRTUAL", "PIPE, PLATFORM", "PIPE, VIRTUAL"})
    void tripsCompleteAndCloseEndsEveryTask(Transport transport, ThreadKind kind) {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            BrigadeChain chain = BrigadeChain.start(transport, kind, 50, TIMEOUT);
            try {
                chain.bindHead();
                for (int i = 0; i < 200; i++) {
                    chain.trip();
                }
                assertEquals(50, chain.alive());
            } finally {
                chain.close();
            }
            assertEquals(0, chain.alive());
            assertEquals(null, chain.failure());
        });
    }

    @Test
    void refusesMorePipesThanTheOpenFileLimitAllows() {
        // 20000 descriptors, 100 open: 2 × 10000 pipes do not fit
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BrigadeChain.checkFits(10_000, 100, 20_000));
        assertTrue(e.getMessage().contains("ulimit -n is 20000"), e.getMessage());
        // the largest brigade it names does fit
        long fit = (20_000 - 100 - BrigadeChain.FD_HEADROOM) / 2 - 1;
        assertTrue(e.getMessage().contains("at most " + fit + " tasks"), e.getMessage());
        assertDoesNotThrow(() -> BrigadeChain.checkFits(fit + 1, 100, 20_000));
        assertThrows(IllegalArgumentException.class, () -> BrigadeChain.checkFits(fit + 2, 100, 20_000));
        // an unknown limit refuses nothing
        assertDoesNotThrow(() -> BrigadeChain.checkFits(1_000_000, -1, -1));
    }

    @Test
    void anOverLimitBrigadeIsRefusedBeforeAnythingStarts() {
        long max = BrigadeChain.fileDescriptors(UnixOperatingSystemMXBean::getMaxFileDescriptorCount);
        Assumptions.assumeTrue(max > 0 && max < 10_000_000, "open-file limit unknown or huge: " + max);
        int tasks = (int) (max / 2 + 1);
        long threadsBefore = Thread.activeCount();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BrigadeChain.start(Transport.PIPE, ThreadKind.VIRTUAL, tasks, TIMEOUT));
        assertTrue(e.getMessage().contains("use fewer tasks or raise ulimit -n"), e.getMessage());
        assertTrue(Thread.activeCount() <= threadsBefore, "no task was started");
    }

    @Test
    void aBrokenLinkEndsTheTripInsteadOfHanging() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            BrigadeChain chain = BrigadeChain.start(Transport.PIPE, ThreadKind.VIRTUAL, 5, TIMEOUT);
            chain.bindHead();
            chain.trip();
            chain.close();
            assertThrows(IOException.class, chain::trip);
        });
    }
}
