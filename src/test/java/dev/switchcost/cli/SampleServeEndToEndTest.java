package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sample --pid THIS_JVM --serve 127.0.0.1:0} in a process of its own: it prints where it serves, the page is
 * OpenMetrics and its counters do not go down between two scrapes, and after SIGTERM it exits 0 with one line and the
 * port is closed.
 */
class SampleServeEndToEndTest {

    @Test
    @EnabledOnOs(OS.LINUX)
    @Timeout(120)
    void servesTheBillUntilStoppedThenClosesThePort() throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), SwitchcostCommand.class.getName(),
                "sample", "--pid", String.valueOf(ProcessHandle.current().pid()), "--interval", "100ms",
                "--serve", "127.0.0.1:0").redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String first = out.readLine();
            Matcher m = Pattern.compile("at (http://127\\.0\\.0\\.1:(\\d+)/metrics)$").matcher(first == null ? "" : first);
            assertTrue(m.find(), "the first line names the address: " + first);
            URI uri = URI.create(m.group(1));
            int port = Integer.parseInt(m.group(2));
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> a = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, a.statusCode());
            assertEquals("application/openmetrics-text; version=1.0.0; charset=utf-8", a.headers().firstValue("Content-Type").orElse(""));
            SampleServeTest.assertParses(a.body());
            Thread.sleep(300); // a few intervals: this JVM switches meanwhile (its GC, its JIT, this sleep)
            HttpResponse<String> b = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            SampleServeTest.assertParses(b.body());
            long before = voluntary(a.body());
            long after = voluntary(b.body());
            assertTrue(after >= before, "process_context_switches_total went down: " + before + " -> " + after);
            assertEquals(404, http.send(HttpRequest.newBuilder(uri.resolve("/other")).build(), HttpResponse.BodyHandlers.ofString())
                    .statusCode());
            p.toHandle().destroy(); // SIGTERM (Process.destroy would also close its output)
            String rest = out.lines().map(l -> l + "\n").collect(java.util.stream.Collectors.joining());
            assertEquals(0, p.waitFor());
            assertTrue(rest.matches("Stopped serving " + Pattern.quote(uri.toString()) + ": interrupted\n"), "one line at the end: " + rest);
            assertThrows(ConnectException.class, () -> {
                try (Socket s = new Socket("127.0.0.1", port)) {
                    s.getPort();
                }
            }, "the port is closed once sample has exited");
        } finally {
            p.destroyForcibly();
        }
    }

    private static long voluntary(String page) {
        Matcher m = Pattern.compile("(?m)^process_context_switches_total\\{type=\"voluntary\"} (\\d+)$").matcher(page);
        assertTrue(m.find(), page);
        return Long.parseLong(m.group(1));
    }
}
