package dev.switchcost.derive;

import dev.switchcost.render.Diff;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Metric;
import dev.switchcost.results.Param;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which row answers a card line when several do: the preference's order, the same in every JVM. */
class HeadlineTest {

    private static JmhRow futex(String binding, String wait) {
        return new JmhRow(Path.of("synthetic.json"), Bench.FUTEX_ROUND_TRIP.fullName(), "avgt",
                Map.of(Param.BINDING.key(), binding, Param.WAIT.key(), wait, Param.PLACEMENT.key(), "SAME_CPU"),
                Metric.of(9000, 0, "ns/op", new double[][] {{9000}}), Map.of(), null, null, null, null, null);
    }

    @Test
    void anUntimedWaitIsPreferredBeforeTheBindingWhicheverWayTheRowsCome() {
        JmhRow untimedJna = futex("JNA", "UNTIMED");
        JmhRow timedFfm = futex("FFM", "TIMED");
        // the wait decides first (untimed), the binding only between rows of one wait: a Map.of ordered them per JVM
        assertEquals(untimedJna, Headline.pick(List.of(timedFfm, untimedJna), r -> true).orElseThrow());
        assertEquals(untimedJna, Headline.pick(List.of(untimedJna, timedFfm), r -> true).orElseThrow());
        JmhRow untimedFfm = futex("FFM", "UNTIMED");
        assertEquals(untimedFfm, Headline.pick(List.of(untimedJna, timedFfm, untimedFfm), r -> true).orElseThrow());
    }

    private static CompareResults.Sample rep(int repetition, double ns, String error) {
        return new CompareResults.Sample(repetition, ns, Double.NaN, 1, 1, 2, "", error, null, false);
    }

    /** The JVM and C are compared repetition by repetition: a repetition that one of them lacks pairs with nothing. */
    @Test
    void theJvmAgainstCPairsTheRepetitionsBothRan() {
        CompareResults.Cell c = new CompareResults.Cell(Column.NATIVE_FUTEX.name(), "HANDOFF", "c", "SAME_CPU", "c", null,
                List.of(rep(1, 1000, null), rep(2, 2000, null), rep(3, 1500, "killed")));
        CompareResults.Cell jvm = new CompareResults.Cell(Column.FFM_FUTEX.name(), "HANDOFF", "jvm", "SAME_CPU", "jvm", null,
                List.of(rep(2, 2200, null), rep(3, 1650, null), rep(1, 1100, null)));
        assertArrayEquals(new double[] {1.1, 1.1}, Headline.paired(c, jvm, (x, y) -> y / x), 1e-12,
                "repetitions 1 and 2, matched by number; 3 failed on the C side");
        Estimate r = Estimate.pairedRatio(Headline.paired(c, jvm, (x, y) -> y / x));
        assertEquals(0, r.halfWidth(), 1e-12, "the host's move between repetitions (1,000 to 2,000 ns) cancels in the pairs");
        assertEquals(Diff.Verdict.SLOWER, Diff.ratio(r, Metric.NS_PER_OP, Estimate.MIN_EFFECT).verdict());
    }
}
