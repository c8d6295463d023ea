package dev.switchcost.report;

import dev.switchcost.compare.CompareResults;
import dev.switchcost.machine.MachineInfo;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The report's charts, drawn with XChart and written as PNG. Each method returns empty when the
 * results hold no rows for its chart. Drawing needs no display ({@code java.awt.headless}).
 */
final class Charts {

    static final int WIDTH = 1000;
    static final int HEIGHT = 600;
    static final List<String> PLACEMENT_ORDER = List.of("UNPINNED", "SAME_CPU", "CROSS_CPU", "SMT_SIBLING");

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    /** Plot height plus one legend row per series: a legend below the plot must not squeeze it. */
    static int heightFor(int series) {
        return HEIGHT + 22 * series;
    }

    /** Rows of the mechanism chart: handoff benchmarks with a placement and no working set. */
    static List<JmhResult> mechanismRows(List<JmhResult> rows) {
        return rows.stream().filter(r -> r.params().containsKey("placement") && !r.params().containsKey("workingSetKiB")
                && "ns/op".equals(r.unit())).toList();
    }

    /** Handoff cost by mechanism × placement: bars with JMH's error as error bars. */
    static Optional<Path> mechanism(List<JmhResult> all, Path out) throws IOException {
        List<JmhResult> rows = mechanismRows(all);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        List<String> placements = PLACEMENT_ORDER.stream()
                .filter(p -> rows.stream().anyMatch(r -> p.equals(r.params().get("placement")))).toList();
        Map<String, Map<String, JmhResult>> bySeries = new LinkedHashMap<>();
        for (JmhResult r : rows) {
            Map<String, String> rest = new TreeMap<>(r.params());
            rest.remove("placement");
            String series = r.shortName() + (rest.isEmpty() ? "" : " " + rest.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
            bySeries.computeIfAbsent(series, k -> new LinkedHashMap<>()).put(r.params().get("placement"), r);
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(heightFor(bySeries.size()))
                .title("Handoff cost by mechanism and placement (JMH score ± error)")
                .xAxisTitle("placement").yAxisTitle("ns per op (round trip)").build();
        style(chart);
        for (Map.Entry<String, Map<String, JmhResult>> s : bySeries.entrySet()) {
            List<Double> y = new ArrayList<>();
            List<Double> err = new ArrayList<>();
            for (String p : placements) {
                JmhResult r = s.getValue().get(p);
                y.add(r == null ? Double.NaN : r.score()); // NaN: a gap, not a zero bar
                err.add(r == null || !Double.isFinite(r.scoreError()) ? 0.0 : r.scoreError());
            }
            chart.addSeries(s.getKey(), placements, y, err);
        }
        return Optional.of(save(chart, out));
    }

    /** Native vs JVM medians from compare.json, per placement (spread in the table). */
    static Optional<Path> compare(CompareResults c, Path out) throws IOException {
        if (c == null) {
            return Optional.empty();
        }
        List<CompareResults.Cell> cells = c.cells().stream()
                .filter(x -> x.group().equals("HANDOFF") && x.unavailable() == null && x.nanos().n() > 0).toList();
        if (cells.isEmpty()) {
            return Optional.empty();
        }
        List<String> placements = c.placements().stream().filter(p -> cells.stream().anyMatch(x -> x.placement().equals(p))).toList();
        Map<String, Map<String, Double>> bySeries = new LinkedHashMap<>();
        for (CompareResults.Cell x : cells) {
            bySeries.computeIfAbsent(x.label(), k -> new LinkedHashMap<>()).put(x.placement(), x.nanos().median());
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title("Native vs JVM handoff (median of " + c.repetitions() + " interleaved repetitions)")
                .xAxisTitle("placement").yAxisTitle("ns per round trip").build();
        style(chart);
        bySeries.forEach((label, values) -> chart.addSeries(label, placements,
                placements.stream().map(p -> values.getOrDefault(p, Double.NaN)).toList()));
        return Optional.of(save(chart, out));
    }

    static List<JmhResult> workingSetRows(List<JmhResult> rows) {
        return rows.stream().filter(r -> r.params().containsKey("workingSetKiB") && "ns/op".equals(r.unit())).toList();
    }

    /** Cost per op against working-set size (log axis), with the machine's cache sizes marked. */
    static Optional<Path> workingSet(List<JmhResult> all, MachineInfo machine, Path out) throws IOException {
        List<JmhResult> rows = workingSetRows(all);
        Map<String, TreeMap<Double, Double>> bySeries = new LinkedHashMap<>();
        for (JmhResult r : rows) {
            double kib;
            try {
                kib = Double.parseDouble(r.params().get("workingSetKiB"));
            } catch (NumberFormatException e) {
                continue;
            }
            if (kib <= 0) {
                continue; // a log axis has no 0: the table shows those rows
            }
            Map<String, String> rest = new TreeMap<>(r.params());
            rest.remove("workingSetKiB");
            String series = r.shortName().substring(r.shortName().indexOf('.') + 1) + " " + rest.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
            bySeries.computeIfAbsent(series.trim(), k -> new TreeMap<>()).put(kib, r.score());
        }
        if (bySeries.isEmpty()) {
            return Optional.empty();
        }
        XYChart chart = new XYChartBuilder().width(WIDTH).height(heightFor(bySeries.size()))
                .title("Working set touched between handoffs (cache sizes from machine.json)")
                .xAxisTitle("working set per side, KiB (log scale)").yAxisTitle("ns per op (log scale)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        // from a few µs at L1 to milliseconds past the LLC: only a log axis shows both ends
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        double yMax = 0;
        for (Map.Entry<String, TreeMap<Double, Double>> s : bySeries.entrySet()) {
            chart.addSeries(s.getKey(), new ArrayList<>(s.getValue().keySet()), new ArrayList<>(s.getValue().values()))
                    .setMarker(SeriesMarkers.CIRCLE);
            yMax = Math.max(yMax, s.getValue().values().stream().mapToDouble(Double::doubleValue).max().orElse(0));
        }
        if (machine != null) {
            for (Map.Entry<String, Long> cache : cacheMarks(machine).entrySet()) {
                double kib = cache.getValue() / 1024.0;
                chart.addAnnotation(new AnnotationLine(kib, true, false));
                chart.addAnnotation(new AnnotationText(cache.getKey() + " " + Math.round(kib) + " KiB", kib, yMax * 0.95, false));
            }
        }
        return Optional.of(save(chart, out));
    }

    /** L1d, L2 and the last-level cache, with sizes in bytes, as machine.json lists them. */
    static Map<String, Long> cacheMarks(MachineInfo m) {
        Map<String, Long> marks = new LinkedHashMap<>();
        if (m.caches() == null) {
            return marks;
        }
        m.cache(1, "Data").ifPresent(c -> marks.put("L1d", c.sizeBytes()));
        m.cache(2, "Unified", "Data").ifPresent(c -> marks.put("L2", c.sizeBytes()));
        m.caches().stream().filter(c -> c.level() >= 3).max(java.util.Comparator.comparingInt(MachineInfo.Cache::level))
                .ifPresent(c -> marks.put("LLC (L" + c.level() + ")", c.sizeBytes()));
        return marks;
    }

    /** Virtual-thread benchmarks beside the platform-thread park/unpark and futex ping-pongs. */
    static List<JmhResult> virtualRows(List<JmhResult> rows) {
        List<JmhResult> virtual = rows.stream().filter(r -> r.className().contains("Virtual")
                && !r.params().containsKey("workingSetKiB") && "ns/op".equals(r.unit())).toList();
        if (virtual.isEmpty()) {
            return List.of();
        }
        List<JmhResult> out = new ArrayList<>(virtual);
        rows.stream().filter(r -> (r.shortName().equals("ParkUnparkPingPong.roundTrip_park") || r.shortName().equals("FutexPingPong.roundTrip"))
                && "UNPINNED".equals(r.params().get("placement"))).forEach(out::add);
        return out;
    }

    static Optional<Path> virtualVsPlatform(List<JmhResult> all, Path out) throws IOException {
        List<JmhResult> rows = virtualRows(all);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT + 200)
                .title("Virtual vs platform thread handoff (JMH score ± error)")
                .xAxisTitle("benchmark and parameters").yAxisTitle("ns per op").build();
        style(chart);
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setXAxisLabelRotation(30);
        List<String> labels = rows.stream().map(JmhResult::key).toList();
        chart.addSeries("ns/op", labels, rows.stream().map(JmhResult::score).toList(),
                rows.stream().map(r -> Double.isFinite(r.scoreError()) ? r.scoreError() : 0.0).toList());
        return Optional.of(save(chart, out));
    }

    private static void style(CategoryChart chart) {
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setErrorBarsColor(java.awt.Color.BLACK);
        chart.getStyler().setErrorBarsColorSeriesColor(false);
    }

    private static Path save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path out) throws IOException {
        BitmapEncoder.saveBitmap(chart, out.toString(), BitmapEncoder.BitmapFormat.PNG);
        return out.resolveSibling(out.getFileName() + ".png");
    }
}
