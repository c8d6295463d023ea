package dev.switchcost.cli;

import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The server pieces of scripts/studies/measure-forecast.sh (scripts/studies/forecast/servers-lib.sh), run as the script
 * runs them: each server starts with each pool, serves the study's three requests (the static file, the handoff to the
 * downstream thread, the same wait under a monitor), runs on virtual thread carriers only with the virtual pool, and
 * stops with nothing of its process group left. Skipped, saying why, where the server is neither in the local Maven
 * repository nor downloadable, or where curl is missing. It holds the measuring classes' lock: beside it, four server
 * JVMs starting and compiling, BenchmarkSmokeTest counted 2.23 switches per cross-CPU futex round trip (at most 2.2).
 */
@EnabledOnOs(OS.LINUX)
@ResourceLock(Measures.CPUS)
class ServersTest {

    /** Exit code of the bash below when the server cannot be had here: the test is skipped, not failed. */
    private static final int NO_SERVER = 77;

    private static final String SCRIPT = """
            source scripts/studies/forecast/servers-lib.sh
            command -v curl > /dev/null || { echo "curl not installed"; exit 77; }
            server_home || exit 77
            server_base "$WORK/base" || exit 3
            for pool in platform virtual; do
                server_start "$WORK/base" "$pool" "$PORT" "$WORK/$pool.log" || exit 3
                pid=$SERVER_PID
                for p in file.txt handoff pinned; do
                    got=$(curl -sf -w ' %{size_download}' --max-time 10 "http://127.0.0.1:$PORT/$p") || { echo "$pool $p: no 200"; server_stop "$pid"; exit 1; }
                    echo "$pool $p: ${got##* } bytes, ${got:0:8}"
                done
                echo "$pool carriers=$(proc_carriers "$pid") jit=$(jit_ns "$pid") switches=$(proc_switches "$pid")"
                server_stop "$pid"
                if kill -0 "$pid" 2>/dev/null || pgrep -g "$pid" > /dev/null; then echo "$pool: left running"; exit 1; fi
                echo "$pool stopped"
            done
            """;

    @ParameterizedTest
    @ValueSource(strings = {"jetty", "tomcat"})
    void startsWithEachPoolServesTheThreeRequestsAndStopsClean(String server, @TempDir Path work)
            throws IOException, InterruptedException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", SCRIPT).redirectErrorStream(true);
        pb.environment().put("WORK", work.toString());
        pb.environment().put("PORT", Integer.toString(port));
        pb.environment().put("SERVER", server);
        String java = ProcessHandle.current().info().command().orElse("java");
        pb.environment().put("SERVER_JAVA", java);
        pb.environment().put("JAVAC", Path.of(java).resolveSibling("javac").toString());
        Process p = pb.start();
        if (!p.waitFor(170, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("the server pieces did not finish within 170 s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(p.exitValue() != NO_SERVER, () -> server + " not available here: " + out.strip());
        assertEquals(0, p.exitValue(), out);
        for (String pool : new String[] {"platform", "virtual"}) {
            assertTrue(out.contains(pool + " file.txt: 1024 bytes, 1\n2\n3\n4\n"), out);
            // the CRC32 of 1 KiB of zeros, computed by the downstream thread
            assertTrue(out.contains(pool + " handoff: 11 bytes, 40216614") && out.contains(pool + " pinned: 11 bytes, 40216614"), out);
            assertTrue(out.contains(pool + " stopped"), out);
        }
        assertTrue(out.contains("platform carriers=0 "), out);
        assertTrue(out.matches("(?s).*virtual carriers=[1-9]\\d* jit=[1-9]\\d* switches=[1-9]\\d* \\d+.*"), out);
    }
}
