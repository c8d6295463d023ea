package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JSON thread dump of JDK 25 ({@code fixtures/jcmd/thread-dump-json-jdk25-virtual.json}: a program with three
 * named virtual threads asleep, four unnamed ones parked on a queue, an unnamed one in a parkNanos loop and a named one
 * spinning, mounted) and JDK 17's refusal.
 */
class VirtualThreadsTest {

    private static final Path JCMD = Path.of("src/test/resources/fixtures/jcmd");

    @Test
    void virtualThreadsTheirNamesAndTheirCarriersAreListed() throws IOException {
        VirtualThreads v = VirtualThreads.parse(Files.readString(JCMD.resolve("thread-dump-json-jdk25-virtual.json")));
        assertEquals(List.of("ForkJoinPool-1-worker-1", "ForkJoinPool-1-worker-2"), v.carriers(),
                "the scheduler's workers, not its delayScheduler");
        assertEquals(9, v.virtualThreads());
        assertEquals(4, v.named(), "sleeper-0..2 and spinner; an unset name is \"\"");
        assertEquals(1, v.mounted(), "spinner, on ForkJoinPool-1-worker-2");
        assertEquals(List.of(new VirtualThreads.Stack("VtDemo.lambda$main$1(VtDemo.java:8)", 4),
                new VirtualThreads.Stack("VtDemo.lambda$main$0(VtDemo.java:6)", 3),
                new VirtualThreads.Stack("VtDemo.lambda$main$3(VtDemo.java:10)", 1)), v.parked(),
                "the program's frame, below the JDK's parking");
    }

    @Test
    void aPoolOfTheProgramsOwnIsNotTheScheduler() {
        String dump = """
                {"threadDump": {"threadContainers": [
                  {"container": "<root>", "threads": [{"tid": "40", "virtual": true, "name": "", "state": "WAITING",
                      "stack": ["java.base/java.lang.VirtualThread.park(VirtualThread.java:742)", "App.run(App.java:3)"]}]},
                  {"container": "ForkJoinPool-1/jdk.internal.vm.SharedThreadContainer@1", "threads": [
                      {"tid": "41", "name": "ForkJoinPool-1-worker-1", "state": "WAITING", "stack": []}]},
                  {"container": "ForkJoinPool-2/jdk.internal.vm.SharedThreadContainer@2", "threads": [
                      {"tid": "42", "name": "ForkJoinPool-2-worker-1", "state": "RUNNABLE",
                       "stack": ["java.base/jdk.internal.vm.Continuation.run(Continuation.java:251)",
                                 "java.base/java.lang.VirtualThread.runContinuation(VirtualThread.java:297)"]}]}]}}
                """;
        assertEquals(List.of("ForkJoinPool-2-worker-1"), VirtualThreads.parse(dump).carriers(), "the pool that runs a continuation");
        String twoIdle = dump.replace("java.lang.VirtualThread.runContinuation", "App.work");
        assertEquals(List.of(), VirtualThreads.parse(twoIdle).carriers(), "two pools, none running one: not told apart");
    }

    @Test
    void notADumpIsAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VirtualThreads.parse("{\"x\": 1}"));
        assertTrue(e.getMessage().startsWith("not a JSON thread dump"), e.getMessage());
    }

    @Test
    void aJvmBeforeJdk21SaysWhyInOneLine() throws IOException {
        String said = Files.readString(JCMD.resolve("thread-dump-json-jdk17-refused.txt"));
        assertEquals("virtual threads: not listed: process 19223 is not a HotSpot JVM of JDK 21 or later (jcmd"
                + " Thread.dump_to_file -format=json: java.lang.IllegalArgumentException: Unknown diagnostic command)",
                VirtualThreads.refused(19223, said));
    }

    /** A dump taken when no virtual thread was alive names no carrier; the sampled stacks' carriers are added to any dump's. */
    @Test
    void theCarriersAreTheDumpsAndThoseTheStacksShowed() {
        VirtualThreads none = new VirtualThreads(List.of(), 0, 0, 0, List.of());
        VirtualThreads one = new VirtualThreads(List.of("ForkJoinPool-1-worker-1"), 1, 0, 1, List.of());
        java.util.Map<Integer, VirtualThreads.Result> dumps = java.util.Map.of(1, new VirtualThreads.Result(none, null),
                2, new VirtualThreads.Result(one, null), 3, new VirtualThreads.Result(null, "not listed"),
                4, new VirtualThreads.Result(none, null));
        java.util.Map<Integer, java.util.Set<String>> seen = java.util.Map.of(1, java.util.Set.of("ForkJoinPool-1-worker-2"),
                2, java.util.Set.of("ForkJoinPool-1-worker-2"), 3, java.util.Set.of("ForkJoinPool-3-worker-1"));
        assertEquals(java.util.Map.of(1, java.util.Set.of("ForkJoinPool-1-worker-2"),
                2, java.util.Set.of("ForkJoinPool-1-worker-1", "ForkJoinPool-1-worker-2"),
                3, java.util.Set.of("ForkJoinPool-3-worker-1"), 4, java.util.Set.of()), VirtualThreads.carriers(dumps, seen));
    }
}
