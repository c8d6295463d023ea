package dev.switchcost.render;

import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Derived;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 18: the working-set charts put the indirect cost on a log axis (16 KiB's ~100 ns beside 4 MiB's ~450,000 ns)
 * and what a log axis cannot hold (≤ 0, or within its error of 0) in the marked row below it, never on the axis.
 */
class WorkingSetChartTest {

    static final Path PAIRED = Fixtures.results("workingset-paired-sweep-epyc-kvm-jdk25");
    static final Path CURVE = Fixtures.results("working-set-jvm-and-c-epyc-kvm-jdk25");

    /** The grey row's band: its lowest and highest y. */
    static double[] row(XYChart c) {
        XYSeries band = c.getSeriesMap().get(CurveChart.BELOW_LOG_AXIS);
        assertNotNull(band, "the row below the log axis is drawn, in the legend");
        assertTrue(band.isShowInLegend());
        return new double[] {Arrays.stream(band.getYData()).min().orElseThrow(), Arrays.stream(band.getYData()).max().orElseThrow()};
    }

    /**
     * Every point of {@code curve}: on the log axis (its line's y is its value, above the row) when it is above 0
     * beyond its error, else in the row (its line's y is NaN, its dot in the row, its value ± error written on the
     * chart); returns how many are in the row.
     */
    static int checkCurve(Charts.Chart c, String curve, TreeMap<Double, Estimate> points) {
        XYChart xy = c.xy();
        double[] band = row(xy);
        XYSeries line = xy.getSeriesMap().get(curve);
        XYSeries below = xy.getSeriesMap().get(curve + " (≤ 0 or within error of 0)");
        int inRow = 0;
        for (Map.Entry<Double, Estimate> p : points.entrySet()) {
            Estimate e = p.getValue();
            int i = Arrays.binarySearch(line.getXData(), p.getKey());
            assertTrue(i >= 0, curve + " has a point at " + p.getKey());
            double y = line.getYData()[i];
            if (e.value() > 0 && e.lower() > 0) {
                assertEquals(e.value(), y, curve + " " + p.getKey() + " KiB on the axis at its value");
                assertTrue(y > band[1], "above the row");
            } else {
                inRow++;
                assertTrue(Double.isNaN(y), curve + " " + p.getKey() + " KiB (" + Fmt.pm(e) + ") is not on the log axis");
                assertNotNull(below, curve + " has points in the row");
                int j = Arrays.binarySearch(below.getXData(), p.getKey());
                assertTrue(j >= 0, curve + " " + p.getKey() + " KiB is in the row");
                assertTrue(below.getYData()[j] > band[0] && below.getYData()[j] < band[1], "inside the band");
                assertTrue(c.labels().stream().anyMatch(l -> l.text().equals(Fmt.pm(e)) && l.y() < band[1]),
                        curve + " " + p.getKey() + " KiB: its value written in the row");
            }
        }
        return inRow;
    }

    @Test
    void thePairedEstimateIsOnALogAxisWithItsNegativeAndUnresolvedSizesInTheRow() throws IOException {
        Results r = Results.load(PAIRED);
        List<IndirectCost.Row> rows = Derived.workingSet(r.rows());
        Charts.Chart c = WorkingSetChart.of(rows, r.machine(), null, "q?").orElseThrow();
        XYChart xy = c.xy();
        assertTrue(xy.getStyler().isYAxisLogarithmic(), "the values span 16 KiB's ~100 ns to 4 MiB's ~450,000 ns");
        assertTrue(xy.getStyler().isXAxisLogarithmic());
        assertTrue(xy.getYAxisTitle().contains("ns per switch") && xy.getXAxisTitle().contains("KiB"), "units on both axes");
        TreeMap<Double, Estimate> points = new TreeMap<>();
        for (IndirectCost.Row x : rows) {
            if (x.paired() != null && x.workingSetKiB() > 0) {
                points.put((double) x.workingSetKiB(), x.paired().indirect());
            }
        }
        String curve = "stride 64 B, SAME_CPU, FUTEX, PRIVATE";
        assertTrue(xy.getSeriesMap().containsKey(curve), xy.getSeriesMap().keySet().toString());
        assertEquals(9, points.size(), "16 KiB .. 4 MiB");
        // 64 KiB reads −119 ± 20 and 128 KiB 21 ± 43: the row, not the axis; the other seven on the axis
        assertEquals(2, checkCurve(c, curve, points));
        // the row holds no tick of the axis: no power of ten between its bottom and its top
        double[] band = row(xy);
        assertEquals(band[0], xy.getStyler().getYAxisMin(), "the row is the axis's bottom");
        assertEquals(Math.floor(Math.log10(band[0])), Math.floor(Math.log10(band[1])), "no decade in the row");
        assertTrue(c.labels().stream().anyMatch(l -> l.text().startsWith("≤ 0 or within error of 0")), "the row says what it is");
        // the caches stay marked
        assertTrue(c.labels().stream().anyMatch(l -> l.text().startsWith("L1d 32 KiB")));
        assertTrue(ReportChartsTest.barSeries(xy).isEmpty());
    }

