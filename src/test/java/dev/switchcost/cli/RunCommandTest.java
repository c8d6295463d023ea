package dev.switchcost.cli;

import dev.switchcost.linux.LibC;
import dev.switchcost.machine.MachineInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class RunCommandTest {

    static {
        // Other JMH runs on this machine (other builds) hold /tmp/jmh.lock; these runs check behaviour, not speed.
        System.setProperty("jmh.ignoreLock", "true");
    }

    @TempDir
    Path tmp;

    private void assertUsage(CliResult r, String expected) {
        assertEquals(ExitCodes.USAGE, r.exit(), r.out() + r.err());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void resultsDirThatIsAFileIsUsageError() throws IOException {
        Path file = Files.createFile(tmp.resolve("file"));
        assertUsage(CliResult.run("run", "--results-dir", file.toString(), "FutexPingPong"), "not a directory");
    }

    @Test
    void unwritableResultsDirIsUsageError() throws IOException {
        Path file = Files.createFile(tmp.resolve("file"));
        assertUsage(CliResult.run("run", "--results-dir", file.resolve("below").toString(), "FutexPingPong"),
                "cannot write results");
    }

    @Test
    void badRegexIsUsageError() {
        assertUsage(CliResult.run("run", "--results-dir", tmp.toString(), "Futex(("), "bad benchmark regex");
    }

    @Test
    void quickAndFullTogetherIsUsageError() {
        assertUsage(CliResult.run("run", "--quick", "--full"), "mutually exclusive");
    }

    @Test
    void badDurationsAreUsageErrors() {
        assertUsage(CliResult.run("run", "--time", "0s"), "too short");
        assertUsage(CliResult.run("run", "--time", "abc"), "not a duration");
    }

    @Test
    void zeroIterationsIsUsageError() {
        assertUsage(CliResult.run("run", "--results-dir", tmp.toString(), "--iterations", "0"), "at least 1");
    }

    @Test
    void regexMatchingNothingIsUsageError() {
        assertUsage(CliResult.run("run", "--results-dir", tmp.toString(), "NoSuchBenchmarkAnywhere"), "no benchmark matches");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void tinyRunWritesJmhJsonMachineJsonAndLog() throws IOException {
        assumeTrue(LibC.isAvailable(), LibC.unavailableReason());
        CliResult r = CliResult.run("run", "--results-dir", tmp.toString(), "-f", "1", "--warmup-iterations", "0",
                "--iterations", "1", "--time", "100ms", "-p", "placement=SAME_CPU", "FutexPingPong");
        assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
        Path dir;
        try (Stream<Path> s = Files.list(tmp)) {
            List<Path> dirs = s.toList();
            assertEquals(1, dirs.size());
            dir = dirs.get(0);
        }
        assertTrue(dir.getFileName().toString().matches(".+-\\d{8}-\\d{6}"), dir.toString());
        String json = Files.readString(dir.resolve("jmh.json"));
        assertTrue(json.contains("\"benchmark\" : \"dev.switchcost.bench.FutexPingPong.roundTrip\""), json);
        assertTrue(json.contains("ctxsw.total.norm"), json);
        MachineInfo m = MachineInfo.read(dir);
        assertNotNull(m.perf(), "machine.json has the perf section");
        assertTrue(Files.readString(dir.resolve("run.log")).contains("# Benchmark: dev.switchcost.bench.FutexPingPong.roundTrip"));
        assertTrue(r.out().contains("FutexPingPong.roundTrip placement=SAME_CPU"), r.out());
    }
}
