package dev.switchcost.render;

import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.render.Charts.Label;
import dev.switchcost.results.Estimate;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;

/**
 * The frame the curve charts share ({@link WorkingSetChart}, {@link IndirectSweepChart}, {@link SeedCostVsSizeChart},
 * {@link SeedIndirectVsStrideChart}): curves with whiskers against a log or linear x, horizontal references,
 * the caches marked, and a log y axis with a row below it for what a log axis cannot place.
 */
final class CurveChart {

    private CurveChart() {
    }

    /**
     * One curve: its legend name, colour (and the {@link Palette} key it stands for, or null), its marker and
     * stroke, and its points (x → value with error).
     */
    record Curve(String name, Color color, String key, org.knowm.xchart.style.markers.Marker marker, BasicStroke stroke,
                 TreeMap<Double, Estimate> points) {

        /** A curve of the JVM (solid) or C ({@code dashed}); {@code marker} tells apart curves of one colour and kind. */
        static Curve of(String name, Color color, String key, int marker, boolean dashed) {
            return new Curve(name, color, key, ChartFrame.MARKERS[(2 * marker + (dashed ? 1 : 0)) % ChartFrame.MARKERS.length], ChartFrame.STROKES[dashed ? 1 : 0],
                    new TreeMap<>());
        }
    }

