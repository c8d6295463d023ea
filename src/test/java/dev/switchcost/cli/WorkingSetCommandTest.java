package dev.switchcost.cli;

import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.nativebaseline.NativeProgram;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.results.IndirectSweepResults;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code switchcost working-set}: bad arguments are one line and exit 2; a tiny real sweep writes a readable indirect.json. */
@Measures
class WorkingSetCommandTest {

    @Test
    void badArgumentsAreOneLineAndExit2() {
        String[][] cases = {
            {"--sizes", "16,abc"}, {"--sizes", "-4"}, {"--sizes", "16", "--strides", "12"}, {"--sizes", "16", "--strides", "8192"},
            {"--sizes", "16", "--placements", "UNPINNED"}, {"--sizes", "16", "--placements", "NOWHERE"},
            {"--sizes", "16", "--repetitions", "0"},
        };
        String[] expected = {"not a whole number", "outside 0..", "not a multiple of 8", "not a multiple of 8", "expected one of [SAME_CPU, CROSS_CPU] but was 'UNPINNED'",
            "expected one of [SAME_CPU, CROSS_CPU] but was 'NOWHERE'", "--repetitions must be 1..100"};
        for (int i = 0; i < cases.length; i++) {
            String[] args = new String[cases[i].length + 1];
            args[0] = "working-set";
            System.arraycopy(cases[i], 0, args, 1, cases[i].length);
            CliResult r = CliResult.run(args);
            assertEquals(ExitCodes.USAGE, r.exit(), String.join(" ", args) + ": " + r.err());
            // one line; picocli's refusal of a value adds where the help is
            assertTrue(r.oneLineError() && r.err().lines().findFirst().orElseThrow().contains(expected[i]), r.err());
        }
    }

    @Test
    void sizesAreSortedOnceWithTheDirectCostAdded() {
        assertEquals(List.of(0L, 16L, 256L), WorkingSetCommand.parseSizes(List.of("256", "16", "16")));
    }

    /**
     * Two sizes, one stride, one repetition on one CPU: every cell (JVM and C, sizes 0, 16 and 64 KiB) has
     * one sample with both walks and about two switches per round trip. A shape, never a duration.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void tinySameCpuSweepWritesBothWalksOfJvmAndC(@TempDir Path tmp) throws IOException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        NativeRunner nr = NativeRunner.locate();
        Needs.C_COMPILER.assume(nr.unavailableReason());
        assumeTrue(Files.isExecutable(nr.dir().resolve("ws_threads")), "ws_threads not built in " + nr.dir());
        Path dir = tmp.resolve("ws");
        CliResult r = CliResult.run("working-set", "--sizes", "16,64", "--strides", "64", "--repetitions", "1",
                "--placements", "SAME_CPU", "-o", dir.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertEquals("complete\n", Files.readString(dir.resolve("status")));
        IndirectSweepResults s = Results.load(dir).indirectSweep();
        assertNotNull(s, "Results.load reads indirect.json");
        assertEquals(6, s.cells().size(), s.toString());
        for (String impl : List.of(IndirectSweepResults.JVM, IndirectSweepResults.C)) {
            for (long size : List.of(0L, 16L, 64L)) {
                IndirectSweepResults.Cell c = s.cells().stream().filter(x -> x.impl().equals(impl) && x.workingSetKiB() == size)
                        .findFirst().orElseThrow();
                assertEquals(64, c.strideBytes());
                assertEquals("SAME_CPU", c.placement());
                assertNull(c.unavailable(), c.toString());
                assertEquals(1, c.samples().size(), c.toString());
                IndirectSweepResults.Sample x = c.samples().get(0);
                assertNull(x.error(), x.error());
                assertTrue(Double.isFinite(x.firstWalkNs()) && x.firstWalkNs() > 0, x.toString());
                assertTrue(Double.isFinite(x.secondWalkNs()) && x.secondWalkNs() > 0, x.toString());
                assertEquals(x.firstWalkNs() - x.secondWalkNs(), x.indirectNsPerSwitch(), 1e-6 * Math.abs(x.firstWalkNs()) + 1e-3,
                        x.toString());
                assertEquals(2.0, x.switchesPerRoundTrip(), 0.3, impl + " " + size + ": " + x);
            }
        }
    }

    /**
     * A C program that fails (here a stand-in that exits 1) fails its repetitions, which are recorded with
     * the reason and not averaged in; the JVM cells still run; the status is failed and the exit code 1.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aFailedRepetitionIsRecordedAndExits1(@TempDir Path tmp) throws IOException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        Path fake = tmp.resolve("native");
        Files.createDirectories(fake);
        for (NativeProgram p : NativeProgram.values()) {
            executable(fake.resolve(p.executable()), "#!/bin/sh\nexit 0\n");
        }
        executable(fake.resolve("ws_threads"), "#!/bin/sh\necho 'ws_threads: broken on purpose' >&2\nexit 1\n");
        String before = System.getProperty(NativeRunner.DIR_PROPERTY);
        System.setProperty(NativeRunner.DIR_PROPERTY, fake.toString());
        CliResult r;
        Path dir = tmp.resolve("ws");
        try {
            r = CliResult.run("working-set", "--sizes", "16", "--strides", "64", "--repetitions", "1", "-o", dir.toString());
        } finally {
            if (before == null) {
                System.clearProperty(NativeRunner.DIR_PROPERTY);
            } else {
                System.setProperty(NativeRunner.DIR_PROPERTY, before);
            }
        }
        assertEquals(ExitCodes.FAILURE, r.exit(), r.err());
        assertTrue(Files.readString(dir.resolve("status")).startsWith("failed"), Files.readString(dir.resolve("status")));
        IndirectSweepResults s = Results.load(dir).indirectSweep();
        for (IndirectSweepResults.Cell c : s.cells()) {
            if (c.impl().equals(IndirectSweepResults.C)) {
                assertTrue(c.usable().isEmpty(), c.toString());
                assertTrue(c.samples().get(0).error().contains("broken on purpose"), c.toString());
            } else {
                assertEquals(1, c.usable().size(), c.toString());
            }
        }
        assertEquals(2, IndirectSweepCurve.of(s).size(), "only the JVM cells have points");
    }

    private static void executable(Path f, String text) throws IOException {
        Files.writeString(f, text);
        assertTrue(f.toFile().setExecutable(true));
    }
}
