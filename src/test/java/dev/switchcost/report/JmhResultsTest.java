package dev.switchcost.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmhResultsTest {

    @Test
    void readsTheFixtureWithParamsAndSecondaryMetrics() throws IOException {
        List<JmhResult> rows = JmhResults.read(Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25/jmh.json"));
        JmhResult futex = rows.stream().filter(r -> r.key().equals("FutexPingPong.roundTrip placement=SAME_CPU")).findFirst().orElseThrow();
        assertEquals("ns/op", futex.unit());
        assertEquals("avgt", futex.mode());
        assertTrue(Double.isFinite(futex.score()) && futex.score() > 0);
        assertTrue(futex.secondary().containsKey("ctxsw.total.norm"));
        assertEquals("1.37", futex.jmhVersion());
        assertTrue(rows.stream().anyMatch(r -> r.key().equals("SyscallBaseline.gettid")), "a row without params");
    }

    @Test
    void nanWrittenAsStringIsNaN() {
        List<JmhResult> rows = JmhResults.parse("[{\"benchmark\":\"a.B.c\",\"mode\":\"avgt\",\"primaryMetric\":"
                + "{\"score\":1.5,\"scoreError\":\"NaN\",\"scoreUnit\":\"ns/op\"},\"secondaryMetrics\":{\"x\":{\"score\":\"NaN\"}}}]");
        assertTrue(Double.isNaN(rows.get(0).scoreError()));
        assertTrue(Double.isNaN(rows.get(0).secondary().get("x")));
        assertEquals("B.c", rows.get(0).shortName());
    }

    @Test
    void rejectsEntriesWithoutPrimaryMetric() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JmhResults.parse("[{\"benchmark\":\"a.B.c\"}]"));
        assertTrue(e.getMessage().contains("primaryMetric"), e.getMessage());
    }
}
