package dev.switchcost.render;

import dev.switchcost.results.Estimate;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The report's charts, drawn with XChart: as SVG (inlined into report.html as data: URIs, sharp on any
 * screen) and as PNG (files for the README). One chart per question, each drawn by its own class
 * ({@link BarChart}, {@link PinningChart}, {@link WorkingSetChart}, {@link IndirectSweepChart},
 * {@link SeedCostVsSizeChart}, {@link SeedIndirectVsStrideChart}; {@link DistributionChart} beside them) on a
 * shared frame ({@link ChartFrame}; the curves' frame is {@link CurveChart}); this class holds what they are given
 * ({@link Bar}) and hand back ({@link Chart}). Every bar is labelled with its value and error, errors are drawn, and
 * axes are logarithmic where values span decades.
 */
public final class Charts {

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

        public byte[] png() throws IOException {
            return ChartFrame.png(xy);
        }

        /** The chart as an SVG document (UTF-8), at its own size in px: sharp at any zoom ({@link ChartFrame#compact} numbers). */
        public byte[] svg() throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(xy, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            return ChartFrame.compact(out.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        }
    }

    /** The stride of the replication seed's cost-vs-size figure, and its sizes (KiB) and strides (bytes). */
    public static final long SEED_STRIDE = 16;
    public static final long SEED_SIZE_MIN_KIB = 64;
    public static final long SEED_SIZE_MAX_KIB = 8192;
    public static final long SEED_STRIDE_SIZE_MIN_KIB = 32;
    public static final long SEED_STRIDE_SIZE_MAX_KIB = 2048;
}
