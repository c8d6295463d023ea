package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Another JMH run holding JMH's lock: {@code run} waits for it with a bound, names the holder, exits 3 in one line and
 * leaves no results directory. The switchcost under test is a forked JVM without {@code jmh.ignoreLock} (which surefire
 * sets), its lock file in a temp dir of its own so no one else's JMH meets it.
 */
@Isolated
@EnabledOnOs(OS.LINUX)
class JmhLockWaitTest {

    @TempDir
    Path tmp;

    @Test
    void aRunWaitsForAnotherJmhRunThenNamesItAndLeavesNoDirectory() throws Exception {
        Path javaTmp = Files.createDirectory(tmp.resolve("tmp"));
        Path results = tmp.resolve("results");
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        try (FileChannel c = FileChannel.open(javaTmp.resolve("jmh.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = c.lock()) {
            Process p = new ProcessBuilder(javaBin, "--enable-native-access=ALL-UNNAMED", "-Djava.io.tmpdir=" + javaTmp,
                    "-cp", System.getProperty("java.class.path"), SwitchcostCommand.class.getName(),
                    "run", "--lock-wait", "1s", "--allow-disturbed", "-o", results.toString(), "-f", "1", "-wi", "0", "-i", "1",
                    "-r", "100ms", "SyscallBaseline.gettid$").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(3, p.waitFor(), out);
            String holder = "pid " + ProcessHandle.current().pid() + " (";
            assertTrue(out.lines().anyMatch(l -> l.startsWith("# waiting up to 1 s for another JMH run") && l.contains(holder)), out);
            assertEquals(1, out.lines().filter(l -> l.contains("another JMH run holds the JMH lock")
                    && l.contains(holder) && l.contains("--lock-wait")).count(), out);
            assertFalse(out.contains("Unable to acquire") || out.contains("\tat "), out);
            assertTrue(held.isValid());
        }
        assertFalse(Files.exists(results) && Files.list(results).findAny().isPresent(), "no results directory for a run that never started");
    }
}
