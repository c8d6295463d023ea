package dev.switchcost.render;

import dev.switchcost.derive.Study;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.None;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 18: the charts of a report read true. Every chart the report draws from committed results is checked. */
class ReportChartsTest {

    static final Path QUICK = Fixtures.results("quick-paired-cache-epyc-kvm-jdk25");
    static final Path PINNING = Fixtures.results("pinning-study-epyc-kvm-jdk21-jdk25");

    @TempDir
    Path tmp;

    /**
     * The results directories a report is checked on: a quick run, the pinning study, two working-set runs (copies of
     * committed runs), and the five short runs made for the tests. Not every fixture: each is a report rendered, and
     * the report of the committed compare --spin run (compare-spin-epyc-kvm-jdk25) would fail the colour rule below (it
     * draws "JVM: spin, never park", which stands for no placement, in a placement's colour).
     */
    static List<Path> pages() {
        return Stream.of(QUICK, PINNING, WorkingSetChartTest.PAIRED, WorkingSetChartTest.CURVE, Fixtures.results("epyc-kvm-2vcpu-jdk25"),
                Fixtures.results("pinning-gc-pinned-jdk21-jdk25"), Fixtures.results("pinning-jdk21-jdk25"),
                Fixtures.results("working-set-sweep-epyc-kvm-2vcpu-jdk25"), Fixtures.results("workingset-paired-epyc-kvm-2vcpu-jdk25")).toList();
    }

    /** Every chart the report of {@code dir} draws. */
    List<Charts.Chart> charts(Path dir) throws IOException {
        Path out = Files.createDirectories(tmp.resolve(dir.getFileName().toString()));
        return ReportRenderer.render(Study.of(List.of(Results.load(dir))), out, null, "test").drawn();
    }

    /**
     * The series of {@code chart} drawn as bars: a line thicker than {@value #BAR_STROKE_PX} px along one axis (a
     * bar faked from a segment), or an area filled down to an axis.
     */
    static List<String> barSeries(XYChart chart) {
        List<String> bars = new ArrayList<>();
        for (XYSeries s : chart.getSeriesMap().values()) {
            XYSeries.XYSeriesRenderStyle style = s.getXYSeriesRenderStyle();
            if (style == XYSeries.XYSeriesRenderStyle.Area || style == XYSeries.XYSeriesRenderStyle.StepArea) {
                bars.add(s.getName());
            } else if ((style == null || style == XYSeries.XYSeriesRenderStyle.Line || style == XYSeries.XYSeriesRenderStyle.Step)
                    && s.getLineStyle() instanceof BasicStroke b && b.getLineWidth() > BAR_STROKE_PX) {
                bars.add(s.getName());
            }
        }
        return bars;
    }

    static final float BAR_STROKE_PX = 4;

    static boolean logAxis(XYChart chart) {
        return chart.getStyler().isXAxisLogarithmic() || chart.getStyler().isYAxisLogarithmic();
    }

    @Test
    void theDetectorSeesABarFakedFromAThickLine() {
        XYChart c = new XYChartBuilder().width(400).height(200).build();
        c.getStyler().setXAxisLogarithmic(true);
        XYSeries s = c.addSeries("bar", new double[] {10, 7345}, new double[] {1, 1});
        s.setMarker(SeriesMarkers.NONE);
        s.setLineStyle(new BasicStroke(19f));
        XYSeries w = c.addSeries("whisker", new double[] {7000, 7600}, new double[] {1, 1});
        w.setLineStyle(new BasicStroke(1.6f));
        assertEquals(List.of("bar"), barSeries(c));
    }

    @Test
    void noChartWithALogAxisDrawsABar() throws IOException {
        int logCharts = 0;
        int linearBarCharts = 0;
        for (Path page : pages()) {
            for (Charts.Chart c : charts(page)) {
                List<String> bars = barSeries(c.xy());
                if (logAxis(c.xy())) {
                    logCharts++;
                    assertTrue(bars.isEmpty(), page + ": " + c.name() + " has a log axis and draws bars " + bars);
                } else if (!bars.isEmpty()) {
                    linearBarCharts++;
                    // a bar on a linear axis starts at 0, and so does the axis
                    assertEquals(0.0, (double) c.xy().getStyler().getXAxisMin(), page + ": " + c.name() + "'s axis starts at 0");
                    for (String b : bars) {
                        assertEquals(0.0, c.xy().getSeriesMap().get(b).getXData()[0], page + ": " + c.name() + " " + b + " starts at 0");
                    }
                }
            }
        }
        assertTrue(logCharts >= 3, "the pages have log-axis charts to check (virtual vs platform, distribution, pinning)");
        for (Charts.Chart c : charts(PINNING)) {
            assertTrue(logAxis(c.xy()) && barSeries(c.xy()).isEmpty(), "the pinning page: " + c.name() + " is dots on a log axis");
        }
        assertTrue(linearBarCharts >= 2, "the pages have bar charts on linear axes (mechanism, compare)");
    }

