package dev.switchcost.derive;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;
import dev.switchcost.results.SpinCompareResults;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** compare --spin's committed run, read as results: the C twin's and the JVM's curves per placement and reply delay. */
class SpinTwinTest {

    static final Path RUN = Fixtures.results("compare-spin-epyc-kvm-jdk25");

    @Test
    void everyCaseHasTheTwinsCurvesWithParkAtBudgetZeroAndSpinApart() throws IOException {
        SpinCompareResults r = Results.load(RUN).spinCompare();
        assertNotNull(r, "report and history read spin-compare.json");
        List<SpinTwin> twins = SpinTwin.of(r);
        long cases = r.cells().stream().map(c -> c.placement() + " " + c.reply()).distinct().count();
        assertEquals(cases, twins.size(), "one per placement and reply delay");
        for (SpinTwin t : twins) {
            assertEquals(List.of(SpinCompareResults.C, SpinCompareResults.JVM), t.sides().stream().map(SpinTwin.Side::impl).toList());
            for (SpinTwin.Side s : t.sides()) {
                assertTrue(s.curve().containsKey(0L), t + ": PARK is budget 0");
                assertNotNull(s.spin(), t + ": SPIN beside the curve");
                assertEquals(List.copyOf(s.curve().keySet()), s.curve().keySet().stream().sorted().toList(), "ascending budgets");
            }
        }
        // a cell's cost is its repetitions' latency + CPU, summed repetition by repetition
        SpinCompareResults.Cell park = r.cells().stream().filter(c -> c.impl().equals(SpinCompareResults.JVM)
                && c.strategy().equals("PARK")).findFirst().orElseThrow();
        double[] sums = park.usable().stream().mapToDouble(s -> s.nsPerRoundTrip() + s.cpuNsPerRoundTrip()).toArray();
        Estimate expected = Estimate.ofSamples(sums);
        SpinTwin t = twins.stream().filter(x -> x.placement().equals(park.placement()) && x.reply().equals(park.reply())).findFirst().orElseThrow();
        assertEquals(expected.value(), t.sides().get(1).curve().get(0L).value(), 1e-9);
    }
}
