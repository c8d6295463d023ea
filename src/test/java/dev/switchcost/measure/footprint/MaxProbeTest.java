package dev.switchcost.measure.footprint;

import dev.switchcost.measure.workload.ThreadKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Isolated("counts this JVM's threads and tasks before and after")
class MaxProbeTest {

    private static final long GIB = 1L << 30;

    /** A roomy machine: 24 GiB, pid_max 32768, 150 threads running, root. */
    private static SystemLimits roomy() {
        return new SystemLimits(32768, 192731, 65530, 96365, 1024, -1, -1, 150, 20, 220, 20 * GIB, 24 * GIB, 10 << 20, 6 * GIB, true);
    }

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    void stopsAtTheCapAndLeavesNoTaskBehind(ThreadKind kind) {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            long before = liveThreads();
            List<String> progress = new ArrayList<>();
            MaxProbe.Result r = MaxProbe.run(kind, 200, SystemLimits::read, progress::add);
            assertEquals(MaxProbe.Limit.CAP, r.limit());
            assertEquals("cap", r.limit().label);
            assertEquals(200, r.created());
            // every task released and joined: the JVM is back to its thread count
            assertEquals(before, liveThreads(), "threads before and after the probe");
            assertEquals(0, kernelTasksNamedParked(), "no kernel thread of a parked task left");
            assertEquals(0, Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(ParkedTasks.NAME)).count());
        });
    }

    /** Platform threads of this JVM, apart from the virtual-thread scheduler's, which the JDK starts once and keeps. */
    private static long liveThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !t.getName().startsWith("ForkJoinPool-") && !t.getName().startsWith("VirtualThread-"))
                .count();
    }

    /** Kernel threads still named like a parked task: a joined thread leaves /proc a moment after join returns. */
    private static long kernelTasksNamedParked() throws Exception {
        for (int i = 0; i < 100; i++) {
            long n;
            try (var tasks = Files.list(Path.of("/proc/self/task"))) {
                n = tasks.filter(t -> {
                    try {
                        return Files.readString(t.resolve("comm")).trim().equals("switchcost-park");
                    } catch (IOException gone) {
                        return false;
                    }
                }).count();
            }
            if (n == 0) {
                return 0;
            }
            Thread.sleep(50);
        }
        return -1;
    }

    @Test
    void aRoomyMachineHasNoLimitNear() {
        assertNull(MaxProbe.nearLimit(roomy(), ThreadKind.PLATFORM, 128));
        assertNull(MaxProbe.nearLimit(roomy(), ThreadKind.VIRTUAL, 10_000));
    }

    @Test
    void namesTheLimitAPlatformThreadWouldHit() {
        SystemLimits l = roomy();
        SystemLimits nearPid = new SystemLimits(32768, 192731, 65530, 96365, 1024, -1, -1, 32768 - 1000, 20, 220, l.memAvailable(),
                l.memTotal(), l.heapUsed(), l.heapMax(), true);
        assertEquals(MaxProbe.Limit.PID_MAX, MaxProbe.nearLimit(nearPid, ThreadKind.PLATFORM, 128));
        // virtual threads use no thread ids
        assertNull(MaxProbe.nearLimit(nearPid, ThreadKind.VIRTUAL, 10_000));

        SystemLimits nearMaps = new SystemLimits(32768, 192731, 65530, 96365, 1024, -1, -1, 150, 20, 65530 - 2000, l.memAvailable(),
                l.memTotal(), l.heapUsed(), l.heapMax(), true);
        assertEquals(MaxProbe.Limit.MAX_MAP_COUNT, MaxProbe.nearLimit(nearMaps, ThreadKind.PLATFORM, 128));

        SystemLimits nproc = new SystemLimits(32768, 192731, 65530, 1000, 1024, -1, -1, 150, 990, 220, l.memAvailable(),
                l.memTotal(), l.heapUsed(), l.heapMax(), false);
        assertEquals(MaxProbe.Limit.NPROC, MaxProbe.nearLimit(nproc, ThreadKind.PLATFORM, 128));
        SystemLimits nprocRoot = new SystemLimits(32768, 192731, 65530, 1000, 1024, -1, -1, 150, 990, 220, l.memAvailable(),
                l.memTotal(), l.heapUsed(), l.heapMax(), true);
        assertNull(MaxProbe.nearLimit(nprocRoot, ThreadKind.PLATFORM, 128), "root is not held to ulimit -u");

        SystemLimits cgroup = new SystemLimits(32768, 192731, 65530, 96365, 1024, 2000, 1000, 150, 20, 220, l.memAvailable(),
                l.memTotal(), l.heapUsed(), l.heapMax(), true);
        assertEquals(MaxProbe.Limit.CGROUP_PIDS, MaxProbe.nearLimit(cgroup, ThreadKind.PLATFORM, 128));
    }

    @Test
    void namesMemoryAndHeapForEveryKind() {
        SystemLimits lowMem = new SystemLimits(32768, 192731, 65530, 96365, 1024, -1, -1, 150, 20, 220, 100 << 20, 24 * GIB,
                10 << 20, 6 * GIB, true);
        assertEquals(MaxProbe.Limit.MEMORY, MaxProbe.nearLimit(lowMem, ThreadKind.VIRTUAL, 10_000));
        SystemLimits fullHeap = new SystemLimits(32768, 192731, 65530, 96365, 1024, -1, -1, 150, 20, 220, 20 * GIB, 24 * GIB,
                (long) (5.9 * GIB), 6 * GIB, true);
        assertEquals(MaxProbe.Limit.HEAP, MaxProbe.nearLimit(fullHeap, ThreadKind.VIRTUAL, 10_000));
        assertEquals(MaxProbe.Limit.HEAP, MaxProbe.nearest(fullHeap, ThreadKind.VIRTUAL));
    }

    @Test
    void aFailedCreationIsBlamedOnTheNearestLimit() {
        SystemLimits pidsGone = new SystemLimits(32768, 192731, 65530, 96365, 1024, -1, -1, 32760, 20, 220, 20 * GIB, 24 * GIB,
                10 << 20, 6 * GIB, true);
        assertEquals(MaxProbe.Limit.PID_MAX, MaxProbe.nearest(pidsGone, ThreadKind.PLATFORM));
        assertTrue(MaxProbe.nearest(roomy(), ThreadKind.PLATFORM) != null);
    }
}
