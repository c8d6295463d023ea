package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** scripts/studies/measure-forecast.sh refuses a mistake in one line with exit 2, before it clones, builds or starts anything. */
@EnabledOnOs(OS.LINUX)
class MeasureForecastScriptTest {

    private record Exit(int code, String out) {
    }

    private static Exit run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", "scripts/studies/measure-forecast.sh"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("measure-forecast.sh did not refuse within 30 s: " + cmd);
        }
        return new Exit(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void mistakesExit2InOneLineAndLeaveNothingBehind(@TempDir Path tmp) throws IOException, InterruptedException {
        Path out = tmp.resolve("out");
        for (Map<String, String> env : List.of(Map.of("RATE", "fast"), Map.of("PAIRS", "1"), Map.of("DURATION", "0"),
                Map.of("WARMUP_MAX", "-5"), Map.of("SERVERS", "jetty nginx"), Map.of("WORKLOADS", "static json"),
                Map.of("COSTS", tmp.resolve("none").toString()))) {
            Exit e = run(env, out.toString());
            assertEquals(2, e.code(), env + ": " + e.out());
            assertEquals(1, e.out().strip().lines().count(), e.out());
            assertTrue(e.out().startsWith("measure-forecast: "), e.out());
        }
        // a folder of runs, not a run: the sample would write no placement mix, so it is refused before measuring
        Files.createDirectories(tmp.resolve("prices/vm-20261128-193125"));
        Exit parent = run(Map.of("COSTS", tmp.resolve("prices").toString()), out.toString());
        assertEquals(2, parent.code(), parent.out());
        assertTrue(parent.out().strip().endsWith("holds no jmh.json; give a run's own directory, e.g. "
                + tmp.resolve("prices/vm-20261128-193125")), parent.out());
        Exit none = run(Map.of("COSTS", tmp.resolve("none").toString()), out.toString());
        assertTrue(none.out().contains("COSTS=" + tmp.resolve("none") + " is not a directory"), none.out());
        assertEquals(2, run(Map.of(), "a", "b").code());
        assertEquals(2, run(Map.of(), "--verdict-only").code());
        Exit e = run(Map.of(), "--verdict-only", tmp.toString());
        assertEquals(2, e.code(), e.out());
        assertTrue(e.out().contains("has no SERVER-REQUEST/runs/"), e.out());
        assertFalse(Files.exists(out));
    }

    /** The studies' harness never starts over an earlier run's output: it once deleted an hour of windows. */
    @Test
    void theHarnessRefusesAnOutputThatHoldsFilesAndLeavesThemAlone(@TempDir Path tmp) throws IOException, InterruptedException {
        Path earlier = Files.createDirectories(tmp.resolve("out/jetty-static/runs")).resolve("01-platform.proc");
        Files.writeString(earlier, "cpu_ns=1\n");
        Process p = new ProcessBuilder("bash", "-c", "M=\"$1\"; source scripts/studies/measure-lib.sh; measure_start; echo started",
                "harness", tmp.resolve("out").toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "measure_start did not return");
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), said);
        assertEquals(1, said.strip().lines().count(), said);
        assertTrue(said.contains("already holds files"), said);
        assertEquals("cpu_ns=1\n", Files.readString(earlier));
    }
}
