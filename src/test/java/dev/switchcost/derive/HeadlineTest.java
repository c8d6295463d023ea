package dev.switchcost.derive;

import dev.switchcost.results.Bench;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Metric;
import dev.switchcost.results.Param;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
}
