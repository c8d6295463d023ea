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
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The placement of handoffs from the threads' CPUs at each sampling tick, where there is no scheduler trace. */
class TickPlacementTest {

    /**
     * {@code /proc/<pid>/task/<tid>/stat} and {@code status} of a LockSupport ping-pong (two threads, "ping" and "pong")
     * and two of its JVM's other threads, captured at four ticks 100 ms apart on the 2-vCPU KVM guest (JDK 25), the pid
     * renamed 1000.
     */
    static final String CAPTURE = "/fixtures/proc-task/pingpong-ticks-kvm-linux-6.18";

    @TempDir
    Path proc;

    @Test
    void eachIntervalsBusiestPairCountsOnOneCpuOrAcrossByWhereTheTickFoundThem() {
        TickPlacement t = new TickPlacement();
        t.tick(Map.of(1, new TickPlacement.Reading(7, 0, 100), 2, new TickPlacement.Reading(7, 0, 100),
                3, new TickPlacement.Reading(7, 1, 5)));
        assertEquals(0, t.sameCpu() + t.crossCpu(), "the first tick only reads");
        // 1 and 2 handed off 40 times on CPU 0; 3 blocked once on CPU 1 and is no part of the pair
        t.tick(Map.of(1, new TickPlacement.Reading(7, 0, 141), 2, new TickPlacement.Reading(7, 0, 140),
                3, new TickPlacement.Reading(7, 1, 6)));
        assertEquals(40, t.sameCpu());
        // now on two CPUs
        t.tick(Map.of(1, new TickPlacement.Reading(7, 1, 171), 2, new TickPlacement.Reading(7, 0, 170),
                3, new TickPlacement.Reading(7, 1, 6)));
        assertEquals(30, t.crossCpu());
        // one thread of a process blocking alone is no handoff
        t.tick(Map.of(1, new TickPlacement.Reading(7, 1, 180), 2, new TickPlacement.Reading(7, 0, 170)));
        assertEquals(40, t.sameCpu());
        assertEquals(30, t.crossCpu());
    }

    /** The sampler reads each thread's CPU from its stat file at every reading and counts the ping-pong's handoffs. */
    @Test
    void theSamplerCountsTheCapturedPingPongsHandoffsFromItsStatFiles() throws Exception {
        Path from = Path.of(TickPlacementTest.class.getResource(CAPTURE).toURI());
        ThreadSampler s = new ThreadSampler(() -> List.of(1000L), proc);
        long[] expected = new long[2];
        TickPlacement.Reading[] before = null;
        for (int n = 0; n < 4; n++) {
            copy(from.resolve("tick-" + n), proc);
            if (n == 0) {
                s.start();
            } else {
                s.sample();
            }
            TickPlacement.Reading[] now = {reading(proc, "ping"), reading(proc, "pong")};
            if (before != null) {
                long handoffs = Math.min(now[0].voluntary() - before[0].voluntary(), now[1].voluntary() - before[1].voluntary());
                expected[now[0].processor() == now[1].processor() ? 0 : 1] += handoffs;
            }
            before = now;
        }
        assertEquals(expected[0], s.ticks().sameCpu());
        assertEquals(expected[1], s.ticks().crossCpu());
        assertEquals(true, expected[0] + expected[1] > 1000, "the capture handed off: " + expected[0] + " + " + expected[1]);
    }

    /** The named thread's CPU (stat field 39) and voluntary switches as the captured files say. */
    private static TickPlacement.Reading reading(Path proc, String comm) throws IOException {
        try (Stream<Path> tasks = Files.list(proc.resolve("1000/task"))) {
            for (Path t : tasks.toList()) {
                TaskStat st = TaskStat.parse(1000, Files.readString(t.resolve("stat")));
                if (st.comm().equals(comm)) {
                    long vol = Files.readAllLines(t.resolve("status")).stream().filter(l -> l.startsWith("voluntary_ctxt_switches:"))
                            .mapToLong(l -> Long.parseLong(l.split("\\s+")[1])).findFirst().orElseThrow();
                    return new TickPlacement.Reading(1000, st.processor(), vol);
                }
            }
        }
        throw new AssertionError("no thread " + comm);
    }

    private static void copy(Path from, Path to) throws IOException, URISyntaxException {
        try (Stream<Path> old = Files.walk(to)) {
            for (Path p : old.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(to)).toList()) {
                Files.delete(p);
            }
        }
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path d = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(d);
                } else {
                    Files.copy(p, d);
                }
            }
        }
    }
}
