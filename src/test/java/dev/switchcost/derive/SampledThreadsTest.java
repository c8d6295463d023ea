package dev.switchcost.derive;

import dev.switchcost.measure.sample.ThreadRole;
import dev.switchcost.measure.sample.ThreadSampler.ThreadTotal;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampledThreadsTest {

    private static ThreadTotal t(int pid, int tid, String name, long vol, long invol, long runNs, long waitNs) {
        return new ThreadTotal(pid, tid, name, vol, invol, runNs, waitNs, false);
    }

    /** Thread names as the kernel keeps them (15 characters) for a JDK 25 process, captured. */
    private static final List<ThreadTotal> JVM = List.of(
            t(10, 10, "java", 0, 0, 0, 0),
            t(10, 11, "C2 CompilerThre", 40, 10, 500_000_000, 20_000_000),
            t(10, 12, "GC Thread#0", 20, 0, 10_000_000, 0),
            t(10, 13, "ForkJoinPool-1-", 300, 20, 100_000_000, 60_000_000),
            t(10, 14, "VM Thread", 4, 0, 1_000_000, 0),
            t(10, 15, "app-ticker", 2000, 6, 240_000_000, 1_400_000_000));

    @Test
    void ratesPerThreadBusiestFirstAndSumsByRole() {
        SampledThreads s = SampledThreads.of(JVM, 2.0, Map.of(), Map.of());
        SampledThreads.Line first = s.threads().get(0);
        assertEquals("app-ticker", first.name());
        assertEquals(ThreadRole.USER, first.role());
        assertEquals(1000, first.voluntary(), 1e-9);
        assertEquals(3, first.involuntary(), 1e-9);
        assertEquals(700, first.waitMsPerSec(), 1e-9); // 1.4 s of waiting over 2 s
        assertEquals(0.24, first.cpuSeconds(), 1e-12);
        assertEquals(List.of(ThreadRole.USER, ThreadRole.CARRIERS, ThreadRole.JIT, ThreadRole.GC, ThreadRole.VM),
                s.roles().stream().map(SampledThreads.Line::role).toList());
        SampledThreads.Line user = s.roles().get(0);
        assertEquals(2, user.count(), "app-ticker and the main thread");
        assertEquals((2000 + 6 + 300 + 20 + 40 + 10 + 20 + 4) / 2.0, s.total().switches(), 1e-9);
        assertTrue(s.anyJvm());
    }

    @Test
    void inAProcessThatIsNotAJvmEveryThreadIsTheUsers() {
        SampledThreads s = SampledThreads.of(List.of(t(20, 20, "GC Thread#0", 5, 0, 0, 0), t(20, 21, "mvn", 1, 0, 0, 0)), 1, Map.of(), Map.of());
        assertTrue(s.threads().stream().allMatch(l -> l.role() == ThreadRole.USER));
        assertFalse(s.anyJvm());
    }

    @Test
    void aJvmsOwnNamesReplaceTheKernelsCutOnesWhereTheyBeginWithThem() {
        SampledThreads s = SampledThreads.of(JVM, 2.0, java.util.Map.of(11, "C2 CompilerThread0", 13, "ForkJoinPool-1-worker-1",
                10, "main"), Map.of());
        java.util.Map<Integer, String> names = new java.util.HashMap<>();
        s.threads().forEach(l -> names.put(l.tid(), l.name()));
        assertEquals("C2 CompilerThread0", names.get(11));
        assertEquals("ForkJoinPool-1-worker-1", names.get(13));
        assertEquals("java", names.get(10), "the launcher's thread is 'java' to the kernel and 'main' to the JVM: not the same thread name");
        assertEquals("GC Thread#0", names.get(12), "no full name read: the kernel's");
        assertEquals(ThreadRole.CARRIERS, s.threads().stream().filter(l -> l.tid() == 13).findFirst().orElseThrow().role(),
                "the role is still read from the kernel's name");
    }

    @Test
    void whereTheDumpListedTheCarriersAForkJoinPoolOfTheProgramsOwnIsTheUsers() {
        List<ThreadTotal> jvm = new java.util.ArrayList<>(JVM);
        jvm.add(t(10, 16, "ForkJoinPool-2-", 50, 0, 0, 0));
        jvm.add(t(10, 17, "ForkJoinPool-1-", 40, 0, 0, 0));
        Map<Integer, String> full = Map.of(13, "ForkJoinPool-1-worker-1", 16, "ForkJoinPool-2-worker-1", 17, "ForkJoinPool-1-delayScheduler");
        SampledThreads s = SampledThreads.of(jvm, 2.0, full, Map.of(10, java.util.Set.of("ForkJoinPool-1-worker-1")));
        Map<Integer, ThreadRole> roles = new java.util.HashMap<>();
        s.threads().forEach(l -> roles.put(l.tid(), l.role()));
        assertEquals(ThreadRole.CARRIERS, roles.get(13), "the virtual-thread scheduler's worker");
        assertEquals(ThreadRole.USER, roles.get(16), "the program's own pool");
        assertEquals(ThreadRole.VM, roles.get(17), "the scheduler's timer, the JDK's own");
        assertEquals(java.util.Set.of(13), s.tids(ThreadRole.CARRIERS), "the carriers the flame graph names");
        assertEquals(ThreadRole.CARRIERS, SampledThreads.of(jvm, 2.0, full, Map.of()).threads().stream()
                .filter(l -> l.tid() == 16).findFirst().orElseThrow().role(), "no dump: every fork/join worker as before");
    }

    /** Carriers known from the sampled stacks (only those that ran a virtual thread): the pool's other workers are carriers too. */
    @Test
    void theSchedulersOtherWorkersAreCarriersWhereOnlySomeWereNamed() {
        List<ThreadTotal> jvm = new java.util.ArrayList<>(JVM);
        jvm.add(t(10, 16, "ForkJoinPool-2-", 50, 0, 0, 0));
        jvm.add(t(10, 17, "ForkJoinPool-1-", 40, 0, 0, 0));
        jvm.add(t(10, 18, "ForkJoinPool-1-", 30, 0, 0, 0));
        Map<Integer, String> full = Map.of(13, "ForkJoinPool-1-worker-1", 16, "ForkJoinPool-2-worker-1",
                17, "ForkJoinPool-1-delayScheduler", 18, "ForkJoinPool-1-worker-2");
        SampledThreads s = SampledThreads.of(jvm, 2.0, full, Map.of(10, java.util.Set.of("ForkJoinPool-1-worker-1")));
        assertEquals(java.util.Set.of(13, 18), s.tids(ThreadRole.CARRIERS), "both workers of the scheduler's pool");
        assertEquals(ThreadRole.USER, s.threads().stream().filter(l -> l.tid() == 16).findFirst().orElseThrow().role());
        assertEquals(ThreadRole.VM, s.threads().stream().filter(l -> l.tid() == 17).findFirst().orElseThrow().role());
        SampledThreads none = SampledThreads.of(jvm, 2.0, full, Map.of(10, java.util.Set.of()));
        assertEquals(java.util.Set.of(), none.tids(ThreadRole.CARRIERS), "a dump and stacks that named none: the program's pools");
    }

    @Test
    void noTimeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SampledThreads.of(JVM, 0, Map.of(), Map.of()));
    }
}
