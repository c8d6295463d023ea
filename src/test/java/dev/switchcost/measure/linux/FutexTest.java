package dev.switchcost.measure.linux;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@EnabledOnOs(OS.LINUX)
class FutexTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @BeforeEach
    void gate() {
        LinuxTestSupport.assumeNative();
    }

    @Test
    void waitReturnsEagainWhenValueDiffers() {
        Futex f = Futex.allocatePrivate(Binding.JNA);
        f.set(1);
        assertEquals(Futex.WaitResult.VALUE_CHANGED, f.await(0, SECOND));
    }

    @Test
    void waitTimesOutWhenNobodyWakes() {
        Futex f = Futex.allocatePrivate(Binding.JNA);
        assertEquals(Futex.WaitResult.TIMED_OUT, f.await(0, TimeUnit.MILLISECONDS.toNanos(20)));
    }

    @Test
    void wakeWithNoWaitersWakesNobody() {
        assertEquals(0, Futex.allocatePrivate(Binding.JNA).wake(1));
    }

    @Test
    void wakeReleasesABlockedWaiter() throws Exception {
        Futex f = Futex.allocatePrivate(Binding.JNA);
        CompletableFuture<Futex.WaitResult> waiter = CompletableFuture.supplyAsync(() -> f.await(0, 10 * SECOND));
        // Wake until the waiter has gone to sleep and been woken: wake() reports how many it woke.
        long deadline = System.nanoTime() + 10 * SECOND;
        int woken = 0;
        while (woken == 0 && System.nanoTime() < deadline) {
            woken = f.wake(1);
            Thread.onSpinWait();
        }
        assertEquals(1, woken);
        assertEquals(Futex.WaitResult.WOKEN, waiter.get(10, TimeUnit.SECONDS));
    }

    @Test
    void readWriteIsVolatile() {
        Futex f = Futex.allocatePrivate(Binding.JNA);
        assertTrue(f.compareAndSet(0, 7));
        assertEquals(7, f.get());
    }

    @Test
    void sharedFutexWorksOnAMappedFile() throws Exception {
        Path file = Files.createTempFile("switchcost-futex", ".bin");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"); FileChannel ch = raf.getChannel()) {
            ByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, 4096);
            Futex f = Futex.shared(map, 64);
            f.set(3);
            assertEquals(Futex.WaitResult.VALUE_CHANGED, f.await(2, SECOND));
            assertEquals(Futex.WaitResult.TIMED_OUT, f.await(3, TimeUnit.MILLISECONDS.toNanos(10)));
            assertEquals(0, f.wake(1));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void rejectsUnboundedWaitAndHeapBuffers() {
        Futex f = Futex.allocatePrivate(Binding.JNA);
        assertThrows(IllegalArgumentException.class, () -> f.await(0, 0));
        assertThrows(IllegalArgumentException.class, () -> Futex.shared(ByteBuffer.allocate(64), 0));
        assertThrows(IllegalArgumentException.class, () -> Futex.shared(ByteBuffer.allocateDirect(64).alignedSlice(8), 2));
    }
}
