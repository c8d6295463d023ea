package dev.switchcost.measure.nativebaseline;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NativeWorkingSetResultParserTest {

    /** Captured with target/native/ws_* on the 2-vCPU EPYC KVM guest, Linux 6.18, gcc 12 (see the fixture's README). */
    private static final Path FIXTURE = Path.of("src/test/resources/fixtures/native/ws-epyc-kvm-2vcpu-linux-6.18-gcc-12.jsonl");

    @Test
    void parsesEveryLineOfCapturedOutput() throws IOException {
        List<String> lines = Files.readAllLines(FIXTURE);
        List<NativeWorkingSetResult> rs = NativeResultParser.parseWorkingSet(lines);
        assertEquals(lines.size(), rs.size());
        NativeWorkingSetResult first = rs.get(0);
        assertEquals("ws-futex-threads", first.result().mechanism());
        assertEquals("SAME_CPU", first.result().placement());
        assertEquals(64, first.workingSetKib());
        assertEquals(64, first.strideBytes());
        assertEquals("li", first.walk());
        assertEquals(2 * first.result().roundTrips(), first.wakes());
        assertEquals(first.firstWalkNs() - first.secondWalkNs(), first.pairedIndirectNsPerSwitch(), 0.002);
        assertTrue(first.pairedIndirectSdNs() >= 0);
        for (NativeWorkingSetResult r : rs) {
            // a walk with n elements takes far longer than the clock read of a 0 KiB line
            assertTrue(r.firstWalkNs() > 0 && r.secondWalkNs() > 0, r.toString());
            if (r.result().mechanism().equals("ws-single-process")) {
                assertEquals(r.result().roundTrips(), r.wakes(), "one walk pair per step");
                assertTrue(r.result().switchesPerRoundTrip() < 0.1, r.toString());
            } else if (r.result().placement().equals("SAME_CPU")) {
                assertEquals(2.0, r.result().switchesPerRoundTrip(), 0.15, r.toString());
            }
        }
        assertTrue(rs.stream().anyMatch(r -> r.walk().equals("sparse") && r.strideBytes() == 8 && r.workingSetKib() == 256));
        NativeWorkingSetResult zero = rs.stream().filter(r -> r.workingSetKib() == 0).findFirst().orElseThrow();
        assertTrue(zero.firstWalkNs() < 1000, "no walk at 0 KiB, only a clock read: " + zero);
    }

    @Test
    void aLineWithoutTheWalkFieldsIsAnErrorNamingTheLine() throws IOException {
        String plain = Files.readAllLines(Path.of("src/test/resources/fixtures/native/epyc-kvm-2vcpu-linux-6.18-gcc-12.jsonl")).get(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NativeResultParser.parseWorkingSet(List.of("", plain)));
        assertTrue(e.getMessage().startsWith("line 2 "), e.getMessage());
        assertTrue(e.getMessage().contains("working_set_kib") || e.getMessage().contains("walk"), e.getMessage());
        String bad = Files.readAllLines(FIXTURE).get(0).replace("\"walk\":\"li\"", "\"walk\":\"zigzag\"");
        assertThrows(IllegalArgumentException.class, () -> NativeResultParser.parseWorkingSet(List.of(bad)));
    }
}
