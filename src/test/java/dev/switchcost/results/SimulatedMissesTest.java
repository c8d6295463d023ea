package dev.switchcost.results;

import dev.switchcost.render.SimulatedMissesTable;
import dev.switchcost.render.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** simulate-native.sh's cachegrind rows, read from a results directory by the one reader and rendered as a table. */
class SimulatedMissesTest {

    static final Path CAPTURED = Path.of("src/test/resources/fixtures/valgrind/simulated.jsonl");

    @Test
    void readsTheCachegrindRowsOfCapturedOutput() throws IOException {
        List<SimulatedMisses> rows = SimulatedMisses.read(CAPTURED);
        assertEquals(16, rows.size(), "8 sizes × LL = L3 and L2; the 8 callgrind rows are not misses");
        assertTrue(rows.stream().allMatch(SimulatedMisses::simulated));
        SimulatedMisses d1 = rows.stream().filter(r -> r.workingSetKib() == 16 && r.llLevel().equals("L3")).findFirst().orElseThrow();
        assertEquals(64, d1.strideBytes());
        assertEquals("li", d1.walk());
        assertEquals(51.795, d1.d1MissesPerSwitch(), 1e-9);
        assertEquals(50.591, d1.pairedD1PerSwitch(), 1e-9);
        assertTrue(d1.valgrindOptions().contains("--D1=32768,8,64"), d1.valgrindOptions());
        // the extra misses a switch causes show at the level that holds one array but not two: L2 (512 KiB) at 512 KiB
        SimulatedMisses l2 = rows.stream().filter(r -> r.workingSetKib() == 512 && r.llLevel().equals("L2")).findFirst().orElseThrow();
        assertEquals(8153.25, l2.pairedLlPerSwitch(), 1e-9);
        assertEquals(0, rows.stream().filter(r -> r.workingSetKib() == 0).mapToDouble(SimulatedMisses::pairedLlPerSwitch).sum(), 0);
    }

    @Test
    void aBrokenLineNamesFileAndLine(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve(SimulatedMisses.FILE_NAME);
        Files.writeString(f, Files.readAllLines(CAPTURED).get(0) + "\n{\"tool\":\"cachegrind\",\"working_set_kib\":16}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SimulatedMisses.read(f));
        assertTrue(e.getMessage().contains(f + ":2"), e.getMessage());
        Files.writeString(f, "{\"tool\":\"cachegr");
        e = assertThrows(IllegalArgumentException.class, () -> SimulatedMisses.read(f));
        assertTrue(e.getMessage().contains(f + ":1"), e.getMessage());
    }

    /** A results directory holding only machine.json and simulated.jsonl reads, and its rows render with their label. */
    @Test
    void aResultsDirectoryWithSimulatedRowsReadsAndRenders(@TempDir Path tmp) throws IOException {
        Files.copy(ResultsReaderTest.FIXTURE_DIR.resolve("machine.json"), tmp.resolve("machine.json"));
        Files.copy(CAPTURED, tmp.resolve(SimulatedMisses.FILE_NAME));
        Results r = Results.load(tmp);
        assertEquals(16, r.simulated().size());
        assertEquals(List.of(), Results.load(ResultsReaderTest.FIXTURE_DIR).simulated(), "a directory without the file has none");
        Table t = SimulatedMissesTable.table(r.simulated());
        assertNotNull(t);
        String text = t.text();
        assertTrue(text.lines().anyMatch(l -> l.contains("512") && l.contains("L2") && l.contains("8,153")), text);
        assertTrue(SimulatedMissesTable.LEGEND.contains("simulated (cachegrind), user space only"));
        assertEquals(null, SimulatedMissesTable.table(List.of()));
    }
}