    /** The case of the issue: 12 ns beside 7,345 ns spans decades, so it is a dot with its whisker, not a bar. */
    @Test
    void figuresSpanningDecadesAreDots() throws IOException {
        List<Charts.Bar> rows = List.of(
                new Charts.Bar("virtual", Estimate.ofSamples(new double[] {12, 12.5, 11.5}), "VT_VT"),
                new Charts.Bar("platform", Estimate.ofSamples(new double[] {7345, 7400, 7290}), "PT_PT"));
        XYChart c = BarChart.of("v", "t", "q?", "ns", rows).orElseThrow().xy();
        assertTrue(c.getStyler().isXAxisLogarithmic());
        assertTrue(barSeries(c).isEmpty());
        long dots = c.getSeriesMap().values().stream().filter(s -> s.getXYSeriesRenderStyle() == XYSeries.XYSeriesRenderStyle.Scatter
                && s.getXData().length == 1).count();
        assertEquals(2, dots, "one dot per figure");
        // within a decade the axis is linear from 0 and the figures are bars
        XYChart near = BarChart.of("m", "t", "q?", "ns", List.of(rows.get(1),
                new Charts.Bar("futex", Estimate.ofSamples(new double[] {9000, 9100, 8900}), "CROSS_CPU"))).orElseThrow().xy();
        assertFalse(near.getStyler().isXAxisLogarithmic());
        assertEquals(2, barSeries(near).size());
    }

    /** The colours (RGB) a series is drawn in: its line where a line is drawn, its marker, its fill where it fills. */
    static Set<Integer> drawnColours(XYSeries s) {
        Set<Integer> out = new HashSet<>();
        XYSeries.XYSeriesRenderStyle style = s.getXYSeriesRenderStyle();
        boolean fills = style == XYSeries.XYSeriesRenderStyle.PolygonArea || style == XYSeries.XYSeriesRenderStyle.Area
                || style == XYSeries.XYSeriesRenderStyle.StepArea;
        if (style != XYSeries.XYSeriesRenderStyle.Scatter) {
            add(out, s.getLineColor());
        }
        if (!(s.getMarker() instanceof None) && s.getMarker() != null) {
            add(out, s.getMarkerColor());
        }
        if (fills) {
            add(out, s.getFillColor());
        }
        return out;
    }

    private static void add(Set<Integer> out, Color c) {
        if (c != null && c.getAlpha() > 0) {
            out.add(c.getRGB() & 0xffffff);
        }
    }

    /**
     * Across every chart of one page, a placement, a virtual-thread pair or a JDK is always drawn in its one colour,
     * two of them never share one, and no other series (a stride, a size, the timer) wears one of theirs.
     */
    @Test
    void onePlacementOrJdkOneColourAcrossEveryChartOfAPage() throws IOException {
        Map<String, Set<String>> quickCharts = null;
        Map<String, Set<String>> pinningCharts = null;
        for (Path page : pages()) {
            Map<String, Set<Integer>> colours = new TreeMap<>();
            Map<String, Set<String>> chartsOf = new TreeMap<>();
            for (Charts.Chart c : charts(page)) {
                for (XYSeries s : c.xy().getSeriesMap().values()) {
                    Set<Integer> drawn = drawnColours(s);
                    String key = c.keys().get(s.getName());
                    if (key == null) {
                        for (int rgb : drawn) {
                            assertFalse(keyed(new Color(rgb)), page + ": " + c.name() + " draws '" + s.getName()
                                    + "', which stands for no placement or JDK, in a placement's or JDK's colour");
                        }
                        continue;
                    }
                    assertFalse(drawn.isEmpty(), page + ": " + c.name() + " '" + s.getName() + "' is drawn in some colour");
                    colours.computeIfAbsent(key, k -> new HashSet<>()).addAll(drawn);
                    chartsOf.computeIfAbsent(key, k -> new TreeSet<>()).add(c.name());
                }
            }
            for (Map.Entry<String, Set<Integer>> e : colours.entrySet()) {
                assertEquals(1, e.getValue().size(), page + ": " + e.getKey() + " is drawn in " + e.getValue().size()
                        + " colours, in " + chartsOf.get(e.getKey()));
            }
            Set<Integer> all = new HashSet<>();
            colours.values().forEach(all::addAll);
            assertEquals(colours.size(), all.size(), page + ": two keys share a colour: " + colours);
            if (page.equals(QUICK)) {
                quickCharts = chartsOf;
            }
            if (page.equals(PINNING)) {
                pinningCharts = chartsOf;
            }
        }
        // the quick run draws each placement in several charts: the check above had something to compare
        assertNotNull(quickCharts);
        assertNotNull(pinningCharts);
        // the pinning page draws each JDK in the pinning chart, and virtual ↔ virtual in the virtual-thread chart
        assertEquals(Set.of("pinning"), pinningCharts.get("JDK 21"));
        assertEquals(Set.of("pinning"), pinningCharts.get("JDK 25"));
        assertEquals(Set.of("virtual-vs-platform"), pinningCharts.get(Palette.VT_VT));
        // the quick run's one working-set size is a table, not a chart (issue 29)
        assertEquals(Set.of("compare", "distribution", "mechanism"), quickCharts.get("SAME_CPU"));
        assertEquals(Set.of("distribution", "mechanism"), quickCharts.get("CROSS_CPU"));
        assertEquals(Set.of("distribution", "virtual-vs-platform"), quickCharts.get(Palette.VT_VT));
    }

