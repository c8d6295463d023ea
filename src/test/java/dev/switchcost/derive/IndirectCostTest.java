package dev.switchcost.derive;

import com.google.gson.JsonParser;
import dev.switchcost.render.IndirectTable;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhJson;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Derived;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IndirectCostTest {

    static final Path SYNTHETIC = Path.of("src/test/resources/fixtures/jmh-json/synthetic-derivation-cases.json");

    static List<IndirectCost.Row> rows() {
        return Derived.workingSet(Results.load(SYNTHETIC).rows());
    }

    static IndirectCost.Row row(String cls, String placement, String sharing, int stride, long kib) throws IOException {
        return rows().stream().filter(r -> r.benchmarkClass().equals(cls) && r.placement().equals(placement)
                        && r.sharing().equals(sharing) && r.strideBytes() == stride && r.workingSetKiB() == kib)
                .findFirst().orElseThrow();
    }

    @Test
    void derivesPerSwitchTotalDirectWalkAndIndirect() throws IOException {
        IndirectCost.Row r = row("WorkingSetHandoff", "SAME_CPU", "PRIVATE", 64, 256);
        assertEquals(8000, r.total().value(), 1e-9);
        assertEquals(5000, r.direct().value(), 1e-9);
        assertEquals(2000, r.walk().value(), 1e-9);
        assertEquals(2200, r.walkTwoArrays().value(), 1e-9);
        assertEquals(1000, r.indirect().value(), 1e-9);
        assertEquals(150, r.indirect().halfWidth(), 1e-9); // sqrt(100² + 50² + 100²): no raw data, JMH errors as normal intervals
        assertTrue(r.clean());
        assertEquals("1,000 ± 150", IndirectTable.indirectCell(r));
        assertEquals(2.0, r.switchesPerOp());
    }

    @Test
    void negativeIndirectIsFlaggedAndNotPrintedPlain() throws IOException {
        IndirectCost.Row r = row("WorkingSetHandoff", "CROSS_CPU", "PRIVATE", 64, 256);
        assertEquals(-1000, r.indirect().value(), 1e-9);
        assertEquals(Set.of(IndirectCost.Flag.NEGATIVE), r.flags());
        String cell = IndirectTable.indirectCell(r);
        assertTrue(cell.startsWith("NEGATIVE ["), cell);
    }

    @Test
    void negativeWithoutErrorEstimateIsStillNegative() {
        assertEquals(Set.of(IndirectCost.Flag.NEGATIVE), IndirectCost.flags(new Estimate(100, Double.NaN, 0),
                new Estimate(10, Double.NaN, 0), new Estimate(-5, Double.NaN, 0), false));
    }

    @Test
    void valueWithinItsErrorOfZeroIsFlagged() throws IOException {
        assertEquals(Set.of(IndirectCost.Flag.WITHIN_ERROR), row("WorkingSetHandoff", "SAME_CPU", "PRIVATE", 64, 16).flags());
    }

    @Test
    void memoryBoundWalkIsFlaggedAsDominating() throws IOException {
        IndirectCost.Row r = row("WorkingSetHandoff", "SAME_CPU", "PRIVATE", 64, 65536);
        assertEquals(65000, r.indirect().value(), 1e-9);
        assertEquals(Set.of(IndirectCost.Flag.WALK_DOMINATED), r.flags());
        assertFalse(r.clean());
    }

    @Test
    void missingBaselineLeavesIndirectUnderived() throws IOException {
        IndirectCost.Row r = row("WorkingSetHandoff", "SAME_CPU", "PRIVATE", 8, 256);
        assertNull(r.indirect());
        assertEquals(Set.of(IndirectCost.Flag.MISSING_BASELINE), r.flags());
        String cell = IndirectTable.indirectCell(r);
        assertTrue(cell.contains("no size-0 roundTrip") && cell.contains("no walkAlone 256 KiB/8 B"), cell);
    }

    @Test
    void singleIterationResultsHaveNoErrorEstimate() throws IOException {
        assertEquals(Set.of(IndirectCost.Flag.NO_ERROR_ESTIMATE), row("WorkingSetHandoff", "SAME_CPU", "SHARED", 64, 256).flags());
    }

    @Test
    void virtualSiblingRowsGetItsFixedHandoffAndPlacementAndMicrosecondsAreConverted() throws IOException {
        IndirectCost.Row r = row("WorkingSetVirtualHandoff", "UNPINNED", "PRIVATE", 64, 256);
        assertEquals("VIRTUAL", r.handoff());
        assertEquals(9000, r.total().value(), 1e-9);
        assertEquals(6000, r.direct().value(), 1e-9);
        assertEquals(1000, r.indirect().value(), 1e-9);
    }

    @Test
    void otherBenchmarksAreIgnored() throws IOException {
        assertTrue(rows().stream().allMatch(r -> r.benchmarkClass().startsWith("WorkingSet")));
        assertEquals(11, rows().size());
    }

    @Test
    void printedTableShowsRawBesideDerivedAndNoPlainNegative() throws IOException {
        StringWriter sw = new StringWriter();
        IndirectTable.print(rows(), null, false, new PrintWriter(sw, true));
        String text = sw.toString();
        for (String line : text.split("\n")) {
            if (line.contains("CROSS_CPU") && line.contains(" 256 ")) {
                assertTrue(line.contains("16,000 ± 100") && line.contains("NEGATIVE [-1,000"), line);
            }
        }
        assertTrue(text.contains("Flags:"), text);
    }

    @Test
    void readsCapturedJmhOutputAndDerivesEveryRoundTrip() throws IOException {
        List<JmhRow> captured = Results.load(Path.of("src/test/resources/fixtures/jmh-json/workingset-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json")).rows();
        long trips = captured.stream().filter(r -> r.method().equals("roundTrip")).count();
        List<IndirectCost.Row> rows = Derived.workingSet(captured);
        assertEquals(18, trips);
        assertEquals(trips, rows.size());
        for (IndirectCost.Row r : rows) {
            assertTrue(r.direct() != null && r.walk() != null, r.toString());
            assertTrue(Double.isFinite(r.total().value()) && r.switchesPerOp() > 1, r.toString());
            assertFalse(r.flags().contains(IndirectCost.Flag.MISSING_BASELINE), r.toString());
        }
        assertEquals(6, rows.stream().filter(r -> r.handoff().equals("VIRTUAL")).count());
    }

    /** Issue 10 item 5: cache misses per switch beside the indirect cost, derived like it (fixture: see its README). */
    @Test
    void cacheMissesPerSwitchAreDerivedBesideTheIndirectCost() {
        List<IndirectCost.Row> rows = Derived.workingSet(
                Results.load(Path.of("src/test/resources/fixtures/jmh-json/synthetic-cache-misses.json")).rows());
        IndirectCost.Row r = rows.stream().filter(x -> x.workingSetKiB() == 256).findFirst().orElseThrow();
        assertEquals(450, r.missesPerSwitch(), 1e-9);                 // 900 per round trip / 2
        assertEquals(150, r.indirectMisses().value(), 1e-9);          // (900 - 100 - 500) / 2
        assertTrue(r.indirectMisses().resolved(), r.indirectMisses().toString());
        assertEquals(1000, r.indirect().value(), 1e-6);               // (16000 - 10000 - 4000) / 2
        String table = IndirectTable.table(rows, null).text();
        assertTrue(table.contains("misses/switch") && table.contains("indirect_misses/switch"), table);
        String line = table.lines().filter(l -> l.contains(" 256 ")).findFirst().orElseThrow();
        assertTrue(line.contains("450") && line.contains("150 ± "), line);
        // without the profiler the columns are left out
        assertFalse(IndirectTable.table(rows(), null).text().contains("misses/switch"));
    }

    @Test
    void rejectsThroughputResultsNamingTheUnit() {
        String json = "[{\"benchmark\":\"dev.switchcost.bench.WorkingSetHandoff.roundTrip\",\"mode\":\"thrpt\","
                + "\"params\":{},\"primaryMetric\":{\"score\":1.0,\"scoreError\":0.1,\"scoreUnit\":\"ops/us\"}}]";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Derived.workingSet(JmhJson.parse(JsonParser.parseString(json), Path.of("x.json"))));
        assertTrue(e.getMessage().contains("ops/us") && e.getMessage().contains("avgt"), e.getMessage());
    }

    @Test
    void rejectsJsonThatIsNotAJmhResult() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JmhJson.parse(JsonParser.parseString("{\"a\":1}"), Path.of("machine.json")));
        assertTrue(e.getMessage().contains("machine.json") && e.getMessage().contains("-rf json"), e.getMessage());
    }

    /** Issue 15: the paired estimate joins the paper's on the same configuration. */
    @Test
    void pairedAndPaperEstimatesShareARowPerConfiguration() {
        List<IndirectCost.Row> rows = Derived.workingSet(Results.load(
                Path.of("src/test/resources/fixtures/results/workingset-paired-epyc-kvm-2vcpu-jdk25")).rows());
        assertEquals(4, rows.size(), rows.toString());
        for (IndirectCost.Row r : rows) {
            assertTrue(r.paperRun() && r.paired() != null, r.toString());
            assertEquals("LI", r.walkKind());
            IndirectCost.Paired p = r.paired();
            assertEquals(p.first().value() - p.second().value(), p.indirect().value(), 1e-6 * p.first().value());
            assertTrue(p.indirect().errorKnown(), "three iterations give an error: " + p.indirect());
        }
    }

    private static String pairedRow(int size, double indirect, double[] iterations) {
        StringBuilder raw = new StringBuilder("[[");
        for (int i = 0; i < iterations.length; i++) {
            raw.append(i == 0 ? "" : ",").append(iterations[i]);
        }
        raw.append("]]");
        return "{\"benchmark\":\"dev.switchcost.bench.WorkingSetHandoff.roundTripPaired\",\"mode\":\"avgt\","
                + "\"params\":{\"handoff\":\"FUTEX\",\"placement\":\"SAME_CPU\",\"sharing\":\"PRIVATE\",\"strideBytes\":\"64\","
                + "\"walk\":\"LI\",\"workingSetKiB\":\"" + size + "\"},"
                + "\"primaryMetric\":{\"score\":10000.0,\"scoreError\":10.0,\"scoreUnit\":\"ns/op\",\"rawData\":[[10000,10010,9990]]},"
                + "\"secondaryMetrics\":{\"indirect.paired\":{\"score\":" + indirect + ",\"scoreError\":1.0,\"scoreUnit\":\"ns/switch\","
                + "\"rawData\":" + raw + "}}}";
    }

    @Test
    void aPairedRowAloneIsJudgedByTheOneRule() {
        String json = "[" + pairedRow(64, 500, new double[] {490, 500, 510}) + "," + pairedRow(128, -5, new double[] {-400, 5, 380})
                + "," + pairedRow(256, -500, new double[] {-490, -500, -510}) + "]";
        List<IndirectCost.Row> rows = Derived.workingSet(JmhJson.parse(JsonParser.parseString(json), Path.of("x.json")));
        assertEquals(3, rows.size());
        IndirectCost.Row clean = rows.get(0);
        assertFalse(clean.paperRun());
        assertTrue(clean.paired().clean(), clean.paired().toString());
        assertEquals(500, clean.paired().indirect().value(), 1e-9);
        assertEquals(Set.of(IndirectCost.Flag.WITHIN_ERROR), rows.get(1).paired().flags());
        assertEquals(Set.of(IndirectCost.Flag.NEGATIVE), rows.get(2).paired().flags());
        String table = IndirectTable.table(rows, null).text();
        assertTrue(table.contains("NEGATIVE [-500") && !table.contains("paper_ns/switch"), table);
    }

    /** A paired row that recorded the pair's CPU time: switch.beyond per iteration. */
    private static String pairedRowWithBeyond(int size, double indirect, double[] beyond) {
        StringBuilder raw = new StringBuilder("[[");
        double sum = 0;
        for (int i = 0; i < beyond.length; i++) {
            raw.append(i == 0 ? "" : ",").append(beyond[i]);
            sum += beyond[i];
        }
        raw.append("]]");
        String row = pairedRow(size, indirect, new double[] {indirect - 1, indirect, indirect + 1});
        return row.substring(0, row.length() - 2) + ",\"switch.beyond\":{\"score\":" + sum / beyond.length
                + ",\"scoreError\":1.0,\"scoreUnit\":\"ns/switch\",\"rawData\":" + raw + "}}}";
    }

    /**
     * The whole cost through the caches is the switch's CPU time beyond its walks less that at size 0, judged by the
     * one rule; it stands where the paired estimate reads below 0 (the switch paid the write-backs the first walk saved).
     */
    @Test
    void theWholeCostIsTheSwitchBeyondItsWalksLessThatAtSizeZero() {
        String json = "[" + pairedRowWithBeyond(0, 0, new double[] {2990, 3000, 3010})
                + "," + pairedRowWithBeyond(64, -110, new double[] {3100, 3000, 2950})
                + "," + pairedRowWithBeyond(256, 900, new double[] {5090, 5100, 5110}) + "]";
        List<IndirectCost.Row> rows = Derived.workingSet(JmhJson.parse(JsonParser.parseString(json), Path.of("x.json")));
        assertEquals(3, rows.size());
        assertEquals(0, rows.get(0).paired().whole().value(), 1e-9, "size 0 is the direct row");
        IndirectCost.Paired at64 = rows.get(1).paired();
        assertEquals(Set.of(IndirectCost.Flag.NEGATIVE), at64.flags(), "the paired estimate alone is negative");
        assertEquals(3016.667 - 3000, at64.whole().value(), 1e-3);
        assertEquals(Set.of(IndirectCost.Flag.WITHIN_ERROR), at64.wholeFlags());
        IndirectCost.Paired at256 = rows.get(2).paired();
        assertTrue(at256.wholeClean(), at256.toString());
        assertEquals(2100, at256.whole().value(), 1e-9);
        assertEquals(at256.whole(), at256.answer(), "the whole cost answers where it was derived");
        assertEquals(Set.of(IndirectCost.Flag.WITHIN_ERROR), at64.answerFlags());
        String table = IndirectTable.table(rows, null).text();
        assertTrue(table.contains("cache_ns/switch") && table.contains("beyond_ns/switch") && table.contains("WITHIN_ERROR [20 ± 1,400]"),
                table);
        List<String> lines = IndirectTable.jsonLines(rows);
        assertTrue(lines.stream().anyMatch(l -> l.contains("\"estimator\":\"whole\"") && l.contains("\"size_kib\":256")
                && l.contains("\"ns_per_switch\":2100.0") && l.contains("\"beyond_ns_per_switch\":5100.0")), String.join("\n", lines));
    }

    @Test
    void theWholeCostNeedsTheSizeZeroRowAndTheRecordedCpuTime() {
        String json = "[" + pairedRowWithBeyond(256, 900, new double[] {5090, 5100, 5110}) + "," + pairedRow(512, 900,
                new double[] {890, 900, 910}) + "]";
        List<IndirectCost.Row> rows = Derived.workingSet(JmhJson.parse(JsonParser.parseString(json), Path.of("x.json")));
        assertEquals(Set.of(IndirectCost.Flag.MISSING_BASELINE), rows.get(0).paired().wholeFlags());
        assertNull(rows.get(0).paired().whole());
        assertEquals(Set.of(IndirectCost.Flag.NOT_COUNTED), rows.get(1).paired().wholeFlags());
        assertEquals(rows.get(0).paired().indirect(), rows.get(0).paired().answer(), "without the size-0 row the paired estimate answers");
        assertTrue(rows.get(0).paired().answerFlags().isEmpty());
        assertTrue(IndirectTable.table(rows, null).text().contains("MISSING_BASELINE"));
        String old = IndirectTable.table(rows.subList(1, 2), null).text();
        assertFalse(old.contains("cache_ns/switch"), "results from before the CPU time was recorded get no column of flags: " + old);
    }

    /**
     * Counted, not assumed: on two CPUs the size-0 round trip switched 1.46 times (the partner answered before the
     * waker slept), so its CPU time per "switch" is per handoff and the whole cost against it is flagged, while on one
     * CPU (2.00) it stands; the price of a working set then falls back to the paired estimate (the run of 2026-11-23
     * 22:00 UTC, both placements in one run).
     */
    @Test
    void aWholeCostAgainstARoundTripThatDidNotSwitchEveryHandoffIsFlagged() {
        Results run = Results.load(Fixtures.results("workingset-placements-epyc-kvm-jdk25"));
        List<IndirectCost.Row> rows = Derived.workingSet(run.usable());
        IndirectCost.Row crossZero = rows.stream().filter(r -> r.placement().equals("CROSS_CPU") && r.workingSetKiB() == 0)
                .findFirst().orElseThrow();
        assertTrue(crossZero.paired().switchesPerOp() < IndirectCost.MIN_SWITCHES_PER_ROUND_TRIP, crossZero.paired().toString());
        for (IndirectCost.Row r : rows) {
            Set<IndirectCost.Flag> wf = r.paired().wholeFlags();
            if (r.placement().equals("CROSS_CPU")) {
                assertTrue(wf.contains(IndirectCost.Flag.FEWER_SWITCHES), r.workingSetKiB() + " KiB: " + wf);
            } else {
                assertFalse(wf.contains(IndirectCost.Flag.FEWER_SWITCHES), r.workingSetKiB() + " KiB: " + wf);
            }
        }
        IndirectCost.Row cross256 = rows.stream().filter(r -> r.placement().equals("CROSS_CPU") && r.workingSetKiB() == 256)
                .findFirst().orElseThrow();
        assertTrue(cross256.paired().clean(), "the paired estimate needs no size-0 row: " + cross256.paired());
        assertFalse(cross256.paired().answerIsWhole());
        assertEquals(cross256.paired().indirect(), cross256.paired().answer(), "a whole cost that is no switch's does not answer");
        SwitchCost.Indirect priced = SwitchCost.indirect(cross256);
        assertEquals(SwitchCost.Estimator.PAIRED, priced.estimator());
        assertEquals(cross256.paired().indirect(), priced.cost());
        String table = IndirectTable.table(rows, null).text();
        assertTrue(table.contains("FEWER_SWITCHES [") && table.contains("0 (direct row)"), table);
        assertTrue(IndirectTable.wholeCell(crossZero).startsWith("FEWER_SWITCHES"), "the two-CPU size-0 row is no direct row: "
                + IndirectTable.wholeCell(crossZero));
        List<String> json = IndirectTable.jsonLines(rows);
        assertTrue(json.stream().filter(l -> l.contains("\"estimator\":\"whole\"") && l.contains("\"size_kib\":0,"))
                .allMatch(l -> l.contains("CROSS_CPU") == l.contains("FEWER_SWITCHES")), String.join("\n", json));
    }

    private static String controlRow(int size, double[] iterations) {
        return pairedRow(size, iterations[0], iterations)
                .replace("WorkingSetHandoff.roundTripPaired", "WorkingSetHandoff.walkAlonePaired")
                .replace("\"handoff\":\"FUTEX\",\"placement\":\"SAME_CPU\",\"sharing\":\"PRIVATE\",", "");
    }

    /** The no-switch control stands beside the paired estimate of the same size, stride and walk, and flags a bias. */
    @Test
    void theNoSwitchControlStandsBesideThePairedEstimateAndFlagsABias() {
        String json = "[" + pairedRow(64, 500, new double[] {490, 500, 510}) + "," + controlRow(64, new double[] {-3, 2, 1})
                + "," + pairedRow(128, 130, new double[] {125, 130, 135}) + "," + controlRow(128, new double[] {120, 126, 131})
                + "," + pairedRow(256, 500, new double[] {490, 500, 510})
                + "," + pairedRow(512, 5000, new double[] {4990, 5000, 5010}) + "," + controlRow(512, new double[] {-120, -126, -131})
                + "," + controlRow(256, new double[] {-220, -230, -225}).replace("\"walk\":", "\"before\":\"READ_L1D\",\"walk\":")
                + "]";
        List<IndirectCost.Row> rows = Derived.workingSet(JmhJson.parse(JsonParser.parseString(json), Path.of("x.json")));
        assertEquals(4, rows.size(), "a control is not a configuration of its own: " + rows);
        IndirectCost.Paired unbiased = rows.get(0).paired();
        assertTrue(unbiased.clean(), unbiased.toString());
        assertEquals(0, unbiased.control().value(), 1e-9);
        IndirectCost.Paired biased = rows.get(1).paired();
        assertEquals(Set.of(IndirectCost.Flag.CONTROL_BIASED), biased.flags());
        assertEquals(125.667, biased.control().value(), 1e-3);
        assertNull(rows.get(2).paired().control(), "no plain control was run at 256 KiB (the READ_L1D one is a diagnostic)");
        assertTrue(rows.get(2).paired().clean());
        IndirectCost.Paired beyond = rows.get(3).paired();
        assertTrue(beyond.clean() && beyond.control() != null,
                "an estimate far beyond a resolved control stands, the control beside it: " + beyond);
        String table = IndirectTable.table(rows, null).text();
        assertTrue(table.contains("control_ns") && table.contains("CONTROL_BIASED [130"), table);
        List<String> lines = IndirectTable.jsonLines(rows);
        assertTrue(lines.get(1).contains("\"control_ns\":125.66") && lines.get(2).contains("\"control_ns\":null"),
                String.join("\n", lines));
    }
}
