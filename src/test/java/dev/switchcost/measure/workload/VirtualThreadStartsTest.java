package dev.switchcost.measure.workload;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VirtualThreadStartsTest {

    private static final long TIMEOUT = TimeUnit.SECONDS.toNanos(5);

    @Test
    void eachTurnStartsAndJoinsItsThreadsOneAtATimeEachAVirtualThreadOfItsOwn() {
        Set<Thread> ran = ConcurrentHashMap.newKeySet();
        AtomicBoolean overlapped = new AtomicBoolean();
        AtomicBoolean running = new AtomicBoolean();
        Runnable task = () -> {
            overlapped.compareAndSet(false, !running.compareAndSet(false, true));
            ran.add(Thread.currentThread());
            running.set(false);
        };
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (PingPong starts = VirtualThreadStarts.start(50, task, TIMEOUT)) {
                assertTrue(starts.partner().isVirtual(), "the starter is a virtual thread");
                starts.roundTrip();
                assertEquals(50, ran.size(), "one thread per start, joined before the turn came back");
                starts.roundTrip();
                assertEquals(100, ran.size());
                assertTrue(ran.stream().allMatch(Thread::isVirtual));
                assertTrue(ran.stream().noneMatch(Thread::isAlive), "every started thread ended within its turn");
                assertFalse(overlapped.get(), "one at a time");
                assertTrue(ran.stream().noneMatch(t -> t == starts.partner()));
            }
        });
    }

    @Test
    void theStarterEndsWhenThePairCloses() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            PingPong starts = VirtualThreadStarts.start(1, () -> { }, TIMEOUT);
            starts.roundTrip();
            starts.close();
            assertFalse(starts.partner().isAlive());
        });
    }

    @Test
    void noStartsPerTurnIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> VirtualThreadStarts.start(0, () -> { }, TIMEOUT));
    }
}
