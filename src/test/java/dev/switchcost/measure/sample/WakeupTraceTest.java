package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntPredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sched_waking/sched_wakeup trace captured with tracefs on the 2-vCPU KVM guest while {@code fixtures/jfr/Handoffs.java.txt}
 * started (its first 2,400 lines: the JVM compiling the source-file program, all threads).
 */
class WakeupTraceTest {

    static final Path TRACE = Path.of("src/test/resources/fixtures/sched-trace/handoffs-jdk25.txt");

    @Test
    void pairsEachWakingWithItsWakeupAndComparesTheCpus() throws Exception {
        List<String> lines = Files.readAllLines(TRACE);
        WakeupTrace.Counts all = parse(lines, tid -> true);
        long wakeups = lines.stream().filter(l -> l.contains(": sched_wakeup:")).count();
        long wakings = lines.stream().filter(l -> l.contains(": sched_waking:")).count();
        assertTrue(all.sameCpu() + all.crossCpu() <= Math.min(wakeups, wakings));
        assertTrue(all.sameCpu() + all.crossCpu() >= Math.min(wakeups, wakings) - 3, "every pair but the cut ones: " + all);
        assertTrue(all.sameCpu() > 0 && all.crossCpu() > 0, "two CPUs, both kinds: " + all);
        // one thread only: its wake-ups are a part of the whole
        int c1 = Integer.parseInt(lines.stream().filter(l -> l.contains("comm=C1 CompilerThre")).findFirst().orElseThrow()
                .replaceAll(".* pid=(\\d+) .*", "$1"));
        WakeupTrace.Counts one = parse(lines, tid -> tid == c1);
        assertTrue(one.sameCpu() + one.crossCpu() > 0 && one.sameCpu() + one.crossCpu() < all.sameCpu() + all.crossCpu());
        // per thread: the same counts, split by the woken thread
        java.util.Map<Integer, WakeupTrace.Counts> byThread = WakeupTrace.byThread(lines, tid -> true);
        assertTrue(byThread.size() > 2, byThread.toString());
        assertEquals(one, byThread.get(c1));
        assertEquals(all, WakeupTrace.total(byThread));
    }

    @Test
    void sameAndCrossByTheCpuColumns() {
        List<String> lines = List.of(
                " C1 CompilerThre-12973   [000] d..2. 1.000001: sched_waking: comm=queue-taker pid=7 prio=130 target_cpu=001",
                "            java-12958   [000] d..3. 1.000002: sched_wakeup: comm=queue-taker pid=7 prio=130 target_cpu=000",
                "            java-12958   [001] d..2. 1.000003: sched_waking: comm=monitor waiter pid=8 prio=120 target_cpu=001",
                "          <idle>-0       [000] dNh4. 1.000004: sched_wakeup: comm=monitor waiter pid=8 prio=120 target_cpu=000");
        assertEquals(new WakeupTrace.Counts(1, 1, 0), parse(lines, tid -> true));
        assertEquals(new WakeupTrace.Counts(0, 0, 0), parse(lines, tid -> false));
    }

    @Test
    void aBrokenLineIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> parse(List.of("x: sched_waking: garbage"), tid -> true));
        assertTrue(e.getMessage().contains("garbage"), e.getMessage());
    }

    private static WakeupTrace.Counts parse(List<String> lines, IntPredicate wanted) {
        return WakeupTrace.total(WakeupTrace.byThread(lines, wanted));
    }

    /** A view of a file system that holds {@code dirs}, as root or not: the mount decision without mounting anything. */
    private static WakeupTrace.View view(boolean root, Path... dirs) {
        return new WakeupTrace.View() {
            @Override
            public boolean isDirectory(Path p) {
                return List.of(dirs).contains(p);
            }

            @Override
            public boolean root() {
                return root;
            }
        };
    }

    @Test
    void tracefsIsUsedWhereMountedMountedByRootWhereNotAndElseWhatCannotBeSeenIsSaid() {
        Path t = WakeupTrace.TRACEFS;
        Path instances = t.resolve("instances");
        assertEquals(WakeupTrace.Action.USE, WakeupTrace.decide(view(true, t, instances), t).action(), "mounted: left alone");
        assertEquals(WakeupTrace.Action.USE, WakeupTrace.decide(view(false, t, instances), t).action());
        WakeupTrace.Decision mount = WakeupTrace.decide(view(true, t), t);
        assertEquals(WakeupTrace.Action.MOUNT, mount.action(), "root, empty mount point: mount it (and unmount it after)");
        WakeupTrace.Decision notRoot = WakeupTrace.decide(view(false, t), t);
        assertEquals(WakeupTrace.Action.NONE, notRoot.action());
        assertTrue(notRoot.why().contains("only root can mount it") && notRoot.why().contains("mount -t tracefs nodev " + t), notRoot.why());
        WakeupTrace.Decision noPoint = WakeupTrace.decide(view(true), t);
        assertEquals(WakeupTrace.Action.NONE, noPoint.action(), "no mount point: nothing to mount on");
        assertTrue(noPoint.why().contains("no " + t), noPoint.why());
    }
}
