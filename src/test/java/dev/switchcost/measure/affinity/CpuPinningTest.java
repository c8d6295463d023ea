package dev.switchcost.measure.affinity;

import dev.switchcost.measure.linux.LinuxTestSupport;
import dev.switchcost.measure.linux.Syscalls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.parallel.Isolated;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@EnabledOnOs(OS.LINUX)
@Isolated("sets the CPU selection, or judges the machine's quiet, that every other test reads")
class CpuPinningTest {

    @Test
    void pinsToEachAllowedCpuAndRestoresTheMask() throws Exception {
        LinuxTestSupport.assumeNative();
        CpuSet allowed = CpuPinning.allowedCpus();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                for (int cpu : allowed.toArray()) {
                    try (CpuPinning pin = CpuPinning.pinCurrentThread(cpu)) {
                        assertEquals(cpu, Syscalls.currentCpu());
                        assertEquals(cpu, pin.cpu());
                    }
                }
                assertEquals(allowed, CpuPinning.allowedCpus());
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    @Test
    void refusesToPinAVirtualThread() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread.ofVirtual().start(() -> {
            try {
                CpuPinning.pinCurrentThread(0);
            } catch (Throwable e) {
                thrown.set(e);
            }
        }).join();
        assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
        assertTrue(thrown.get().getMessage().contains("virtual"), thrown.get().getMessage());
    }

    @Test
    void cpusOutsideTheMaskAreRefused() {
        LinuxTestSupport.assumeNative();
        String old = System.getProperty(CpuPinning.CPUS_PROPERTY);
        System.setProperty(CpuPinning.CPUS_PROPERTY, "4095");
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, CpuPinning::allowedCpus);
            assertTrue(e.getMessage().contains("4095"), e.getMessage());
        } finally {
            if (old == null) {
                System.clearProperty(CpuPinning.CPUS_PROPERTY);
            } else {
                System.setProperty(CpuPinning.CPUS_PROPERTY, old);
            }
        }
    }
}
