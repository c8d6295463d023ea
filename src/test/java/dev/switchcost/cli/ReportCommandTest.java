package dev.switchcost.cli;

import dev.switchcost.machine.MachineInfo;
import dev.switchcost.report.JmhResult;
import dev.switchcost.report.JmhResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportCommandTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");

    static Path copyFixture(Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(FIXTURE)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".json")).toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }

    @Test
    void rendersMarkdownHtmlAndChartsFromAFixtureDirectory(@TempDir Path tmp) throws IOException {
        Path dir = copyFixture(tmp.resolve("results"));
        CliHarness r = CliHarness.run("report", dir.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());

        Path md = dir.resolve("report.md");
        Path html = dir.resolve("report.html");
        assertTrue(Files.size(md) > 0 && Files.size(html) > 0);
        List<Path> pngs;
        try (Stream<Path> s = Files.list(dir.resolve("charts"))) {
            pngs = s.filter(p -> p.toString().endsWith(".png")).toList();
        }
        assertTrue(pngs.stream().anyMatch(p -> p.getFileName().toString().equals("mechanism.png")), pngs.toString());
        assertTrue(pngs.stream().anyMatch(p -> p.getFileName().toString().equals("compare.png")), pngs.toString());
        for (Path png : pngs) {
            assertTrue(Files.size(png) > 0, png + " is empty");
            BufferedImage img = ImageIO.read(png.toFile());
            assertNotNull(img, png + " does not decode");
            assertTrue(img.getWidth() > 100 && img.getHeight() > 100, png + " is too small");
            assertTrue(r.out().contains(png.toString()), "the command names " + png);
        }

        String text = Files.readString(md);
        MachineInfo m = MachineInfo.read(dir);
        assertTrue(text.indexOf("## Machine") < text.indexOf("## Native vs JVM"), "machine heads the report");
        for (String fact : List.of(m.cpu().model(), m.kernel().release(), m.jdk().version(), m.virtualization().hypervisor())) {
            assertTrue(text.contains(fact), "report.md names " + fact);
            assertTrue(Files.readString(html).contains(fact), "report.html names " + fact);
        }
        for (JmhResult row : JmhResults.read(dir.resolve("jmh.json"))) {
            assertTrue(text.contains("|" + row.shortName() + "|" + row.paramsText() + "|"), "report.md lists " + row.key());
        }
        assertTrue(text.contains("native futex, threads"), "the compare table is in the report");
        assertTrue(text.contains("](charts/mechanism.png)"));
    }

    @Test
    void saysWhyTheNativeColumnIsMissingWithoutCompareJson(@TempDir Path tmp) throws IOException {
        Path dir = copyFixture(tmp.resolve("results"));
        Files.delete(dir.resolve("compare.json"));
        CliHarness r = CliHarness.run("report", dir.toString(), "--output", tmp.resolve("out").toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        String text = Files.readString(tmp.resolve("out/report.md"));
        assertTrue(text.contains("there is no native column"), text);
    }

    @Test
    void missingDirectoryIsAUsageError(@TempDir Path tmp) {
        CliHarness r = CliHarness.run("report", tmp.resolve("nope").toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertOneLine(r.err(), "does not exist");
    }

    @Test
    void directoryWithoutResultsIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("notes.txt"), "hello");
        CliHarness r = CliHarness.run("report", tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertOneLine(r.err(), "holds neither jmh.json");
    }

    @Test
    void malformedJmhJsonIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("jmh.json"), "[{\"benchmark\": \"x\", ");
        CliHarness r = CliHarness.run("report", tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertOneLine(r.err(), "is not a JMH JSON result file");
    }

    @Test
    void wrongFileInPlaceOfJmhJsonIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.copy(FIXTURE.resolve("machine.json"), tmp.resolve("jmh.json"));
        CliHarness r = CliHarness.run("report", tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertOneLine(r.err(), "expected a JSON array");
    }

    @Test
    void wrongMachineJsonIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.copy(FIXTURE.resolve("jmh.json"), tmp.resolve("jmh.json"));
        Files.writeString(tmp.resolve("machine.json"), "{\"schema\": 1}");
        CliHarness r = CliHarness.run("report", tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertOneLine(r.err(), "not a switchcost machine.json");
    }

    @Test
    void fileInsteadOfDirectoryIsAUsageError() {
        CliHarness r = CliHarness.run("report", FIXTURE.resolve("jmh.json").toString());
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertOneLine(r.err(), "is not a directory");
    }

    static void assertOneLine(String err, String contains) {
        assertEquals(1, err.strip().lines().count(), "one line: " + err);
        assertTrue(err.startsWith("switchcost: "), err);
        assertTrue(err.contains(contains), err);
    }
}
