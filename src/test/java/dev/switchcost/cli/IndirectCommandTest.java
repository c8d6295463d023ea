package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IndirectCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return SwitchcostCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
    }

    @Test
    void printsBothTablesWithFlagsAndCacheMarks() {
        int rc = run("indirect", "src/test/resources/fixtures/jmh-json/synthetic-derivation-cases.json",
                "--sysfs", "src/test/resources/fixtures/sys-cache/intel-core-i7-8700-handwritten");
        assertEquals(ExitCodes.OK, rc, err.toString());
        String text = out.toString();
        assertTrue(text.contains("# Working set") && text.contains("# Process vs thread"), text);
        assertTrue(text.contains("NEGATIVE [-1,000"), text);
        assertTrue(text.contains("L1d/2") && text.contains("Cache marks: L1d 32 KiB, L2 256 KiB, LLC (L3) 12288 KiB"), text);
        assertTrue(text.contains("400 ± 40"), text);
    }

    /** Issue 11 item 10: --machine FILE is read, whatever the file is called. */
    @Test
    void machineOptionReadsTheFileItNames(@TempDir Path tmp) throws IOException {
        Path other = tmp.resolve("epyc.json");
        Files.copy(Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25/machine.json"), other);
        Files.writeString(tmp.resolve("machine.json"), "{\"not\": \"this one\"}");
        Path results = Files.copy(
                Path.of("src/test/resources/fixtures/jmh-json/synthetic-derivation-cases.json"), tmp.resolve("r.json"));
        int rc = run("indirect", results.toString(), "--machine", other.toString());
        assertEquals(ExitCodes.OK, rc, err.toString());
        assertTrue(out.toString().contains("Cache marks: L1d 48 KiB, L2 1024 KiB, LLC (L3) 32768 KiB"), out.toString());
        assertEquals(ExitCodes.USAGE, run("indirect", results.toString(), "--machine", tmp.resolve("none.json").toString()));
        assertTrue(err.toString().contains("--machine " + tmp.resolve("none.json") + ": no such file"), err.toString());
    }

    /** Issue 21 item 4: --machine is checked field by field like a results directory's machine.json. */
    @Test
    void machineOptionOfTheWrongShapeIsOneLine(@TempDir Path tmp) throws IOException {
        Path results = Files.copy(
                Path.of("src/test/resources/fixtures/jmh-json/synthetic-derivation-cases.json"), tmp.resolve("r.json"));
        Path m = tmp.resolve("m.json");
        Files.writeString(m, Files.readString(Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25/machine.json"))
                .replaceFirst("\"caches\"\\s*:", "\"caches\": null, \"was\":"));
        assertEquals(ExitCodes.USAGE, run("indirect", results.toString(), "--machine", m.toString()));
        assertEquals("switchcost: --machine " + m + ": " + m + " is not a switchcost machine.json: field caches is null",
                err.toString().strip());
    }

    @Test
    void tsvHasOneHeaderPerTable() {
        assertEquals(ExitCodes.OK, run("indirect", "--format", "tsv", "src/test/resources/fixtures/jmh-json/synthetic-derivation-cases.json"));
        String[] lines = out.toString().split("\n");
        assertTrue(lines[0].startsWith("class\thandoff\t"), lines[0]);
        assertEquals(1, out.toString().lines().filter(l -> l.startsWith("placement\t")).count());
    }

    @Test
    void missingFileIsAUsageErrorInOneLine() {
        assertEquals(ExitCodes.USAGE, run("indirect", "no/such/results.json"));
        assertTrue(err.toString().startsWith("switchcost: no/such/results.json does not exist"), err.toString());
        assertEquals(1, err.toString().lines().count());
    }

    @Test
    void nonJmhJsonIsAUsageError() {
        assertEquals(ExitCodes.USAGE, run("indirect", "src/test/resources/fixtures/sys-cache/amd-epyc-kvm-2vcpu-linux-6.18/index0/size"));
        assertTrue(err.toString().contains("not a JMH JSON result") || err.toString().contains("not JSON"), err.toString());
    }

    @Test
    void workingSetSizesPrintsTheQuickListOfAFixture() {
        assertEquals(ExitCodes.OK, run("working-set-sizes", "--sysfs", "src/test/resources/fixtures/sys-cache/raspberry-pi-4-cortex-a72-handwritten"));
        assertEquals("0,16,32,512,1024,2048", out.toString().trim());
        assertTrue(err.toString().contains("no L2") == false && err.toString().contains("LLC (L2) 1024 KiB"), err.toString());
    }
}
