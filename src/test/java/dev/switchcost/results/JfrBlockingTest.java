package dev.switchcost.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads a recording captured from {@code fixtures/jfr/Handoffs.java.txt} (1,000 rounds) with forecast's settings on JDK 25. */
class JfrBlockingTest {

    static final Path REC = Path.of("src/test/resources/fixtures/jfr/handoffs-jdk25.jfr");

    @Test
    void readsEveryBlockOfTheCapturedProgramBySite() {
        JfrBlocking r = JfrBlocking.read(REC);
        assertTrue(r.jvmVersion().contains("25."), r.jvmVersion());
        assertTrue(r.seconds() > 0);
        assertEquals(30995L, r.pid(), "the recorded JVM's process, from jdk.JVMInformation");
        assertEquals(java.time.Instant.parse("2026-11-25T22:16:43Z"), r.start().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        assertEquals(r.events() / r.seconds(), r.eventsPerSecond(), 1e-9);
        // the SynchronousQueue: the taker parks in take(), main in put(); together no more than one park per handoff
        long parks = r.sites().stream().filter(s -> s.event().equals(JfrBlocking.PARK)).mapToLong(JfrBlocking.Site::count).sum();
        assertTrue(parks > 0 && parks <= 2000, "parks " + parks);
        assertTrue(r.sites().stream().filter(s -> s.event().equals(JfrBlocking.PARK))
                .allMatch(s -> s.frames().stream().anyMatch(f -> f.type().equals("java.util.concurrent.SynchronousQueue"))));
        // the monitor ping-pong: each side waits once per round, 1,000 rounds
        long waits = r.sites().stream().filter(s -> s.event().equals(JfrBlocking.MONITOR_WAIT)
                && s.frames().stream().anyMatch(f -> f.method().equals("pingPong"))).mapToLong(JfrBlocking.Site::count).sum();
        assertTrue(waits >= 1900 && waits <= 2000, "waits " + waits);
        assertEquals(r.sites().stream().mapToLong(JfrBlocking.Site::count).sum(), r.events());
        JfrBlocking.Site first = r.sites().get(0);
        assertTrue(first.frames().size() <= JfrBlocking.DEPTH && !first.threads().isEmpty());
        assertEquals(0, first.virtualThreads(), "platform threads only");
        for (int i = 1; i < r.sites().size(); i++) {
            assertTrue(r.sites().get(i - 1).count() >= r.sites().get(i).count(), "most events first");
        }
    }

    @Test
    void aFileThatIsNotARecordingIsRefusedByName(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("x.jfr"), "not a recording");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JfrBlocking.read(bad));
        assertTrue(e.getMessage().startsWith(bad.toString()), e.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> JfrBlocking.read(dir.resolve("none.jfr")));
        assertTrue(none.getMessage().contains("no such file"), none.getMessage());
    }

    @Test
    void placementFileReadsBackAndRefusesNoWakeups(@TempDir Path dir) throws Exception {
        SamplePlacement p = new SamplePlacement(30, 70, "sched_waking/sched_wakeup trace");
        Files.writeString(dir.resolve(SamplePlacement.FILE), p.json());
        assertEquals(p, SamplePlacement.read(dir));
        assertEquals(0.3, SamplePlacement.read(dir).sameShare(), 1e-12);
        Files.writeString(dir.resolve(SamplePlacement.FILE), new SamplePlacement(0, 0, "x").json());
        assertThrows(IllegalArgumentException.class, () -> SamplePlacement.read(dir));
        SamplePlacement w = p.in(java.time.Instant.parse("2026-11-25T22:16:42.500Z"), 4, "java App", java.util.List.of(7L, 9L));
        Files.writeString(dir.resolve(SamplePlacement.FILE), w.json());
        assertEquals(w, SamplePlacement.read(dir), "the window reads back");
        assertEquals(25, SamplePlacement.read(dir).wakeupsPerSecond(), 1e-12);
        Files.writeString(dir.resolve(SamplePlacement.FILE), "{\"sameCpu\": 1, \"crossCpu\": 1, \"source\": \"x\", \"seconds\": 0}");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SamplePlacement.read(dir)).getMessage().contains("seconds"));
        Files.writeString(dir.resolve(SamplePlacement.FILE), "{\"sameCpu\": 1, \"crossCpu\": 1, \"source\": \"x\", \"start\": \"noon\"}");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SamplePlacement.read(dir)).getMessage().contains("start"));
        Files.writeString(dir.resolve(SamplePlacement.FILE), "{\"sameCpu\": 1}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SamplePlacement.read(dir));
        assertTrue(e.getMessage().contains(SamplePlacement.FILE), e.getMessage());
    }
}
