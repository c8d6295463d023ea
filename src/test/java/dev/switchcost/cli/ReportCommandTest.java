package dev.switchcost.cli;

import dev.switchcost.derive.Study;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.render.ReportRenderer;
import dev.switchcost.results.Build;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.testing.Fixtures;
import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportCommandTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
    static final Path SUITE = Fixtures.results("suite-haltpoll-epyc-kvm-jdk25");
    /** Every section a report can have, in order; a report writes those it has something for. */
    static final List<String> SECTIONS = List.of("answer", "against", "runs", "mechanism", "virtual", "distribution", "pinning", "native", "working-set",
            "working-set-sweep", "process-thread", "rows", "about");

    static Path copyFixture(Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(FIXTURE)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".json")).toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }

    /**
     * Parses the page as XML (it is written well-formed) and checks: its sections in order, each linked from the contents
     * and none other, real tables, images only as data: URIs that decode, no link or image to a local file, no exponents,
     * no literal Markdown.
     */
    static Document checkHtml(Path html) throws Exception {
        String text = Files.readString(html);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document d = f.newDocumentBuilder().parse(html.toFile());
        List<String> ids = new ArrayList<>();
        NodeList h2 = d.getElementsByTagName("h2");
        for (int i = 0; i < h2.getLength(); i++) {
            ids.add(((Element) h2.item(i)).getAttribute("id"));
        }
        assertTrue(ids.containsAll(List.of("runs", "answer", "about")), ids.toString());
        assertEquals(SECTIONS.stream().filter(ids::contains).toList(), ids, "known sections, in order");
        List<String> contents = new ArrayList<>();
        NodeList nav = ((Element) d.getElementsByTagName("nav").item(0)).getElementsByTagName("a");
        for (int i = 0; i < nav.getLength(); i++) {
            contents.add(((Element) nav.item(i)).getAttribute("href"));
        }
        assertEquals(ids.stream().map(id -> "#" + id).toList(), contents, "the contents link to every section written");
        assertTrue(d.getElementsByTagName("table").getLength() >= 4, "real tables");
        assertEquals(0, d.getElementsByTagName("pre").getLength(), "no preformatted tables");
        NodeList imgs = d.getElementsByTagName("img");
        for (int i = 0; i < imgs.getLength(); i++) {
            String src = ((Element) imgs.item(i)).getAttribute("src");
            assertTrue(src.startsWith("data:image/svg+xml;base64,"), "inline vector image: " + src.substring(0, Math.min(40, src.length())));
            Document svg = f.newDocumentBuilder().parse(new ByteArrayInputStream(Base64.getDecoder().decode(src.substring(src.indexOf(',') + 1))));
            assertEquals("svg", svg.getDocumentElement().getTagName(), "image " + i + " is an SVG document");
            assertTrue(svg.getDocumentElement().getAttribute("viewBox").matches("0 0 [0-9]+ [0-9]+"), "image " + i + " has its size");
        }
        NodeList links = d.getElementsByTagName("a");
        for (int i = 0; i < links.getLength(); i++) {
            String href = ((Element) links.item(i)).getAttribute("href");
            assertTrue(href.startsWith("http") || href.startsWith("#"), "no link to a local file: " + href);
        }
        assertFalse(text.contains("**"), "no literal Markdown bold");
        assertFalse(text.replaceAll("base64,[A-Za-z0-9+/=]+", "").matches("(?s).*[0-9]e-[0-9].*"), "no exponents");
        return d;
    }

    static int images(Document d) {
        return d.getElementsByTagName("img").getLength();
    }

    @Test
    void rendersOneSelfContainedPageFromAFixtureDirectory(@TempDir Path tmp) throws Exception {
        Path dir = copyFixture(tmp.resolve("results"));
        CliResult r = CliResult.run("report", dir.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        Path html = dir.resolve("report.html");
        assertTrue(r.out().contains("wrote " + html), r.out());
        Document d = checkHtml(html);
        assertTrue(images(d) >= 2, "mechanism and compare charts");
        String text = Files.readString(html);
        MachineInfo m = MachineInfo.fromJson(Files.readString(dir.resolve(MachineInfo.FILE_NAME)));
        for (String fact : List.of(m.cpu().model(), m.kernel().release(), m.jdk().version(), m.virtualization().hypervisor())) {
            assertTrue(text.contains(fact), "report.html names " + fact);
        }
        String cells = text.replace("<wbr/>", "");
        for (JmhRow row : Results.load(dir).rows()) {
            assertTrue(cells.contains("<td>" + row.shortName() + "</td><td>" + row.paramsText() + "</td>"), "lists " + row.key());
        }
        assertTrue(text.contains("native futex, threads"), "the compare table is in the report");
        assertTrue(text.contains("JMH Visualizer"), "names JMH Visualizer");
        assertTrue(text.contains("1 fork, 0 × 1 s warmup, 2 × 200 ms measurement"), "JMH settings");
        assertTrue(text.contains("rendered by switchcost " + Build.describe()), "switchcost version and commit");
        assertTrue(text.contains("measuring commit not recorded"), "a directory from before provenance.json says so");
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("## The answer"), md);
    }

    /** Issue 18: a report over two machines names what differs between them that can move a figure. */
    @Test
    void aReportOverTwoMachinesNamesTheirDifferences(@TempDir Path tmp) throws Exception {
        String quick = Fixtures.results("quick-paired-cache-epyc-kvm-jdk25").toString();
        CliResult r = CliResult.run("report", SUITE.toString(), quick, "-o", tmp.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String md = Files.readString(tmp.resolve("report.md"));
        assertTrue(md.contains("**The machines differ** in what can move a figure"), md);
        assertTrue(md.contains("- cpuidle driver: suite-haltpoll-epyc-kvm-jdk25 `haltpoll` · quick-paired-cache-epyc-kvm-jdk25 `none`"), md);
        CliResult single = CliResult.run("report", quick, "-o", tmp.resolve("one").toString());
        assertEquals(ExitCodes.OK, single.exit(), single.err());
        assertFalse(Files.readString(tmp.resolve("one/report.md")).contains("machines differ"));
    }

    /** Issue 18: a re-rendered directory names the build that measured it beside the one that renders it. */
    @Test
    void namesTheMeasuringAndTheRenderingCommit(@TempDir Path tmp) throws Exception {
        Path dir = copyFixture(tmp.resolve("results"));
        Files.writeString(dir.resolve(ResultsDir.PROVENANCE), """
                {"switchcostVersion": "0.0.9", "commit": "6538ae4c1f2e", "dirty": false, "jmhVersion": "1.37",
                 "recordedAt": "2026-11-21T10:00:00Z"}
                """);
        CliResult r = CliResult.run("report", dir.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("- Measured by switchcost 0.0.9 (commit 6538ae4c1f2e), JMH 1.37; rendered by switchcost "
                + Build.describe()), md);
        assertFalse(md.contains("measuring commit not recorded"), md);
    }

    @Test
    void rebuildsEveryReadmeChartFromTheCommittedResults(@TempDir Path tmp) throws Exception {
        Path img = tmp.resolve("img");
        CliResult r = CliResult.run("report", SUITE.toString(), "-o", tmp.toString(), "--charts", img.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        for (String name : ReportRenderer.CHART_NAMES) {
            Path png = img.resolve(name + ".png");
            assertTrue(Files.isRegularFile(png), name);
            BufferedImage i = ImageIO.read(png.toFile());
            assertTrue(i.getWidth() >= 800 && i.getHeight() >= 200, png + " " + i.getWidth() + "x" + i.getHeight());
            assertTrue(r.out().contains("wrote " + png), r.out());
        }
        Document d = checkHtml(tmp.resolve("report.html"));
        assertEquals(5, images(d), "mechanism, virtual vs platform, pinning (its synchronized rows), compare, working set");
        assertTrue(Files.readString(tmp.resolve("report.md")).contains("](img/mechanism.png)"));
    }

    @Test
    void aJmhJsonFileAndSeveralInputsSideBySide(@TempDir Path tmp) throws Exception {
        Path a = copyFixture(tmp.resolve("a"));
        CliResult r = CliResult.run("report", SUITE.resolve("run-quick.json").toString(), a.toString(), "-o", tmp.resolve("out").toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        Document d = checkHtml(tmp.resolve("out/report.html"));
        String text = Files.readString(tmp.resolve("out/report.html"));
        assertTrue(text.contains("run-quick.json vs a"), "both inputs in the title");
        assertTrue(text.contains("<th class=\"r\">run-quick.json · JDK 25.0.3</th>") && text.contains("<th class=\"r\">a · JDK 25.0.3</th>"),
                "the answer has a column per input, its unit said once above it");
        assertTrue(text.contains("ns per switch ± 99.9% (switches per round trip)"), "the unit above the answer");
        assertTrue(images(d) >= 3);
        CliResult one = CliResult.run("report", tmp.resolve("a/jmh.json").toString());
        assertEquals(ExitCodes.OK, one.exit(), one.err());
        checkHtml(tmp.resolve("a/report.html"));
    }

    /** Two inputs that sampled the same trials drew two legend lines of one name, which the chart refused (exit 4). */
    @Test
    void twoInputsWithTheSameSampledTrialsDrawOneDistribution(@TempDir Path tmp) throws Exception {
        Path sampled = Path.of("src/test/resources/fixtures/jmh-json/handoffs-sample-mode-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json");
        for (String dir : List.of("a", "b")) {
            Files.createDirectories(tmp.resolve(dir));
            Files.copy(sampled, tmp.resolve(dir).resolve("jmh.json"));
        }
        CliResult r = CliResult.run("report", tmp.resolve("a/jmh.json").toString(), tmp.resolve("b/jmh.json").toString(),
                "-o", tmp.resolve("out").toString(), "--charts", tmp.resolve("png").toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        checkHtml(tmp.resolve("out/report.html"));
        assertTrue(Files.size(tmp.resolve("png/distribution.png")) > 1000, "the distribution drawn");
    }

    /** Issue 12: two JDKs in one directory side by side, in the answer and the pinning table. */
    @Test
    void twoJdksInOneDirectorySideBySide(@TempDir Path tmp) throws Exception {
        String json = Files.readString(SUITE.resolve("vt-handoff-virtual.json"));
        Files.writeString(tmp.resolve("jmh.json"), json);
        Files.writeString(tmp.resolve("jmh-jdk21.json"), json.replace("\"jdkVersion\" : \"25.0.3\"", "\"jdkVersion\" : \"21.0.8\""));
        CliResult r = CliResult.run("report", tmp.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        checkHtml(tmp.resolve("report.html"));
        String text = Files.readString(tmp.resolve("report.html")).replace("<wbr/>", "");
        assertTrue(text.contains("<td>JDK 21.0.8</td>") && text.contains("<td>JDK 25.0.3</td>"), "pinning table per JDK");
        assertTrue(java.util.regex.Pattern.compile("<td class=\"r\">[0-9.]+ / [0-9.]+</td>").matcher(text).find(),
                "carrier / helper switches");
        assertTrue(text.contains("<td>synchronized + wait/notify</td>") && text.contains("<td>SynchronousQueue put/take</td>"), "every primitive");
    }

    /** A quick run's one LockSupport virtual handoff is no pinning study: no section, the line of what was not measured names it. */
    @Test
    void aRunWithoutSynchronizedRowsHasNoPinningTable(@TempDir Path tmp) throws Exception {
        Path quick = Fixtures.results("quick-avgt-only-epyc-kvm-jdk25");
        CliResult r = CliResult.run("report", quick.resolve("jmh.json").toString(), "-o", tmp.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        checkHtml(tmp.resolve("report.html"));
        String text = Files.readString(tmp.resolve("report.html"));
        assertFalse(text.contains("id=\"pinning\"") || text.contains("carrier switches"), "no pinning section");
        assertTrue(notMeasured(Files.readString(tmp.resolve("report.md")))
                .contains("whether `synchronized` pins a virtual thread's carrier (measured by the pinning study, docs/pinning-study.md)"));
    }

    /** The one line near the top that says what the run did not measure. */
    static String notMeasured(String md) {
        return md.lines().filter(l -> l.startsWith("Not measured in ")).reduce((a, b) -> a + "\n" + b).orElse("");
    }

    /** A run whose one trial was measured and left out as disturbed says so, never that the figure was not measured. */
    @Test
    void aTrialLeftOutAsDisturbedIsNotCalledNotMeasured(@TempDir Path tmp) throws Exception {
        Results in = Results.load(Fixtures.results("disturbed-every-trial-epyc-kvm-jdk25"));
        String md = Files.readString(ReportRenderer.render(Study.of(List.of(in)), tmp, null, "test").markdown());
        assertEquals("", notMeasured(md), md);
        assertTrue(md.lines().anyMatch(l -> l.startsWith("Not in the figures of this run: handoff cost by mechanism")
                && l.endsWith("Of this run, measured, left out (disturbed): 1 trial (named under Runs).")), md);
    }

    /**
     * Issue 18: a working-set run's report has no section it has nothing for; one line names what was not measured, and
     * how to measure it. Its table says the parameters every row shares once above it and puts the estimate next to the size.
     */
    @Test
    void aWorkingSetRunHasNoEmptySectionsAndSaysWhatItDidNotMeasure(@TempDir Path tmp) throws Exception {
        Results in = Results.load(Fixtures.results("workingset-paired-sweep-epyc-kvm-jdk25"));
        ReportRenderer.Rendered out = ReportRenderer.render(Study.of(List.of(in)), tmp, null, "test");
        assertEquals(List.of("answer", "runs", "working-set", "rows", "about"), out.sections());
        checkHtml(out.html());
        String md = Files.readString(out.markdown());
        assertFalse(md.contains("Handoff cost by mechanism") || md.contains("No JMH rows with"), md);
        String missing = notMeasured(md);
        assertEquals(1, missing.lines().count(), md);
        assertTrue(missing.startsWith("Not measured in this run: handoff cost by mechanism and placement, virtual vs platform threads,"
                + " the latency distribution, native C beside the JVM (measured by `scripts/switchcost run --quick`)"), missing);
        assertTrue(missing.contains("process vs thread switch (measured by `scripts/switchcost run --full ProcessVsThreadSwitch`)"), missing);
        assertTrue(md.indexOf(missing) < md.indexOf("## Runs"), "near the top");
        String table = md.substring(md.indexOf("## Working set"));
        assertTrue(table.contains("All rows: class WorkingSetHandoff · handoff FUTEX · placement SAME\\_CPU · sharing PRIVATE · stride B 64\n\n"
                + "|KiB per thread|cache mark|after the switch (paired), ns per switch|"), table);
    }

    /** Issue 11 case 8: an interrupted or failed run is shown as such, and its failed rows are marked. */
    @Test
    void showsTheRunStatusAndMarksFailedRows(@TempDir Path tmp) throws Exception {
        Path dir = copyFixture(tmp.resolve("results"));
        Files.writeString(dir.resolve("status"), "interrupted\ntrial-failed\tdev.switchcost.bench.FutexPingPong.roundTrip"
                + "\tplacement=SAME_CPU\tpartner died\n");
        CliResult r = CliResult.run("report", dir.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.err().contains("status: interrupted: results are partial"), r.err());
        checkHtml(dir.resolve("report.html"));
        String text = Files.readString(dir.resolve("report.html"));
        assertTrue(text.contains("<strong>interrupted: results are partial; 1 failed trial"), "status shown");
        assertTrue(text.contains("<strong>FAILED</strong>: partner died"), "row marked");
    }

    @Test
    void saysWhyTheNativeColumnIsMissingWithoutCompareJson(@TempDir Path tmp) throws Exception {
        Path dir = copyFixture(tmp.resolve("results"));
        Files.delete(dir.resolve("compare.json"));
        CliResult r = CliResult.run("report", dir.toString(), "--output", tmp.resolve("out").toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        checkHtml(tmp.resolve("out/report.html"));
        String md = Files.readString(tmp.resolve("out/report.md"));
        assertTrue(notMeasured(md).contains("native C beside the JVM"), md);
        assertFalse(md.contains("## Native C vs JVM"), md);
    }

    @Test
    void missingInputIsAUsageError(@TempDir Path tmp) {
        CliResult r = CliResult.run("report", tmp.resolve("nope").toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertOneLine(r.err(), "does not exist");
    }

    @Test
    void directoryWithoutResultsIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("notes.txt"), "hello");
        CliResult r = CliResult.run("report", tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertOneLine(r.err(), "holds no results");
    }

    @Test
    void malformedJmhJsonIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("jmh.json"), "[{\"benchmark\": \"x\", ");
        CliResult r = CliResult.run("report", tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertOneLine(r.err(), "is not valid JSON");
    }

    @Test
    void wrongFileInPlaceOfJmhJsonIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.copy(FIXTURE.resolve("machine.json"), tmp.resolve("jmh.json"));
        CliResult r = CliResult.run("report", tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertOneLine(r.err(), "expected an array");
    }

    @Test
    void wrongMachineJsonIsAUsageError(@TempDir Path tmp) throws IOException {
        Files.copy(FIXTURE.resolve("jmh.json"), tmp.resolve("jmh.json"));
        Files.writeString(tmp.resolve("machine.json"), "{\"schema\": 1}");
        CliResult r = CliResult.run("report", tmp.toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertOneLine(r.err(), "not a switchcost machine.json");
    }

    /** Issue 11 case 6: an output that cannot be written is one line, exit 2 (or 3 for the file system), no trace. */
    @Test
    void unwritableOutputIsOneLineNoTrace(@TempDir Path tmp) throws IOException {
        Path file = Files.createFile(tmp.resolve("file"));
        CliResult r = CliResult.run("report", FIXTURE.toString(), "-o", file.resolve("below").toString());
        assertEquals(ExitCodes.USAGE, r.exit(), r.err());
        assertOneLine(r.err(), "cannot write results into");
        CliResult c = CliResult.run("report", FIXTURE.toString(), "-o", tmp.resolve("o").toString(), "--charts", file.toString());
        assertEquals(ExitCodes.USAGE, c.exit(), c.err());
        assertOneLine(c.err(), "--charts " + file + " exists and is not a directory");
    }

    /** Issue 11 case 6: report on a read-only directory (a read-only tmpfs; needs root to mount). */
    @Test
    void reportOnAReadOnlyDirectoryIsOneLine(@TempDir Path tmp) throws Exception {
        Path ro = Files.createDirectory(tmp.resolve("ro"));
        copyFixture(tmp.resolve("src"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", ro.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        Needs.ROOT.assume(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "cannot mount a tmpfs: " + out);
        try {
            copyFixture(ro.resolve("run"));
            Process rem = new ProcessBuilder("mount", "-o", "remount,ro", ro.toString()).inheritIO().start();
            assertTrue(rem.waitFor(10, TimeUnit.SECONDS) && rem.exitValue() == 0);
            CliResult r = CliResult.run("report", ro.resolve("run").toString());
            assertEquals(ExitCodes.ENVIRONMENT, r.exit(), r.err());
            assertOneLine(r.err(), "read-only file system");
            assertFalse(Files.exists(ro.resolve("run/report.html")));
        } finally {
            new ProcessBuilder("umount", ro.toString()).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    static void assertOneLine(String err, String contains) {
        assertEquals(1, err.strip().lines().count(), "one line: " + err);
        assertTrue(err.startsWith("switchcost: "), err);
        assertTrue(err.contains(contains), err);
    }
    /** Issue 17: simulate-native.sh -o DIR's simulated.jsonl shows in the working-set section, labelled as simulated. */
    @Test
    void simulatedMissesShowInTheWorkingSetSection(@TempDir Path tmp) throws Exception {
        Path dir = copyFixture(tmp.resolve("results"));
        Files.copy(Path.of("src/test/resources/fixtures/valgrind/simulated.jsonl"), dir.resolve("simulated.jsonl"));
        CliResult r = CliResult.run("report", dir.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String md = Files.readString(dir.resolve("report.md"));
        int ws = md.indexOf("Working set: indirect cost per switch");
        int label = md.indexOf("Simulated misses per switch (simulated (cachegrind), user space only)");
        assertTrue(ws >= 0 && label > ws, md);
        assertTrue(md.substring(label).lines().anyMatch(l -> l.contains("|512|") && l.contains("|L2|") && l.contains("8,153")), md.substring(label));
        checkHtml(dir.resolve("report.html"));
    }
}
