package dev.switchcost.render;

import dev.switchcost.measure.sample.VirtualThreads;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code sample}'s virtual-thread line, from the JDK 25 dump under {@code fixtures/jcmd}. */
class SampleVirtualTest {

    @Test
    void carriersVirtualThreadsAndWhereTheyParkInOneLine() throws Exception {
        VirtualThreads v = VirtualThreads.parse(Files.readString(Path.of("src/test/resources/fixtures/jcmd/thread-dump-json-jdk25-virtual.json")));
        assertEquals("JVM 16251: carriers: 2 (virtual-thread scheduler), virtual threads: 9 (4 named, 1 mounted), top parked"
                + " stacks: 4 × VtDemo.lambda$main$1(VtDemo.java:8), 3 × VtDemo.lambda$main$0(VtDemo.java:6),"
                + " 1 × VtDemo.lambda$main$3(VtDemo.java:10)", SampleVirtual.line(16251, v));
    }

    @Test
    void aJvmWithoutVirtualThreadsIsQuietAndOneThatRefusedSaysWhy() {
        VirtualThreads none = new VirtualThreads(java.util.List.of(), 0, 0, 0, java.util.List.of());
        assertEquals(java.util.List.of("virtual threads: not listed: process 2 is not a HotSpot JVM of JDK 21 or later (x)"),
                SampleVirtual.lines(new java.util.TreeMap<>(java.util.Map.of(1, new VirtualThreads.Result(none, null),
                        2, new VirtualThreads.Result(null, "virtual threads: not listed: process 2 is not a HotSpot JVM of JDK 21 or later (x)")))));
    }
}
