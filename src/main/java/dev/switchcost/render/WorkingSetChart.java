package dev.switchcost.render;

import dev.switchcost.derive.Headline;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.render.Charts.Chart;
import dev.switchcost.render.Charts.Label;
import dev.switchcost.results.Estimate;
import org.knowm.xchart.XYChart;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The indirect cost of a switch against the working set, from {@code run}'s rows. */
final class WorkingSetChart {

    private WorkingSetChart() {
    }

    /**
     * The working-set chart, the answer to "what does a switch cost through the caches?": the indirect cost
     * per switch against the working set each side touches (log x from L1d/2 to 2·LLC where machine.json
     * gives the caches, the caches marked), one curve per stride, placement, handoff and sharing, with its
     * 99.9% error as whiskers, and the direct cost of a switch as a dashed horizontal reference. The y axis is
     * logarithmic where the values span decades (16 KiB's ~100 ns beside 4 MiB's ~450,000 ns), with what is
     * ≤ 0 or within error of 0 in a marked row below it ({@link CurveChart}). Where the pair's CPU time was
     * recorded beside a size-0 row, two curves per series: the whole cost (in the switch and after it) and the
     * paired estimate (after it only), with the size-0 CPU time per switch as the direct cost. Otherwise the curve
     * is the paired estimate where roundTripPaired ran (a whole cost flagged {@link IndirectCost.Flag#FEWER_SWITCHES} is
     * left to the table); only where no paired row exists does it draw the paper's estimator
     * (total − direct − walk), and says so in the title. Rows without a value and memory-bound paper rows
     * are left out (the table has them).
     *
     * @param directFallback the direct cost to draw when no row carries its own size-0 round trip (e.g. the
     *                       answer card's one-CPU figure), or null
     */
    static Optional<Chart> of(List<IndirectCost.Row> rows, MachineInfo machine, Headline.Figure directFallback,
                                             String question) throws IOException {
        boolean paired = rows.stream().anyMatch(r -> r.paired() != null && r.workingSetKiB() > 0
                && Double.isFinite(r.paired().indirect().value()));
        // the whole cost (in the switch and after it) where the pair's CPU time was recorded beside a size-0 row
        boolean whole = paired && rows.stream().anyMatch(r -> r.paired() != null && r.workingSetKiB() > 0
                && r.paired().whole() != null && Double.isFinite(r.paired().whole().value()));
        boolean jdks = rows.stream().map(IndirectCost.Row::jdk).distinct().count() > 1;
        boolean walks = rows.stream().map(IndirectCost.Row::walkKind).distinct().count() > 1;
        boolean placements = rows.stream().map(IndirectCost.Row::placement).distinct().count() > 1;
        Map<String, TreeMap<Double, Estimate>> bySeries = new LinkedHashMap<>();
        Map<String, String> seriesKey = new LinkedHashMap<>();
        Estimate direct = null;
        String directWhat = null;
        for (IndirectCost.Row r : rows) {
            if (whole && direct == null && r.workingSetKiB() == 0 && r.paired() != null && r.paired().beyond() != null
                    && !r.paired().wholeFlags().contains(IndirectCost.Flag.FEWER_SWITCHES)) {
                direct = r.paired().beyond();
                directWhat = "direct cost, " + r.handoff() + " " + r.placement() + " (the pair's CPU time per switch at size 0)";
            }
            Map<String, Estimate> drawn = new LinkedHashMap<>();
            if (whole) {
                // a whole cost taken against a round trip that did not switch on every handoff is not one: table only
                drawn.put(", in the switch and after it", r.paired() == null
                        || r.paired().wholeFlags().contains(IndirectCost.Flag.FEWER_SWITCHES) ? null : r.paired().whole());
                drawn.put(PAIRED_SUFFIX, r.paired() == null ? null : r.paired().indirect());
            } else if (paired) {
                drawn.put("", r.paired() == null ? null : r.paired().indirect());
            } else {
                // memory-bound sizes (walk > 90% of the total) are a small difference of huge numbers: table only
                drawn.put("", r.flags().contains(IndirectCost.Flag.WALK_DOMINATED) ? null : r.indirect());
            }
            for (Map.Entry<String, Estimate> d : drawn.entrySet()) {
                Estimate e = d.getValue();
                if (e == null || r.workingSetKiB() <= 0 || !Double.isFinite(e.value())) {
                    continue;
                }
                if (direct == null && r.direct() != null) {
                    direct = r.direct();
                    directWhat = "direct cost, " + r.handoff() + " " + r.placement() + " (roundTrip at size 0)";
                }
                String series = (jdks ? "JDK " + r.jdk() + " " : "") + "stride " + r.strideBytes() + " B, " + r.placement() + ", "
                        + r.handoff() + ", " + r.sharing() + (walks ? ", " + r.walkKind() + " walk" : "") + d.getKey();
                bySeries.computeIfAbsent(series, k -> new TreeMap<>()).put((double) r.workingSetKiB(), e);
                // colour: the placement where several are drawn (or where each has a whole and a paired curve, told
                // apart by marker and stroke), else the JDK where several are, else none
                if (placements || whole && !jdks) {
                    seriesKey.put(series, Palette.placement(r.placement()));
                } else if (jdks) {
                    seriesKey.put(series, Palette.jdkOf(r.jdk()));
                }
            }
        }
        if (bySeries.isEmpty() || !paired && bySeries.values().stream().allMatch(m -> m.size() < 2)) {
            return Optional.empty();
        }
        if (direct == null && directFallback != null && directFallback.perSwitch() != null) {
            direct = directFallback.perSwitch();
            directWhat = "direct cost, " + directFallback.what();
        }
        List<CurveChart.Curve> curves = curves(bySeries, seriesKey, whole);
        List<CurveChart.Reference> refs = direct != null && Double.isFinite(direct.value())
                ? List.of(new CurveChart.Reference(directWhat + ": " + Fmt.pm(direct) + " ns", direct, Color.DARK_GRAY)) : List.of();
        List<Label> labels = new ArrayList<>();
        XYChart chart = CurveChart.curveChart(whole ? "Cost of a switch through the caches: in the switch and after it, and after it only, 99.9% error"
                        : paired ? "Indirect cost of a switch: paired estimate (first − second walk), 99.9% error"
                        : "Indirect cost of a switch: the paper's estimator (total − direct − walk), 99.9% error",
                "working set each side touches between switches, KiB (log scale)", "indirect cost, ns per switch", curves, refs,
                CurveChart.caches(machine), true, true, labels);
        return Optional.of(new Chart("working-set", question, chart, CurveChart.keys(chart, curves), labels));
    }

