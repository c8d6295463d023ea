package dev.switchcost.render;

import dev.switchcost.measure.sample.ThreadSampler;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code sample}'s plot: for each of the busiest threads, switches per second (top) and run-queue delay
 * in ms per second (bottom) over time, one line per thread in the same colour in both, as one PNG.
 */
public final class SampleChart {

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 380;

    private SampleChart() {
    }

    /**
     * @param history the intervals sampled
     * @param threads the threads to draw, key ({@link ThreadSampler#key}) → label, busiest first
     * @return the PNG, or empty when there is nothing to draw (fewer than two intervals, or no thread)
     */
    public static Optional<byte[]> png(List<ThreadSampler.Interval> history, Map<Long, String> threads) throws IOException {
        if (history.size() < 2 || threads.isEmpty()) {
            return Optional.empty();
        }
        XYChart switches = chart("Switches per second, busiest threads", "switches/s");
        XYChart delay = chart("Run-queue delay: time runnable but waiting for a CPU", "ms per second");
        int i = 0;
        for (Map.Entry<Long, String> t : threads.entrySet()) {
            List<Double> x = new ArrayList<>();
            List<Double> sw = new ArrayList<>();
            List<Double> wait = new ArrayList<>();
            for (ThreadSampler.Interval in : history) {
                double[] v = in.perThread().get(t.getKey());
                x.add(in.end());
                sw.add(v == null ? 0 : v[0]);
                wait.add(v == null ? 0 : v[1]);
            }
            Color c = Palette.unkeyed(i++);
            // the same name twice would be refused by XChart: the tid is in the label
            add(switches, t.getValue(), x, sw, c);
            add(delay, t.getValue(), x, wait, c);
        }
        BufferedImage top = BitmapEncoder.getBufferedImage(switches);
        BufferedImage bottom = BitmapEncoder.getBufferedImage(delay);
        BufferedImage both = new BufferedImage(WIDTH, top.getHeight() + bottom.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = both.createGraphics();
        g.drawImage(top, 0, 0, null);
        g.drawImage(bottom, 0, top.getHeight(), null);
        g.dispose();
        return Optional.of(ChartFrame.png(both));
    }

    private static XYChart chart(String title, String unit) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("seconds since sampling began")
                .yAxisTitle(unit).build();
        c.getStyler().setChartBackgroundColor(Color.WHITE);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisDecimalPattern("#,##0.#");
        c.getStyler().setXAxisDecimalPattern("#,##0.#");
        return c;
    }

    private static void add(XYChart chart, String name, List<Double> x, List<Double> y, Color c) {
        XYSeries s = chart.addSeries(name, x, y);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setMarkerColor(c);
        s.setLineColor(c);
    }
}
