package dev.switchcost.render;

import dev.switchcost.derive.Study;
import dev.switchcost.derive.LatencyDistribution;
import dev.switchcost.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DistributionChartTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/jmh-json/handoffs-sample-mode-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json");

    @TempDir
    Path tmp;

    @Test
    void drawsOneLinePerSampledTrialWithTheTimerLast() throws IOException {
        List<LatencyDistribution.Series> series = LatencyDistribution.of(Results.load(FIXTURE).usable());
        assertEquals(5, series.size());
        assertTrue(series.get(series.size() - 1).timer(), "the timer's row last");
        assertFalse(series.get(series.size() - 1).perSwitch(), "an empty op is per op, not halved");
        assertTrue(series.get(0).perSwitch());
        assertEquals(4336 / 2.0, series.stream().filter(s -> "SAME_CPU".equals(s.row().param("placement"))).findFirst()
                .orElseThrow().tail().p50(), 1e-9);
        byte[] png = DistributionChart.lines(series.stream().map(x -> new DistributionChart.Line(null, x)).toList())
                .orElseThrow().png();
        assertTrue(png.length > 1000, "a drawn chart: " + png.length + " bytes");
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
        assertTrue(DistributionChart.label(series.get(0)).contains("samples"));
        assertTrue(series.stream().filter(s -> s.tripsPerSample() > 1).map(DistributionChart::label)
                .allMatch(l -> l.contains("each a mean of 1,000 round trips")));
        // a platform pair runs on no carrier: it is named unpinned, the virtual pair by its carrier
        String platform = series.stream().filter(s -> "PT_PT".equals(s.row().param("pair"))).map(DistributionChart::label).findFirst()
                .orElseThrow();
        assertTrue(platform.startsWith("platform ↔ platform (LOCK_SUPPORT, unpinned)"), platform);
        String virtual = series.stream().filter(s -> "VT_VT".equals(s.row().param("pair"))).map(DistributionChart::label).findFirst()
                .orElseThrow();
        assertTrue(virtual.startsWith("virtual ↔ virtual (LOCK_SUPPORT, 1 carrier)"), virtual);
    }

    @Test
    void linesOfSeveralInputsAreNamedByTheirInputAndNumberedWhereTwoShareAName() throws IOException {
        LatencyDistribution.Series s = LatencyDistribution.of(Results.load(FIXTURE).usable()).get(0);
        // two inputs of one name holding the same trial: XChart refuses a name twice, so the second is numbered
        List<DistributionChart.Line> lines = List.of(new DistributionChart.Line("quick", s), new DistributionChart.Line("quick", s),
                new DistributionChart.Line("other", s));
        List<String> names = List.copyOf(DistributionChart.lines(lines).orElseThrow().xy().getSeriesMap().keySet());
        String label = DistributionChart.label(s);
        assertEquals(List.of("quick: " + label, "quick: " + label + " (2)", "other: " + label), names);
        assertEquals(label, List.copyOf(DistributionChart.lines(List.of(new DistributionChart.Line(null, s))).orElseThrow().xy()
                        .getSeriesMap().keySet()).get(0),
                "one input: no prefix");
    }

    @Test
    void theXAxisIsAScaleOfNines() {
        assertEquals(1, DistributionChart.nines(0.9), 1e-9);
        assertEquals(3, DistributionChart.nines(0.999), 1e-9);
        assertEquals("", DistributionChart.percentileLabel(DistributionChart.nines(0.5)), "no label between whole nines");
        assertEquals("", DistributionChart.percentileLabel(0.5));
        assertEquals("p99", DistributionChart.percentileLabel(2));
        assertEquals("p99.9", DistributionChart.percentileLabel(3));
        assertEquals("p0", DistributionChart.percentileLabel(0));
    }

    @Test
    void theReportHasTheDistributionTableAndChart() throws IOException {
        Files.copy(FIXTURE, tmp.resolve("jmh.json"));
        Files.writeString(tmp.resolve("jmh-avgt.json"), Files.readString(FIXTURE).replace("\"mode\" : \"sample\"", "\"mode\" : \"avgt\""));
        Files.writeString(tmp.resolve("status"), "complete\n");
        Path charts = Files.createDirectory(tmp.resolve("charts"));
        ReportRenderer.Rendered r = ReportRenderer.render(Study.of(List.of(Results.load(tmp))), tmp, charts, "test");
        assertTrue(r.sections().contains("distribution"), r.sections().toString());
        Path png = charts.resolve(DistributionChart.NAME + ".png");
        assertTrue(Files.size(png) > 1000, "the chart written: " + png);
        String md = Files.readString(r.markdown());
        assertTrue(md.contains("|futex handoff, both on one CPU|ns/switch|"), md);
        assertTrue(md.contains("|2,168|"), "p50 per switch in the table: " + md);
        assertTrue(md.contains("|timer: an empty op sampled (two nanoTime reads), ns per op|ns/op|"), md);
        assertTrue(md.contains("median · p99 2,168 · 9,602"), "the answer's one-CPU cell: " + md);
        assertTrue(Files.readString(r.html()).contains("data:image/svg+xml;base64"), "the chart inline in report.html");
    }
}
