package dev.switchcost.render;

import dev.switchcost.derive.LatencyDistribution;
import dev.switchcost.results.Family;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Param;
import dev.switchcost.results.Percentiles;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;

/**
 * The latency distribution per placement and mechanism (JMH sample mode): latency on a log axis against the
 * percentile on a scale of nines (p50 and p90 one step apart, p90 and p99 one step, ...), one line per
 * handoff, the timer's own row dashed in grey.
 */
public final class DistributionChart {

    static {
        System.setProperty("java.awt.headless", "true");
    }

    static final String NAME = "distribution";
    private static final int HEIGHT = 560;

    private DistributionChart() {
    }

    /**
     * One line of the chart: a sampled trial, and the input it comes from where a report has several (null where one).
     */
    record Line(String input, LatencyDistribution.Series series) {
    }

    /**
     * The chart, or empty when no line has a histogram. A line's legend name starts with its input where it has one,
     * and a name that two lines would share (two inputs of one name) is numbered: the chart needs each name once.
     */
    static Optional<Charts.Chart> lines(List<Line> lines) throws IOException {
        List<Line> shown = lines.stream().filter(l -> l.series().tail().curve().size() > 1).toList();
        if (shown.isEmpty()) {
            return Optional.empty();
        }
        boolean perSwitch = shown.stream().anyMatch(l -> l.series().perSwitch());
        XYChart chart = new XYChartBuilder().width(ChartFrame.WIDTH).height(HEIGHT)
                .title("Handoff latency distribution (JMH sample mode)")
                .xAxisTitle("percentile (scale of nines: p90, p99, p99.9 equally spaced)")
                .yAxisTitle((perSwitch ? "ns per switch (round trip / 2)" : "ns per op") + ", log scale").build();
        ChartFrame.paper(chart);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setXAxisMin(0.0);
        double maxNines = shown.stream().map(Line::series)
                .mapToDouble(s -> nines(s.tail().curve().get(s.tail().curve().size() - 1).fraction()))
                .max().orElse(3);
        chart.getStyler().setXAxisMax(Math.ceil(maxNines));
        chart.getStyler().setXAxisTickMarkSpacingHint(120);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(DistributionChart::percentileLabel);
        Font font = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
        chart.getStyler().setLegendFont(font);
        chart.getStyler().setAxisTickLabelsFont(font);
        int i = 0;
        Map<String, String> keys = new LinkedHashMap<>();
        Map<Color, Integer> sameColour = new LinkedHashMap<>();
        for (Line l : shown) {
            LatencyDistribution.Series s = l.series();
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (Percentiles.Point p : s.tail().curve()) {
                x.add(nines(p.fraction()));
                y.add(p.ns());
            }
            String named = (l.input() == null ? "" : l.input() + ": ") + label(s);
            String name = named;
            for (int n = 2; chart.getSeriesMap().containsKey(name); n++) {
                name = named + " (" + n + ")";
            }
            XYSeries line = chart.addSeries(name, x, y);
            line.setMarker(SeriesMarkers.NONE);
            String key = s.timer() ? null : key(s.row());
            Color c = s.timer() ? Palette.TIMER : key != null ? Palette.of(key) : Palette.unkeyed(i++);
            line.setLineColor(c);
            if (s.timer()) {
                line.setLineStyle(SeriesLines.DASH_DASH);
            } else {
                // lines of one colour (two carriers beside one, two mechanisms on one placement) by their stroke
                line.setLineStyle(ChartFrame.STROKES[(sameColour.merge(c, 1, Integer::sum) - 1) % ChartFrame.STROKES.length]);
            }
            if (key != null) {
                keys.put(line.getName(), key);
            }
        }
        return Optional.of(new Charts.Chart(NAME, "How long is the tail of a handoff: latency per percentile, log scale"
                + " (each line one trial; p50 at 0.3, p90 at 1, p99 at 2, p99.9 at 3 on the x axis)?", chart, keys, List.of()));
    }

    /** The {@link Palette} key of a row: its virtual-thread pair, else its placement (none: unpinned), else null. */
    static String key(JmhRow r) {
        if (r.param(Param.PAIR) != null && Palette.isKey(Palette.pair(r.param(Param.PAIR)))) {
            return Palette.pair(r.param(Param.PAIR));
        }
        if (r.param(Param.PLACEMENT) != null || Family.FUTEX.has(r)) {
            String p = Palette.placement(r.param(Param.PLACEMENT));
            return Palette.isKey(p) ? p : null;
        }
        return null;
    }

    /** The percentile {@code fraction} on a scale of nines: −log10(1 − fraction); p90 is 1, p99 2. */
    static double nines(double fraction) {
        return -Math.log10(1 - fraction);
    }

    /** The tick label at {@code x} nines: {@code p99.9} at whole nines, none between (p68.3772 helps no reader). */
    static String percentileLabel(double x) {
        if (Math.abs(x - Math.rint(x)) > 1e-6) {
            return "";
        }
        double p = 100 * (1 - Math.pow(10, -x));
        String s = String.format(Locale.ROOT, "%.4f", p).replaceAll("0+$", "").replaceAll("\\.$", "");
        return "p" + s;
    }

    /** The legend's name of a series: mechanism and placement, the sample count, and what one sampled value is. */
    static String label(LatencyDistribution.Series s) {
        JmhRow r = s.row();
        String what;
        if (s.timer()) {
            what = "timer: an empty op sampled (two nanoTime reads), ns per op";
        } else if (Family.FUTEX.has(r)) {
            what = "futex handoff, " + placement(r.param(Param.PLACEMENT));
        } else if (Family.VIRTUAL_HANDOFF.has(r)) {
            what = ("VT_VT".equals(r.param(Param.PAIR)) ? "virtual ↔ virtual" : "PT_PT".equals(r.param(Param.PAIR)) ? "platform ↔ platform"
                    : r.param(Param.PAIR)) + " (" + r.param(Param.PRIMITIVE) + ", " + carriers(r) + ")";
        } else {
            what = r.shortName() + (r.params().isEmpty() ? "" : " " + r.paramsText());
        }
        return what + " · " + Fmt.num(s.tail().samples()) + " samples"
                + (s.tripsPerSample() > 1 ? " · each a mean of " + Fmt.num(s.tripsPerSample()) + " round trips" : "");
    }

    /** The carriers a pair's virtual threads run on; a platform pair has none, and runs unpinned. */
    private static String carriers(JmhRow r) {
        if ("PT_PT".equals(r.param(Param.PAIR))) {
            return "unpinned";
        }
        return r.benchmarkClass().endsWith("OneCarrier") ? "1 carrier" : "2 carriers";
    }

    private static String placement(String p) {
        return p == null ? "unpinned" : switch (p) {
            case "SAME_CPU" -> "both on one CPU";
            case "CROSS_CPU" -> "on two CPUs";
            case "SMT_SIBLING" -> "on SMT siblings";
            default -> p.toLowerCase(Locale.ROOT);
        };
    }
}
