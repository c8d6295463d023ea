package dev.switchcost.cli;

import dev.switchcost.derive.PinningStudy;
import dev.switchcost.launch.Jdk;
import dev.switchcost.launch.JdkDiscovery;
import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.launch.TestJdks;
import dev.switchcost.measure.linux.LinuxTestSupport;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.RunStatus;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code switchcost run --jdk A --jdk B}: the same benchmarks on each JDK into one results directory (issue 12). */
@EnabledOnOs(OS.LINUX)
@Measures
class RunOnJdksTest {

    @Test
    void aJdkThatIsNotOneIsAUsageError(@TempDir Path tmp) throws IOException {
        Path old = Files.createDirectories(tmp.resolve("jdk17/bin"));
        Files.writeString(tmp.resolve("jdk17/release"), "JAVA_VERSION=\"17.0.15\"\n");
        Path java = Files.writeString(old.resolve("java"), "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        String here = JdkDiscovery.running().java().getPath();
        for (List<String> args : List.of(
                List.of("--jdk", tmp.resolve("nothing").toString()),
                List.of("--jdk", java.toString()),
                List.of("--jdk", here, "--jdk", JdkDiscovery.running().home.getPath()),
                List.of("--jdk", here, "-jvm", here))) {
            List<String> cmd = new ArrayList<>(List.of("run", "-o", tmp.resolve("out").toString()));
            cmd.addAll(args);
            cmd.add("SyscallBaseline");
            CliResult r = CliResult.run(cmd.toArray(new String[0]));
            assertEquals(ExitCodes.USAGE, r.exit(), args + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
            assertFalse(Files.exists(tmp.resolve("out")), "refused before a results directory exists");
        }
    }

    /** A trial that failed on one JDK is recorded with a jdk entry and marks that JDK's row only. */
    @Test
    void aFailedTrialNamesOnlyItsJdksRow(@TempDir Path tmp) throws IOException {
        Path fixture = Path.of("src/test/resources/fixtures/results/pinning-jdk21-jdk25");
        String benchmark = "dev.switchcost.bench.VirtualThreadHandoffOneCarrier.roundTrip";
        Map<String, String> params = Map.of("carriers", "1", "pair", "VT_VT", "placement", "UNPINNED",
                "primitive", "REENTRANT_LOCK");
        Path dir;
        try (ResultsDir run = ResultsDir.create(tmp, "host", null)) {
            dir = run.dir();
            for (String f : List.of("jmh-jdk21.json", "jmh-jdk25.json", "machine.json")) {
                Files.copy(fixture.resolve(f), dir.resolve(f));
            }
            Map<String, String> recorded = new TreeMap<>(params);
            recorded.put("jdk", "21.0.8");
            run.recordTrial(new RunStatus.FailedTrial(benchmark, recorded, "staged failure", false));
            run.complete();
        }
        Results r = Results.load(dir);
        List<JmhRow> rows = r.rows().stream()
                .filter(x -> x.benchmark().equals(benchmark) && "REENTRANT_LOCK".equals(x.param("primitive"))).toList();
        assertEquals(2, rows.size());
        for (JmhRow x : rows) {
            assertEquals(x.jvm().jdkVersion().equals("21.0.8"), x.failed(), x.jvm().jdkVersion() + " failed=" + x.failed());
        }
    }

    @Test
    void theFailedTrialsOfARunOnAJdkCarryItsVersion() {
        Jdk here = JdkDiscovery.running();
        assertEquals(Map.of("pair", "VT_VT", "jdk", here.version), RunStatus.FailedTrial.withJdk(Map.of("pair", "VT_VT"), here.version));
    }

    @Test
    void twoJdksGoIntoOneResultsDirectoryWithTheirRows(@TempDir Path tmp) throws IOException {
        LinuxTestSupport.assumeNative();
        Jdk jdk21 = TestJdks.jdk21();
        Jdk newer = TestJdks.atLeast(JdkPolicy.NO_PINNING);
        // --allow-disturbed: this checks what is recorded per JDK, not the machine's quiet
        CliResult r = CliResult.run("run", "--allow-disturbed", "-o", tmp.toString(), "--jdk", jdk21.java().getPath(), "--jdk", newer.home.getPath(),
                "-p", "pair=VT_VT", "-p", "primitive=SYNCHRONIZED", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms",
                "VirtualThreadHandoffTwoCarriers");
        assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
        Path dir;
        try (Stream<Path> s = Files.list(tmp)) {
            dir = s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertTrue(Files.isRegularFile(dir.resolve("jmh-jdk" + jdk21.version + ".json")), dir.toString());
        assertTrue(Files.isRegularFile(dir.resolve("jmh-jdk" + newer.version + ".json")), dir.toString());
        Results results = Results.load(dir);
        assertEquals(List.of(jdk21.version, newer.version), results.jdks().stream().sorted(
                Comparator.comparingInt(JdkPolicy::feature)).toList());
        PinningStudy study = PinningStudy.derive(results);
        PinningStudy.Row pinned = study.rows().stream()
                .filter(x -> x.jdk().equals(jdk21.version) && x.carriers() == 2 && x.primitive().equals("SYNCHRONIZED")).findFirst().orElseThrow();
        assertEquals(2.0, pinned.carrierSwitches(), 0.3, "carrier switches per round trip on " + jdk21);
    }
}
