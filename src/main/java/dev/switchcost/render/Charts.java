package dev.switchcost.render;

import dev.switchcost.derive.Headline;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.derive.PinningStudy;
import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Estimate;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

/**
 * The report's charts, drawn with XChart: as SVG (inlined into report.html as data: URIs, sharp on any
 * screen) and as PNG (files for the README). One chart per question; every bar is labelled with its value and
 * error, errors are drawn, and axes are logarithmic where values span decades.
 */
public final class Charts {

    static final int WIDTH = 1000;
    static final int ROW_PX = 46;
    /** Series of one colour (one placement, say) told apart by their stroke and marker, in this order. */
    static final BasicStroke[] STROKES = {new BasicStroke(2f),
        new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 5f}, 0f),
        new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 4f}, 0f),
        new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {10f, 4f, 2f, 4f}, 0f)};
    static final org.knowm.xchart.style.markers.Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
        SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP};
    /** The diameter of a dot (a figure on a log axis), px. */
    static final int DOT_PX = 12;
    /** Most bars in one chart; the rest are in the report's tables. */
    static final int MAX_BARS = 200;

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

    /** A text written on a chart, centred at (x, y) in the chart's data coordinates. */
    public record Label(String text, double x, double y) {
    }

    /**
     * A chart, its name ({@code mechanism}, ...) and the question it answers, kept as XChart's model so that it
     * can be encoded (and checked) after it is drawn.
     */
    public record Chart(String name, String question, XYChart xy, Map<String, String> keys, List<Label> labels) {

        /**
         * @param keys   the series coloured by a {@link Palette} key (placement, pair, JDK): series name → key
         * @param labels the texts written on the plot (XChart keeps its annotations to itself), in drawing order
         */
        public Chart {
            keys = Map.copyOf(keys);
            labels = List.copyOf(labels);
        }

        public Chart(String name, String question, XYChart xy, Map<String, String> keys) {
            this(name, question, xy, keys, List.of());
        }

        /** The chart as a PNG, at its own size. */
        public byte[] png() throws IOException {
            return Charts.png(xy);
        }

        /** The chart as an SVG document (UTF-8), at its own size in px: sharp at any zoom ({@link #compact} numbers). */
        public byte[] svg() throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(xy, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            return compact(out.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        }
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

    /**
     * One row per figure, top to bottom in the given order, each labelled "label   value ± error" above it, with
     * its 99.9% error as a whisker. When the values span more than a decade the value axis is logarithmic and
     * each figure is a dot (a bar on a log axis starts at an arbitrary decade: its length means nothing); on a
     * linear axis, which then starts at 0, each figure is a bar from 0.
     */
    public static Optional<Chart> bars(String name, String title, String question, String unit, List<Bar> bars) throws IOException {
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
        XYChart chart = dotChart(title, unit + (log ? " (log scale)" : ""), height, legend, log);
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
                    errorBar(chart, "err" + i, Math.max(lo, b.value().lower()), Math.min(hi, b.value().upper()), y - 0.12);
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
                    errorBar(chart, "err" + i, Math.max(lo, b.value().lower()), Math.min(hi, b.value().upper()), y - 0.12);
                }
            }
            // the label: left-aligned above its row
            label(chart, labels, b.label() + "   " + Fmt.pm(b.value()), font, lo, hi, log, y + 0.3);
        }
        return Optional.of(new Chart(name, question, chart, keys, labels));
    }

    /**
     * The pinning study as one chart: a row per carriers × primitive (one carrier first, {@code synchronized} first),
     * in each row a dot per JDK (oldest on top) in the JDK's {@link Palette} colour with its 99.9% error as a
     * whisker, on a log axis of ns per round trip; one series per JDK, in the legend. A cell without a figure
     * (refused, failed, not run) is a gap labelled with why, in its JDK's place in the row, never a value.
     *
     * @return empty when no cell has a figure
     */
    public static Optional<Chart> pinning(String name, PinningStudy study, String question) throws IOException {
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
        double min = measured.stream().mapToDouble(r -> r.nsPerRoundTrip().errorKnown() && r.nsPerRoundTrip().lower() > 0
                ? r.nsPerRoundTrip().lower() : r.nsPerRoundTrip().value()).min().orElseThrow();
        double max = measured.stream().mapToDouble(r -> r.nsPerRoundTrip().errorKnown() ? r.nsPerRoundTrip().upper()
                : r.nsPerRoundTrip().value()).max().orElseThrow();
        double lo = Math.pow(10, Math.floor(Math.log10(min * 0.8)));
        double hi = Math.pow(10, Math.ceil(Math.log10(max * 1.05)));
        int n = cells.size();
        int rowPx = 34 + 18 * jdks.size();
        String title = "Does synchronized pin a carrier? " + String.join(" vs ", jdks.stream()
                .map(j -> Palette.jdkOf(j) == null ? "JDK " + j : Palette.jdkOf(j)).distinct().toList());
        XYChart chart = dotChart(title, "ns per round trip (two handoffs), log scale; whiskers: 99.9% error", 150 + n * rowPx,
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
                Estimate e = cell.get().nsPerRoundTrip();
                if (measured.contains(cell.get())) {
                    if (e.errorKnown() && e.halfWidth() > 0) {
                        errorBar(chart, "err " + jdk + " " + i, Math.max(lo, e.lower()), Math.min(hi, e.upper()), laneY);
                    }
                    points.get(jdk).add(new double[] {e.value(), laneY});
                    texts.add("JDK " + jdk + " " + Fmt.pm(e));
                } else {
                    String why = brief(cell.get().missing() == null ? "no figure" : cell.get().missing());
                    texts.add("JDK " + jdk + " " + why);
                    // the gap, in this JDK's place in the row: what would have been a dot is a reason
                    label(chart, labels, "JDK " + jdk + ": no figure (" + why + ")", font, lo, hi, true, laneY);
                }
            }
            label(chart, labels, shown + " · " + carriers + (carriers == 1 ? " carrier" : " carriers") + "    "
                    + String.join("  ·  ", texts), font, lo, hi, true, y + 0.3);
        }
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
        return Optional.of(new Chart(name, question, chart, keys, labels));
    }

    /**
     * Writes {@code text} left-aligned 6 px inside the plot's left edge at height {@code y}, and records it. XChart
     * centres a text on its x: the centre is placed from the text's measured width (the plot spans the chart's
     * width less its padding, as where the y axis has no labels).
     */
    private static void label(XYChart chart, List<Label> labels, String text, Font font, double lo, double hi, boolean log,
                              double y) {
        label(chart, labels, text, font, lo, hi, log, y, WIDTH - 2 * 10 - 14); // chart padding, axis line and tick padding
    }

    /** The plot's width in a chart with y-axis tick labels and title, px (about: the labels' width varies). */
    private static final int PLOT_PX_WITH_Y_LABELS = WIDTH - 2 * 10 - 95;

    private static void label(XYChart chart, List<Label> labels, String text, Font font, double lo, double hi, boolean log,
                              double y, double plotWidthPx) {
        double w = new TextLayout(text, font, new FontRenderContext(null, true, true)).getBounds().getWidth();
        double f = Math.min(0.98, (6 + w / 2) / plotWidthPx);
        text(chart, labels, text, log ? lo * Math.pow(hi / lo, f) : lo + f * (hi - lo), y);
    }

    /** Writes {@code text} centred at (x, y) in data coordinates, and records it. */
    private static void text(XYChart chart, List<Label> labels, String text, double x, double y) {
        chart.addAnnotation(new AnnotationText(text, x, y, false));
        labels.add(new Label(text, x, y));
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
     * 99.9% error as whiskers, and the direct cost of a switch as a dashed horizontal reference. The y axis is
     * logarithmic where the values span decades (16 KiB's ~100 ns beside 4 MiB's ~450,000 ns), with what is
     * ≤ 0 or within error of 0 in a marked row below it ({@link #curveChart}). Where the pair's CPU time was
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
    public static Optional<Chart> workingSet(List<IndirectCost.Row> rows, MachineInfo machine, Headline.Figure directFallback,
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
        List<Curve> curves = new ArrayList<>();
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
            curves.add(new Curve(s.getKey(), c, key, MARKERS[nth % MARKERS.length], STROKES[nth % STROKES.length], s.getValue()));
        }
        List<Reference> refs = direct != null && Double.isFinite(direct.value())
                ? List.of(new Reference(directWhat + ": " + Fmt.pm(direct) + " ns", direct, Color.DARK_GRAY)) : List.of();
        List<Label> labels = new ArrayList<>();
        XYChart chart = curveChart(whole ? "Cost of a switch through the caches: in the switch and after it, and after it only, 99.9% error"
                        : paired ? "Indirect cost of a switch: paired estimate (first − second walk), 99.9% error"
                        : "Indirect cost of a switch: the paper's estimator (total − direct − walk), 99.9% error",
                "working set each side touches between switches, KiB (log scale)", "indirect cost, ns per switch", curves, refs,
                caches(machine), true, true, labels);
        return Optional.of(new Chart("working-set", question, chart, keys(chart, curves), labels));
    }

    /** The name's end of a working-set chart's paired curve, beside a whole-cost curve. */
    static final String PAIRED_SUFFIX = ", after it only (paired)";

    /** The stride of the replication seed's cost-vs-size figure, and its sizes (KiB) and strides (bytes). */
    public static final long SEED_STRIDE = 16;
    public static final long SEED_SIZE_MIN_KIB = 64;
    public static final long SEED_SIZE_MAX_KIB = 8192;
    public static final long SEED_STRIDE_SIZE_MIN_KIB = 32;
    public static final long SEED_STRIDE_SIZE_MAX_KIB = 2048;

    /**
     * The JVM and C indirect cost of a switch from one {@code switchcost working-set} run: paired indirect ns per
     * switch against the working set (log x from L1d/2 to 2·LLC, the caches marked), one curve per stride and
     * implementation (JVM solid, C dashed, one colour per stride), the 99.9% error as whiskers, the direct cost
     * of each implementation as a horizontal reference; log y where the values span decades, what is ≤ 0 or
     * within error of 0 in a marked row below it ({@link #curveChart}).
     */
    public static Optional<Chart> indirectSweep(List<IndirectSweepCurve.Point> points, MachineInfo machine, String question)
            throws IOException {
        List<IndirectSweepCurve.Point> shown = points.stream().filter(p -> p.workingSetKiB() > 0).toList();
        if (shown.isEmpty()) {
            return Optional.empty();
        }
        // the whole cost (in the switch and after it) where every point has it; results from before it, the paired
        boolean whole = shown.stream().allMatch(p -> p.whole() != null);
        boolean placements = shown.stream().map(IndirectSweepCurve.Point::placement).distinct().count() > 1;
        List<Long> strides = shown.stream().map(IndirectSweepCurve.Point::strideBytes).distinct().sorted().toList();
        Map<String, Curve> curves = new LinkedHashMap<>();
        for (IndirectSweepCurve.Point p : shown) {
            String key = p.impl() + ", stride " + p.strideBytes() + " B" + (placements ? ", " + p.placement() : "");
            // several placements: the placement's colour (strides by marker); one: a colour per stride
            String colourKey = placements ? Palette.placement(p.placement()) : null;
            Color c = colourKey != null ? Palette.of(colourKey) : Palette.unkeyed(strides.indexOf(p.strideBytes()));
            int marker = placements ? strides.indexOf(p.strideBytes()) : 0;
            curves.computeIfAbsent(key, k -> Curve.of(k, c, colourKey, marker, !p.impl().equals("JVM")))
                    .points().put((double) p.workingSetKiB(), whole ? p.whole() : p.indirect());
        }
        List<Label> labels = new ArrayList<>();
        XYChart chart = curveChart(whole ? "Cost of a switch through the caches, in the switch and after it, JVM and C, one interleaved run (99.9% error)"
                        : "Indirect cost of a switch, JVM and C, one interleaved run (paired: first − second walk; 99.9% error)",
                "working set each side touches between switches, KiB (log scale)", "indirect cost, ns per switch",
                List.copyOf(curves.values()), directReferences(points), caches(machine), true, true, labels);
        return Optional.of(new Chart("indirect-jvm-vs-c", question, chart, keys(chart, curves.values()), labels));
    }

    /**
     * The replication seed's first figure: the total cost per switch (direct + indirect, Li et al.'s c2; the indirect
     * cost is {@link IndirectSweepCurve.Point#answer()}, the whole cost where the threads' CPU time was read)
     * against the working set at stride {@value #SEED_STRIDE} B, {@value #SEED_SIZE_MIN_KIB} KiB to
     * {@value #SEED_SIZE_MAX_KIB} KiB, JVM and C; log x with the caches marked, 99.9% error; log y where the
     * values span decades, what is ≤ 0 or within error of 0 in a marked row below it ({@link #curveChart}).
     */
    public static Optional<Chart> seedCostVsSize(List<IndirectSweepCurve.Point> points, MachineInfo machine, String question)
            throws IOException {
        Map<String, Curve> curves = new LinkedHashMap<>();
        for (IndirectSweepCurve.Point p : points) {
            if (p.strideBytes() != SEED_STRIDE || p.total() == null || p.workingSetKiB() < SEED_SIZE_MIN_KIB
                    || p.workingSetKiB() > SEED_SIZE_MAX_KIB) {
                continue;
            }
            String key = p.impl() + ", " + p.placement();
            // the placement's colour; JVM solid, C dashed
            String colourKey = Palette.placement(p.placement());
            curves.computeIfAbsent(key, k -> Curve.of(k, Palette.of(colourKey), colourKey, 0, !p.impl().equals("JVM")))
                    .points().put((double) p.workingSetKiB(), p.total());
        }
        if (curves.values().stream().allMatch(c -> c.points().size() < 2)) {
            return Optional.empty();
        }
        List<Label> labels = new ArrayList<>();
        XYChart chart = curveChart("Total cost per switch (direct + indirect) at stride " + SEED_STRIDE + " B, JVM and C (99.9% error)",
                "array each side walks between switches, KiB (log scale)", "total cost, ns per switch",
                List.copyOf(curves.values()), directReferences(points), caches(machine), false, true, labels);
        return Optional.of(new Chart("seed-cost-vs-size", question, chart, keys(chart, curves.values()), labels));
    }

    /**
     * The replication seed's second figure: the indirect cost ({@link IndirectSweepCurve.Point#answer()}: the whole cost
     * where the threads' CPU time was read, else the paired estimate) against the stride (8–128 B, log₂ x), one
     * line per size from {@value #SEED_STRIDE_SIZE_MIN_KIB} KiB to {@value #SEED_STRIDE_SIZE_MAX_KIB} KiB, JVM
     * solid and C dashed, 99.9% error as whiskers; linear y (the seed's few repetitions leave most of its values
     * within error of 0: on a log axis nearly every point would sit in the row below it).
     */
    public static Optional<Chart> seedIndirectVsStride(List<IndirectSweepCurve.Point> points, String question) throws IOException {
        List<IndirectSweepCurve.Point> shown = points.stream().filter(p -> p.workingSetKiB() >= SEED_STRIDE_SIZE_MIN_KIB
                && p.workingSetKiB() <= SEED_STRIDE_SIZE_MAX_KIB && p.strideBytes() >= 8 && p.strideBytes() <= 128).toList();
        boolean placements = shown.stream().map(IndirectSweepCurve.Point::placement).distinct().count() > 1;
        List<Long> sizes = shown.stream().map(IndirectSweepCurve.Point::workingSetKiB).distinct().sorted().toList();
        Map<String, Curve> curves = new LinkedHashMap<>();
        for (IndirectSweepCurve.Point p : shown) {
            String key = p.impl() + ", " + Fmt.num(p.workingSetKiB()) + " KiB" + (placements ? ", " + p.placement() : "");
            Color c = Palette.unkeyed(sizes.indexOf(p.workingSetKiB()));
            int marker = placements ? List.of("SAME_CPU", "CROSS_CPU").indexOf(p.placement()) + 1 : 0;
            curves.computeIfAbsent(key, k -> Curve.of(k, c, null, marker, !p.impl().equals("JVM")))
                    .points().put(Math.log(p.strideBytes()) / Math.log(2), p.answer());
        }
        if (curves.values().stream().allMatch(c -> c.points().size() < 2)) {
            return Optional.empty();
        }
        List<Label> labels = new ArrayList<>();
        XYChart chart = curveChart("Indirect cost of a switch against the stride, one line per array size (JVM solid, C dashed; 99.9% error)",
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
            text(chart, labels, Fmt.num(Math.pow(2, k)) + " B", k + 0.12, bottom + (top - bottom) * 0.03);
        }
        return Optional.of(new Chart("seed-indirect-vs-stride", question, chart, keys(chart, curves.values()), labels));
    }

    /**
     * One curve: its legend name, colour (and the {@link Palette} key it stands for, or null), its marker and
     * stroke, and its points (x → value with error).
     */
    record Curve(String name, Color color, String key, org.knowm.xchart.style.markers.Marker marker, BasicStroke stroke,
                 TreeMap<Double, Estimate> points) {

        /** A curve of the JVM (solid) or C ({@code dashed}); {@code marker} tells apart curves of one colour and kind. */
        static Curve of(String name, Color color, String key, int marker, boolean dashed) {
            return new Curve(name, color, key, MARKERS[(2 * marker + (dashed ? 1 : 0)) % MARKERS.length], STROKES[dashed ? 1 : 0],
                    new TreeMap<>());
        }
    }

    /**
     * The series of {@code chart} that draw a curve with a {@link Palette} key (its line, its band, its points in
     * the row below a log axis): name → key.
     */
    static Map<String, String> keys(XYChart chart, java.util.Collection<Curve> curves) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Curve cv : curves) {
            for (String name : List.of(cv.name(), cv.name() + " band", belowName(cv))) {
                if (cv.key() != null && chart.getSeriesMap().containsKey(name)) {
                    keys.put(name, cv.key());
                }
            }
        }
        return keys;
    }

    /** A horizontal reference line. */
    record Reference(String name, Estimate value, Color color) {
    }

    /** The direct cost (size-0 round trip / 2) of each implementation and placement, one line each, once per stride set. */
    static List<Reference> directReferences(List<IndirectSweepCurve.Point> points) {
        Map<String, Reference> out = new LinkedHashMap<>();
        for (IndirectSweepCurve.Point p : points) {
            if (p.workingSetKiB() == 0 && p.direct() != null && Double.isFinite(p.direct().value())) {
                out.putIfAbsent(p.impl() + p.placement(), new Reference("direct cost, " + p.impl() + " " + p.placement()
                        + " (size 0, round trip / 2): " + Fmt.pm(p.direct()) + " ns", p.direct(),
                        p.impl().equals("JVM") ? Color.DARK_GRAY : new Color(0x999999)));
            }
        }
        return List.copyOf(out.values());
    }

    private static CacheSizes caches(MachineInfo machine) {
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
    private static XYChart curveChart(String title, String xTitle, String yTitle, List<Curve> curves, List<Reference> refs,
                                      CacheSizes caches, boolean cacheRange, boolean logY, List<Label> labels) {
        boolean logX = xTitle.contains("(log scale)");
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
        if (!log) {
            below = List.of();
            plotPx = PLOT_PX;
        }
        int legendLines = curves.size() + refs.size() + (below.isEmpty() ? 0 : 1);
        XYChart chart = new XYChartBuilder().width(WIDTH).height(160 + plotPx + 20 * legendLines)
                .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle + (log ? " (log scale)" : "")).build();
        chart.getStyler().setXAxisLogarithmic(logX).setLegendPosition(Styler.LegendPosition.OutsideS);
        paper(chart);
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
        double yMax = 0;
        double yMin = 0;
        double xMin = Double.MAX_VALUE;
        double xMax = -Double.MAX_VALUE;
        List<String> bands = new ArrayList<>();
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
                bands.add(band.getName());
            }
            XYSeries line = chart.addSeries(cv.name(), x, y, err);
            line.setMarker(cv.marker());
            line.setLineColor(c);
            line.setMarkerColor(c);
            line.setLineStyle(cv.stroke());
            yMax = Math.max(yMax, up.stream().mapToDouble(Double::doubleValue).max().orElse(0));
            yMin = Math.min(yMin, down.stream().mapToDouble(Double::doubleValue).min().orElse(0));
            xMin = Math.min(xMin, x.get(0));
            xMax = Math.max(xMax, x.get(x.size() - 1));
        }
        if (cacheRange && caches != null) {
            xMin = Math.min(xMin, caches.l1dBytes() / 2 / 1024.0);
            xMax = Math.max(xMax, 2.0 * caches.llcBytes() / 1024.0);
        }
        double lo = logX ? xMin / 1.25 : xMin;
        double hi = logX ? xMax * 1.25 : xMax;
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
            yMax = Math.max(yMax, r.value().value());
        }
        double captionY;
        if (log) {
            chart.getStyler().setYAxisMin(bottom);
            chart.getStyler().setYAxisMax(top);
            captionY = Math.pow(10, Math.log10(top) - 0.04 * Math.log10(top / bottom));
            if (!below.isEmpty()) {
                belowLogAxis(chart, labels, below, lo, hi, bottom, rowTop, logX, font);
            }
        } else {
            // an error many times the largest value would flatten every curve: clip the axis, say so in the axis title
            double scale = 0;
            for (Curve cv : curves) {
                for (Estimate e : cv.points().values()) {
                    if (Double.isFinite(e.value())) {
                        scale = Math.max(scale, Math.abs(e.value()));
                    }
                }
            }
            for (Reference r : refs) {
                scale = Math.max(scale, Math.abs(r.value().value()));
            }
            if (scale > 0 && (yMax > 4 * scale || yMin < -4 * scale)) {
                yMax = Math.min(yMax, 4 * scale);
                yMin = Math.max(yMin, -4 * scale);
                chart.setXAxisTitle(chart.getXAxisTitle() + "; y axis clipped at ±4× the largest value (whiskers run off it)");
                bands.forEach(chart::removeSeries);
            }
            double pad = Math.max(1, (yMax - yMin) * 0.08);
            chart.getStyler().setYAxisMax(yMax + pad);
            chart.getStyler().setYAxisMin(yMin - (yMin < 0 ? pad : 0));
            captionY = yMax + pad * 0.5;
        }
        if (caches != null && logX) {
            for (Map.Entry<String, Long> cache : cacheMarks(caches).entrySet()) {
                double kib = cache.getValue() / 1024.0;
                if (kib < lo || kib > hi) {
                    continue;
                }
                chart.addAnnotation(new AnnotationLine(kib, true, false));
                String caption = cache.getKey() + " " + Fmt.num(kib) + " KiB";
                text(chart, labels, caption, inside(caption, font, kib * 1.03, lo, hi, true), captionY);
            }
        }
        return chart;
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
        java.util.function.DoubleUnaryOperator line = k -> Math.pow(10, Math.log10(rowTop) - (k + 0.75) * unit);
        label(chart, labels, "≤ 0 or within error of 0 (not on the log scale): value ± 99.9% error, ns", font, lo, hi, logX,
                line.applyAsDouble(0), PLOT_PX_WITH_Y_LABELS);
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
                text(chart, labels, text, inside(text, font, p.getKey(), lo, hi, logX), line.applyAsDouble(1 + 3 * c + nth % 2));
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

    /** Where to centre {@code text} so that it is centred at {@code x} but inside the plot (lo..hi on the x axis). */
    private static double inside(String text, Font font, double x, double lo, double hi, boolean logX) {
        double half = (new TextLayout(text, font, new FontRenderContext(null, true, true)).getBounds().getWidth() / 2 + 4)
                / PLOT_PX_WITH_Y_LABELS;
        double f = logX ? Math.log(x / lo) / Math.log(hi / lo) : (x - lo) / (hi - lo);
        f = Math.max(half, Math.min(1 - half, f));
        return logX ? lo * Math.pow(hi / lo, f) : lo + f * (hi - lo);
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
