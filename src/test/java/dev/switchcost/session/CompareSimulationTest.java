package dev.switchcost.session;

import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.nativebaseline.NativeSimulation;
import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code compare --simulate}: callgrind's instructions per round trip of plain C and the C Parker, or one line why not. */
@Measures
class CompareSimulationTest {

    /** Without valgrind: one line, a simulation that says why, no count, and nothing thrown (the compare goes on). */
    @Test
    void withoutValgrindOneLineAndTheColumnsSaySo() {
        String before = System.getProperty("switchcost.valgrind");
        System.setProperty("switchcost.valgrind", "/nonexistent/switchcost-test/valgrind");
        try {
            StringWriter progress = new StringWriter();
            CompareResults.Simulation s = CompareSimulation.run(NativeRunner.locate(), 300, new PrintWriter(progress));
            assertEquals(CompareSimulation.NO_VALGRIND, s.unavailable());
            assertTrue(s.counts().isEmpty());
            assertEquals(1, progress.toString().lines().count(), progress.toString());
            assertTrue(progress.toString().contains("valgrind") && progress.toString().contains("not simulated"), progress.toString());
        } finally {
            if (before == null) {
                System.clearProperty("switchcost.valgrind");
            } else {
                System.setProperty("switchcost.valgrind", before);
            }
        }
    }

    /**
     * A short real run (300 and 600 round trips): both programs counted, labelled as simulated, the Parker replica's
     * protocol (trylock, condition variable, counter) executing more user-space instructions than the bare futex; no
     * valgrind file left behind.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void countsPlainCAndTheParkerReplicaUnderCallgrind() throws IOException {
        Needs.VALGRIND.assume(NativeSimulation.valgrindMissing());
        NativeRunner nr = NativeRunner.locate();
        Needs.C_COMPILER.assume(nr.unavailableReason());
        long leftBefore = leftovers();
        CompareResults.Simulation s = CompareSimulation.run(nr, 300, new PrintWriter(new StringWriter()));
        assertNull(s.unavailable(), s.toString());
        CompareResults.Instructions futex = s.count(Column.NATIVE_FUTEX).orElseThrow();
        CompareResults.Instructions parker = s.count(Column.NATIVE_PARKER).orElseThrow();
        for (CompareResults.Instructions i : new CompareResults.Instructions[] {futex, parker}) {
            assertEquals(NativeSimulation.CALLGRIND_SOURCE, i.source());
            assertEquals(330, i.roundTrips(), "600 + 60 warm-up − (300 + 30)");
            assertTrue(Double.isFinite(i.perRoundTrip()) && i.perRoundTrip() > 0, i.toString());
        }
        assertTrue(futex.program().startsWith("futex_threads") && parker.program().startsWith("parker_threads"));
        assertTrue(parker.perRoundTrip() > futex.perRoundTrip(), futex + " vs " + parker);
        assertEquals(leftBefore, leftovers(), "callgrind's temporary directories are removed");
    }

    private static long leftovers() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("switchcost-callgrind-")).count();
        }
    }
}
