package dev.switchcost.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.nativebaseline.NativeSimulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** scripts/simulate-native.sh's entry point: bad arguments exit 2 with the usage; a real cachegrind run writes its rows. */
class SimulateNativeMainTest {

    @Test
    void badArgumentsExit2() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        for (List<String> args : List.of(List.of("--round-trips"), List.of("--round-trips", "x"), List.of("--bogus"),
                List.of("--walk", "zigzag"), List.of("--round-trips", "5"), List.of("--callgrind-round-trips", "9"))) {
            assertEquals(ExitCodes.USAGE, run(args, o, e), args + ": " + err);
        }
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: scripts/simulate-native.sh"));
    }

    /** A real cachegrind run of ws_threads at one size; skipped where valgrind or the native programs are missing. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void simulatesOneWorkingSetSizeUnderValgrind(@TempDir Path work) {
        assumeTrue(NativeSimulation.valgrindMissing().isEmpty(), () -> "valgrind not available: " + NativeSimulation.valgrindMissing().orElse(""));
        NativeRunner runner = NativeRunner.locate();
        assumeTrue(Files.isExecutable(runner.dir().resolve("ws_threads")), "ws_threads not built (scripts/build-native.sh)");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = run(List.of("--native-dir", runner.dir().toString(), "--work-dir", work.toString(), "--round-trips", "10",
                "--sizes", "16", "--skip-callgrind"), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
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

    private static int run(List<String> args, PrintStream out, PrintStream err) {
        try {
            return SimulateNativeMain.run(args.toArray(String[]::new), out, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
