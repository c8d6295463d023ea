package dev.switchcost.render;

import dev.switchcost.derive.Headline;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Estimate;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The report's charts, drawn with XChart, as PNG bytes (inlined into report.html as data: URIs, or
 * written as files for the README). One chart per question; every bar is labelled with its value and
 * error, errors are drawn, and axes are logarithmic where values span decades.
 */
public final class Charts {

    static final int WIDTH = 1000;
    static final int ROW_PX = 46;
    static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    /**
     * One horizontal bar.
     *
     * @param label what it is (shown on the axis with its value)
     * @param value the figure, with its 99.9% error
     * @param group colour group (e.g. the placement), shown in the legend
     */
    public record Bar(String label, Estimate value, String group) {
    }

    /** A chart and its name ({@code mechanism}, ...) and the question it answers. */
    public record Chart(String name, String question, byte[] png) {
    }

    /**
     * Horizontal bars, top to bottom in the given order, each labelled "label — value ± error unit" on
     * the axis, with its 99.9% error bar. The value axis is logarithmic when the values span more than
     * a decade.
     */
    public static Optional<Chart> bars(String name, String title, String question, String unit, List<Bar> bars) throws IOException {
        List<Bar> shown = bars.stream().filter(b -> Double.isFinite(b.value().value()) && b.value().value() > 0).toList();
        if (shown.isEmpty()) {
            return Optional.empty();
        }
        double min = shown.stream().mapToDouble(b -> b.value().value()).min().orElseThrow();
        double max = shown.stream().mapToDouble(b -> b.value().errorKnown() ? b.value().upper() : b.value().value()).max().orElseThrow();
        boolean log = max / min > 10;
        int n = shown.size();
        Map<String, Color> colors = new LinkedHashMap<>();
        shown.forEach(b -> colors.computeIfAbsent(b.group(), g -> PALETTE[colors.size() % PALETTE.length]));
        boolean legend = colors.size() > 1;
        int height = 130 + n * ROW_PX + (legend ? 40 : 0);
        XYChart chart = new XYChartBuilder().width(WIDTH).height(height).title(title)
                .xAxisTitle(unit + (log ? " (log scale)" : "")).build();
        chart.getStyler().setLegendVisible(legend);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotContentSize(1.0);
        chart.getStyler().setPlotGridHorizontalLinesVisible(false);
        chart.getStyler().setXAxisLogarithmic(log);
        chart.getStyler().setXAxisDecimalPattern("#,##0.#");
        chart.getStyler().setYAxisTicksVisible(false);
        Font font = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
        chart.getStyler().setAnnotationTextFont(font);
        chart.getStyler().setAnnotationTextFontColor(new Color(0x222222));
        double lo = log ? Math.pow(10, Math.floor(Math.log10(min * 0.5))) : 0;
        double hi = log ? Math.pow(10, Math.ceil(Math.log10(max * 1.05))) : max * 1.08;
        chart.getStyler().setXAxisMin(lo);
        chart.getStyler().setXAxisMax(hi);
        chart.getStyler().setYAxisMin(0.3);
        chart.getStyler().setYAxisMax(n + 0.75);
        float thickness = ROW_PX * 0.42f;
        Set<String> inLegend = new HashSet<>();
        FontRenderContext frc = new FontRenderContext(null, true, true);
        double plotWidthPx = WIDTH - 2 * 10 - 14; // chart padding both sides, axis line and tick padding; no y-axis labels
        for (int i = 0; i < n; i++) {
            Bar b = shown.get(i);
            double y = n - i;
            boolean first = inLegend.add(b.group());
            XYSeries s = chart.addSeries(first ? b.group() : b.group() + "\u200b".repeat(i + 1),
                    new double[] {lo, b.value().value()}, new double[] {y - 0.12, y - 0.12});
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(colors.get(b.group()));
            s.setLineStyle(new BasicStroke(thickness, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
            s.setShowInLegend(first);
            if (b.value().errorKnown() && b.value().halfWidth() > 0) {
                errorBar(chart, "err" + i, Math.max(lo, b.value().lower()), Math.min(hi, b.value().upper()), y - 0.12);
            }
            // the label: left-aligned above its bar (XChart centres annotation text on x, so place its centre)
            String text = b.label() + "   " + Fmt.pm(b.value());
            double w = new TextLayout(text, font, frc).getBounds().getWidth();
            double f = Math.min(0.98, (6 + w / 2) / plotWidthPx);
            double x = log ? lo * Math.pow(hi / lo, f) : lo + f * (hi - lo);
            chart.addAnnotation(new AnnotationText(text, x, y + 0.3, false));
        }
        return Optional.of(new Chart(name, question, png(chart)));
    }

    private static void errorBar(XYChart chart, String id, double lo, double hi, double y) {
        BasicStroke thin = new BasicStroke(1.6f);
        for (double[][] xy : new double[][][] {{{lo, hi}, {y, y}}, {{lo, lo}, {y - 0.14, y + 0.14}}, {{hi, hi}, {y - 0.14, y + 0.14}}}) {
            XYSeries e = chart.addSeries(id + xy[0][0] + xy[1][0], xy[0], xy[1]);
            e.setMarker(SeriesMarkers.NONE);
            e.setLineColor(Color.BLACK);
            e.setLineStyle(thin);
            e.setShowInLegend(false);
        }
    }

    /** As {@link #workingSet(List, MachineInfo, Headline.Figure, String)} with the direct cost taken from the rows. */
    public static Optional<Chart> workingSet(List<IndirectCost.Row> rows, MachineInfo machine, String question) throws IOException {
        return workingSet(rows, machine, null, question);
    }

    /**
     * The working-set chart, the answer to "what does a switch cost through the caches?": the indirect cost
     * per switch against the working set each side touches (log x from L1d/2 to 2·LLC where machine.json
     * gives the caches, the caches marked), one curve per stride, placement, handoff and sharing, with its
     * 99.9% error as whiskers (and a band between points), and the direct cost of a switch as a dashed
     * horizontal reference. The y axis is linear: the value can be negative. The curve is the paired
     * estimate where roundTripPaired ran; only where no paired row exists does it draw the paper's estimator
     * (total − direct − walk), and says so in the title. Rows without a value and memory-bound paper rows
     * are left out (the table has them).
     *
     * @param directFallback the direct cost to draw when no row carries its own size-0 round trip (e.g. the
     *                       answer card's one-CPU figure), or null
     */
    public static Optional<Chart> workingSet(List<IndirectCost.Row> rows, MachineInfo machine, Headline.Figure directFallback,
                                             String question) throws IOException {
        boolean paired = rows.stream().anyMatch(r -> r.paired() != null && r.workingSetKiB() > 0
                && Double.isFinite(r.paired().indirect().value()));
        boolean jdks = rows.stream().map(IndirectCost.Row::jdk).distinct().count() > 1;
        boolean walks = rows.stream().map(IndirectCost.Row::walkKind).distinct().count() > 1;
        Map<String, TreeMap<Long, Estimate>> bySeries = new LinkedHashMap<>();
        Estimate direct = null;
        String directWhat = null;
        for (IndirectCost.Row r : rows) {
            Estimate e;
            if (paired) {
                e = r.paired() == null ? null : r.paired().indirect();
            } else {
                // memory-bound sizes (walk > 90% of the total) are a small difference of huge numbers: table only
                e = r.flags().contains(IndirectCost.Flag.WALK_DOMINATED) ? null : r.indirect();
            }
            if (e == null || r.workingSetKiB() <= 0 || !Double.isFinite(e.value())) {
                continue;
            }
            if (direct == null && r.direct() != null) {
                direct = r.direct();
                directWhat = "direct cost, " + r.handoff() + " " + r.placement() + " (roundTrip at size 0)";
            }
            String series = (jdks ? "JDK " + r.jdk() + " " : "") + "stride " + r.strideBytes() + " B, " + r.placement() + ", "
                    + r.handoff() + ", " + r.sharing() + (walks ? ", " + r.walkKind() + " walk" : "");
            bySeries.computeIfAbsent(series, k -> new TreeMap<>()).put(r.workingSetKiB(), e);
        }
        if (bySeries.isEmpty() || !paired && bySeries.values().stream().allMatch(m -> m.size() < 2)) {
            return Optional.empty();
        }
        if (direct == null && directFallback != null && directFallback.perSwitch() != null) {
            direct = directFallback.perSwitch();
            directWhat = "direct cost, " + directFallback.what();
        }
        CacheSizes caches = null;
        if (machine != null && machine.caches() != null) {
            try {
                caches = CacheSizes.of(machine.caches(), "machine.json");
            } catch (RuntimeException e) {
                caches = null;
            }
        }
        XYChart chart = new XYChartBuilder().width(WIDTH).height(600 + 22 * ((bySeries.size() + 2) / 2))
                .title(paired ? "Indirect cost of a switch: paired estimate (first − second walk), 99.9% error"
                        : "Indirect cost of a switch: the paper's estimator (total − direct − walk), 99.9% error")
                .xAxisTitle("working set each side touches between switches, KiB (log scale)")
                .yAxisTitle("indirect cost, ns per switch").build();
        chart.getStyler().setXAxisLogarithmic(true).setLegendPosition(Styler.LegendPosition.OutsideS)
                .setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setXAxisDecimalPattern("#,##0.#");
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        double yMax = 0;
        double yMin = 0;
        double xMin = bySeries.values().stream().mapToDouble(m -> m.firstKey()).min().orElse(1);
        double xMax = bySeries.values().stream().mapToDouble(m -> m.lastKey()).max().orElse(1);
        int i = 0;
        for (Map.Entry<String, TreeMap<Long, Estimate>> s : bySeries.entrySet()) {
            Color c = PALETTE[i++ % PALETTE.length];
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            List<Double> err = new ArrayList<>();
            List<Double> up = new ArrayList<>();
            List<Double> down = new ArrayList<>();
            for (Map.Entry<Long, Estimate> p : s.getValue().entrySet()) {
                Estimate e = p.getValue();
                x.add((double) p.getKey());
                y.add(e.value());
                err.add(e.errorKnown() ? e.halfWidth() : 0.0);
                up.add(e.errorKnown() ? e.upper() : e.value());
                down.add(e.errorKnown() ? e.lower() : e.value());
            }
            if (x.size() > 1) {
                List<Double> bandX = new ArrayList<>(x);
                List<Double> bandY = new ArrayList<>(up);
                for (int k = x.size() - 1; k >= 0; k--) {
                    bandX.add(x.get(k));
                    bandY.add(down.get(k));
                }
                XYSeries band = chart.addSeries(s.getKey() + " band", bandX, bandY);
                band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
                band.setMarker(SeriesMarkers.NONE);
                band.setFillColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 40));
                band.setLineColor(new Color(0, 0, 0, 0));
                band.setShowInLegend(false);
            }
            XYSeries line = chart.addSeries(s.getKey(), x, y, err);
            line.setMarker(SeriesMarkers.CIRCLE);
            line.setLineColor(c);
            line.setMarkerColor(c);
            yMax = Math.max(yMax, up.stream().mapToDouble(Double::doubleValue).max().orElse(0));
            yMin = Math.min(yMin, down.stream().mapToDouble(Double::doubleValue).min().orElse(0));
        }
        if (caches != null) {
            xMin = Math.min(xMin, caches.l1dBytes() / 2 / 1024.0);
            xMax = Math.max(xMax, 2.0 * caches.llcBytes() / 1024.0);
        }
        chart.getStyler().setXAxisMin(xMin / 1.25);
        chart.getStyler().setXAxisMax(xMax * 1.25);
        List<Double> edges = List.of(xMin / 1.25, xMax * 1.25);
        XYSeries zero = chart.addSeries("0 ns", edges, List.of(0.0, 0.0));
        zero.setMarker(SeriesMarkers.NONE);
        zero.setLineColor(new Color(0x999999));
        zero.setLineStyle(new BasicStroke(1f));
        zero.setShowInLegend(false);
        if (direct != null && Double.isFinite(direct.value())) {
            XYSeries d = chart.addSeries(directWhat + ": " + Fmt.pm(direct) + " ns", edges, List.of(direct.value(), direct.value()));
            d.setMarker(SeriesMarkers.NONE);
            d.setLineColor(Color.DARK_GRAY);
            d.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 6f}, 0f));
            yMax = Math.max(yMax, direct.value());
        }
        // an error many times the largest value would flatten every curve: clip the axis, say so in the title
        double scale = 0;
        for (TreeMap<Long, Estimate> m : bySeries.values()) {
            for (Estimate e : m.values()) {
                scale = Math.max(scale, Math.abs(e.value()));
            }
        }
        if (direct != null && Double.isFinite(direct.value())) {
            scale = Math.max(scale, Math.abs(direct.value()));
        }
        if (scale > 0 && (yMax > 4 * scale || yMin < -4 * scale)) {
            yMax = Math.min(yMax, 4 * scale);
            yMin = Math.max(yMin, -4 * scale);
            chart.setXAxisTitle(chart.getXAxisTitle() + "; y axis clipped at ±4× the largest value");
        }
        double pad = (yMax - yMin) * 0.08;
        chart.getStyler().setYAxisMax(yMax + pad);
        chart.getStyler().setYAxisMin(yMin - (yMin < 0 ? pad : 0));
        if (caches != null) {
            for (Map.Entry<String, Long> cache : cacheMarks(caches).entrySet()) {
                double kib = cache.getValue() / 1024.0;
                chart.addAnnotation(new AnnotationLine(kib, true, false));
                chart.addAnnotation(new AnnotationText(cache.getKey() + " " + Fmt.num(kib) + " KiB", kib * 1.03, yMax + pad * 0.5, false));
            }
        }
        return Optional.of(new Chart("working-set", question, png(chart)));
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

    /** L1d, L2 and the last-level cache, with sizes in bytes, as machine.json lists them. */
    static Map<String, Long> cacheMarks(MachineInfo m) {
        Map<String, Long> marks = new LinkedHashMap<>();
        if (m.caches() == null) {
            return marks;
        }
        m.cache(1, "Data").ifPresent(c -> marks.put("L1d", c.sizeBytes()));
        m.cache(2, "Unified", "Data").ifPresent(c -> marks.put("L2", c.sizeBytes()));
        m.caches().stream().filter(c -> c.level() >= 3).max(Comparator.comparingInt(MachineInfo.Cache::level))
                .ifPresent(c -> marks.put("LLC (L" + c.level() + ")", c.sizeBytes()));
        return marks;
    }

    static byte[] png(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) throws IOException {
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }
}
