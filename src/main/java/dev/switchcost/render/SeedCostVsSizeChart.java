package dev.switchcost.render;

import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.render.Charts.Chart;
import dev.switchcost.render.Charts.Label;
import org.knowm.xchart.XYChart;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The replication seed's total cost per switch against the array size. */
final class SeedCostVsSizeChart {

    private SeedCostVsSizeChart() {
    }

    /**
     * The replication seed's first figure: the total cost per switch (direct + indirect, Li et al.'s c2; the indirect
     * cost is {@link IndirectSweepCurve.Point#answer()}, the whole cost where the threads' CPU time was read)
     * against the working set at stride {@value Charts#SEED_STRIDE} B, {@value Charts#SEED_SIZE_MIN_KIB} KiB to
     * {@value Charts#SEED_SIZE_MAX_KIB} KiB, JVM and C; log x with the caches marked, 99.9% error; log y where the
     * values span decades, what is ≤ 0 or within error of 0 in a marked row below it ({@link CurveChart}).
     */
    static Optional<Chart> of(List<IndirectSweepCurve.Point> points, MachineInfo machine, String question)
            throws IOException {
        Map<String, CurveChart.Curve> curves = new LinkedHashMap<>();
        for (IndirectSweepCurve.Point p : points) {
            if (p.strideBytes() != Charts.SEED_STRIDE || p.total() == null || p.workingSetKiB() < Charts.SEED_SIZE_MIN_KIB
                    || p.workingSetKiB() > Charts.SEED_SIZE_MAX_KIB) {
                continue;
            }
            String key = p.impl() + ", " + p.placement();
            // the placement's colour; JVM solid, C dashed
            String colourKey = Palette.placement(p.placement());
            curves.computeIfAbsent(key, k -> CurveChart.Curve.of(k, Palette.of(colourKey), colourKey, 0, !p.impl().equals("JVM")))
                    .points().put((double) p.workingSetKiB(), p.total());
        }
        if (curves.values().stream().allMatch(c -> c.points().size() < 2)) {
            return Optional.empty();
        }
        List<Label> labels = new ArrayList<>();
        XYChart chart = CurveChart.curveChart("Total cost per switch (direct + indirect) at stride " + Charts.SEED_STRIDE + " B, JVM and C (99.9% error)",
                "array each side walks between switches, KiB (log scale)", "total cost, ns per switch",
                List.copyOf(curves.values()), IndirectSweepChart.directReferences(points), CurveChart.caches(machine), false, true, labels);
        return Optional.of(new Chart("seed-cost-vs-size", question, chart, CurveChart.keys(chart, curves.values()), labels));
    }
}