    static final Path WHOLE = Fixtures.results("workingset-whole-cost-epyc-kvm-jdk25");

    /**
     * Where the pair's CPU time was recorded beside a size-0 row, the chart draws the whole cost (in the switch and
     * after it) and the paired estimate (after it only) per series, one colour told apart by marker and stroke, with
     * the size-0 CPU time per switch as the direct cost.
     */
    @Test
    void theWholeCostIsDrawnBesideThePairedOneWithTheSizeZeroCpuTimeAsTheDirectCost() throws IOException {
        Results r = Results.load(WHOLE);
        List<IndirectCost.Row> rows = Derived.workingSet(r.rows());
        Charts.Chart c = WorkingSetChart.of(rows, r.machine(), null, "q?").orElseThrow();
        XYChart xy = c.xy();
        String base = "stride 64 B, SAME_CPU, FUTEX, PRIVATE";
        TreeMap<Double, Estimate> whole = new TreeMap<>();
        TreeMap<Double, Estimate> paired = new TreeMap<>();
        for (IndirectCost.Row x : rows) {
            if (x.workingSetKiB() > 0) {
                whole.put((double) x.workingSetKiB(), x.paired().whole());
                paired.put((double) x.workingSetKiB(), x.paired().indirect());
            }
        }
        assertEquals(9, whole.size(), "16 KiB .. 4 MiB");
        checkCurve(c, base + ", in the switch and after it", whole);
        checkCurve(c, base + ", after it only (paired)", paired);
        XYSeries w = xy.getSeriesMap().get(base + ", in the switch and after it");
        XYSeries p = xy.getSeriesMap().get(base + ", after it only (paired)");
        assertEquals(w.getLineColor(), p.getLineColor(), "one series, one colour");
        assertFalse(w.getMarker().equals(p.getMarker()) && w.getLineStyle().equals(p.getLineStyle()), "told apart by marker and stroke");
        IndirectCost.Row zero = rows.stream().filter(x -> x.workingSetKiB() == 0).findFirst().orElseThrow();
        assertTrue(xy.getSeriesMap().keySet().stream().anyMatch(n -> n.startsWith("direct cost") && n.contains("CPU time")
                && n.contains(Fmt.pm(zero.paired().beyond()))), xy.getSeriesMap().keySet().toString());
        assertTrue(xy.getTitle().contains("in the switch and after it"), xy.getTitle());
    }

    /**
     * On two CPUs the size-0 round trip switched 1.46 times (FEWER_SWITCHES): its whole-cost curve is left to the table
     * and its paired curve drawn; the direct cost is the one-CPU size-0 CPU time, whose round trip switched twice.
     */
    @Test
    void aWholeCostFlaggedForFewerSwitchesIsNotDrawn() throws IOException {
        Results r = Results.load(Fixtures.results("workingset-placements-epyc-kvm-jdk25"));
        List<IndirectCost.Row> rows = Derived.workingSet(r.rows());
        Charts.Chart c = WorkingSetChart.of(rows, r.machine(), null, "q?").orElseThrow();
        java.util.Set<String> names = c.xy().getSeriesMap().keySet();
        assertFalse(names.stream().anyMatch(n -> n.contains("CROSS_CPU") && n.contains("in the switch and after it")), names.toString());
        assertTrue(names.contains("stride 64 B, CROSS_CPU, FUTEX, PRIVATE, after it only (paired)"), names.toString());
        assertTrue(names.contains("stride 64 B, SAME_CPU, FUTEX, PRIVATE, in the switch and after it"), names.toString());
        // every paired curve is dashed, every whole-cost curve solid, whatever its colour
        XYSeries crossPaired = c.xy().getSeriesMap().get("stride 64 B, CROSS_CPU, FUTEX, PRIVATE, after it only (paired)");
        XYSeries samePaired = c.xy().getSeriesMap().get("stride 64 B, SAME_CPU, FUTEX, PRIVATE, after it only (paired)");
        XYSeries sameWhole = c.xy().getSeriesMap().get("stride 64 B, SAME_CPU, FUTEX, PRIVATE, in the switch and after it");
        assertEquals(samePaired.getLineStyle(), crossPaired.getLineStyle());
        assertFalse(sameWhole.getLineStyle().equals(samePaired.getLineStyle()));
        IndirectCost.Row sameZero = rows.stream().filter(x -> x.workingSetKiB() == 0 && x.placement().equals("SAME_CPU")).findFirst()
                .orElseThrow();
        assertTrue(names.stream().anyMatch(n -> n.startsWith("direct cost") && n.contains("SAME_CPU")
                && n.contains(Fmt.pm(sameZero.paired().beyond()))), names.toString());
    }

