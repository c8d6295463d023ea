package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CarrierStacksTest {

    /** Captured: a parked carrier, two switches with a virtual thread mounted, a Jetty thread, a C2 compiler thread. */
    static final Path JETTY = Path.of("src/test/resources/fixtures/async-profiler/virtual-threads-jetty.collapsed");

    private static List<CollapsedStacks.Stack> captured() throws IOException {
        return CollapsedStacks.parse(Files.readAllLines(JETTY));
    }

    private static String threadFrame(CollapsedStacks.Stack s) {
        return s.stack().substring(0, s.stack().indexOf(';'));
    }

    @Test
    void aStackWithVirtualThreadRunBelowIsAMountedVirtualThreads() throws IOException {
        List<CollapsedStacks.Stack> s = captured();
        assertEquals(List.of(false, true, true, false, false), s.stream().map(x -> CarrierStacks.mounted(x.stack())).toList());
        assertTrue(CarrierStacks.mounted("[t tid=1];jdk/internal/vm/Continuation.enter_[j];schedule_[k]"), "annotated frame");
        assertFalse(CarrierStacks.mounted("[t tid=1];java/lang/VirtualThread.runContinuation;schedule_[k]"), "not the frame itself");
    }

    /** The carriers sample classified are named so; the switches a mounted virtual thread took say so; others untouched. */
    @Test
    void carriersAndTheirVirtualThreadsAreNamedInTheThreadFrame() throws IOException {
        List<CollapsedStacks.Stack> in = captured();
        List<CollapsedStacks.Stack> out = CarrierStacks.labelled(in, Set.of(29275, 29285));
        assertEquals(List.of("[carrier ForkJoinPool-1-worker-1 tid=29275]",
                "[a virtual thread on carrier ForkJoinPool-1-worker-1 tid=29275]",
                "[a virtual thread on carrier ForkJoinPool-1-worker-2 tid=29285]",
                "[qtp124407148-24 tid=29261]", "[C2 CompilerThre tid=29252]"), out.stream().map(CarrierStacksTest::threadFrame).toList());
        for (int i = 0; i < in.size(); i++) {
            assertEquals(in.get(i).stack().substring(threadFrame(in.get(i)).length()),
                    out.get(i).stack().substring(threadFrame(out.get(i)).length()), "the frames below are kept");
            assertEquals(in.get(i).count(), out.get(i).count());
            assertEquals(in.get(i).tid(), out.get(i).tid(), "priced by its tid as before");
        }
        // what was written parses back to the same stacks
        assertEquals(out, CollapsedStacks.parse(CarrierStacks.text(out).lines().toList()));
    }

    /** A thread running VirtualThread.run is a carrier even where sample classified none: all its stacks are named. */
    @Test
    void aThreadThatMountedAVirtualThreadIsACarrierWithoutAClassification() throws IOException {
        List<String> frames = CarrierStacks.labelled(captured(), Set.of()).stream().map(CarrierStacksTest::threadFrame).toList();
        assertEquals("[carrier ForkJoinPool-1-worker-1 tid=29275]", frames.get(0));
        assertEquals("[a virtual thread on carrier ForkJoinPool-1-worker-2 tid=29285]", frames.get(2));
        assertEquals("[qtp124407148-24 tid=29261]", frames.get(3), "a platform thread is not a carrier");
    }

    /** The threads that ran a virtual thread, and their full names by process: what a thread dump with none alive misses. */
    @Test
    void theCarriersTheStacksShowAreNamedByProcessWhereTheirFullNameIsKnown() throws IOException {
        assertEquals(Set.of(29275, 29285), CarrierStacks.mountedTids(captured()));
        List<ThreadSampler.ThreadTotal> threads = List.of(
                new ThreadSampler.ThreadTotal(29250, 29275, "ForkJoinPool-1-", 10, 0, 0, 0, false),
                new ThreadSampler.ThreadTotal(29250, 29285, "ForkJoinPool-1-", 10, 0, 0, 0, false),
                new ThreadSampler.ThreadTotal(29250, 29261, "qtp124407148-24", 10, 0, 0, 0, false));
        assertEquals(java.util.Map.of(29250, Set.of("ForkJoinPool-1-worker-1", "ForkJoinPool-1-worker-2")),
                CarrierStacks.byProcess(threads, java.util.Map.of(29275, "ForkJoinPool-1-worker-1", 29285, "ForkJoinPool-1-worker-2",
                        29261, "qtp124407148-24"), CarrierStacks.mountedTids(captured())));
        assertEquals(java.util.Map.of(29250, Set.of("ForkJoinPool-1-worker-1")),
                CarrierStacks.byProcess(threads, java.util.Map.of(29275, "ForkJoinPool-1-worker-1"), Set.of(29275, 29285)),
                "a carrier whose full name was not read is left out: its 15 bytes name no pool");
    }
}
