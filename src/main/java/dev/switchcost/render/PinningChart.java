package dev.switchcost.render;

import dev.switchcost.derive.PinningStudy;
import dev.switchcost.render.Charts.Chart;
import dev.switchcost.render.Charts.Label;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.PerSwitch;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Font;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Does {@code synchronized} pin a carrier, a row per carriers × primitive, a dot per JDK. */
final class PinningChart {

    private PinningChart() {
    }

    /**
     * The pinning study as one chart: a row per carriers × primitive (one carrier first, {@code synchronized} first),
     * in each row a dot per JDK (oldest on top) in the JDK's {@link Palette} colour with its 99.9% error as a
     * whisker, on a log axis of ns per switch (the round trip ÷ 2); one series per JDK, in the legend. A cell without a figure
     * (refused, failed, not run) is a gap labelled with why, in its JDK's place in the row, never a value.
     *
     * @return empty when no cell has a figure
     */
    static Optional<Chart> of(String name, PinningStudy study, String question) throws IOException {
        List<PinningStudy.Row> measured = study.rows().stream().filter(r -> r.nsPerRoundTrip() != null
                && Double.isFinite(r.nsPerRoundTrip().value()) && r.nsPerRoundTrip().value() > 0).toList();
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        List<String> jdks = study.jdks();
        // rows: one carrier before two, then the primitives in the study's order (synchronized first)
        List<Map.Entry<Integer, String>> cells = new ArrayList<>();
        study.rows().stream().map(r -> Map.entry(r.carriers(), r.primitive())).distinct()
                .sorted(Comparator.<Map.Entry<Integer, String>>comparingInt(Map.Entry::getKey)
                        .thenComparingInt(e -> PinningStudy.PRIMITIVES.indexOf(e.getValue())))
                .forEach(cells::add);
        double min = measured.stream().map(PinningChart::perSwitch).mapToDouble(e -> e.errorKnown() && e.lower() > 0
                ? e.lower() : e.value()).min().orElseThrow();
        double max = measured.stream().map(PinningChart::perSwitch).mapToDouble(e -> e.errorKnown() ? e.upper()
                : e.value()).max().orElseThrow();
        double lo = Math.pow(10, Math.floor(Math.log10(min * 0.8)));
        double hi = Math.pow(10, Math.ceil(Math.log10(max * 1.05)));
        int n = cells.size();
        int rowPx = 34 + 18 * jdks.size();
        String title = "Does synchronized pin a carrier? " + String.join(" vs ", jdks.stream()
                .map(j -> Palette.jdkOf(j) == null ? "JDK " + j : Palette.jdkOf(j)).distinct().toList());
        XYChart chart = ChartFrame.dotChart(title, HandoffSections.PER_SWITCH_AXIS + ", log scale; whiskers: 99.9% error", 150 + n * rowPx,
                true, true);
        Font font = chart.getStyler().getAnnotationTextFont();
        chart.getStyler().setLegendFont(font);
        chart.getStyler().setXAxisMin(lo);
        chart.getStyler().setXAxisMax(hi);
        chart.getStyler().setYAxisMin(0.35);
        chart.getStyler().setYAxisMax(n + 0.6);
        List<Label> labels = new ArrayList<>();
        Map<String, List<double[]>> points = new LinkedHashMap<>();
        jdks.forEach(j -> points.put(j, new ArrayList<>()));
        double lane = Math.min(0.24, 0.6 / jdks.size());
        for (int i = 0; i < n; i++) {
            double y = n - i;
            int carriers = cells.get(i).getKey();
            String primitive = cells.get(i).getValue();
            if (i > 0 && carriers != cells.get(i - 1).getKey()) {
                chart.addAnnotation(new AnnotationLine(y + 0.5, false, false));
            }
            List<String> texts = new ArrayList<>();
            String shown = null;
            for (int k = 0; k < jdks.size(); k++) {
                String jdk = jdks.get(k);
                double laneY = y - 0.05 - k * lane;
                Optional<PinningStudy.Row> cell = study.rows().stream().filter(r -> r.jdk().equals(jdk) && r.carriers() == carriers
                        && r.primitive().equals(primitive)).findFirst();
                if (cell.isEmpty()) {
                    continue;
                }
                shown = cell.get().shown();
                Estimate e = perSwitch(cell.get());
                if (measured.contains(cell.get())) {
                    if (e.errorKnown() && e.halfWidth() > 0) {
                        ChartFrame.errorBar(chart, "err " + jdk + " " + i, Math.max(lo, e.lower()), Math.min(hi, e.upper()), laneY);
                    }
                    points.get(jdk).add(new double[] {e.value(), laneY});
                    texts.add("JDK " + jdk + " " + Fmt.pm(e) + AnswerCard.disturbed(cell.get().disturbed()));
                } else {
                    String why = ChartFrame.brief(cell.get().missing() == null ? "no figure" : cell.get().missing());
                    texts.add("JDK " + jdk + " " + why);
                    // the gap, in this JDK's place in the row: what would have been a dot is a reason
                    ChartFrame.label(chart, labels, "JDK " + jdk + ": no figure (" + why + ")", font, lo, hi, true, laneY);
                }
            }
            ChartFrame.label(chart, labels, shown + " · " + carriers + (carriers == 1 ? " carrier" : " carriers") + "    "
                    + String.join("  ·  ", texts), font, lo, hi, true, y + 0.3);
        }
        return Optional.of(new Chart(name, question, chart, jdkSeries(chart, points), labels));
    }

    /** A cell's round trip per switch, the card's unit ({@link PerSwitch}); null without a figure. */
    private static Estimate perSwitch(PinningStudy.Row r) {
        return r.nsPerRoundTrip() == null ? null : PerSwitch.ofRoundTrip(r.nsPerRoundTrip());
    }

    /** One series of dots per JDK, in its {@link Palette} colour, in the legend; the series' keys (name → JDK key). */
    private static Map<String, String> jdkSeries(XYChart chart, Map<String, List<double[]>> points) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Map.Entry<String, List<double[]>> p : points.entrySet()) {
            if (p.getValue().isEmpty()) {
                continue;
            }
            String key = Palette.jdkOf(p.getKey());
            XYSeries s = chart.addSeries("JDK " + p.getKey(), p.getValue().stream().mapToDouble(v -> v[0]).toArray(),
                    p.getValue().stream().mapToDouble(v -> v[1]).toArray());
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setMarkerColor(key != null ? Palette.of(key) : Palette.unkeyed(keys.size()));
            if (key != null) {
                keys.put(s.getName(), key);
            }
        }
        return keys;
    }
}
