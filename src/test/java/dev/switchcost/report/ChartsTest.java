package dev.switchcost.report;

import dev.switchcost.machine.MachineInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Charts whose benchmarks are not in the fixture (WorkingSetHandoff, virtual-thread handoffs come from
 * other issues): drawn from rows built here, so only the drawing is tested, not any figure.
 */
class ChartsTest {

    private static final Path MACHINE = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");

    private static JmhResult row(String benchmark, Map<String, String> params, double score) {
        return new JmhResult(benchmark, "avgt", new java.util.TreeMap<>(params), score, score / 10, "ns/op", Map.of(), "25", "vm", "1.37");
    }

    @Test
    void workingSetCurveMarksTheCachesOnALogAxis(@TempDir Path tmp) throws IOException {
        List<JmhResult> rows = new ArrayList<>();
        for (String kib : List.of("0", "16", "256", "4096", "65536")) {
            rows.add(row("dev.switchcost.bench.WorkingSetHandoff.roundTrip",
                    Map.of("workingSetKiB", kib, "strideBytes", "64", "sharing", "PRIVATE", "handoff", "FUTEX", "placement", "SAME_CPU"),
                    1000 + Double.parseDouble(kib)));
        }
        MachineInfo m = MachineInfo.read(MACHINE);
        Map<String, Long> marks = Charts.cacheMarks(m);
        assertEquals(List.of("L1d", "L2", "LLC (L3)"), List.copyOf(marks.keySet()), "the fixture machine has L1d, L2, L3");
        Optional<Path> png = Charts.workingSet(rows, m, tmp.resolve("ws"));
        assertTrue(png.isPresent());
        assertNotNull(ImageIO.read(png.get().toFile()));
        assertTrue(Files.size(png.get()) > 0);
        assertTrue(Charts.mechanismRows(rows).isEmpty(), "working-set rows stay out of the mechanism chart");
    }

    @Test
    void virtualChartPutsPlatformReferencesBeside(@TempDir Path tmp) throws IOException {
        List<JmhResult> rows = List.of(
                row("dev.switchcost.bench.VirtualThreadHandoffOneCarrier.roundTrip", Map.of("pair", "VT_VT", "primitive", "LOCK_SUPPORT"), 500),
                row("dev.switchcost.bench.ParkUnparkPingPong.roundTrip_park", Map.of("placement", "UNPINNED"), 8000),
                row("dev.switchcost.bench.ParkUnparkPingPong.roundTrip_park", Map.of("placement", "SAME_CPU"), 6000));
        assertEquals(2, Charts.virtualRows(rows).size());
        Optional<Path> png = Charts.virtualVsPlatform(rows, tmp.resolve("vt"));
        assertTrue(png.isPresent());
        assertNotNull(ImageIO.read(png.get().toFile()));
    }

    @Test
    void noRowsNoChart(@TempDir Path tmp) throws IOException {
        assertTrue(Charts.workingSet(List.of(), null, tmp.resolve("x")).isEmpty());
        assertTrue(Charts.virtualVsPlatform(List.of(), tmp.resolve("y")).isEmpty());
        assertTrue(Charts.mechanism(List.of(), tmp.resolve("z")).isEmpty());
    }
}
