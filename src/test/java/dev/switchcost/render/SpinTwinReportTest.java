package dev.switchcost.render;

import dev.switchcost.derive.SpinTwin;
import dev.switchcost.derive.Study;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report of a compare --spin directory: its judged table and one chart of the two curves per case. */
class SpinTwinReportTest {

    static final Path RUN = Fixtures.results("compare-spin-epyc-kvm-jdk25");

    @TempDir
    Path tmp;

    @Test
    void theReportShowsTheTableAndOneChartPerCase() throws IOException {
        Results in = Results.load(RUN);
        ReportRenderer.Rendered out = ReportRenderer.render(Study.of(List.of(in)), tmp, Files.createDirectories(tmp.resolve("png")), "test");
        String md = Files.readString(out.markdown());
        assertTrue(md.contains("Spin then park: the JVM beside its C twin"), "the section");
        assertTrue(md.contains("JVM vs C"), "the judged table");
        long charts = out.drawn().stream().filter(c -> c.name().startsWith("spin-twin-")).count();
        assertEquals(SpinTwin.of(in.spinCompare()).size(), charts, "one chart per placement and reply delay");
    }
}
