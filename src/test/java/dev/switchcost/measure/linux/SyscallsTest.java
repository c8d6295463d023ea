package dev.switchcost.measure.linux;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@EnabledOnOs(OS.LINUX)
class SyscallsTest {

    @BeforeEach
    void gate() {
        LinuxTestSupport.assumeNative();
    }

    private static int tidFromProc() throws Exception {
        // /proc/thread-self -> "<pid>/task/<tid>"
        return Integer.parseInt(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
    }

    @Test
    void gettidEqualsTheTidInProcThreadSelf() throws Exception {
        assertEquals(tidFromProc(), Syscalls.gettid());
    }

    @Test
    void gettidDiffersBetweenThreadsAndMatchesProcInEach() throws Exception {
        AtomicInteger other = new AtomicInteger();
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                assertEquals(tidFromProc(), Syscalls.gettid());
                other.set(Syscalls.gettid());
            } catch (Exception | AssertionError e) {
                failure.set(new Exception(e));
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) {
            throw failure.get();
        }
        assertNotEquals(Syscalls.gettid(), other.get());
    }

    @Test
    void currentCpuIsAnOnlineCpu() {
        int cpu = Syscalls.currentCpu();
        assertTrue(cpu >= 0 && cpu < Runtime.getRuntime().availableProcessors() * 64, "cpu " + cpu);
    }

    @Test
    void rawSyscallFailureLeavesErrnoForTheCaller() {
        // An invalid futex operation: the kernel answers ENOSYS, and the errno survives the JNA call.
        long rc = LibC.syscall(Syscalls.numbers().futex(), 0, 0x7f, 0, 0, 0, 0);
        assertEquals(-1, rc);
        assertEquals("ENOSYS", Errno.name(LibC.errno()));
    }

    @Test
    void rusageOfThisProcessGrowsWhenItSleeps() throws Exception {
        Rusage before = Rusage.process();
        Thread.sleep(5);
        Rusage after = Rusage.process();
        assertTrue(after.minus(before).voluntary() >= 1, "a sleep is a voluntary switch: " + after.minus(before));
    }
}
