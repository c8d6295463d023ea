package dev.switchcost.results;

import dev.switchcost.derive.IndirectSweepCurve;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code indirect.json} ({@code switchcost working-set}) read by {@link Results#load}, on a captured fixture. */
class IndirectSweepResultsTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/results/working-set-sweep-epyc-kvm-2vcpu-jdk25");

    @Test
    void readsTheCapturedSweep() {
        Results r = Results.load(FIXTURE);
        IndirectSweepResults s = r.indirectSweep();
        assertNotNull(s);
        assertNotNull(r.machine());
        assertTrue(r.status().complete());
        assertTrue(r.rows().isEmpty(), "no JMH JSON in a working-set directory");
        assertEquals(2, s.repetitions());
        // sizes 0 (added), 64 and 1024 KiB × strides 16 and 64 B × JVM and C
        assertEquals(12, s.cells().size());
        assertEquals(List.of(0L, 64L, 1024L), s.cells().stream().map(IndirectSweepResults.Cell::workingSetKiB).distinct().sorted().toList());
        for (IndirectSweepResults.Cell c : s.cells()) {
            assertEquals("SAME_CPU", c.placement());
            assertNull(c.unavailable());
            assertEquals(2, c.usable().size(), c.toString());
            for (IndirectSweepResults.Sample x : c.samples()) {
                assertTrue(x.firstWalkNs() > 0 && x.secondWalkNs() > 0, x.toString());
                assertEquals(2.0, x.switchesPerRoundTrip(), 0.3, c.impl() + ": " + x);
            }
        }
        assertTrue(!s.anyFailed());
        List<IndirectSweepCurve.Point> pts = IndirectSweepCurve.of(s);
        assertEquals(12, pts.size());
        assertTrue(pts.stream().allMatch(p -> p.direct() != null && p.total() != null && p.indirect().errorKnown()), pts.toString());
    }

    @Test
    void aCommittedResultsDirectoryWithoutItStillLoads() {
        Results r = Results.load(ResultsReaderTest.FIXTURE_DIR);
        assertNull(r.indirectSweep());
        assertTrue(!r.rows().isEmpty());
    }

    @Test
    void aWrongFileIsOneLine(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve(IndirectSweepResults.FILE_NAME), "{\"schema\": 7}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Results.load(tmp));
        assertTrue(e.getMessage().contains("not a switchcost indirect.json") && e.getMessage().lines().count() == 1, e.getMessage());
    }

    @Test
    void writesAndReadsBack(@TempDir Path tmp) throws IOException {
        IndirectSweepResults s = new IndirectSweepResults(1, "t", 1, "settings", List.of(new IndirectSweepResults.Cell("C", 16, 64,
                "SAME_CPU", "ws_threads", null, List.of(IndirectSweepResults.Sample.failed(1, "boom")))));
        s.write(tmp);
        IndirectSweepResults back = IndirectSweepResults.read(tmp.resolve(IndirectSweepResults.FILE_NAME));
        assertEquals("boom", back.cells().get(0).samples().get(0).error());
        assertTrue(back.anyFailed());
        assertTrue(Double.isNaN(back.cells().get(0).samples().get(0).indirectNsPerSwitch()));
    }
}
