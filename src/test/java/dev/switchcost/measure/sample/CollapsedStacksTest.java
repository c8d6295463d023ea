package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CollapsedStacksTest {

    static final Path CAPTURE = Path.of("src/test/resources/fixtures/async-profiler/context-switches-threads.collapsed");

    /** Every line of a real capture reads; the thread frame gives names and tids, the counts add up. */
    @Test
    void aCapturedProfileReads() throws IOException {
        List<String> lines = Files.readAllLines(CAPTURE);
        List<CollapsedStacks.Stack> stacks = CollapsedStacks.parse(lines);
        assertEquals(lines.size(), stacks.size());
        long sum = lines.stream().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertEquals(sum, stacks.stream().mapToLong(CollapsedStacks.Stack::count).sum());
        Set<String> threads = stacks.stream().map(CollapsedStacks.Stack::thread).collect(Collectors.toSet());
        assertTrue(threads.containsAll(Set.of("ponger", "sleeper", "DestroyJavaVM", "C2 CompilerThre")), threads.toString());
        assertTrue(threads.contains(""), "a thread without a name: [tid=N]");
        assertTrue(stacks.stream().allMatch(s -> s.tid() > 0 && s.stack().startsWith("[")));
        CollapsedStacks.Stack ponger = stacks.stream().filter(s -> s.thread().equals("ponger")).findFirst().orElseThrow();
        assertTrue(ponger.stack().contains("java/util/concurrent/SynchronousQueue"), ponger.stack());
    }

    /** Java frames are pkg/Class.method or Class.method; C++ (::), C, kernel and thread frames are not. */
    @Test
    void javaFramesAreToldFromNativeOnes() {
        assertTrue(CollapsedStacks.isJava("java/util/concurrent/SynchronousQueue.take"));
        assertTrue(CollapsedStacks.isJava("PingPong.lambda$main$0"));
        assertTrue(CollapsedStacks.isJava("PingPong$$Lambda.0x000000002d040210.run"));
        for (String n : List.of("Parker::park", "__futex_wait", "do_futex.constprop.0", "[ponger tid=2]", "/usr/lib/libc.so.6")) {
            assertTrue(!CollapsedStacks.isJava(n), n);
        }
        assertEquals("[t tid=1];a/B.c;d/E.f", new CollapsedStacks.Stack("[t tid=1];a/B.c;d/E.f;Parker::park;schedule", "t", 1, 1)
                .javaStack());
    }

    @Test
    void stacksWithoutAThreadFrameHaveNoTid() {
        CollapsedStacks.Stack s = CollapsedStacks.parse(List.of("a;b;c 12", "")).get(0);
        assertEquals(new CollapsedStacks.Stack("a;b;c", "", -1, 12), s);
    }

    @Test
    void aLineWithoutACountNamesTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CollapsedStacks.parse(List.of("a;b 3", "<!DOCTYPE html>")));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("DOCTYPE"), e.getMessage());
    }
}
