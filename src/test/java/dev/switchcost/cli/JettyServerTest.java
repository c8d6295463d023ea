package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The server pieces of scripts/studies/measure-forecast.sh (scripts/studies/forecast/jetty-lib.sh), run as the script runs them: Jetty
 * starts with each thread pool, serves the static file, runs on virtual thread carriers only with the virtual pool, and
 * stops with nothing of its process group left. Skipped, saying why, where jetty-home is neither in the local Maven
 * repository nor downloadable, or where curl is missing.
 */
@EnabledOnOs(OS.LINUX)
class JettyServerTest {

    /** Exit code of the bash below when Jetty cannot be had here: the test is skipped, not failed. */
    private static final int NO_JETTY = 77;

    private static final String SCRIPT = """
            source scripts/studies/forecast/jetty-lib.sh
            command -v curl > /dev/null || { echo "curl not installed"; exit 77; }
            jetty_home || exit 77
            jetty_base "$WORK/base" || exit 3
            for pool in platform virtual; do
                jetty_start "$WORK/base" "$pool" "$PORT" "$WORK/$pool.log" || exit 3
                pid=$JETTY_PID
                bytes=$(curl -sf -o /dev/null -w '%{size_download}' --max-time 10 "http://127.0.0.1:$PORT/file.txt") || { echo "$pool: no 200"; jetty_stop "$pid"; exit 1; }
                for i in 1 2 3 4 5 6 7 8; do curl -sf -o /dev/null --max-time 10 "http://127.0.0.1:$PORT/file.txt"; done
                echo "$pool bytes=$bytes carriers=$(proc_carriers "$pid") ticks=$(proc_cpu_ticks "$pid") switches=$(proc_switches "$pid")"
                jetty_stop "$pid"
                if kill -0 "$pid" 2>/dev/null || pgrep -g "$pid" > /dev/null; then echo "$pool: left running"; exit 1; fi
                echo "$pool stopped"
            done
            """;

    @Test
    void startsWithEachPoolServesTheFileAndStopsClean(@TempDir Path work) throws IOException, InterruptedException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", SCRIPT).redirectErrorStream(true);
        pb.environment().put("WORK", work.toString());
        pb.environment().put("PORT", Integer.toString(port));
        pb.environment().put("JETTY_JAVA", ProcessHandle.current().info().command().orElse("java"));
        Process p = pb.start();
        if (!p.waitFor(170, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("the server pieces did not finish within 170 s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(p.exitValue() != NO_JETTY, () -> "Jetty not available here: " + out.strip());
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("platform bytes=1024 carriers=0 "), out);
        assertTrue(out.matches("(?s).*virtual bytes=1024 carriers=[1-9].*"), out);
        assertTrue(out.matches("(?s).*platform bytes=1024 carriers=0 ticks=[1-9]\\d* switches=[1-9]\\d* \\d+.*"), out);
        assertTrue(out.contains("platform stopped") && out.contains("virtual stopped"), out);
    }
}
