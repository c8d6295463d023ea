package dev.switchcost.render;

import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.render.Charts.Chart;
import dev.switchcost.render.Charts.Label;
import org.knowm.xchart.XYChart;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** JVM and C indirect cost against the working set, from one {@code working-set} run. */
final class IndirectSweepChart {

    private IndirectSweepChart() {
    }

    /**
     * The JVM and C indirect cost of a switch from one {@code switchcost working-set} run: paired indirect ns per
     * switch against the working set (log x from L1d/2 to 2·LLC, the caches marked), one curve per stride and
     * implementation (JVM solid, C dashed, one colour per stride), the 99.9% error as whiskers, the direct cost
     * of each implementation as a horizontal reference; log y where the values span decades, what is ≤ 0 or
     * within error of 0 in a marked row below it ({@link CurveChart}).
     */
    static Optional<Chart> of(List<IndirectSweepCurve.Point> points, MachineInfo machine, String question)
            throws IOException {
        List<IndirectSweepCurve.Point> shown = points.stream().filter(p -> p.workingSetKiB() > 0).toList();
        if (shown.isEmpty()) {
            return Optional.empty();
        }
        // the whole cost (in the switch and after it) where every point has it; results from before it, the paired
        boolean whole = shown.stream().allMatch(p -> p.whole() != null);
        boolean placements = shown.stream().map(IndirectSweepCurve.Point::placement).distinct().count() > 1;
        List<Long> strides = shown.stream().map(IndirectSweepCurve.Point::strideBytes).distinct().sorted().toList();
        Map<String, CurveChart.Curve> curves = new LinkedHashMap<>();
        for (IndirectSweepCurve.Point p : shown) {
            String key = p.impl() + ", stride " + p.strideBytes() + " B" + (placements ? ", " + p.placement() : "");
            // several placements: the placement's colour (strides by marker); one: a colour per stride
            String colourKey = placements ? Palette.placement(p.placement()) : null;
            Color c = colourKey != null ? Palette.of(colourKey) : Palette.unkeyed(strides.indexOf(p.strideBytes()));
            int marker = placements ? strides.indexOf(p.strideBytes()) : 0;
            curves.computeIfAbsent(key, k -> CurveChart.Curve.of(k, c, colourKey, marker, !p.impl().equals("JVM")))
                    .points().put((double) p.workingSetKiB(), whole ? p.whole() : p.indirect());
        }
        List<Label> labels = new ArrayList<>();
        XYChart chart = CurveChart.curveChart(whole ? "Cost of a switch through the caches, in the switch and after it, JVM and C, one interleaved run (99.9% error)"
                        : "Indirect cost of a switch, JVM and C, one interleaved run (paired: first − second walk; 99.9% error)",
                "working set each side touches between switches, KiB (log scale)", "indirect cost, ns per switch",
                List.copyOf(curves.values()), directReferences(points), CurveChart.caches(machine), true, true, labels);
        return Optional.of(new Chart("indirect-jvm-vs-c", question, chart, CurveChart.keys(chart, curves.values()), labels));
    }

    /** The direct cost (size-0 round trip / 2) of each implementation and placement, one line each, once per stride set. */
    static List<CurveChart.Reference> directReferences(List<IndirectSweepCurve.Point> points) {
        Map<String, CurveChart.Reference> out = new LinkedHashMap<>();
        for (IndirectSweepCurve.Point p : points) {
            if (p.workingSetKiB() == 0 && p.direct() != null && Double.isFinite(p.direct().value())) {
                out.putIfAbsent(p.impl() + p.placement(), new CurveChart.Reference("direct cost, " + p.impl() + " " + p.placement()
                        + " (size 0, round trip / 2): " + Fmt.pm(p.direct()) + " ns", p.direct(),
                        p.impl().equals("JVM") ? Color.DARK_GRAY : new Color(0x999999)));
            }
        }
        return List.copyOf(out.values());
    }
}
