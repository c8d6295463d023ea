package dev.switchcost.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Another JMH run holding JMH's lock: every command that runs JMH ({@code run}, {@code compare}, {@code compare --spin},
 * {@code working-set}) waits for it with a bound, names the holder, exits 3 in one line and leaves no results directory.
 * The switchcost under test is a forked JVM without {@code jmh.ignoreLock} (which surefire sets), its lock file in a
 * temp dir of its own so no one else's JMH meets it.
 */
@Isolated
@EnabledOnOs(OS.LINUX)
class JmhLockWaitTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {
        "run --allow-disturbed -f 1 -wi 0 -i 1 -r 100ms SyscallBaseline.gettid$",
        "compare --quick --repetitions 1 --placements SAME_CPU",
        "compare --spin --quick --repetitions 1 --placements SAME_CPU --budgets 2000 --replies 0",
        "working-set --sizes 0 --repetitions 1"})
    void aMeasuringCommandWaitsForAnotherJmhRunThenNamesItAndLeavesNoDirectory(String command) throws Exception {
        Path javaTmp = Files.createDirectory(tmp.resolve("tmp"));
        Path results = tmp.resolve("results");
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        try (FileChannel c = FileChannel.open(javaTmp.resolve("jmh.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = c.lock()) {
            List<String> argv = new ArrayList<>(List.of(javaBin, "--enable-native-access=ALL-UNNAMED", "-Djava.io.tmpdir=" + javaTmp,
                    "-cp", System.getProperty("java.class.path"), SwitchcostCommand.class.getName()));
            List<String> words = List.of(command.split(" "));
            argv.add(words.get(0));
            argv.addAll(List.of("--lock-wait", "1s", "-o", results.toString()));
            argv.addAll(words.subList(1, words.size()));
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
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
