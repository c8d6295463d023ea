package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** On a copy of a JDK 25 process's {@code /proc/<pid>/task} captured on a 2-CPU KVM guest (Linux 6.18). */
class ThreadSamplerTest {

    static final String CAPTURE = "/fixtures/proc-task/jdk25-g1-kvm-linux-6.18";

    @TempDir
    Path proc;

    private Path task(int tid) {
        return proc.resolve("1000/task/" + tid);
    }

    private void copyCapture() throws IOException, URISyntaxException {
        Path from = Path.of(ThreadSamplerTest.class.getResource(CAPTURE).toURI());
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path to = proc.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
    }

    /** Rewrites a thread's counters as the kernel would after it ran on. */
    private void advance(int tid, long vol, long invol, long runNs, long waitNs) throws IOException {
        List<String> status = Files.readAllLines(task(tid).resolve("status")).stream()
                .map(l -> l.startsWith("voluntary_ctxt_switches:") ? "voluntary_ctxt_switches:\t" + vol
                        : l.startsWith("nonvoluntary_ctxt_switches:") ? "nonvoluntary_ctxt_switches:\t" + invol : l)
                .toList();
        Files.write(task(tid).resolve("status"), status);
        Files.writeString(task(tid).resolve("schedstat"), runNs + " " + waitNs + " 1\n");
    }

    @Test
    void readsStatusAndSchedstatOfACapturedThread() throws Exception {
        copyCapture();
        ThreadSampler.ThreadTotal c2 = ThreadSampler.ThreadTotal.read(task(5757), 1000, 5757);
        assertEquals("C2 CompilerThre", c2.name());
        assertEquals(583584583L, c2.runNanos());
        assertEquals(2929624816L, c2.waitNanos());
        ProcStatus st = ProcStatus.parse(Files.readAllLines(task(5757).resolve("status")));
        assertEquals(st.voluntary(), c2.voluntary());
        assertEquals(st.involuntary(), c2.involuntary());
        assertNull(ThreadSampler.ThreadTotal.read(proc.resolve("1000/task/1"), 1000, 1), "a thread that is gone reads as null");
    }

    @Test
    void countsEachThreadFromStartAndKeepsTheLastCountersOfOneThatEnded() throws Exception {
        copyCapture();
        ThreadSampler s = new ThreadSampler(() -> List.of(1000L), proc);
        s.start();
        ThreadSampler.ThreadTotal ticker = ThreadSampler.ThreadTotal.read(task(5881), 1000, 5881);
        ThreadSampler.ThreadTotal c1 = ThreadSampler.ThreadTotal.read(task(5758), 1000, 5758);
        // the ticker ran on: 100 voluntary, 5 involuntary switches, 2 ms CPU, 3 ms waiting
        advance(5881, ticker.voluntary() + 100, ticker.involuntary() + 5, ticker.runNanos() + 2_000_000, ticker.waitNanos() + 3_000_000);
        // C1 made 7 switches, then ended
        advance(5758, c1.voluntary() + 7, c1.involuntary(), c1.runNanos(), c1.waitNanos());
        s.sample();
        deleteTask(5758);
        // a thread born after the start counts from zero
        Files.createDirectories(task(9999));
        Files.write(task(9999).resolve("status"), List.of("Name:\tnewcomer", "voluntary_ctxt_switches:\t4",
                "nonvoluntary_ctxt_switches:\t1"));
        Files.writeString(task(9999).resolve("schedstat"), "1000000 0 5\n");
        Sample last = s.sample();
        assertEquals(24 - 1 + 1, last.get("threads"), 1e-9);

        Map<Integer, ThreadSampler.ThreadTotal> byTid = s.threads().stream()
                .collect(Collectors.toMap(ThreadSampler.ThreadTotal::tid, Function.identity()));
        assertEquals(100, byTid.get(5881).voluntary());
        assertEquals(5, byTid.get(5881).involuntary());
        assertEquals(2_000_000, byTid.get(5881).runNanos());
        assertEquals(3_000_000, byTid.get(5881).waitNanos());
        assertEquals(7, byTid.get(5758).voluntary(), "an ended thread keeps its last counters");
        assertTrue(byTid.get(5758).ended());
        assertFalse(byTid.get(5881).ended());
        assertEquals(4, byTid.get(9999).voluntary());
        assertEquals(1, byTid.get(9999).involuntary());
        assertEquals(0, byTid.get(5757).switches(), "a thread that did nothing");
        assertEquals(100 + 7 + 4, s.totals()[0]);
        assertEquals(5 + 1, s.totals()[1]);
        assertEquals(2, s.history().size());
    }

    @Test
    void aProcessThatEndedKeepsItsThreadsLastCounters() throws Exception {
        copyCapture();
        ThreadSampler s = new ThreadSampler(() -> List.of(1000L), proc);
        s.start();
        ThreadSampler.ThreadTotal ticker = ThreadSampler.ThreadTotal.read(task(5881), 1000, 5881);
        advance(5881, ticker.voluntary() + 10, ticker.involuntary(), ticker.runNanos(), ticker.waitNanos());
        s.sample();
        try (Stream<Path> all = Files.walk(proc.resolve("1000"))) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        Sample after = s.sample();
        assertEquals(0, after.get("threads"), 1e-9);
        assertEquals(0, after.get("vol/s"), 1e-9);
        assertEquals(10, s.totals()[0]);
        assertTrue(s.threads().stream().allMatch(ThreadSampler.ThreadTotal::ended));
    }

    private void deleteTask(int tid) throws IOException {
        try (Stream<Path> files = Files.list(task(tid))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(task(tid));
    }
}
