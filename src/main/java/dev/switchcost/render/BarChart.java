package dev.switchcost.render;

import dev.switchcost.render.Charts.Bar;
import dev.switchcost.render.Charts.Chart;
import dev.switchcost.render.Charts.Label;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** One labelled row per figure, a bar from 0 on a linear axis or a dot on a log one. */
final class BarChart {

    private BarChart() {
    }

    /** Most bars in one chart; the rest are in the report's tables. */
    static final int MAX_BARS = 200;
    static final int ROW_PX = 46;

    /**
     * One row per figure, top to bottom in the given order, each labelled "label   value ± error" above it, with
     * its 99.9% error as a whisker. When the values span more than a decade the value axis is logarithmic and
     * each figure is a dot (a bar on a log axis starts at an arbitrary decade: its length means nothing); on a
     * linear axis, which then starts at 0, each figure is a bar from 0.
     */
    static Optional<Chart> of(String name, String title, String question, String unit, List<Bar> bars) throws IOException {
        List<Bar> shown = bars.stream().filter(b -> Double.isFinite(b.value().value()) && b.value().value() > 0).toList();
        if (shown.isEmpty()) {
            return Optional.empty();
        }
        if (shown.size() > MAX_BARS) {
            // a chart's height grows with its bars: beyond this many it would not fit in memory, nor be read
            title += " (the first " + MAX_BARS + " of " + shown.size() + " bars)";
            shown = shown.subList(0, MAX_BARS);
        }
        double min = shown.stream().mapToDouble(b -> b.value().value()).min().orElseThrow();
        double max = shown.stream().mapToDouble(b -> b.value().errorKnown() ? b.value().upper() : b.value().value()).max().orElseThrow();
        boolean log = max / min > 10;
        int n = shown.size();
        Map<String, Color> colors = new LinkedHashMap<>();
        shown.forEach(b -> colors.computeIfAbsent(b.group(), g -> Palette.isKey(g) ? Palette.of(g) : Palette.unkeyed(colors.size())));
        Map<String, String> keys = new LinkedHashMap<>();
        boolean legend = colors.size() > 1;
        int height = 130 + n * ROW_PX + (legend ? 40 : 0);
        XYChart chart = ChartFrame.dotChart(title, unit + (log ? " (log scale)" : ""), height, legend, log);
        Font font = chart.getStyler().getAnnotationTextFont();
        double lo = log ? Math.pow(10, Math.floor(Math.log10(min * 0.5))) : 0;
        double hi = log ? Math.pow(10, Math.ceil(Math.log10(max * 1.05))) : max * 1.08;
        chart.getStyler().setXAxisMin(lo);
        chart.getStyler().setXAxisMax(hi);
        chart.getStyler().setYAxisMin(0.3);
        chart.getStyler().setYAxisMax(n + 0.75);
        float thickness = ROW_PX * 0.42f;
        Set<String> inLegend = new HashSet<>();
        List<Label> labels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Bar b = shown.get(i);
            double y = n - i;
            boolean first = inLegend.add(b.group());
            // a bar after its group's first: a unique name of constant length (it is not in the legend)
            String seriesName = first ? b.group() : b.group() + "\u200b" + i;
            boolean whisker = b.value().errorKnown() && b.value().halfWidth() > 0;
            if (Palette.isKey(b.group())) {
                keys.put(seriesName, b.group());
            }
            if (log) {
                // the whisker first, so that the dot is drawn over it
                if (whisker) {
                    ChartFrame.errorBar(chart, "err" + i, Math.max(lo, b.value().lower()), Math.min(hi, b.value().upper()), y - 0.12);
                }
                XYSeries s = chart.addSeries(seriesName, new double[] {b.value().value()}, new double[] {y - 0.12});
                s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                s.setMarker(SeriesMarkers.CIRCLE);
                s.setMarkerColor(colors.get(b.group()));
                s.setShowInLegend(first);
            } else {
                XYSeries s = chart.addSeries(seriesName, new double[] {0, b.value().value()}, new double[] {y - 0.12, y - 0.12});
                s.setMarker(SeriesMarkers.NONE);
                s.setLineColor(colors.get(b.group()));
                s.setLineStyle(new BasicStroke(thickness, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
                s.setShowInLegend(first);
                if (whisker) {
                    ChartFrame.errorBar(chart, "err" + i, Math.max(lo, b.value().lower()), Math.min(hi, b.value().upper()), y - 0.12);
                }
            }
            // the label: left-aligned above its row
            ChartFrame.label(chart, labels, b.label() + "   " + Fmt.pm(b.value()), font, lo, hi, log, y + 0.3);
        }
        return Optional.of(new Chart(name, question, chart, keys, labels));
    }
}