    @Test
    void paletteKeysAreDistinctAndJdksStable() {
        List<String> keys = List.of("SAME_CPU", "CROSS_CPU", "SMT_SIBLING", "UNPINNED", Palette.VT_VT, Palette.VT_PT, Palette.PT_PT,
                Palette.jdk(17), Palette.jdk(21), Palette.jdk(25), Palette.jdk(26));
        assertEquals(keys.size(), keys.stream().map(Palette::of).distinct().count());
        assertEquals(Palette.of("JDK 25"), Palette.of(Palette.jdkOf("25.0.3")));
        for (int i = 0; i < 20; i++) {
            assertFalse(keyed(Palette.unkeyed(i)));
        }
    }

    /** Whether {@code c} (its RGB, alpha ignored) is the colour of some key: a placement, a pair or a JDK (seven colours, cycling). */
    static boolean keyed(Color c) {
        return Stream.concat(Stream.of("SAME_CPU", "CROSS_CPU", "SMT_SIBLING", "UNPINNED", Palette.VT_VT, Palette.VT_PT, Palette.PT_PT),
                IntStream.range(0, 7).mapToObj(Palette::jdk)).anyMatch(k -> (Palette.of(k).getRGB() & 0xffffff) == (c.getRGB() & 0xffffff));
    }

    /** report.html carries each chart as vector SVG (sharp on a HiDPI screen), none as a bitmap. */
    @Test
    void reportHtmlInlinesEveryChartAsSvg() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("svg"));
        ReportRenderer.Rendered r = ReportRenderer.render(Study.of(List.of(Results.load(QUICK))), out, null, "test");
        String html = Files.readString(r.html());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("src=\"data:image/svg\\+xml;base64,([A-Za-z0-9+/=]+)\"").matcher(html);
        int n = 0;
        while (m.find()) {
            String svg = new String(java.util.Base64.getDecoder().decode(m.group(1)), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(svg.contains("<svg") && svg.strip().endsWith("</svg>"), "chart " + n + " is a whole SVG document");
            n++;
        }
        assertEquals(r.drawn().size(), n, "one SVG per chart drawn");
        assertTrue(n >= 4);
        assertFalse(html.contains("data:image/png"), "no bitmap chart");
    }

    /**
     * The SVG of every chart of the quick run is well-formed XML on a solid grid (XChart fills each dash of a dashed
     * one as a polygon), its numbers have at most two decimals, its styles are a stylesheet's classes (each one
     * defined), and all of it is well under what XChart writes (glyph outlines to 16 decimals, a style per line
     * segment). The quick run's report.html was 3.6 MB before.
     */
    @Test
    void chartSvgsAreCompactAndWellFormed() throws Exception {
        javax.xml.parsers.DocumentBuilderFactory f = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        long raw = 0;
        long compact = 0;
        for (Charts.Chart c : charts(QUICK)) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            org.knowm.xchart.VectorGraphicsEncoder.saveVectorGraphic(c.xy(), out, org.knowm.xchart.VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            raw += out.size();
            assertNull(((BasicStroke) c.xy().getStyler().getPlotGridLinesStroke()).getDashArray(), c.name() + ": a solid grid");
            byte[] svg = c.svg();
            compact += svg.length;
            org.w3c.dom.Document d = f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(svg));
            assertEquals("svg", d.getDocumentElement().getNodeName());
            String text = new String(svg, java.nio.charset.StandardCharsets.UTF_8);
            assertFalse(java.util.regex.Pattern.compile("[0-9]\\.[0-9]{3}").matcher(text).find(), c.name() + ": a number with 3 decimals");
            assertFalse(text.contains(" style=\""), c.name() + ": a style left on an element");
            String css = d.getElementsByTagName("style").item(0).getTextContent();
            java.util.regex.Matcher used = java.util.regex.Pattern.compile("class=\"([^\"]+)\"").matcher(text);
            while (used.find()) {
                assertTrue(css.contains("." + used.group(1) + "{"), c.name() + ": class " + used.group(1) + " is defined");
            }
        }
        assertTrue(compact < raw * 0.6, "compact SVGs: " + compact + " bytes of XChart's " + raw);
    }
}
