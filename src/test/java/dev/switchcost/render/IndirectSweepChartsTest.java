package dev.switchcost.render;

import dev.switchcost.derive.Study;
import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.results.IndirectSweepResults;
import dev.switchcost.derive.Findings;
import dev.switchcost.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYSeries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JVM-vs-C indirect-cost curve and the replication seed's two figures, from the captured working-set run. */
class IndirectSweepChartsTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/results/working-set-sweep-epyc-kvm-2vcpu-jdk25");

    @Test
    void drawsAllThreeChartsFromTheCapturedRun() throws IOException {
        Results r = Results.load(FIXTURE);
        List<IndirectSweepCurve.Point> pts = IndirectSweepCurve.of(r.indirectSweep());
        Optional<Charts.Chart> curve = IndirectSweepChart.of(pts, r.machine(), "q?");
        Optional<Charts.Chart> bySize = SeedCostVsSizeChart.of(pts, r.machine(), "q?");
        Optional<Charts.Chart> byStride = SeedIndirectVsStrideChart.of(pts, "q?");
        for (Optional<Charts.Chart> c : List.of(curve, bySize, byStride)) {
            assertTrue(c.isPresent());
            assertTrue(ChartsTest.decode(c.get()).getWidth() == ChartFrame.WIDTH);
        }
        assertEquals(List.of("indirect-jvm-vs-c", "seed-cost-vs-size", "seed-indirect-vs-stride"),
                List.of(curve.get().name(), bySize.get().name(), byStride.get().name()));
        // the direct cost of each implementation is a reference line
        assertEquals(2, IndirectSweepChart.directReferences(pts).size());
    }

    @Test
    void nothingToDrawWithoutTheSeedsStridesOrSizes() throws IOException {
        List<IndirectSweepCurve.Point> stride64 = IndirectSweepCurve.of(Results.load(FIXTURE).indirectSweep()).stream()
                .filter(p -> p.strideBytes() == 64).toList();
        assertTrue(SeedCostVsSizeChart.of(stride64, null, "q?").isEmpty(), "figure 1 is at stride 16");
        assertTrue(SeedIndirectVsStrideChart.of(stride64, "q?").isEmpty(), "figure 2 needs two strides");
    }

    @Test
    void reportHasTheSectionAndWritesThePngs(@TempDir Path tmp) throws IOException {
        Path charts = tmp.resolve("img");
        Files.createDirectories(charts);
        ReportRenderer.Rendered out = ReportRenderer.render(Study.of(List.of(Results.load(FIXTURE))), tmp, charts, "test");
        String md = Files.readString(out.markdown());
        assertTrue(md.contains("switchcost working-set"), md);
        assertTrue(md.contains("indirect ns/switch"), md);
        assertTrue(out.sections().contains("working-set-sweep"), out.sections().toString());
        for (String name : List.of("indirect-jvm-vs-c", "seed-cost-vs-size", "seed-indirect-vs-stride")) {
            assertTrue(Files.size(charts.resolve(name + ".png")) > 1000, name);
        }
    }
    /**
     * A run that read the threads' CPU time sets the JVM against C at each size, paired by repetition (a captured run: the
     * JVM dearer at 1 and 2 MiB, not resolved at 4, no ratio at 8 where a repetition read below size 0); a run from before
     * that says nothing of it.
     */
    @Test
    void theReportSetsTheJvmAgainstCPairedByRepetition() {
        String line = WorkingSetSections.against(Findings.of(Results.load(
                Path.of("src/test/resources/fixtures/results/working-set-whole-xeon-kvm-jdk25"))))
                .orElseThrow();
        assertTrue(line.contains("1,024 KiB: 1.4 ± 0.3×, JVM dearer; 2,048 KiB: 1.36 ± 0.25×, JVM dearer; 4,096 KiB: 1.0 ± 0.4×,"
                + " not resolved; 8,192 KiB: no ratio (a repetition's cost not above 0)"), line);
        assertTrue(WorkingSetSections.against(Findings.of(Results.load(FIXTURE))).isEmpty(), "no repetition read the threads' CPU time");
    }

    /** Where the threads' CPU time was read, figure 2 draws the whole cost against the stride, not the paired estimate. */
    @Test
    void theStrideFigureDrawsTheWholeCostWhereItWasRead() throws IOException {
        List<IndirectSweepResults.Cell> cells = new java.util.ArrayList<>();
        for (int stride : new int[] {8, 16}) {
            cells.add(new IndirectSweepResults.Cell("C", 0, stride, "SAME_CPU", "ws_threads", null,
                    List.of(sample(1, 36, 36, 2000), sample(2, 36, 36, 2010))));
            cells.add(new IndirectSweepResults.Cell("C", 64, stride, "SAME_CPU", "ws_threads", null,
                    List.of(sample(1, 1100, 1000, 2900 + stride), sample(2, 1110, 1000, 2910 + stride))));
        }
        List<IndirectSweepCurve.Point> pts = IndirectSweepCurve.of(new IndirectSweepResults(1, "t", 2, "s", cells));
        Charts.Chart c = SeedIndirectVsStrideChart.of(pts, "q?").orElseThrow();
        XYSeries line = c.xy().getSeriesMap().get("C, 64 KiB");
        assertEquals(List.of(3.0, 4.0), java.util.Arrays.stream(line.getXData()).boxed().toList(), "log2 of the strides");
        for (int k = 0; k < 2; k++) {
            IndirectSweepCurve.Point p = pts.stream().filter(x -> x.workingSetKiB() == 64).toList().get(k);
            assertEquals(p.whole().value(), line.getYData()[k], 1e-9, "the whole cost at stride " + p.strideBytes());
            assertTrue(Math.abs(p.whole().value() - p.indirect().value()) > 100, "whole and paired differ: " + p);
        }
    }

    private static IndirectSweepResults.Sample sample(int rep, double first, double second, double beyond) {
        return new IndirectSweepResults.Sample(rep, first, second, first - second, 10_000, 2.0, null, beyond);
    }
}