    /**
     * The series of {@code chart} that draw a curve with a {@link Palette} key (its line, its band, its points in
     * the row below a log axis): name → key.
     */
    static Map<String, String> keys(XYChart chart, Collection<Curve> curves) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Curve cv : curves) {
            if (cv.key() != null) {
                Stream.of(cv.name(), cv.name() + " band", belowName(cv)).filter(chart.getSeriesMap()::containsKey)
                        .forEach(name -> keys.put(name, cv.key()));
            }
        }
        return keys;
    }

    record Reference(String name, Estimate value, Color color) {
    }

    /** The cache sizes {@code machine.json} describes, or null where it describes none it can read. */
    static CacheSizes caches(MachineInfo machine) {
        if (machine == null || machine.caches() == null) {
            return null;
        }
        try {
            return CacheSizes.of(machine.caches(), "machine.json");
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The legend's name of the row below a log axis. */
    static final String BELOW_LOG_AXIS = "≤ 0 or within error of 0: not on the log scale (each one's value ± error written beside it)";

    /** The series that draws {@code cv}'s points in the row below a log axis. */
    static String belowName(Curve cv) {
        return cv.name() + " (≤ 0 or within error of 0)";
    }

    /** Whether {@code e} can sit on a log axis: above 0 beyond its 99.9% error (or above 0, its error unknown). */
    static boolean onLogAxis(Estimate e) {
        return Double.isFinite(e.value()) && e.value() > 0
                && (!e.errorKnown() || !Double.isFinite(e.halfWidth()) || e.lower() > 0);
    }

    /** A text line of the row below a log axis, px. */
    private static final int ROW_LINE_PX = 15;
    /** A curve chart's plot, px high, and the most it grows to for the row below a log axis. */
    private static final int PLOT_PX = 440;
    private static final int MAX_PLOT_PX = 900;

    /**
     * Curves with whiskers, horizontal references (dashed), the caches marked when given; log x when
     * {@code xTitle} says so, widened to L1d/2 .. 2·LLC when {@code cacheRange} and the caches are known.
     *
     * <p>The y axis is logarithmic when {@code logY} and the values above 0 beyond their error span more than a
     * decade: then a value ≤ 0 or within its error of 0, which a log axis cannot place, is drawn in a grey row
     * below the axis's lowest decade, in its curve's colour and marker with its value ± error written beside it
     * (never dropped, never clipped to the axis); a curve's line breaks where its point is in the row. The row
     * spans less than a decade so that no tick label of the axis falls in it. Otherwise y is linear including 0,
     * with a translucent band between the whiskers, clipped at ±4× the largest value when an error is far larger.
     *
     * @param labels where the texts written on the plot are recorded
     */
    static XYChart curveChart(String title, String xTitle, String yTitle, List<Curve> curves, List<Reference> refs,
                              CacheSizes caches, boolean cacheRange, boolean logY, List<Label> labels) {
        boolean logX = xTitle.contains("(log scale)");
        YAxis axis = YAxis.of(curves, refs, logY);
        boolean log = axis.log();
        int legendLines = curves.size() + refs.size() + (axis.below().isEmpty() ? 0 : 1);
        XYChart chart = frame(title, xTitle, yTitle + (log ? " (log scale)" : ""), 160 + axis.plotPx() + 20 * legendLines, logX, log);
        Font font = chart.getStyler().getAnnotationTextFont();
        Extent extent = drawCurves(chart, curves, log);
        if (cacheRange && caches != null) {
            extent.xMin = Math.min(extent.xMin, caches.l1dBytes() / 2 / 1024.0);
            extent.xMax = Math.max(extent.xMax, 2.0 * caches.llcBytes() / 1024.0);
        }
        double lo = logX ? extent.xMin / 1.25 : extent.xMin;
        double hi = logX ? extent.xMax * 1.25 : extent.xMax;
        if (logX) {
            chart.getStyler().setXAxisMin(lo);
            chart.getStyler().setXAxisMax(hi);
        }
        List<Double> edges = logX ? List.of(lo, hi) : List.of(lo - 1, hi + 1);
        if (!log) {
            XYSeries zero = chart.addSeries("0 ns", edges, List.of(0.0, 0.0));
            zero.setMarker(SeriesMarkers.NONE);
            zero.setLineColor(new Color(0x999999));
            zero.setLineStyle(new BasicStroke(1f));
            zero.setShowInLegend(false);
        }
        for (Reference r : refs) {
            if (log && r.value().value() <= 0) {
                continue;
            }
            XYSeries d = chart.addSeries(r.name(), edges, List.of(r.value().value(), r.value().value()));
            d.setMarker(SeriesMarkers.NONE);
            d.setLineColor(r.color());
            d.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {3f, 4f}, 0f));
            extent.yMax = Math.max(extent.yMax, r.value().value());
        }
        double captionY;
        if (log) {
            chart.getStyler().setYAxisMin(axis.bottom());
            chart.getStyler().setYAxisMax(axis.top());
            captionY = Math.pow(10, Math.log10(axis.top()) - 0.04 * Math.log10(axis.top() / axis.bottom()));
            if (!axis.below().isEmpty()) {
                belowLogAxis(chart, labels, axis.below(), lo, hi, axis.bottom(), axis.rowTop(), logX, font);
            }
        } else {
            captionY = linearY(chart, curves, refs, extent);
        }
        if (caches != null && logX) {
            markCaches(chart, labels, caches, lo, hi, captionY, font);
        }
        return chart;
    }

    /**
     * The y axis of a curve chart: log or linear, and on a log one its range, the row below it (from
     * {@code bottom} to {@code rowTop}) and the curves with a point there, and the plot's height in px.
     */
    private record YAxis(boolean log, double top, double bottom, double rowTop, List<Curve> below, int plotPx) {

        static YAxis of(List<Curve> curves, List<Reference> refs, boolean logY) {
            // what a log y axis could hold: values above 0 beyond their error; the rest goes to the row below it
            double lowest = Double.MAX_VALUE;
            double highest = 0;
            int onAxis = 0;
            List<Curve> below = new ArrayList<>();
            for (Curve cv : curves) {
                boolean any = false;
                for (Estimate e : cv.points().values()) {
                    if (onLogAxis(e)) {
                        onAxis++;
                        boolean whisker = e.errorKnown() && Double.isFinite(e.halfWidth());
                        lowest = Math.min(lowest, whisker ? e.lower() : e.value());
                        highest = Math.max(highest, whisker ? e.upper() : e.value());
                    } else if (Double.isFinite(e.value())) {
                        any = true;
                    }
                }
                if (any) {
                    below.add(cv);
                }
            }
            for (Reference r : refs) {
                if (r.value().value() > 0) {
                    lowest = Math.min(lowest, r.value().value());
                    highest = Math.max(highest, r.value().value());
                }
            }
            // the log axis: from below the lowest value's decade (the row below it, where there is one) to above the highest
            double top = highest * 2.5;
            double decade = Math.pow(10, Math.floor(Math.log10(lowest)));
            double rowTop = below.isEmpty() ? Double.NaN : Math.min(decade / 1.12, lowest / 1.2);
            // the axis's bottom: above the decade below, so that its tick (and label) is not drawn
            double bottom = below.isEmpty() ? Math.min(decade, lowest / 1.2) : decade / 10 * 1.25;
            int plotPx = PLOT_PX;
            if (!below.isEmpty()) {
                // the row spans log10(rowTop / bottom) (under a decade) of the axis: enough px for its lines
                plotPx = (int) Math.max(plotPx, Math.ceil(ROW_LINE_PX * (rowLines(below.size()) + 0.5)
                        * Math.log10(top / bottom) / Math.log10(rowTop / bottom)));
            }
            // log where the values span decades and the row of the rest fits (a noisy run of many curves: linear)
            boolean log = logY && onAxis >= 2 && highest / lowest > 10 && plotPx <= MAX_PLOT_PX;
            return log ? new YAxis(true, top, bottom, rowTop, below, plotPx) : new YAxis(false, top, bottom, rowTop, List.of(), PLOT_PX);
        }
    }

    /** A curve chart's frame: its size, titles, the shared paper, log or linear axes, 13 px sans text. */
    private static XYChart frame(String title, String xTitle, String yTitle, int height, boolean logX, boolean log) {
        XYChart chart = new XYChartBuilder().width(ChartFrame.WIDTH).height(height)
                .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(logX).setLegendPosition(Styler.LegendPosition.OutsideS);
        ChartFrame.paper(chart);
        chart.getStyler().setYAxisLogarithmic(log);
        if (log) {
            // the axes' ranges are set here, with their margins: the plot is all axis (the row below it fills its width)
            chart.getStyler().setPlotContentSize(1.0);
        }
        chart.getStyler().setXAxisDecimalPattern("#,##0.#");
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        Font font = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
        chart.getStyler().setAxisTickLabelsFont(font);
        chart.getStyler().setLegendFont(font);
        chart.getStyler().setAnnotationTextFont(font);
        chart.getStyler().setAnnotationTextFontColor(new Color(0x222222));
        return chart;
    }

    /** What the drawn curves span, and the names of their bands (removed when the y axis is clipped). */
    private static final class Extent {
        double yMax;
        double yMin;
        double xMin = Double.MAX_VALUE;
        double xMax = -Double.MAX_VALUE;
        final List<String> bands = new ArrayList<>();
    }

    /** Each curve's line with its whiskers (and, on a linear axis, a translucent band between them). */
    private static Extent drawCurves(XYChart chart, List<Curve> curves, boolean log) {
        Extent extent = new Extent();
        for (Curve cv : curves) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            List<Double> err = new ArrayList<>();
            List<Double> up = new ArrayList<>();
            List<Double> down = new ArrayList<>();
            for (Map.Entry<Double, Estimate> p : cv.points().entrySet()) {
                Estimate e = p.getValue();
                if (!Double.isFinite(e.value())) {
                    continue;
                }
                boolean whisker = e.errorKnown() && Double.isFinite(e.halfWidth());
                x.add(p.getKey());
                // on a log axis a point that cannot sit on it is NaN here (XChart breaks the line there): it is in the row
                y.add(log && !onLogAxis(e) ? Double.NaN : e.value());
                err.add(whisker && (!log || onLogAxis(e)) ? e.halfWidth() : 0.0);
                up.add(whisker ? e.upper() : e.value());
                down.add(whisker ? e.lower() : e.value());
            }
            if (x.isEmpty()) {
                continue;
            }
            Color c = cv.color();
            if (x.size() > 1 && !log) {
                List<Double> bandX = new ArrayList<>(x);
                List<Double> bandY = new ArrayList<>(up);
                for (int k = x.size() - 1; k >= 0; k--) {
                    bandX.add(x.get(k));
                    bandY.add(down.get(k));
                }
                XYSeries band = chart.addSeries(cv.name() + " band", bandX, bandY);
                band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
                band.setMarker(SeriesMarkers.NONE);
                band.setFillColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 30));
                band.setLineColor(new Color(0, 0, 0, 0));
                band.setShowInLegend(false);
                extent.bands.add(band.getName());
            }
            XYSeries line = chart.addSeries(cv.name(), x, y, err);
            line.setMarker(cv.marker());
            line.setLineColor(c);
            line.setMarkerColor(c);
            line.setLineStyle(cv.stroke());
            extent.yMax = Math.max(extent.yMax, up.stream().mapToDouble(Double::doubleValue).max().orElse(0));
            extent.yMin = Math.min(extent.yMin, down.stream().mapToDouble(Double::doubleValue).min().orElse(0));
            extent.xMin = Math.min(extent.xMin, x.get(0));
            extent.xMax = Math.max(extent.xMax, x.get(x.size() - 1));
        }
        return extent;
    }

    /**
     * A linear y axis including 0, clipped at ±4× the largest value when an error is far larger (said in the
     * axis title, the bands removed).
     *
     * @return the height of the caches' captions
     */
    private static double linearY(XYChart chart, List<Curve> curves, List<Reference> refs, Extent extent) {
        // an error many times the largest value would flatten every curve: clip the axis, say so in the axis title
        double scale = Stream.concat(curves.stream().flatMap(cv -> cv.points().values().stream()).map(Estimate::value)
                .filter(Double::isFinite), refs.stream().map(r -> r.value().value()))
                .mapToDouble(Math::abs).max().orElse(0);
        double yMax = extent.yMax;
        double yMin = extent.yMin;
        if (scale > 0 && (yMax > 4 * scale || yMin < -4 * scale)) {
            yMax = Math.min(yMax, 4 * scale);
            yMin = Math.max(yMin, -4 * scale);
            chart.setXAxisTitle(chart.getXAxisTitle() + "; y axis clipped at ±4× the largest value (whiskers run off it)");
            extent.bands.forEach(chart::removeSeries);
        }
        double pad = Math.max(1, (yMax - yMin) * 0.08);
        chart.getStyler().setYAxisMax(yMax + pad);
        chart.getStyler().setYAxisMin(yMin - (yMin < 0 ? pad : 0));
        return yMax + pad * 0.5;
    }

    /** A vertical line at each cache's size within lo..hi on the log x axis, captioned at {@code captionY}. */
    private static void markCaches(XYChart chart, List<Label> labels, CacheSizes caches, double lo, double hi, double captionY,
                                   Font font) {
        for (Map.Entry<String, Long> cache : cacheMarks(caches).entrySet()) {
            double kib = cache.getValue() / 1024.0;
            if (kib < lo || kib > hi) {
                continue;
            }
            chart.addAnnotation(new AnnotationLine(kib, true, false));
            String caption = cache.getKey() + " " + Fmt.num(kib) + " KiB";
            ChartFrame.text(chart, labels, caption, ChartFrame.inside(caption, font, kib * 1.03, lo, hi, true), captionY);
        }
    }

    /**
     * The row below a log y axis, from {@code bottom} to {@code rowTop}: a grey band (in the legend as
     * {@link #BELOW_LOG_AXIS}) headed by what it is, then per curve, between thin dividers, a line of its points
     * in its colour and marker, each with its value ± error written above it (on two lines, alternately, so that
     * neighbours do not overlap), kept inside the plot.
     */
    private static void belowLogAxis(XYChart chart, List<Label> labels, List<Curve> below, double lo, double hi, double bottom,
                                     double rowTop, boolean logX, Font font) {
        XYSeries band = chart.addSeries(BELOW_LOG_AXIS, List.of(lo, hi, hi, lo), List.of(bottom, bottom, rowTop, rowTop));
        band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
        band.setMarker(SeriesMarkers.NONE);
        band.setFillColor(new Color(0xf0f0f0));
        band.setLineColor(new Color(0xb0b0b0));
        band.setLineStyle(new BasicStroke(1f));
        double unit = Math.log10(rowTop / bottom) / (rowLines(below.size()) + 0.5);
        DoubleUnaryOperator line = k -> Math.pow(10, Math.log10(rowTop) - (k + 0.75) * unit);
        ChartFrame.label(chart, labels, "≤ 0 or within error of 0 (not on the log scale): value ± 99.9% error, ns", font, lo, hi, logX,
                line.applyAsDouble(0), ChartFrame.PLOT_PX_WITH_Y_LABELS);
        for (int c = 0; c < below.size(); c++) {
            Curve cv = below.get(c);
            if (c > 0) {
                XYSeries divider = chart.addSeries(BELOW_LOG_AXIS + " " + c, List.of(lo, hi),
                        List.of(line.applyAsDouble(3 * c + 0.5), line.applyAsDouble(3 * c + 0.5)));
                divider.setMarker(SeriesMarkers.NONE);
                divider.setLineColor(new Color(0xd0d0d0));
                divider.setLineStyle(new BasicStroke(1f));
                divider.setShowInLegend(false);
            }
            List<Double> x = new ArrayList<>();
            int nth = 0;
            for (Map.Entry<Double, Estimate> p : cv.points().entrySet()) {
                Estimate e = p.getValue();
                if (!Double.isFinite(e.value()) || onLogAxis(e)) {
                    continue;
                }
                x.add(p.getKey());
                String text = Fmt.pm(e);
                ChartFrame.text(chart, labels, text, ChartFrame.inside(text, font, p.getKey(), lo, hi, logX), line.applyAsDouble(1 + 3 * c + nth % 2));
                nth++;
            }
            double y = line.applyAsDouble(3 + 3 * c);
            XYSeries s = chart.addSeries(belowName(cv), x, x.stream().map(v -> y).toList());
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(cv.marker());
            s.setMarkerColor(cv.color());
            s.setShowInLegend(false);
        }
    }

    /** The text lines of the row below a log axis for {@code curves} curves: its heading, and two of labels and one of points each. */
    private static int rowLines(int curves) {
        return 1 + 3 * curves;
    }

    /** L1d, L2 (where it is not the LLC) and the LLC, in bytes, from {@link CacheSizes}. */
    static Map<String, Long> cacheMarks(CacheSizes c) {
        Map<String, Long> marks = new LinkedHashMap<>();
        marks.put("L1d", c.l1dBytes());
        if (c.l2Bytes() > 0 && c.llcLevel() != 2) {
            marks.put("L2", c.l2Bytes());
        }
        marks.put("LLC (L" + c.llcLevel() + ")", c.llcBytes());
        return marks;
    }
}
