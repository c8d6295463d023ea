package dev.switchcost.render;

import dev.switchcost.render.Charts.Label;
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
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

/**
 * What every chart of the report shares: its width, paper and grid ({@link #paper}), the frame of a
 * dot-and-whisker chart ({@link #dotChart}, the bar and pinning charts), whiskers, the texts written on a
 * plot (recorded as {@link Label}s), the strokes and markers that tell apart series of one colour, and the
 * encoders (PNG, compact SVG).
 */
final class ChartFrame {

    static final int WIDTH = 1000;
    /** Series of one colour (one placement, say) told apart by their stroke and marker, in this order. */
    static final BasicStroke[] STROKES = {new BasicStroke(2f),
        new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 5f}, 0f),
        new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 4f}, 0f),
        new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {10f, 4f, 2f, 4f}, 0f)};
    static final org.knowm.xchart.style.markers.Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
        SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP};
    /** The diameter of a dot (a figure on a log axis), px. */
    static final int DOT_PX = 12;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private ChartFrame() {
    }

    /** A number written with more than two decimals: VectorGraphics2D writes up to 16 (7.609375, 0.1568627450980392). */
    private static final Pattern LONG_DECIMAL = Pattern.compile("-?[0-9]+\\.[0-9]{3,}");
    /** An element's style, which VectorGraphics2D writes out in full on every element (every segment of a line). */
    private static final Pattern STYLE = Pattern.compile(" style=\"([^\"]*)\"");

    /**
     * {@code svg}, drawing the same, in fewer bytes: every number rounded to two decimals (a hundredth of a px, or of
     * an opacity, is below what any screen or zoom shows; XChart writes its text as glyph outlines, thousands of
     * coordinates to a chart), and each distinct style written once, in a stylesheet, and named by a class where
     * it was.
     */
    static String compact(String svg) {
        String rounded = LONG_DECIMAL.matcher(svg).replaceAll(m -> {
            String v = new BigDecimal(m.group()).setScale(2, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
            return v.equals("-0") ? "0" : v;
        });
        Map<String, String> classes = new LinkedHashMap<>();
        String classed = STYLE.matcher(rounded).replaceAll(m -> " class=\"" + classes.computeIfAbsent(m.group(1),
                k -> "s" + Integer.toString(classes.size(), 36)) + "\"");
        int open = classed.indexOf("<svg");
        int body = open < 0 ? -1 : classed.indexOf('>', open);
        if (body < 0 || classes.isEmpty()) {
            return rounded;
        }
        StringBuilder css = new StringBuilder("<style><![CDATA[");
        classes.forEach((style, name) -> css.append('.').append(name).append('{').append(style).append('}'));
        css.append("]]></style>");
        return classed.substring(0, body + 1) + css + classed.substring(body + 1);
    }

    /** The grid: solid hairlines (XChart fills each dash of a dashed grid line as a polygon of its own: in SVG, half a chart's bytes). */
    static final BasicStroke GRID = new BasicStroke(1f);
    static final Color GRID_COLOUR = new Color(0xe4e4e4);

    /** What every chart of the report shares: a white page and a solid hairline grid ({@link #GRID}). */
    static void paper(XYChart chart) {
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesStroke(GRID);
        chart.getStyler().setPlotGridLinesColor(GRID_COLOUR);
    }

    static void errorBar(XYChart chart, String id, double lo, double hi, double y) {
        BasicStroke thin = new BasicStroke(1.6f);
        for (double[][] xy : new double[][][] {{{lo, hi}, {y, y}}, {{lo, lo}, {y - 0.14, y + 0.14}}, {{hi, hi}, {y - 0.14, y + 0.14}}}) {
            XYSeries e = chart.addSeries(id + xy[0][0] + xy[1][0], xy[0], xy[1]);
            e.setMarker(SeriesMarkers.NONE);
            e.setLineColor(Color.BLACK);
            e.setLineStyle(thin);
            e.setShowInLegend(false);
        }
    }
    /**
     * Writes {@code text} left-aligned 6 px inside the plot's left edge at height {@code y}, and records it. XChart
     * centres a text on its x: the centre is placed from the text's measured width (the plot spans the chart's
     * width less its padding, as where the y axis has no labels).
     */
    static void label(XYChart chart, List<Label> labels, String text, Font font, double lo, double hi, boolean log,
                              double y) {
        label(chart, labels, text, font, lo, hi, log, y, WIDTH - 2 * 10 - 14); // chart padding, axis line and tick padding
    }

    /** The plot's width in a chart with y-axis tick labels and title, px (about: the labels' width varies). */
    static final int PLOT_PX_WITH_Y_LABELS = WIDTH - 2 * 10 - 95;

    static void label(XYChart chart, List<Label> labels, String text, Font font, double lo, double hi, boolean log,
                              double y, double plotWidthPx) {
        double w = new TextLayout(text, font, new FontRenderContext(null, true, true)).getBounds().getWidth();
        double f = Math.min(0.98, (6 + w / 2) / plotWidthPx);
        text(chart, labels, text, log ? lo * Math.pow(hi / lo, f) : lo + f * (hi - lo), y);
    }

    /** Writes {@code text} centred at (x, y) in data coordinates, and records it. */
    static void text(XYChart chart, List<Label> labels, String text, double x, double y) {
        chart.addAnnotation(new AnnotationText(text, x, y, false));
        labels.add(new Label(text, x, y));
    }
    /** Where to centre {@code text} so that it is centred at {@code x} but inside the plot (lo..hi on the x axis). */
    static double inside(String text, Font font, double x, double lo, double hi, boolean logX) {
        double half = (new TextLayout(text, font, new FontRenderContext(null, true, true)).getBounds().getWidth() / 2 + 4)
                / PLOT_PX_WITH_Y_LABELS;
        double f = logX ? Math.log(x / lo) / Math.log(hi / lo) : (x - lo) / (hi - lo);
        f = Math.max(half, Math.min(1 - half, f));
        return logX ? lo * Math.pow(hi / lo, f) : lo + f * (hi - lo);
    }

    static byte[] png(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) throws IOException {
        ImageIO.setUseCache(false);
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }

    /**
     * A PNG of {@code image}, encoded in memory. ImageIO's default file cache registers a shutdown hook per
     * stream, which throws once the JVM is shutting down: a chart written after Ctrl-C (sample's last
     * plot) then failed with a trace.
     */
    static byte[] png(BufferedImage image) throws IOException {
        ImageIO.setUseCache(false);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    /**
     * The frame of a dot-and-whisker chart with one labelled row per figure along y: x the figure (log or linear), no y
     * ticks, the legend below when there is one, annotation text in 13 px sans.
     */
    static XYChart dotChart(String title, String xTitle, int height, boolean legend, boolean log) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(height).title(title).xAxisTitle(xTitle).build();
        chart.getStyler().setLegendVisible(legend);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        paper(chart);
        chart.getStyler().setPlotContentSize(1.0);
        chart.getStyler().setPlotGridHorizontalLinesVisible(false);
        chart.getStyler().setXAxisLogarithmic(log);
        chart.getStyler().setXAxisDecimalPattern("#,##0.#");
        chart.getStyler().setYAxisTicksVisible(false);
        chart.getStyler().setMarkerSize(DOT_PX);
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        chart.getStyler().setAnnotationTextFontColor(new Color(0x222222));
        return chart;
    }

    /** A failure's reason short enough for a chart's label: no exception class name, at most 60 characters (the table has it whole). */
    static String brief(String why) {
        String b = why.replaceAll("(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error): ", "");
        return b.length() <= 60 ? b : b.substring(0, 59) + "…";
    }
}
