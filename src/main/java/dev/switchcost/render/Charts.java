package dev.switchcost.render;

import dev.switchcost.derive.Headline;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.derive.SpinBudget;
import dev.switchcost.derive.SpinTwin;
import dev.switchcost.derive.PinningStudy;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Estimate;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The report's charts, drawn with XChart: as SVG (inlined into report.html as data: URIs, sharp on any
 * screen) and as PNG (files for the README). One chart per question, each drawn by its own class
 * ({@link BarChart}, {@link PinningChart}, {@link WorkingSetChart}, {@link IndirectSweepChart},
 * {@link SeedCostVsSizeChart}, {@link SeedIndirectVsStrideChart}; {@link DistributionChart} beside them) on a
 * shared frame ({@link ChartFrame}; the curves' frame is {@link CurveChart}); this class is where the report
 * asks for them. Every bar is labelled with its value and error, errors are drawn, and axes are logarithmic
 * where values span decades.
 */
public final class Charts {

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

    /** One labelled row per figure ({@link BarChart}). */
    public static Optional<Chart> bars(String name, String title, String question, String unit, List<Bar> bars) throws IOException {
        return BarChart.of(name, title, question, unit, bars);
    }

    /** The pinning study, a row per carriers × primitive and a dot per JDK ({@link PinningChart}); empty when no cell has a figure. */
    public static Optional<Chart> pinning(String name, PinningStudy study, String question) throws IOException {
        return PinningChart.of(name, study, question);
    }

    /** As {@link #workingSet(List, MachineInfo, Headline.Figure, String)} with the direct cost taken from the rows. */
    public static Optional<Chart> workingSet(List<IndirectCost.Row> rows, MachineInfo machine, String question) throws IOException {
        return WorkingSetChart.of(rows, machine, null, question);
    }

    /**
     * The indirect cost per switch against the working set ({@link WorkingSetChart}).
     *
     * @param directFallback the direct cost to draw when no row carries its own size-0 round trip, or null
     */
    public static Optional<Chart> workingSet(List<IndirectCost.Row> rows, MachineInfo machine, Headline.Figure directFallback,
                                             String question) throws IOException {
        return WorkingSetChart.of(rows, machine, directFallback, question);
    }

    /** JVM and C indirect cost of one {@code switchcost working-set} run ({@link IndirectSweepChart}). */
    public static Optional<Chart> indirectSweep(List<IndirectSweepCurve.Point> points, MachineInfo machine, String question)
            throws IOException {
        return IndirectSweepChart.of(points, machine, question);
    }

    /** The replication seed's total cost per switch against the size ({@link SeedCostVsSizeChart}). */
    public static Optional<Chart> seedCostVsSize(List<IndirectSweepCurve.Point> points, MachineInfo machine, String question)
            throws IOException {
        return SeedCostVsSizeChart.of(points, machine, question);
    }

    /** One placement and reply delay of {@code compare --spin}: the JVM's spin-then-park curve and C's ({@link SpinTwinChart}). */
    public static Optional<Chart> spinTwin(SpinTwin twin) {
        return SpinTwinChart.of(twin);
    }

    /** One reply delay's wait strategies: latency against CPU per round trip ({@link SpinChart}). */
    public static Optional<Chart> spin(String placement, SpinBudget.Reply reply, String question) throws IOException {
        return SpinChart.of(placement, reply, question);
    }

    /** The replication seed's indirect cost against the stride ({@link SeedIndirectVsStrideChart}). */
    public static Optional<Chart> seedIndirectVsStride(List<IndirectSweepCurve.Point> points, String question) throws IOException {
        return SeedIndirectVsStrideChart.of(points, question);
    }

    /** L1d, L2 and the last-level cache, with sizes in bytes, as machine.json lists them (the lines the curve charts draw). */
    static Map<String, Long> cacheMarks(MachineInfo m) {
        return CurveChart.cacheMarks(m);
    }
}
