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
        // the JVM flags switchcost's launcher gives (native access for the history store's DuckDB, FFM)
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(javaBin));
        cmd.addAll(dev.switchcost.launch.JdkPolicy.jvmFlags(Runtime.version().feature()));
        cmd.addAll(java.util.List.of("-cp", System.getProperty("java.class.path"), SwitchcostCommand.class.getName(),
                "sample", "--pid", String.valueOf(ProcessHandle.current().pid()), "--interval", "100ms", "--serve", "127.0.0.1:0"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
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

    @Test
    @EnabledOnOs(OS.LINUX)
    @Timeout(60)
    void inProcessItLeavesNoServerThreadAndAPortInUseIsTheEnvironment() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").start(); // sample cannot watch its own JVM in-process
        try {
            inProcess(String.valueOf(sleeper.pid()));
        } finally {
            sleeper.destroyForcibly();
        }
    }

    private static void inProcess(String self) throws Exception {
        CliResult bad = CliResult.run("sample", "--pid", self, "--serve", "9464");
        assertEquals(2, bad.exit(), bad.err());
        assertTrue(bad.oneLineError() && bad.err().contains("give HOST:PORT or :PORT"), bad.err());
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            CliResult r = CliResult.run("sample", "--pid", self, "--duration", "200ms", "--serve", "127.0.0.1:" + taken.getLocalPort());
            assertEquals(3, r.exit(), r.out() + r.err());
            assertTrue(r.oneLineError() && r.err().contains("pick another port"), r.err());
        }
        CliResult ok = CliResult.run("sample", "--pid", self, "--interval", "100ms", "--duration", "300ms", "--serve", "127.0.0.1:0");
        assertEquals(0, ok.exit(), ok.out() + ok.err());
        assertTrue(ok.out().matches("Serving the switch bill of process " + self + " at http://127\\.0\\.0\\.1:\\d+/metrics\n"
                + "Stopped serving http://127\\.0\\.0\\.1:\\d+/metrics: sampled for \\d+\\.\\d s\n"), ok.out()); // any time: a loaded machine samples late
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("HTTP-Dispatcher")),
                "the server's thread ended with it");
    }

    private static long voluntary(String page) {
        Matcher m = Pattern.compile("(?m)^process_context_switches_total\\{type=\"voluntary\"} (\\d+)$").matcher(page);
        assertTrue(m.find(), page);
        return Long.parseLong(m.group(1));
    }
}
