package dev.switchcost.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 11 case 8: a run stopped by SIGTERM or SIGINT leaves its directory marked "interrupted". */
class StatusOnSignalTest {

    /** A writer that creates a run directory, prints it, and waits to be signalled. */
    public static final class Writer {
        public static void main(String[] args) throws Exception {
            ResultsDir d = ResultsDir.create(Path.of(args[0]), "sig", null).interruptedOnExit();
            System.out.println(d.dir());
            System.out.flush();
            Thread.sleep(60_000);
            d.complete();
        }
    }

    /**
     * SIGINT is tested only where it reaches a JVM: a process started as a background job of a
     * non-interactive shell inherits SIGINT ignored, and the JVM keeps an ignored signal ignored (seen
     * once, with the test suite run under {@code nohup ... &}). SIGTERM is tested everywhere.
     */
    @Test
    void sigtermAndSigintMarkTheRunInterrupted(@TempDir Path tmp) throws Exception {
        for (String signal : sigintIgnored() ? new String[] {"TERM"} : new String[] {"TERM", "INT"}) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), Writer.class.getName(), tmp.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try {
                String dir = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
                assertTrue(dir != null && Files.isDirectory(Path.of(dir)), "writer printed its directory: " + dir);
                assertTrue(Files.readString(Path.of(dir, ResultsDir.STATUS)).startsWith("running pid=" + p.pid() + " started="));
                assertEquals(null, ResultsDir.readStatus(Path.of(dir)).reason(), "a live writer is running");
                Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid())).inheritIO().start();
                assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0);
                assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the writer ends on SIG" + signal);
                assertEquals(RunStatus.State.INTERRUPTED, ResultsDir.readStatus(Path.of(dir)).state(), "SIG" + signal);
            } finally {
                p.destroyForcibly();
            }
        }
    }

    /**
     * SIGKILL leaves {@code running} on disk (issue 30); a reader tells it from a live run by the pid and start
     * time the line records.
     */
    @Test
    void aWriterKilledWithSigkillReadsAsEndedWithoutFinishing(@TempDir Path tmp) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Writer.class.getName(), tmp.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            String dir = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertTrue(dir != null && Files.isDirectory(Path.of(dir)), "writer printed its directory: " + dir);
            p.destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            RunStatus s = ResultsDir.readStatus(Path.of(dir));
            assertEquals(RunStatus.State.RUNNING, s.state(), "nothing rewrote the file");
            assertEquals("ended without finishing (pid " + p.pid() + " gone): results are partial", s.describe());
        } finally {
            p.destroyForcibly();
        }
    }

    /** Whether this process ignores SIGINT ({@code SigIgn} in /proc/self/status, bit 2 - 1), which a child inherits. */
    static boolean sigintIgnored() throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (l.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(l.substring(7).trim(), 16) & (1L << (2 - 1))) != 0;
            }
        }
        return false;
    }
}
