package dev.switchcost.launch;

import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Children die with their parent, kill -9 included (issue 21): the launcher's JVM, and what it runs. */
@EnabledOnOs(OS.LINUX)
@Measures
class ParentDeathTest {

    @Test
    void aWrappedCommandRunsWithItsArgumentsAndExitCode() throws Exception {
        assumeTrue(ParentDeath.available(), "no setpriv --pdeathsig here");
        Process p = new ProcessBuilder(ParentDeath.ofChild(Arrays.asList("sh", "-c", "echo \"$1|$2\"; exit 5", "x", "a b", "c")))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals("a b|c", out);
        assertEquals(5, p.exitValue());
    }

    /** The race check: a child whose parent is not the one that started it (it died before the prctl) ends at once. */
    @Test
    void aChildWhoseParentIsAlreadyGoneDoesNotRun() throws Exception {
        assumeTrue(ParentDeath.available(), "no setpriv --pdeathsig here");
        List<String> cmd = ParentDeath.wrap(Arrays.asList("sh", "-c", "echo ran"), "[ \"$PPID\" = 1 ] || exit 137; ");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(137, p.exitValue(), out);
        assertFalse(out.contains("ran"), out);
    }

    /**
     * The launcher on a java older than 21 re-runs on a JDK 21+; {@code kill -9} of the launcher takes that
     * JVM and the command it samples with it.
     */
    @Test
    @Timeout(180)
    void killingTheLauncherKillsTheJvmItStartedAndItsCommand(@TempDir Path tmp) throws Exception {
        assumeTrue(ParentDeath.available(), "no setpriv --pdeathsig here");
        Optional<Jdk> old = JdkDiscovery.discover().stream().filter(j -> !j.runsSwitchcost()).findFirst();
        assumeTrue(old.isPresent(), "no java older than " + JdkPolicy.min() + " installed to run the launcher on");
        Path log = tmp.resolve("launcher.log");
        List<String> cmd = new ArrayList<>(Arrays.asList(old.get().java().getPath(), "-cp", System.getProperty("java.class.path"),
                Cli.class.getName(), "sample", "--no-baseline", "--no-perf", "--interval", "200ms", "--",
                "sh", "-c", "echo ready $$; exec sleep 60"));
        Process launcher = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long sleeper = -1;
        List<ProcessHandle> below = new ArrayList<>();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            Pattern ready = Pattern.compile("ready (\\d+)\n");
            while (sleeper < 0 && launcher.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
                Matcher m = ready.matcher(Files.readString(log));
                if (m.find()) {
                    sleeper = Long.parseLong(m.group(1));
                }
            }
            assertTrue(sleeper > 0, "the sampled command started: " + Files.readString(log));
            launcher.descendants().forEach(below::add);
            assertTrue(below.stream().anyMatch(h -> h.info().command().orElse("").endsWith("/java")),
                    "the launcher re-ran on another JVM: " + below);
            launcher.destroyForcibly(); // SIGKILL: no shutdown hook runs
            launcher.waitFor();
            assertTrue(allGone(below, TimeUnit.SECONDS.toNanos(60)), "still running after kill -9 of the launcher: "
                    + below.stream().filter(ParentDeathTest::running).toList());
        } finally {
            launcher.destroyForcibly();
            below.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** Polls until every process is gone (or a zombie), or the hang guard passes. */
    static boolean allGone(List<ProcessHandle> ps, long guardNanos) throws InterruptedException {
        long deadline = System.nanoTime() + guardNanos;
        while (ps.stream().anyMatch(ParentDeathTest::running)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    /** Whether a process still runs: not gone, not a zombie waiting for a reaper. */
    static boolean running(ProcessHandle h) {
        try {
            String s = Files.readString(Path.of("/proc", String.valueOf(h.pid()), "stat"));
            return !s.substring(s.lastIndexOf(')') + 2).startsWith("Z");
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return h.isAlive();
        }
    }
}
