package dev.switchcost.measure.nativebaseline;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NativeResultParserTest {

    /** Captured with target/native/* on the 2-vCPU EPYC KVM guest, Linux 6.18, gcc 12 (see the fixture's README). */
    private static final Path FIXTURE = Path.of("src/test/resources/fixtures/native/epyc-kvm-2vcpu-linux-6.18-gcc-12.jsonl");

    @Test
    void parsesEveryLineOfCapturedOutput() throws IOException {
        List<String> lines = Files.readAllLines(FIXTURE);
        List<NativeResult> results = NativeResultParser.parse(lines);
        assertEquals(lines.size(), results.size());
        NativeResult first = results.get(0);
        assertEquals("futex-threads", first.mechanism());
        assertEquals("UNPINNED", first.placement());
        assertEquals("", first.cpus());
        assertEquals(1, first.repetition());
        assertEquals(2000, first.roundTrips());
        assertEquals(first.elapsedNanos() / (double) first.roundTrips(), first.nsPerRoundTrip(), 0.01);
        assertEquals(first.voluntaryPerRoundTrip() + first.involuntaryPerRoundTrip(), first.switchesPerRoundTrip(), 0.001);
        assertTrue(results.stream().anyMatch(r -> r.mechanism().equals("gettid") && r.op().equals("gettid syscall")));
        assertTrue(results.stream().anyMatch(r -> r.placement().equals("CROSS_CPU") && r.cpus().equals("0,1")));
    }

    /** Captured after the programs gained process_cpu_ns (same machine; see the fixture's README). */
    @Test
    void readsEachProgramsOwnCpuTime() throws IOException {
        List<NativeResult> results = NativeResultParser.parse(Files.readAllLines(
                Path.of("src/test/resources/fixtures/native/with-cpu-time-epyc-kvm-2vcpu-linux-6.18-gcc-12.jsonl")));
        assertEquals(List.of(101_154_000L, 119_892_000L, 12_782_000L, 54_327_000L, 83_978_000L),
                results.stream().map(NativeResult::processCpuNanos).toList());
        assertEquals(List.of("futex-threads", "futex-threads", "futex-processes", "pipe-processes", "gettid"),
                results.stream().map(NativeResult::mechanism).toList());
        assertEquals(-1, NativeResultParser.parse(Files.readAllLines(FIXTURE)).get(0).processCpuNanos(), "older output has none");
    }

    @Test
    void skipsBlankLines() {
        String line = "{\"mechanism\":\"gettid\",\"op\":\"gettid syscall\",\"placement\":\"SAME_CPU\",\"cpus\":\"1\",\"repetition\":1,"
                + "\"round_trips\":10,\"elapsed_ns\":1000,\"ns_per_round_trip\":100.0,\"voluntary_per_round_trip\":0,"
                + "\"involuntary_per_round_trip\":0,\"switches_per_round_trip\":0}";
        assertEquals(1, NativeResultParser.parse(List.of("", line, "  ")).size());
    }

    @Test
    void rejectsGarbageNamingTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NativeResultParser.parse(List.of("usage: futex_threads PLACEMENT ROUND_TRIPS REPETITIONS")));
        assertTrue(e.getMessage().startsWith("line 1 is not a native result"), e.getMessage());
    }

    @Test
    void rejectsObjectWithoutRequiredField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NativeResultParser.parse(List.of("{\"mechanism\":\"gettid\"}")));
        assertTrue(e.getMessage().contains("missing"), e.getMessage());
    }
}
