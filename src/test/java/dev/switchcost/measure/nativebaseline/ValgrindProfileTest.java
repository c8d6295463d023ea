package dev.switchcost.measure.nativebaseline;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link ValgrindProfile} on real valgrind 3.19 output (fixtures/valgrind, see its README). */
class ValgrindProfileTest {

    static final Path DIR = Path.of("src/test/resources/fixtures/valgrind");

    static List<String> fixture(String name) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(DIR.resolve(name + ".gz")))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Test
    void readsACachegrindFileWithItsFunctions() throws IOException {
        ValgrindProfile p = ValgrindProfile.parse(fixture("cachegrind.out.ws_threads-64-64-li-10"));
        assertEquals("cachegrind", p.tool());
        assertTrue(p.command().endsWith("ws_threads UNPINNED 10 1 64 64 li"), p.command());
        assertEquals(List.of("Ir", "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw"), p.events());
        assertEquals(2496973, p.total("Ir"));
        assertEquals(362889 + 2731, p.total("D1mr", "D1mw"));
        assertEquals(1270 + 2509, p.total("DLmr", "DLmw"));
        // 11 round trips executed (10 + 1 warm-up), 2 wakes each, 8192 doubles per walk of 64 KiB
        assertEquals(22 * 8192, p.function("ws_walk_first", "Dw"));
        assertEquals(22 * 8192, p.function("ws_walk_second", "Dw"));
        assertEquals(180300, p.function("ws_walk_first", "D1mr"));
        assertEquals(0, p.function("no_such_function", "Ir"));
        assertThrows(IllegalArgumentException.class, () -> p.total("Cycles"));
    }

    @Test
    void readsTheSummaryOfACallgrindFileButNotItsCompressedFunctions() throws IOException {
        ValgrindProfile p = ValgrindProfile.parse(fixture("callgrind.out.futex_threads-10"));
        assertEquals("callgrind", p.tool());
        assertEquals(List.of("Ir"), p.events());
        assertEquals(158759, p.total("Ir"));
        assertTrue(p.functions().isEmpty());
    }

    @Test
    void sumsTheFilesOfOneRun() throws IOException {
        ValgrindProfile a = ValgrindProfile.parse(fixture("cachegrind.out.ws_threads-64-64-li-10"));
        ValgrindProfile b = ValgrindProfile.parse(fixture("cachegrind.out.ws_threads-64-64-li-20"));
        ValgrindProfile s = ValgrindProfile.sum(List.of(a, b));
        assertEquals(a.total("Ir") + b.total("Ir"), s.total("Ir"));
        assertEquals(a.function("ws_walk_first", "D1mr") + b.function("ws_walk_first", "D1mr"), s.function("ws_walk_first", "D1mr"));
        ValgrindProfile c = ValgrindProfile.parse(fixture("callgrind.out.futex_threads-10"));
        assertThrows(IllegalArgumentException.class, () -> ValgrindProfile.sum(List.of(a, c)));
    }

    @Test
    void rejectsTruncatedOrMalformedFiles() {
        assertThrows(IllegalArgumentException.class, () -> ValgrindProfile.parse(List.of("cmd: x", "events: Ir Dr", "fn=f", "1 2 3")));
        IllegalArgumentException noSummary = assertThrows(IllegalArgumentException.class,
                () -> ValgrindProfile.parse(List.of("events: Ir", "fn=f", "1 2")));
        assertTrue(noSummary.getMessage().contains("summary"), noSummary.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ValgrindProfile.parse(List.of("events: Ir Dr", "summary: 1")));
        assertThrows(IllegalArgumentException.class, () -> ValgrindProfile.parse(List.of("summary: 1")));
        assertThrows(IllegalArgumentException.class, () -> ValgrindProfile.parse(List.of("events: Ir", "summary: x")));
    }
}
