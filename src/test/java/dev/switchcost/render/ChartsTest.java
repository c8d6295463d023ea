package dev.switchcost.render;

import dev.switchcost.derive.IndirectCost;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Derived;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartsTest {

    static final Path SUITE = Fixtures.results("suite-haltpoll-epyc-kvm-jdk25");

    static BufferedImage decode(Charts.Chart c) throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(c.png()));
        assertNotNull(img, c.name() + " does not decode");
        return img;
    }

    @Test
    void barsGrowWithTheirCountAndSpanDecadesOnALogAxis() throws IOException {
        List<Charts.Bar> bars = List.of(
                new Charts.Bar("spin", Estimate.ofSamples(new double[] {12, 12.5, 11.5}), "SAME_CPU"),
                new Charts.Bar("futex", Estimate.ofSamples(new double[] {7000, 7100, 6900}), "SAME_CPU"),
                new Charts.Bar("futex", Estimate.ofSamples(new double[] {60000, 61000, 59000}), "CROSS_CPU"));
        Charts.Chart c = BarChart.of("mechanism", "t", "q?", "ns", bars).orElseThrow();
        BufferedImage img = decode(c);
        assertEquals(ChartFrame.WIDTH, img.getWidth());
        assertTrue(img.getHeight() >= 3 * BarChart.ROW_PX, "a row per bar");
        Charts.Chart more = BarChart.of("mechanism", "t", "q?", "ns", List.of(bars.get(0), bars.get(1), bars.get(2), bars.get(2))).orElseThrow();
        assertEquals(img.getHeight() + BarChart.ROW_PX, decode(more).getHeight());
    }

    @Test
    void noPositiveValuesNoChart() throws IOException {
        assertTrue(BarChart.of("x", "t", "q", "ns", List.of()).isEmpty());
        assertTrue(BarChart.of("x", "t", "q", "ns", List.of(new Charts.Bar("nan", Estimate.ofSamples(new double[0]), "g"))).isEmpty());
        assertTrue(WorkingSetChart.of(List.of(), null, null, "q").isEmpty());
    }

    @Test
    void workingSetCurveFromARealRunWithCacheMarks() throws IOException {
        Results r = Results.load(SUITE.resolve("working-set.json"));
        List<IndirectCost.Row> rows = Derived.workingSet(r.rows());
        MachineInfo m = r.machine();
        assertNotNull(m, "machine.json beside working-set.json");
        Map<String, Long> marks = CurveChart.cacheMarks(CurveChart.caches(m));
        assertEquals(List.of("L1d", "L2", "LLC (L3)"), List.copyOf(marks.keySet()));
        Optional<Charts.Chart> c = WorkingSetChart.of(rows, m, null, "q?");
        assertTrue(c.isPresent());
        assertEquals("working-set", c.get().name());
        decode(c.get());
    }

    /** Issue 15: the paired estimate is the curve, with the direct cost as a reference, from a real short run. */
    @Test
    void workingSetChartDrawsThePairedEstimate() throws IOException {
        Results r = Results.load(Path.of("src/test/resources/fixtures/results/workingset-paired-epyc-kvm-2vcpu-jdk25"));
        List<IndirectCost.Row> rows = Derived.workingSet(r.rows());
        Optional<Charts.Chart> c = WorkingSetChart.of(rows, r.machine(), null, "q?");
        assertTrue(c.isPresent());
        decode(c.get());
        // one paired size is enough for a chart (the quick run has one); without paired rows one paper size is not
        List<IndirectCost.Row> one = rows.stream().filter(x -> x.workingSetKiB() == 128).toList();
        assertTrue(WorkingSetChart.of(one, r.machine(), null, "q?").isPresent());
    }

    @Test
    void compactSvgRoundsNumbersAndNamesEachStyleOnce() {
        String svg = "<?xml version=\"1.0\"?>\n<svg height=\"354px\" version=\"1.1\">\n"
                + "<path d=\"M7.609375,-4 L-0.0001,12.5 L3.1415\" style=\"fill:rgb(0,0,0);stroke:none;\"/>"
                + "<path d=\"M1,2\" style=\"fill:none;fill-opacity:0.1568627450980392;\"/>"
                + "<path d=\"M3,4\" style=\"fill:rgb(0,0,0);stroke:none;\"/></svg>";
        assertEquals("<?xml version=\"1.0\"?>\n<svg height=\"354px\" version=\"1.1\">"
                + "<style><![CDATA[.s0{fill:rgb(0,0,0);stroke:none;}.s1{fill:none;fill-opacity:0.16;}]]></style>\n"
                + "<path d=\"M7.61,-4 L0,12.5 L3.14\" class=\"s0\"/>"
                + "<path d=\"M1,2\" class=\"s1\"/>"
                + "<path d=\"M3,4\" class=\"s0\"/></svg>", ChartFrame.compact(svg));
    }

    /** Many bars (5,000 rows used to take 22 s and 2.1 GB): the chart keeps the first MAX_BARS and says so. */
    @Test
    void aChartOfThousandsOfBarsKeepsTheFirstTwoHundred() throws IOException {
        List<Charts.Bar> bars = new java.util.ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            bars.add(new Charts.Bar("row " + i, Estimate.ofSamples(new double[] {100 + i, 101 + i, 99 + i}), i % 2 == 0 ? "A" : "B"));
        }
        Charts.Chart c = BarChart.of("mechanism", "t", "q?", "ns", bars).orElseThrow();
        BufferedImage img = javax.imageio.ImageIO.read(new ByteArrayInputStream(c.png()));
        assertEquals(130 + BarChart.MAX_BARS * BarChart.ROW_PX + 40, img.getHeight());
    }
}
