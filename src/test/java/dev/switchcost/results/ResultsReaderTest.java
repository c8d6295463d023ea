package dev.switchcost.results;

import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one reader, on every committed results file and on bad inputs. */
class ResultsReaderTest {

    static final Path FIXTURE_DIR = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");

    @TempDir
    Path tmp;

    /**
     * Every JSON file under src/test/resources/fixtures that is a results file reads: the fixtures' results directories
     * are short runs made for the tests, and copies or extracts of committed runs of every kind (quick, working set,
     * pinning, compare, spin sweeps, a run whose one trial was disturbed and left out).
     */
    @Test
    void readsEveryCommittedResultsFile() throws IOException {
        List<Path> dirs;
        // every directory holding a machine.json is a results directory (a day's directory may hold several runs)
        try (Stream<Path> s = Files.walk(Fixtures.RESULTS)) {
            dirs = s.filter(d -> Files.isRegularFile(d.resolve("machine.json"))).toList();
        }
        assertFalse(dirs.isEmpty());
        int spinCompares = 0;
        for (Path d : dirs) {
            Results r = Results.load(d);
            // a run whose every trial was disturbed or failed holds no rows by design; its status says why
            boolean nothingMeasured = r.rows().isEmpty() && r.compare() == null && r.indirectSweep() == null && r.spinCompare() == null;
            if (Files.isRegularFile(d.resolve(SpinCompareResults.FILE_NAME))) {
                assertFalse(r.spinCompare().cells().isEmpty(), d + ": compare --spin's cells");
                spinCompares++;
            }
            assertFalse(nothingMeasured && r.status().failedTrials().isEmpty(), d + " read as empty");
            assertNotNull(r.machine(), d + ": machine.json");
            for (JmhRow row : r.rows()) {
                checkRow(row);
            }
        }
        assertTrue(spinCompares >= 1, "the committed compare --spin run is read");
        List<Path> jsons;
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/fixtures"))) {
            jsons = s.filter(p -> p.toString().endsWith(".json")).toList();
        }
        int jmhFiles = 0;
        for (Path f : jsons) {
            String name = f.getFileName().toString();
            if (name.equals("machine.json") || name.equals("compare.json") || name.equals(IndirectSweepResults.FILE_NAME)
                    || name.equals(ResultsDir.PROVENANCE) || name.equals(SpinCompareResults.FILE_NAME)) {
                continue; // read with their directory above
            }
            if (name.equals("forecast.json") || name.equals(SamplePlacement.FILE) || name.equals(AbResults.FILE_NAME)
                    || name.equals(PrecisionResults.FILE_NAME)) {
                continue; // a forecast, sample's placement mix, ab's rounds, run's precision: not JMH results (docs/NOTES.md)
            }
            if (f.getParent().getFileName().toString().equals("jcmd")) {
                continue; // a JVM's JSON thread dump (jcmd Thread.dump_to_file), read by sample: no JMH results
            }
            if (Files.readString(f).replaceAll("\\s", "").equals("[]")) {
                // a run whose every trial was left out (disturbed, failed) writes an empty jmh.json: alone, it is no input
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Results.load(f));
                assertTrue(e.getMessage().contains("holds no JMH results"), e.getMessage());
                continue;
            }
            Results r = Results.load(f);
            assertFalse(r.rows().isEmpty(), f.toString());
            r.rows().forEach(ResultsReaderTest::checkRow);
            jmhFiles++;
        }
        assertTrue(jmhFiles >= 12, "found " + jmhFiles + " JMH JSON files");
    }

    private static void checkRow(JmhRow row) {
        assertTrue(row.benchmark().startsWith("dev.switchcost.bench."), row.benchmark());
        assertEquals(Metric.NS_PER_OP, row.primary().unit(), row.key());
        assertTrue(Double.isFinite(row.primary().score()) && row.primary().score() > 0, row.key());
        assertFalse(row.failed());
        // a sample-mode row of several forks keeps histograms, whose iteration means are not JMH's score's samples
        if (row.primary().values().length > 1 && (row.forks() <= 1 || !"sample".equals(row.mode()))) {
            // the old rule (iterations as independent) reproduces JMH's own error from the raw iterations; it is the
            // figure's rule for a row of one fork, and a row of several is judged between its forks instead
            Estimate e = Estimate.oldOneForkRule(row.primary());
            assertEquals(row.primary().score(), e.value(), 1e-9 * Math.abs(e.value()), row.key());
            if (Double.isFinite(row.primary().scoreError())) {
                assertEquals(row.primary().scoreError(), e.halfWidth(), 1e-6 * row.primary().scoreError(), row.key());
            }
            Estimate used = row.estimate();
            assertEquals(row.forks() > 1 ? Estimate.Basis.BETWEEN_FORKS : Estimate.Basis.WITHIN_ONE_FORK, used.basis(), row.key());
            if (row.forks() <= 1) {
                assertEquals(e.halfWidth(), used.halfWidth(), 1e-9 * Math.abs(e.halfWidth()), row.key());
            }
        }
    }

    @Test
    void aDirectoryCarriesJvmSettingsAndRawData() {
        Results r = Results.load(FIXTURE_DIR);
        assertEquals(RunStatus.State.UNKNOWN, r.status().state());
        assertNotNull(r.compare());
        assertEquals(List.of("25.0.3"), r.jdks());
        JmhRow row = r.rows().get(0);
        assertEquals("FutexPingPong.roundTrip", row.shortName());
        assertEquals("OpenJDK 64-Bit Server VM", row.jvm().vmName());
        assertEquals("25.0.3+9-LTS", row.jvm().vmVersion());
        assertEquals("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", row.jvm().java());
        assertEquals(1, row.settings().forks());
        assertEquals(2, row.settings().measurementIterations());
        assertEquals(2, row.primary().values().length);
        assertTrue(row.secondary().containsKey("ctxsw.total.norm"));
    }

    @Test
    void unitsAreNormalisedToNanosecondsPerOp() {
        Metric us = Metric.of(1.5, 0.25, "us/op", new double[][] {{1, 2}});
        assertEquals(1500, us.score());
        assertEquals(250, us.scoreError());
        assertEquals("ns/op", us.unit());
        assertEquals(2000, us.values()[1]);
        assertEquals(2e6, Metric.of(2, 0, "ms/op", new double[0][]).score());
        Metric thrpt = Metric.of(3, 0, "ops/us", new double[0][]);
        assertEquals(3e6, thrpt.score());
        assertEquals("ops/s", thrpt.unit());
        assertEquals("#/op", Metric.of(2, 0, "#/op", new double[0][]).unit());
        Results synthetic = Results.load(Path.of("src/test/resources/fixtures/jmh-json/synthetic-derivation-cases.json"));
        assertTrue(synthetic.rows().stream().anyMatch(x -> x.primary().jmhUnit().equals("us/op")));
        assertTrue(synthetic.rows().stream().allMatch(x -> x.primary().unit().equals("ns/op")));
    }

    @Test
    void rowsOfAFailedTrialAreMarkedAndLeftOutOfUsable() throws IOException {
        Files.copy(FIXTURE_DIR.resolve("jmh.json"), tmp.resolve("jmh.json"));
        Files.copy(FIXTURE_DIR.resolve("machine.json"), tmp.resolve("machine.json"));
        Files.writeString(tmp.resolve("status"), "failed: 1 trial failed\ntrial-failed\tdev.switchcost.bench.FutexPingPong.roundTrip"
                + "\tplacement=SAME_CPU\tpartner died\n");
        Results r = Results.load(tmp);
        assertEquals(RunStatus.State.FAILED, r.status().state());
        List<JmhRow> failed = r.rows().stream().filter(JmhRow::failed).toList();
        assertEquals(1, failed.size());
        assertEquals(Map.of("placement", "SAME_CPU"), failed.get(0).params());
        assertEquals("partner died", failed.get(0).failure());
        assertEquals(r.rows().size() - 1, r.usable().size());
        // the same via a file given directly: status and machine come from beside it
        Results f = Results.load(tmp.resolve("jmh.json"));
        assertEquals(1, f.rows().stream().filter(JmhRow::failed).count());
        assertNotNull(f.machine());
    }

    @Test
    void aSampleModeRowCarriesItsPercentilesInNanosecondsAndAnAverageTimeRowNone() throws IOException {
        Path f = Path.of("src/test/resources/fixtures/jmh-json/futex-sample-mode-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json");
        JmhRow row = Results.load(f).rows().get(0);
        assertEquals("sample", row.mode());
        // captured in us/op: p50 6.512, p90 9.376, p99 46.66688, p99.9 3425.353728, max 26673.152
        Percentiles p = row.percentiles();
        assertEquals(6512, p.p50(), 1e-6);
        assertEquals(9376, p.p90(), 1e-6);
        assertEquals(46666.88, p.p99(), 1e-6);
        assertEquals(3425353.728, p.p999(), 1e-6);
        assertEquals(26673152, p.max(), 1e-6);
        assertEquals(21684.970014519283, row.primary().score(), 1e-6, "the mean stays the primary score");
        assertEquals(null, Results.load(FIXTURE_DIR).rows().get(0).percentiles(), "avgt rows have none");
        // a row that claims percentiles but lacks one is refused, naming it
        String json = Files.readString(f).replaceFirst("\"99\\.0\" : [0-9.]+,", "");
        Files.writeString(tmp.resolve("jmh.json"), json);
        IllegalArgumentException e = Assertions.assertThrows(IllegalArgumentException.class,
                () -> Results.load(tmp.resolve("jmh.json")));
        assertTrue(e.getMessage().contains("scorePercentiles has no \"99.0\""), e.getMessage());
    }

    @Test
    void rowsOfADisturbedTrialKeptByTheRunAreMarkedAndStillUsable() throws IOException {
        Files.copy(FIXTURE_DIR.resolve("jmh.json"), tmp.resolve("jmh.json"));
        Files.copy(FIXTURE_DIR.resolve("machine.json"), tmp.resolve("machine.json"));
        Files.writeString(tmp.resolve("status"), "complete\ntrial-disturbed\tdev.switchcost.bench.FutexPingPong.roundTrip"
                + "\tplacement=SAME_CPU\tdisturbed: yes (pid 7) took 50%\n");
        Results r = Results.load(tmp);
        List<JmhRow> disturbed = r.rows().stream().filter(JmhRow::disturbed).toList();
        assertEquals(1, disturbed.size());
        assertEquals(Map.of("placement", "SAME_CPU"), disturbed.get(0).params());
        assertEquals("disturbed: yes (pid 7) took 50%", disturbed.get(0).disturbance());
        assertEquals(false, disturbed.get(0).failed());
        assertEquals(r.rows().size(), r.usable().size(), "kept with --allow-disturbed: used, marked");
    }

    @Test
    void anyNumberOfFilesAnyNamesAndInterruptedDebris() throws IOException {
        Files.copy(FIXTURE_DIR.resolve("jmh.json"), tmp.resolve("jmh-jdk25.json"));
        Files.copy(Path.of("src/test/resources/fixtures/jmh-json/workingset-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json"), tmp.resolve("ws.json"));
        Files.writeString(tmp.resolve("jmh.json"), "");
        Files.writeString(tmp.resolve("jmh.json.part1"), "[");
        Files.writeString(tmp.resolve("status"), "interrupted\n");
        Results r = Results.load(tmp);
        assertEquals(12 + 24, r.rows().size());
        assertEquals(2, r.jmhFiles().size());
        assertEquals(RunStatus.State.INTERRUPTED, r.status().state());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("jmh.json is empty")), r.notes().toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("jmh.json.part1")), r.notes().toString());
    }

    @Test
    void anInterruptedRunWithNothingWrittenStillLoadsWithItsStatus() throws IOException {
        Files.writeString(tmp.resolve("status"), "interrupted\n");
        Files.writeString(tmp.resolve("jmh.json"), "");
        Results r = Results.load(tmp);
        assertTrue(r.rows().isEmpty());
        assertEquals("interrupted: results are partial", r.status().describe());
    }

    @Test
    void badInputsGiveOneLineNamingTheFile() throws IOException {
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> Results.load(tmp.resolve("missing"))), "does not exist");
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> Results.load(tmp)), "holds no results");
        Path truncated = Files.writeString(tmp.resolve("jmh.json"), "[{\"benchmark\": \"a.B.c\", \"prim");
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> Results.load(truncated)), "not valid JSON");
        Files.writeString(truncated, "{\"cpu\": 1}");
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> Results.load(truncated)), "not a JMH JSON result file");
        Files.writeString(truncated, "[{\"benchmark\": \"a.B.c\"}]");
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> Results.load(tmp)), "primaryMetric");
        Files.delete(truncated);
        Path run = Files.createDirectories(tmp.resolve("box-20261122-140509"));
        Files.writeString(run.resolve("status"), "complete\n");
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> Results.load(tmp)), "give one, e.g. " + run);
        Files.writeString(tmp.resolve("machine.json"), "[]");
        assertThrows(RuntimeException.class, () -> Results.load(tmp));
    }

    private static void assertOneLine(IllegalArgumentException e, String contains) {
        assertTrue(e.getMessage().contains(contains), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aSampleModeRowCarriesItsSampleCountAndHistogramFromRawDataHistogram() throws IOException {
        Path f = Path.of("src/test/resources/fixtures/jmh-json/handoffs-sample-mode-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json");
        List<JmhRow> rows = Results.load(f).rows();
        JmhRow same = rows.stream().filter(x -> "SAME_CPU".equals(x.param("placement"))).findFirst().orElseThrow();
        Percentiles p = same.percentiles();
        // captured in ns/op: p50 4336, p90 5192, p99 19203.52, max 50135040, 37,088 samples over 5 iterations
        assertEquals(4336, p.p50(), 1e-6);
        assertEquals(5192, p.p90(), 1e-6);
        assertEquals(19203.52, p.p99(), 1e-6);
        assertEquals(50135040, p.max(), 1e-6);
        assertEquals(37088, p.samples());
        assertEquals(p.samples(), p.histogram().stream().mapToLong(Percentiles.Bin::count).sum());
        for (int i = 1; i < p.histogram().size(); i++) {
            assertTrue(p.histogram().get(i - 1).ns() < p.histogram().get(i).ns(), "bins merged over iterations, ascending");
        }
        assertEquals(50135040, p.histogram().get(p.histogram().size() - 1).ns(), 1e-6, "the slowest bin is the max");
        List<Percentiles.Point> curve = p.curve();
        assertTrue(curve.get(curve.size() - 1).fraction() < 1, "the max has no place on a scale of nines");
        double atMedian = curve.stream().filter(x -> x.fraction() >= 0.5).findFirst().orElseThrow().ns();
        assertEquals(p.p50(), atMedian, 10, "the histogram's median is JMH's p50 (to a bin)");
        JmhRow timer = rows.stream().filter(x -> x.shortName().equals("SyscallBaseline.baseline")).findFirst().orElseThrow();
        assertEquals(40, timer.percentiles().p50(), 1e-6);
        Percentiles half = p.times(0.5);
        assertEquals(2168, half.p50(), 1e-6);
        assertEquals(p.samples(), half.samples());
        assertEquals(p.histogram().get(0).ns() / 2, half.histogram().get(0).ns(), 1e-9);
    }
}
