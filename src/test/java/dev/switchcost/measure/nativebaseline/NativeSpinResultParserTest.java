package dev.switchcost.measure.nativebaseline;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NativeSpinResultParserTest {

    /** Captured with target/native/spin_futex on the 2-vCPU EPYC KVM guest, Linux 6.18, gcc 12 (see the fixture's README). */
    private static final Path FIXTURE = Path.of("src/test/resources/fixtures/native/spin-epyc-kvm-2vcpu-linux-6.18-gcc-12.jsonl");

    @Test
    void parsesEveryLineOfCapturedOutput() throws IOException {
        List<String> lines = Files.readAllLines(FIXTURE);
        List<NativeSpinResult> rs = NativeResultParser.parseSpin(lines);
        assertEquals(lines.size(), rs.size());
        assertEquals(List.of("SPIN_THEN_PARK", "SPIN_THEN_PARK", "PARK", "SPIN"), rs.stream().map(NativeSpinResult::strategy).toList());
        assertEquals(List.of(5000L, 5000L, 0L, 0L), rs.stream().map(NativeSpinResult::budgetNs).toList());
        assertEquals(List.of("exp:20000", "exp:20000", "10000", "0"), rs.stream().map(NativeSpinResult::reply).toList());
        for (NativeSpinResult r : rs) {
            assertEquals("spin-futex", r.result().mechanism());
            assertTrue(r.cpuNsPerRoundTrip() > 0 && Double.isFinite(r.cpuNsPerRoundTrip()), r.toString());
            assertTrue(r.result().processCpuNanos() > 0, r.toString());
        }
        NativeSpinResult park = rs.get(2);
        assertEquals("SAME_CPU", park.result().placement());
        assertEquals(10000.0, park.replyMeanNs(), 0.0, "a fixed delay is its own mean");
        assertTrue(park.result().switchesPerRoundTrip() >= 1.8, "PARK on one CPU switches twice: " + park);
        assertTrue(park.futexWaitsPerRoundTrip() > 0.5, park.toString());
        NativeSpinResult spin = rs.get(3);
        assertEquals(0.0, spin.futexWaitsPerRoundTrip(), 0.0, "SPIN never calls FUTEX_WAIT");
        assertEquals(0.0, spin.futexWakesPerRoundTrip(), 0.0, "nor FUTEX_WAKE: no one sleeps");
    }

    @Test
    void aLineOfAnotherProgramIsAnErrorNamingTheLine() throws IOException {
        String other = Files.readAllLines(Path.of("src/test/resources/fixtures/native/epyc-kvm-2vcpu-linux-6.18-gcc-12.jsonl")).get(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NativeResultParser.parseSpin(List.of("", other)));
        assertTrue(e.getMessage().startsWith("line 2 is not a spin_futex result (missing \"strategy\")"), e.getMessage());
    }
}
