package dev.switchcost.render;

import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.render.Charts.Chart;
import dev.switchcost.render.Charts.Label;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The replication seed's indirect cost against the stride, a line per size. */
final class SeedIndirectVsStrideChart {

    private SeedIndirectVsStrideChart() {
    }

    /**
     * The replication seed's second figure: the indirect cost ({@link IndirectSweepCurve.Point#answer()}: the whole cost
     * where the threads' CPU time was read, else the paired estimate) against the stride (8–128 B, log₂ x), one
     * line per size from {@value Charts#SEED_STRIDE_SIZE_MIN_KIB} KiB to {@value Charts#SEED_STRIDE_SIZE_MAX_KIB} KiB, JVM
     * solid and C dashed, 99.9% error as whiskers; linear y (the seed's few repetitions leave most of its values
     * within error of 0: on a log axis nearly every point would sit in the row below it).
     */
    static Optional<Chart> of(List<IndirectSweepCurve.Point> points, String question) throws IOException {
        List<IndirectSweepCurve.Point> shown = points.stream().filter(p -> p.workingSetKiB() >= Charts.SEED_STRIDE_SIZE_MIN_KIB
                && p.workingSetKiB() <= Charts.SEED_STRIDE_SIZE_MAX_KIB && p.strideBytes() >= 8 && p.strideBytes() <= 128).toList();
        boolean placements = shown.stream().map(IndirectSweepCurve.Point::placement).distinct().count() > 1;
        List<Long> sizes = shown.stream().map(IndirectSweepCurve.Point::workingSetKiB).distinct().sorted().toList();
        Map<String, CurveChart.Curve> curves = new LinkedHashMap<>();
        for (IndirectSweepCurve.Point p : shown) {
            String key = p.impl() + ", " + Fmt.num(p.workingSetKiB()) + " KiB" + (placements ? ", " + p.placement() : "");
            Color c = Palette.unkeyed(sizes.indexOf(p.workingSetKiB()));
            int marker = placements ? List.of("SAME_CPU", "CROSS_CPU").indexOf(p.placement()) + 1 : 0;
            curves.computeIfAbsent(key, k -> CurveChart.Curve.of(k, c, null, marker, !p.impl().equals("JVM")))
                    .points().put(Math.log(p.strideBytes()) / Math.log(2), p.answer());
        }
        if (curves.values().stream().allMatch(c -> c.points().size() < 2)) {
            return Optional.empty();
        }
        List<Label> labels = new ArrayList<>();
        XYChart chart = CurveChart.curveChart("Indirect cost of a switch against the stride, one line per array size (JVM solid, C dashed; 99.9% error)",
                "stride of the walk, bytes (log₂ scale)", "indirect cost, ns per switch", List.copyOf(curves.values()), List.of(),
                null, false, false, labels);
        chart.getStyler().setXAxisLogarithmic(false);
        chart.getStyler().setXAxisMin(2.5);
        chart.getStyler().setXAxisMax(7.5);
        // XChart's own ticks on this axis would be exponents: hide them and label each stride where it is
        chart.getStyler().setXAxisTicksVisible(false);
        double bottom = chart.getStyler().getYAxisMin();
        double top = chart.getStyler().getYAxisMax();
        for (int k = 3; k <= 7; k++) {
            chart.addAnnotation(new AnnotationLine(k, true, false));
            ChartFrame.text(chart, labels, Fmt.num(Math.pow(2, k)) + " B", k + 0.12, bottom + (top - bottom) * 0.03);
        }
        return Optional.of(new Chart("seed-indirect-vs-stride", question, chart, CurveChart.keys(chart, curves.values()), labels));
    }
}