    @Test
    void theJvmAndCCurvesOfOneRunEachHaveTheirRow() throws IOException {
        Results r = Results.load(CURVE);
        List<IndirectSweepCurve.Point> pts = IndirectSweepCurve.of(r.indirectSweep());
        Charts.Chart c = IndirectSweepChart.of(pts, r.machine(), "q?").orElseThrow();
        assertTrue(c.xy().getStyler().isYAxisLogarithmic());
        // the direct cost of each implementation stays a reference line
        assertEquals(2, c.xy().getSeriesMap().keySet().stream().filter(n -> n.startsWith("direct cost")).count());
        int inRow = 0;
        for (String impl : List.of("JVM", "C")) {
            TreeMap<Double, Estimate> points = new TreeMap<>();
            pts.stream().filter(p -> p.impl().equals(impl) && p.workingSetKiB() > 0)
                    .forEach(p -> points.put((double) p.workingSetKiB(), p.indirect()));
            int n = checkCurve(c, impl + ", stride 64 B", points);
            assertTrue(n > 0 && n < points.size(), impl + ": some sizes on the axis, some in the row");
            inRow += n;
        }
        assertEquals(inRow, c.xy().getSeriesMap().values().stream().filter(s -> s.getName().endsWith("(≤ 0 or within error of 0)"))
                .mapToInt(s -> s.getXData().length).sum(), "the row holds those points and no others");
    }

    /** Within a decade, or with nothing that a log axis cannot hold, there is no row; values ≤ 0 keep a linear axis. */
    @Test
    void noRowWithoutValuesBelowTheAxisAndLinearWithinADecade() throws IOException {
        TreeMap<Double, Estimate> all = new TreeMap<>(Map.of(16.0, est(90), 256.0, est(800), 4096.0, est(450_000)));
        Charts.Chart log = sweep(all);
        assertTrue(log.xy().getStyler().isYAxisLogarithmic());
        assertFalse(log.xy().getSeriesMap().containsKey(CurveChart.BELOW_LOG_AXIS));
        Charts.Chart linear = sweep(new TreeMap<>(Map.of(16.0, est(90), 256.0, est(-40), 4096.0, est(300))));
        assertFalse(linear.xy().getStyler().isYAxisLogarithmic(), "90 and 300: within a decade");
        assertTrue(Arrays.stream(linear.xy().getSeriesMap().get("JVM, stride 64 B").getYData()).anyMatch(y -> y == -40),
                "on a linear axis a negative value is drawn where it is");
    }

    static Estimate est(double v) {
        return Estimate.ofSamples(new double[] {v * 0.99, v, v * 1.01});
    }

    /** A JVM sweep at stride 64 B with these indirect costs (first walk = value, second = 0; direct 1,000 ns). */
    static Charts.Chart sweep(TreeMap<Double, Estimate> indirect) throws IOException {
        List<IndirectSweepCurve.Point> pts = indirect.entrySet().stream().map(e -> point(e.getKey().longValue(), e.getValue())).toList();
        return IndirectSweepChart.of(pts, null, "q?").orElseThrow();
    }

    static IndirectSweepCurve.Point point(long kib, Estimate indirect) {
        return new IndirectSweepCurve.Point("JVM", kib, 64, "SAME_CPU", indirect, indirect, Estimate.exact(0), Estimate.exact(1000),
                null, null, 2, 5, 0, null, null);
    }
}
