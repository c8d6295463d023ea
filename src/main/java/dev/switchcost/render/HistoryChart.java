package dev.switchcost.render;

import dev.switchcost.derive.ChangePoints;
import dev.switchcost.derive.HistorySeries;
import dev.switchcost.results.history.HistoryStore.Point;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A figure's series through the history as a chart (XChart): one line per series, the run's 99.9% error as bars, and
 * each change point's before and after means drawn as steps.
 */
public final class HistoryChart {

    private HistoryChart() {
    }

    /** The chart of {@code series}: x is the run's place in its series (oldest first). */
    public static Charts.Chart of(String key, List<HistorySeries.Series> series) {
        XYChart xy = new XYChartBuilder().width(ChartFrame.WIDTH).height(520).title(key)
                .xAxisTitle("run, oldest first").yAxisTitle(series.isEmpty() ? "" : series.get(0).points().get(0).figure().unit())
                .build();
        xy.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        xy.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        Map<String, String> keys = new TreeMap<>();
        for (HistorySeries.Series s : series) {
            int n = s.points().size();
            double[] x = new double[n];
            double[] y = new double[n];
            double[] err = new double[n];
            for (int i = 0; i < n; i++) {
                Point p = s.points().get(i);
                x[i] = i + 1;
                y[i] = p.figure().estimate().value();
                double h = p.figure().estimate().halfWidth();
                err[i] = Double.isFinite(h) ? h : 0;
            }
            XYSeries line = xy.addSeries(s.label(), x, y, err);
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            keys.put(s.label(), s.label());
            for (ChangePoints.Shift c : s.shifts()) {
                XYSeries step = xy.addSeries(s.label() + ": moved at run " + (c.index() + 1),
                        new double[] {c.index() + 0.5, c.index() + 0.5}, new double[] {c.before().value(), c.after().value()});
                step.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
                step.setLineStyle(ChartFrame.STROKES[1]);
            }
        }
        return new Charts.Chart("history", key, xy, keys);
    }
}
