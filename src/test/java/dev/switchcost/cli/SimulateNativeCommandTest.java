package dev.switchcost.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.nativebaseline.NativeSimulation;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** switchcost simulate-native (also what scripts/simulate-native.sh runs): bad arguments exit 2 in one line; a real cachegrind run writes its rows. */
@Measures
class SimulateNativeCommandTest {

    @Test
    void badArgumentsExit2() {
        for (List<String> args : List.of(List.of("--round-trips"), List.of("--round-trips", "x"), List.of("--bogus"),
                List.of("--walk", "zigzag"), List.of("--round-trips", "5"), List.of("--callgrind-round-trips", "9"),
                List.of("--sizes", "16,x"))) {
            CliResult r = run(args);
            assertEquals(ExitCodes.USAGE, r.exit(), args + ": " + r.err());
            assertTrue(r.oneLineError(), args + ": " + r.err());
        }
    }

    @Test
    void aCommandTheMainHelpListsWithWhatItNeeds() {
        CliResult r = CliResult.run("--help");
        assertEquals(0, r.exit());
        assertTrue(r.out().contains("simulate-native"), r.out());
        String help = CliResult.run("simulate-native", "--help").out();
        assertTrue(help.contains("--callgrind-round-trips") && help.contains("scripts/build-native.sh") && help.contains("valgrind"), help);
    }

    /** A real cachegrind run of ws_threads at one size; skipped where valgrind or the native programs are missing. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void simulatesOneWorkingSetSizeUnderValgrind(@TempDir Path work) throws IOException {
        Needs.VALGRIND.assume(NativeSimulation.valgrindMissing());
        NativeRunner runner = NativeRunner.locate();
        assumeTrue(Files.isExecutable(runner.dir().resolve("ws_threads")), "ws_threads not built (scripts/build-native.sh)");
        Path results = work.resolve("results");
        CliResult r = run(List.of("--native-dir", runner.dir().toString(), "--work-dir", work.toString(), "--round-trips", "10",
                "--sizes", "16", "--skip-callgrind", "-o", results.toString()));
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().contains("simulate-native: wrote " + results.resolve("simulated.jsonl")), r.err());
        List<String> lines = Files.readAllLines(results.resolve("simulated.jsonl"));
        assertTrue(!lines.isEmpty() && lines.size() <= 2, lines.toString());
        for (String line : lines) {
            JsonObject o = JsonParser.parseString(line).getAsJsonObject();
            assertEquals("simulated (cachegrind), user space only", o.get("source").getAsString());
            assertEquals(16, o.get("working_set_kib").getAsLong());
            assertTrue(o.get("valgrind_options").getAsString().contains("--D1="), line);
            // 16 KiB fits a 32 KiB D1 alone, and both sides' 32 KiB together fill it: the second walk misses little
            assertTrue(o.get("instructions_per_round_trip").getAsDouble() > 4 * 2048, line);
        }
    }

    /** valgrind that refuses its options (as it refuses a cache whose sets are no power of two) is exit 3 on one line. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aValgrindThatRefusesIsAnEnvironmentErrorOnOneLine(@TempDir Path work) throws IOException {
        NativeRunner runner = NativeRunner.locate();
        Needs.C_COMPILER.assume(runner.unavailableReason());
        Path fake = work.resolve("valgrind");
        Files.writeString(fake, "#!/bin/sh\n[ \"$1\" = --version ] && { echo valgrind-3.19.0; exit 0; }\n"
                + "echo 'valgrind: Cache set count is not a power of two.' >&2\nexit 1\n");
        assertTrue(fake.toFile().setExecutable(true));
        String before = System.getProperty("switchcost.valgrind");
        System.setProperty("switchcost.valgrind", fake.toString());
        try {
            CliResult r = run(List.of("--native-dir", runner.dir().toString(), "--work-dir", work.toString(), "--round-trips", "10",
                    "--sizes", "16", "--skip-callgrind", "-o", work.resolve("results").toString()));
            assertEquals(ExitCodes.ENVIRONMENT, r.exit(), r.err());
            // after its progress line ("valgrind output files in ..."), one line that says why; no trace
            List<String> said = r.err().lines().filter(l -> l.startsWith("switchcost: ")).toList();
            assertEquals(1, said.size(), r.err());
            assertTrue(said.get(0).contains("Cache set count is not a power of two"), r.err());
            assertFalse(r.err().contains("\tat ") || r.err().contains("internal error"), r.err());
        } finally {
            if (before == null) {
                System.clearProperty("switchcost.valgrind");
            } else {
                System.setProperty("switchcost.valgrind", before);
            }
        }
    }

    private static CliResult run(List<String> args) {
        List<String> all = new ArrayList<>(List.of("simulate-native"));
        all.addAll(args);
        return CliResult.run(all.toArray(String[]::new));
    }
}
