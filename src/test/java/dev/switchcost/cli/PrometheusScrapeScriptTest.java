package dev.switchcost.cli;

import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.File;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * scripts/prometheus-scrape.sh with a real Prometheus scraping {@code sample --serve}: the rate of the process's
 * switches comes back as a non-empty series. Only where prometheus is installed (the script would install it, which a
 * test must not). {@code @Measures}: its ping-pong program loads the machine.
 */
@Measures
@EnabledOnOs(OS.LINUX)
class PrometheusScrapeScriptTest {

    @Test
    @Timeout(180)
    void prometheusScrapesTheBillAndAnswersTheRate() throws Exception {
        Needs.PROMETHEUS.assume();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        ProcessBuilder pb = new ProcessBuilder("bash", "scripts/prometheus-scrape.sh", "--seconds", "8").redirectErrorStream(true);
        pb.environment().put("PROMETHEUS_PORT", String.valueOf(port));
        pb.environment().put("SWITCHCOST_CLASSPATH", System.getProperty("java.class.path"));
        pb.environment().put("PATH", new File(ProcessHandle.current().info().command().orElseThrow()).getParent()
                + File.pathSeparator + System.getenv("PATH")); // the ping-pong program runs on this test's java
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("\"type\":\"voluntary\""), out);
    }
}
