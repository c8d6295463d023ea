package dev.switchcost.render;

import dev.switchcost.derive.Study;
import dev.switchcost.derive.PinningStudy;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYSeries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 18: the pinning study's chart, from the committed two-JDK run (JDK 21 refused one carrier with synchronized). */
class PinningChartTest {

    static final Path PINNING = Fixtures.results("pinning-study-epyc-kvm-jdk21-jdk25");

    static Charts.Chart chart(PinningStudy s) throws IOException {
        return PinningChart.of("pinning", s, "q?").orElseThrow();
    }

    @Test
    void oneSeriesPerJdkInItsColourWithAPointPerMeasuredCell() throws IOException {
        PinningStudy s = PinningStudy.derive(Results.load(PINNING));
        Charts.Chart c = chart(s);
        assertEquals(Map.of("JDK 21.0.8", "JDK 21", "JDK 25.0.3", "JDK 25"), c.keys());
        for (Map.Entry<String, String> k : c.keys().entrySet()) {
            XYSeries series = c.xy().getSeriesMap().get(k.getKey());
            assertEquals(XYSeries.XYSeriesRenderStyle.Scatter, series.getXYSeriesRenderStyle(), "dots");
            assertEquals(Palette.of(k.getValue()), series.getMarkerColor(), k.getKey() + " in its JDK's colour");
            String jdk = k.getKey().substring("JDK ".length());
            double[] measured = s.rows().stream().filter(r -> r.jdk().equals(jdk) && r.nsPerRoundTrip() != null)
                    .mapToDouble(r -> r.nsPerRoundTrip().value() / 2).sorted().toArray(); // per switch: the round trip ÷ 2
            double[] drawn = series.getXData().clone();
            Arrays.sort(drawn);
            assertTrue(Arrays.equals(measured, drawn), k.getKey() + ": one dot per measured primitive × carriers, at its value per switch");
        }
        // JDK 21 measured 7 of the 8 cells (one carrier with synchronized was refused), JDK 25 all 8
        assertEquals(7, c.xy().getSeriesMap().get("JDK 21.0.8").getXData().length);
        assertEquals(8, c.xy().getSeriesMap().get("JDK 25.0.3").getXData().length);
        assertTrue(c.xy().getStyler().isXAxisLogarithmic());
        assertTrue(ReportChartsTest.barSeries(c.xy()).isEmpty(), "no bar on the log axis");
        assertTrue(c.xy().getTitle().contains("JDK 21 vs JDK 25"), c.xy().getTitle());
    }

    /** The refused cell is a gap with its reason written where its dot would be, in no series. */
    @Test
    void aRefusedTrialIsALabelledGapNotAPoint() throws IOException {
        Charts.Chart c = chart(PinningStudy.derive(Results.load(PINNING)));
        List<Charts.Label> gaps = c.labels().stream().filter(l -> l.text().startsWith("JDK 21.0.8: no figure")).toList();
        assertEquals(1, gaps.size(), c.labels().toString());
        assertTrue(gaps.get(0).text().contains("refused: deadlocks"), gaps.get(0).text());
        double laneY = gaps.get(0).y();
        for (XYSeries s : c.xy().getSeriesMap().values()) {
            for (double y : s.getYData()) {
                assertFalse(Math.abs(y - laneY) < 1e-9, s.getName() + " draws something in the refused cell's place");
            }
        }
        // the row's other JDK has its dot in that row
        double[] jdk25 = c.xy().getSeriesMap().get("JDK 25.0.3").getYData();
        assertTrue(Arrays.stream(jdk25).anyMatch(y -> Math.abs(y - laneY) < 0.5), "JDK 25's synchronized dot in the same row");
    }

    @Test
    void nothingMeasuredNothingDrawn() throws IOException {
        assertTrue(PinningChart.of("pinning", new PinningStudy(List.of()), "q?").isEmpty());
    }

    /** The report's pinning section shows the chart above the table. */
    @Test
    void theReportShowsTheChartAboveTheTable(@TempDir Path tmp) throws IOException {
        ReportRenderer.Rendered r = ReportRenderer.render(Study.of(List.of(Results.load(PINNING))), tmp, null, "test");
        assertTrue(r.drawn().stream().anyMatch(c -> c.name().equals("pinning")));
        String md = Files.readString(r.markdown());
        int section = md.indexOf("## " + PinningTable.TITLE);
        int chart = md.indexOf("Does synchronized pin a carrier", section);
        int table = md.indexOf("|JDK|carriers|primitive|", section);
        assertTrue(section >= 0 && chart > section && table > chart, "section, chart, table in that order");
    }

    @Test
    void aFailedCellsLabelIsShortAndNamesNoExceptionClass() {
        String why = "failed: java.lang.IllegalStateException: partner did not hand the turn back within 5000 ms (park, seen by the"
                + " watchdog) (partner RUNNABLE)";
        String b = ChartFrame.brief(why);
        assertTrue(b.startsWith("failed: partner did not hand the turn back"), b);
        assertTrue(b.length() <= 60 && b.endsWith("…"), b);
        assertEquals("refused: deadlocks", ChartFrame.brief("refused: deadlocks"));
    }
}
