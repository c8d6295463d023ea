package dev.switchcost.results;

import dev.switchcost.results.JfrBlocking.Frame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Thread dumps read from real output: one dump Jetty 12.1.12 printed on SIGQUIT (JDK 21.0.8, platform threads) while
 * serving the forecast study's /pinned request, whose wait sits inside {@code synchronized (request)}.
 */
public class HeldMonitorsTest {

    public static final String FIXTURE = "dumps/jetty-12-jdk21-sigquit-pinned.txt";

    /** The pinned request's park as JFR records its stack: innermost first, the JDK's lines unknown (a jlinked JDK). */
    public static final List<Frame> PINNED_WAIT = List.of(new Frame("jdk.internal.misc.Unsafe", "park", "Native"),
            new Frame("java.util.concurrent.locks.LockSupport", "park", "Inlined"),
            new Frame("java.util.concurrent.CompletableFuture$Signaller", "block", "JIT compiled"),
            new Frame("java.util.concurrent.ForkJoinPool", "unmanagedBlock", "Inlined"),
            new Frame("java.util.concurrent.ForkJoinPool", "managedBlock", "JIT compiled"),
            new Frame("java.util.concurrent.CompletableFuture", "waitingGet", "JIT compiled"),
            new Frame("java.util.concurrent.CompletableFuture", "get", "Inlined"),
            new Frame("forecastapp.HandoffServlet", "doGet", "JIT compiled", 66));

    private static HeldMonitors fixture() {
        return HeldMonitors.parse(dev.switchcost.measure.sample.Fixtures.lines(FIXTURE));
    }

    @Test
    void aParkUnderSynchronizedIsSeenHoldingTheRequest() {
        HeldMonitors h = fixture();
        assertEquals(1, h.dumps());
        HeldMonitors.AtSite at = h.at(PINNED_WAIT);
        assertTrue(at.seen() >= 1, at.toString());
        assertEquals(at.seen(), at.holding(), "every thread parked in doGet's wait holds the request");
        assertEquals("org.eclipse.jetty.ee10.servlet.ServletApiRequest", at.held());
    }

    @Test
    void anotherLineOfTheSameMethodIsAnotherSite() {
        List<Frame> elsewhere = new ArrayList<>(PINNED_WAIT);
        elsewhere.set(7, new Frame("forecastapp.HandoffServlet", "doGet", "JIT compiled", 68));
        assertEquals(0, fixture().at(elsewhere).seen());
    }

    @Test
    void thePoolsIdleWaitHoldsNothing() {
        List<Frame> idle = List.of(new Frame("jdk.internal.misc.Unsafe", "park", "Native"),
                new Frame("java.util.concurrent.locks.LockSupport", "parkNanos", "Inlined"),
                new Frame("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "awaitNanos", "JIT compiled"),
                new Frame("org.eclipse.jetty.util.thread.AutoLock$WithCondition", "awaitNanos", "Inlined", 194));
        HeldMonitors.AtSite at = fixture().at(idle);
        assertTrue(at.seen() >= 1, at.toString());
        assertEquals(0, at.holding());
        assertEquals(null, at.held());
    }

    @Test
    void onlyParkedThreadsAreKept() {
        assertTrue(fixture().parked().stream().allMatch(p -> p.frames().get(0).method().equals("park")));
    }

    @Test
    void aFileWithNoDumpIsRefusedNamingWhatToGive(@TempDir Path tmp) throws IOException {
        Path log = Files.writeString(tmp.resolve("server.log"), "2026-11-28 17:30:14.123:INFO :oejs.Server:main: Started\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HeldMonitors.read(List.of(log)));
        assertTrue(e.getMessage().contains("holds no thread dump") && e.getMessage().contains("kill -QUIT"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HeldMonitors.read(List.of(tmp.resolve("absent.log"))));
    }

    /** Three waits, two overlapping, then one after both ended; a wait ending as another begins overlaps it. */
    @Test
    void mostAtOnceCountsOverlappingWaits() {
        assertEquals(2, JfrBlocking.mostAtOnce(List.of(new long[] {0, 10}, new long[] {5, 15}, new long[] {20, 30})));
        assertEquals(2, JfrBlocking.mostAtOnce(List.of(new long[] {0, 10}, new long[] {10, 20})));
        assertEquals(0, JfrBlocking.mostAtOnce(List.of()));
    }
}