    /**
     * The curves, coloured by their {@link Palette} key (else unkeyed), those of one colour told apart by marker
     * and stroke; where whole and paired curves are drawn, the whole cost solid and the paired estimate dashed.
     */
    private static List<CurveChart.Curve> curves(Map<String, TreeMap<Double, Estimate>> bySeries, Map<String, String> seriesKey,
                                                 boolean whole) {
        List<CurveChart.Curve> curves = new ArrayList<>();
        Map<Color, Integer> sameColour = new LinkedHashMap<>();
        Map<String, Integer> sameKind = new LinkedHashMap<>();
        for (Map.Entry<String, TreeMap<Double, Estimate>> s : bySeries.entrySet()) {
            String key = seriesKey.get(s.getKey());
            key = key != null && Palette.isKey(key) ? key : null;
            Color c = key != null ? Palette.of(key) : Palette.unkeyed(curves.size());
            // curves of one colour told apart by their marker and stroke; where whole and paired curves are drawn, the
            // whole cost is solid and the paired estimate dashed in every colour
            int nth;
            if (whole) {
                int kind = s.getKey().endsWith(PAIRED_SUFFIX) ? 1 : 0; // strokes 0, 2: solid, dotted; 1, 3: dashed, dash-dot
                nth = kind + 2 * (sameKind.merge(c.getRGB() + "/" + kind, 1, Integer::sum) - 1);
            } else {
                nth = sameColour.merge(c, 1, Integer::sum) - 1;
            }
            curves.add(new CurveChart.Curve(s.getKey(), c, key, ChartFrame.MARKERS[nth % ChartFrame.MARKERS.length],
                    ChartFrame.STROKES[nth % ChartFrame.STROKES.length], s.getValue()));
        }
        return curves;
    }

    /** The name's end of a working-set chart's paired curve, beside a whole-cost curve. */
    static final String PAIRED_SUFFIX = ", after it only (paired)";
}
