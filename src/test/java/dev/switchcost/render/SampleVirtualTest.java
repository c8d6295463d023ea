package dev.switchcost.render;

import dev.switchcost.measure.sample.VirtualThreads;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code sample}'s virtual-thread line, from the JDK 25 dump under {@code fixtures/jcmd}. */
class SampleVirtualTest {

    @Test
    void carriersVirtualThreadsAndWhereTheyParkInOneLine() throws Exception {
        VirtualThreads v = VirtualThreads.parse(Files.readString(Path.of("src/test/resources/fixtures/jcmd/thread-dump-json-jdk25-virtual.json")));
        assertEquals("JVM 16251: carriers: 2 (virtual-thread scheduler), virtual threads: 9 (4 named, 1 mounted), top parked"
                + " stacks: 4 × VtDemo.lambda$main$1(VtDemo.java:8), 3 × VtDemo.lambda$main$0(VtDemo.java:6),"
                + " 1 × VtDemo.lambda$main$3(VtDemo.java:10)", SampleVirtual.line(16251, v, 0));
    }

    /** A JVM whose dump held no virtual thread says so, with the carriers the stacks showed; one that refused says why. */
    @Test
    void aJvmWithoutVirtualThreadsAtTheDumpSaysSoAndOneThatRefusedSaysWhy() {
        VirtualThreads none = new VirtualThreads(List.of(), 0, 0, 0, List.of());
        Map<Integer, VirtualThreads.Result> dumps = new TreeMap<>(Map.of(1, new VirtualThreads.Result(none, null),
                2, new VirtualThreads.Result(null, "virtual threads: not listed: process 2 is not a HotSpot JVM of JDK 21 or later (x)")));
        assertEquals(List.of("JVM 1: virtual threads: none alive at the thread dump that ends the sample; carriers: none told apart"
                        + " (--flamegraph finds them in the sampled stacks), so fork/join workers count as the program's",
                "virtual threads: not listed: process 2 is not a HotSpot JVM of JDK 21 or later (x)"),
                SampleVirtual.lines(dumps, Map.of(), false));
        assertEquals(List.of("JVM 1: virtual threads: none alive at the thread dump that ends the sample; carriers: 2 (ran virtual"
                        + " threads in the sampled stacks)",
                "virtual threads: not listed: process 2 is not a HotSpot JVM of JDK 21 or later (x); carriers: 1 (ran virtual"
                        + " threads in the sampled stacks)"),
                SampleVirtual.lines(dumps, Map.of(1, Set.of("ForkJoinPool-1-worker-1", "ForkJoinPool-1-worker-2"),
                        2, Set.of("ForkJoinPool-1-worker-1")), true));
        assertTrue(SampleVirtual.lines(dumps, Map.of(), true).get(0).endsWith("carriers: none in the sampled stacks either,"
                + " so fork/join workers count as the program's"));
    }
}
