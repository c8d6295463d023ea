package dev.switchcost.cli;

import dev.switchcost.measure.sample.ThreadSampler.ThreadTotal;
import dev.switchcost.render.OpenMetricsText;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code sample --serve}'s page from captured thread readings: its text, its grammar, and its bounded, monotonic series. */
class SampleServeTest {

    /** A comment, a sample (valid name, optional labels, a float), or the end. */
    static final Pattern COMMENT = Pattern.compile("# (TYPE|UNIT|HELP) [a-zA-Z_:][a-zA-Z0-9_:]* .+");
    static final Pattern SAMPLE = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*(\\{([a-zA-Z_][a-zA-Z0-9_]*=\"([^\"\\\\\\n]|\\\\[\\\\\"n])*\",?)*})?"
            + " (-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?|NaN|[+-]Inf)");

    /** A JVM's threads (so they have roles) and a thread whose name needs escaping. */
    static List<ThreadTotal> captured(boolean ended) {
        return List.of(
                new ThreadTotal(4242, 4242, "java", 12, 3, 900_000_000L, 1_500_000L, false),
                new ThreadTotal(4242, 4250, "VM Thread", 40, 2, 20_000_000L, 250_000L, false),
                new ThreadTotal(4242, 4251, "C2 CompilerThre", 300, 90, 1_200_000_000L, 30_000_000L, false),
                new ThreadTotal(4242, 4252, "GC Thread#0", 55, 1, 5_000_000L, 0, false),
                new ThreadTotal(4242, 4260, "ForkJoinPool-1-", 5000, 17, 700_000_000L, 120_000_000L, ended),
                new ThreadTotal(4242, 4261, "say \"hi\"\\", 7, 0, 1_000_000L, 1_000L, false));
    }

    @Test
    void rendersCapturedSamplesAsOpenMetrics() throws Exception {
        SampleServe.Bills bills = new SampleServe.Bills(SampleServe.MOST_THREADS, 2100.5,
                "fixtures/results/quick (WorkingSetHandoff.roundTripPaired)", null);
        String page = OpenMetricsText.of(bills.bill(captured(false)));
        GoldenOutputsTest.check("openmetrics-sample.txt", page);
        assertParses(page);
        assertTrue(page.contains("process_context_switches_total{type=\"voluntary\"} 5414\n"), page);
        assertTrue(page.contains("role=\"carriers\""), page);
        assertTrue(page.contains("switchcost_switch_cpu_seconds_total 0.011609464\n"), page); // 5527 switches × 2100.5 ns
    }

    @Test
    void withoutAPriceSaysWhyAndLeavesOutTheCost() {
        String page = OpenMetricsText.of(new SampleServe.Bills(200, Double.NaN, "no complete results of this machine", null)
                .bill(captured(false)));
        assertParses(page);
        assertTrue(page.contains("switchcost_price_info{status=\"none\",why=\"no complete results of this machine\"} 1\n"), page);
        assertFalse(page.contains("switchcost_switch_cpu_seconds_total"), page);
    }

    @Test
    void threadSeriesAreBoundedAndNoCounterGoesDown() {
        SampleServe.Bills bills = new SampleServe.Bills(3, Double.NaN, "none", null);
        OpenMetricsText.Bill first = bills.bill(captured(false));
        assertEquals(4, first.threads().size(), "three threads of their own and other");
        assertEquals("other", first.threads().get(3).name());
        OpenMetricsText.Bill second = bills.bill(captured(true));
        // the carrier ended: its series goes, its counts join other, which does not go down
        assertTrue(second.threads().stream().noneMatch(t -> t.tid() == 4260), second.threads().toString());
        long before = first.threads().get(3).voluntary();
        long after = second.threads().stream().filter(t -> t.name().equals("other")).findFirst().orElseThrow().voluntary();
        assertTrue(after >= before, before + " -> " + after);
        assertEquals(first.voluntary(), second.voluntary());
    }

    @Test
    void anAddressIsHostPortOrPort() {
        assertEquals(9464, SampleServe.address(":9464").getPort());
        assertEquals("127.0.0.1", SampleServe.address("127.0.0.1:0").getHostString());
        for (String bad : List.of("9464", "127.0.0.1:", "127.0.0.1:99999", "host:port")) {
            dev.switchcost.SwitchcostException e = assertThrows(dev.switchcost.SwitchcostException.class, () -> SampleServe.address(bad));
            assertEquals(dev.switchcost.SwitchcostException.Kind.USAGE, e.kind(), bad);
        }
    }

    /** Every line is a comment, a sample with a valid name and a float, or the last: {@code # EOF}. */
    static void assertParses(String page) {
        assertTrue(page.endsWith("# EOF\n"), page);
        List<String> lines = new ArrayList<>(List.of(page.split("\n", -1)));
        assertEquals("", lines.remove(lines.size() - 1));
        assertEquals("# EOF", lines.remove(lines.size() - 1));
        for (String l : lines) {
            assertTrue(COMMENT.matcher(l).matches() || SAMPLE.matcher(l).matches(), "not OpenMetrics: " + l);
        }
    }
}
