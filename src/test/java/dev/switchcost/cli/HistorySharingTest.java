package dev.switchcost.cli;

import dev.switchcost.testing.Fixtures;
import dev.switchcost.testing.HoldHistoryStore;
import dev.switchcost.testing.Measures;
import dev.switchcost.testing.Needs;
import dev.switchcost.testing.TinyTmpfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The history store shared: held by another process, on a read-only file system, truncated. */
@ResourceLock(Measures.HISTORY)
class HistorySharingTest {

    private static final String QUICK = Fixtures.results("quick-aa-run-1-epyc-kvm-jdk25").toString();

    @TempDir
    Path tmp;

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Another JVM holding the store for {@code ms}; returns once it holds it. */
    private static Process holder(Path store, long ms) throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(javaBin, "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), HoldHistoryStore.class.getName(),
                store.toString(), Long.toString(ms)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertTrue(first != null && first.startsWith("held"), String.valueOf(first));
        return p;
    }

    @Test
    void aStoreHeldByAnotherProcessIsWaitedForThenNamedInOneLine() throws Exception {
        Path store = tmp.resolve("h.duckdb");
        assertEquals(0, CliResult.run("history", "import", QUICK, "--store", store.toString()).exit());
        Process brief = holder(store, 1500);
        try {
            System.setProperty("switchcost.history.waitMs", "30000");
            CliResult r = CliResult.run("history", "--store", store.toString());
            assertEquals(0, r.exit(), "waited for the other process to let go: " + r.err());
        } finally {
            System.clearProperty("switchcost.history.waitMs");
            brief.destroy();
            brief.waitFor(10, TimeUnit.SECONDS);
        }
        Process held = holder(store, 600_000);
        try {
            System.setProperty("switchcost.history.waitMs", "500");
            CliResult r = CliResult.run("history", "import", QUICK, "--store", store.toString());
            assertEquals(ExitCodes.ENVIRONMENT, r.exit(), r.out() + r.err());
            assertTrue(r.oneLineError() && r.err().contains("another switchcost is still using it after waiting 500 ms"), r.err());
        } finally {
            System.clearProperty("switchcost.history.waitMs");
            held.destroy();
            held.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aTruncatedStoreIsOneLineAndExit3() throws Exception {
        Path store = tmp.resolve("h.duckdb");
        assertEquals(0, CliResult.run("history", "import", QUICK, "--store", store.toString()).exit());
        byte[] head = Files.readAllBytes(store);
        Files.write(store, java.util.Arrays.copyOf(head, 5000));
        for (String[] args : new String[][]{{"history", "--store", store.toString()},
                {"history", "import", QUICK, "--store", store.toString()}}) {
            CliResult r = CliResult.run(args);
            assertEquals(ExitCodes.ENVIRONMENT, r.exit(), String.join(" ", args) + ": " + r.out() + r.err());
            assertTrue(r.oneLineError() && r.err().contains(store.toString()), r.err());
        }
    }

    @Test
    void aFullDiskIsOneLineAndExit3() throws Exception {
        try (TinyTmpfs fs = TinyTmpfs.mount(tmp, 128)) {
            fs.fill();
            Path store = fs.dir().resolve("h.duckdb");
            CliResult r = CliResult.run("history", "import", QUICK, "--store", store.toString());
            assertEquals(ExitCodes.ENVIRONMENT, r.exit(), r.out() + r.err());
            assertTrue(r.oneLineError() && r.err().contains(store.toString()), r.err());
        }
    }

    @Test
    void readingCommandsWorkOnAReadOnlyFileSystemAndMakeNoFile() throws Exception {
        Path ro = Files.createDirectory(tmp.resolve("rofs"));
        Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", ro.toString()).redirectErrorStream(true).start();
        String out = new String(m.getInputStream().readAllBytes());
        Needs.ROOT.assume(m.waitFor(10, TimeUnit.SECONDS) && m.exitValue() == 0, "cannot mount a tmpfs: " + out);
        try {
            Path store = ro.resolve("h.duckdb");
            assertEquals(0, CliResult.run("history", "import", QUICK, "--store", store.toString()).exit());
            List<String> before = names(ro);
            assertEquals(0, new ProcessBuilder("mount", "-o", "remount,ro", ro.toString()).inheritIO().start().waitFor());
            for (String[] args : new String[][]{{"history", "--store", store.toString()},
                    {"history", "fleet", "--figure", "FutexPingPong", "--store", store.toString()},
                    {"history", "--store", ro.resolve("none.duckdb").toString()}}) {
                CliResult r = CliResult.run(args);
                assertEquals(0, r.exit(), String.join(" ", args) + ": " + r.out() + r.err());
            }
            assertEquals(before, names(ro), "no file made");
        } finally {
            new ProcessBuilder("umount", ro.toString()).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        }
        assertFalse(Files.exists(ro.resolve("h.duckdb")));
    }
}
