package dev.switchcost.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwitchPathTest {

    private static final Path JETTY = Path.of("src/test/resources/fixtures/async-profiler/cpu-jetty-handoff-platform-jdk21.collapsed");

    @Test
    void jettysHandoffRequestSpendsItsParksAndUnparksInThePath() {
        SwitchPath p = SwitchPath.read(JETTY, 250_000, 1_000);
        // counted with awk over the fixture (its README): 385 samples, 67 under the JVM's park, unpark or monitor code
        assertEquals(385, p.samples());
        assertEquals(67, p.inPath());
        assertEquals(67 * 250.0, p.perUnit().value(), 1e-9);
        assertEquals(Math.sqrt(67) * 250, p.perUnit().standardError(), 1e-9);
    }

    @Test
    void aHandoffCostsTheUnitsPathOverTheHandoffsAUnitMade() {
        SwitchPath p = new SwitchPath(Path.of("x"), 1_000, 100, 1_000_000, 10);
        // 100 samples of 1 ms over 10 units: 10 ms a unit; 25 handoffs over 5 units: 5 a unit, so 2 ms a handoff
        assertEquals(2_000_000, p.perHandoff(25, 5).value(), 1e-6);
        assertEquals(Math.sqrt(100) * 100_000 / 5, p.perHandoff(25, 5).standardError(), 1e-6);
        assertEquals(0.1, p.share(), 1e-12);
    }

    @Test
    void aStackCountsOnceWhateverPathFramesItHolds() {
        List<String> lines = List.of(
                "java/lang/Thread.run;Unsafe_Park;Parker::park;ObjectMonitor::ExitEpilog 3",
                "java/lang/Thread.run;Unsafe_Unpark;___pthread_cond_signal;futex_wake_[k] 2",
                "java/lang/Thread.run;ObjectMonitor::enter_internal 1",
                "java/lang/Thread.run;Unsafe_ParkNot 5",
                "java/lang/Thread.run;my/App.work 9");
        SwitchPath p = parse(lines);
        assertEquals(20, p.samples());
        assertEquals(6, p.inPath());
    }

    @Test
    void intervalsReadAsAsyncProfilerTakesThem() {
        assertEquals(250_000, SwitchPath.intervalNs("250us"));
        assertEquals(1_000_000, SwitchPath.intervalNs("1ms"));
        assertEquals(10_000_000_000L, SwitchPath.intervalNs("10s"));
        assertEquals(500, SwitchPath.intervalNs("500ns"));
        for (String bad : List.of("1", "0ms", "1.5ms", "ms", "-1ms", "1 h")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SwitchPath.intervalNs(bad));
            assertTrue(e.getMessage().contains("such as 1ms or 250us"), e.getMessage());
        }
    }

    @Test
    void aProfileWithoutThePathOrNotCollapsedIsNamed(@TempDir Path tmp) throws IOException {
        Path none = Files.writeString(tmp.resolve("none.collapsed"), "java/lang/Thread.run;my/App.work 9\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SwitchPath.read(none, 1_000_000, 10));
        assertTrue(e.getMessage().contains("no sample in the JVM's park, unpark or monitor code") && e.getMessage().contains("none.collapsed"),
                e.getMessage());
        Path text = Files.writeString(tmp.resolve("flame.html"), "<html>\n");
        e = assertThrows(IllegalArgumentException.class, () -> SwitchPath.read(text, 1_000_000, 10));
        assertTrue(e.getMessage().startsWith("--switch-path " + text + ": line 1 is not async-profiler's collapsed"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SwitchPath.read(tmp.resolve("absent"), 1_000_000, 10));
        assertTrue(e.getMessage().contains("cannot read it"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SwitchPath.read(JETTY, 250_000, 0));
        assertTrue(e.getMessage().contains("--switch-path-units"), e.getMessage());
    }

    private static SwitchPath parse(List<String> lines) {
        try {
            Path f = Files.createTempFile("switch-path", ".collapsed");
            try {
                Files.write(f, lines);
                return SwitchPath.read(f, 1, 1);
            } finally {
                Files.delete(f);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
