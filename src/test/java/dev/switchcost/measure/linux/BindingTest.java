package dev.switchcost.measure.linux;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Both bindings make the same calls with the same outcomes: gettid is the kernel's tid of the
 * calling thread ({@code /proc/thread-self}), abs stays in user space, and the futex outcomes of the
 * protocol (EAGAIN, timeout, wake) come back as the kernel gives them. FFM is checked on JDK 22+;
 * on JDK 21 its refusal is.
 */
@EnabledOnOs(OS.LINUX)
class BindingTest {

    private static NativeCalls calls(Binding b) {
        LinuxTestSupport.assumeNative();
        assumeTrue(b.unavailableOn(Runtime.version().feature()).isEmpty(), () -> b.unavailableOn(Runtime.version().feature()).get());
        return b.calls();
    }

    /** The tid of the calling thread, as /proc/thread-self names it ("PID/task/TID"). */
    private static long procTid() throws Exception {
        Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
        return Long.parseLong(self.getFileName().toString());
    }

    @ParameterizedTest
    @EnumSource(Binding.class)
    void gettidIsTheTidInProcThreadSelf(Binding b) throws Exception {
        NativeCalls c = calls(b);
        assertEquals(b, c.binding());
        assertEquals(procTid(), c.gettid());
        assertEquals(procTid(), c.gettidNotCritical());
        assertEquals(procTid(), c.gettidAsFutexWait());
        assertEquals(procTid(), c.gettidAsFutexWake());
        long other = CompletableFuture.supplyAsync(() -> {
            try {
                long tid = c.gettid();
                assertEquals(procTid(), tid);
                return tid;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, r -> new Thread(r).start()).get(10, TimeUnit.SECONDS);
        assertTrue(other != c.gettid(), "another thread has another tid");
    }

    @ParameterizedTest
    @EnumSource(Binding.class)
    void absStaysInUserSpaceAndWorks(Binding b) {
        assertEquals(42, calls(b).abs(-42));
    }

    @ParameterizedTest
    @EnumSource(Binding.class)
    void futexOutcomes(Binding b) {
        calls(b);
        Futex f = Futex.allocatePrivate(b);
        assertEquals(b, f.binding());
        f.set(7);
        assertEquals(Futex.WaitResult.VALUE_CHANGED, f.await(6, TimeUnit.SECONDS.toNanos(1)), "EAGAIN");
        assertEquals(Futex.WaitResult.VALUE_CHANGED, f.awaitUntimed(6), "EAGAIN, untimed");
        assertEquals(Futex.WaitResult.TIMED_OUT, f.await(7, TimeUnit.MILLISECONDS.toNanos(20)), "ETIMEDOUT");
        assertEquals(0, f.wake(1), "nobody waits");
    }

    @ParameterizedTest
    @EnumSource(Binding.class)
    void wakeReleasesAnUntimedWaiter(Binding b) {
        calls(b);
        Futex f = Futex.allocatePrivate(b);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            CompletableFuture<Futex.WaitResult> waiter = new CompletableFuture<>();
            Thread t = new Thread(() -> waiter.complete(f.awaitUntimed(0)));
            t.start();
            while (t.getState() != Thread.State.RUNNABLE || waiter.isDone()) {
                Thread.sleep(1);
            }
            int woken = 0;
            while (!waiter.isDone()) {
                f.set(1);
                woken += f.wake(1);
                Thread.sleep(1);
            }
            Futex.WaitResult r = waiter.get();
            assertTrue(r == Futex.WaitResult.WOKEN && woken == 1 || r == Futex.WaitResult.VALUE_CHANGED && woken == 0,
                    r + " after " + woken + " woken");
        });
    }

    @Test
    void ffmIsRefusedWithAReasonBeforeJdk22() {
        assertTrue(Binding.FFM.unavailableOn(21).orElseThrow().contains("JDK 22"));
        assertTrue(Binding.FFM.unavailableOn(22).isEmpty());
        assertTrue(Binding.JNA.unavailableOn(21).isEmpty());
        if (Runtime.version().feature() < Binding.FFM_MIN_FEATURE) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, Binding.FFM::calls);
            assertTrue(e.getMessage().contains("JDK 22"), e.getMessage());
        }
    }
}
