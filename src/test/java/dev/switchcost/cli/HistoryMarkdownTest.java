package dev.switchcost.cli;

import dev.switchcost.results.history.SyntheticBundles;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code history diff --markdown} and {@code history --figure --markdown}: the Markdown of {@code ab --markdown}, with a
 * seam, not a verdict, where the machine changed.
 */
@ResourceLock(Measures.HISTORY)
class HistoryMarkdownTest {

    static final String FUTEX = "FutexPingPong.roundTrip placement=SAME_CPU";

    /** Its row in Markdown, which escapes the underscore. */
    static final String FUTEX_ROW = "|FutexPingPong.roundTrip placement=SAME\\_CPU ";

    @TempDir
    Path tmp;

    String store() {
        return tmp.resolve("h.duckdb").toString();
    }

    /** Run {@code i} of invented machine Acme X1 (8 CPUs, Linux 6.12.3) under {@code cpuidle}, its futex figures at {@code level}. */
    Path run(int i, String cpuidle, double level) throws IOException {
        return SyntheticBundles.write(tmp.resolve("run" + i), new SyntheticBundles.Spec("Acme X1", 8, "6.12.3", "25.0.1", cpuidle,
                null, String.format("2026-10-%02dT10:00:00Z", i + 1), "c0ffee" + i, level, b -> b.contains("FutexPingPong"), 100 + i));
    }

    CliResult history(String... args) {
        List<String> all = new ArrayList<>(List.of("history"));
        all.addAll(List.of(args));
        all.addAll(List.of("--store", store()));
        return CliResult.run(all.toArray(String[]::new));
    }

    static String row(String markdown, String start) {
        return markdown.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(start + " in\n" + markdown));
    }

    @Test
    void historyDiffWritesAbsMarkdownAndNoVerdictAcrossAMachineChange() throws IOException {
        assertEquals(ExitCodes.OK, history("import", run(0, "intel_idle", 1.0).toString()).exit());
        assertEquals(ExitCodes.OK, history("--save-baseline", "before").exit());
        Path md = tmp.resolve("diff.md");
        CliResult same = history("diff", "--against", "before", run(1, "intel_idle", 1.2).toString(), "--markdown", md.toString());
        assertEquals(ExitCodes.OK, same.exit(), same.err());
        String m = Files.readString(md);
        assertTrue(m.startsWith("### switchcost history diff: B against baseline 'before'\n\n**"), m);
        assertTrue(row(m, FUTEX_ROW).contains("B slower"), m);
        assertFalse(m.contains("machine changed"), m);
        GoldenOutputsTest.check("history-diff.md", GoldenOutputsTest.normalise(m, tmp));

        Path other = tmp.resolve("other.md");
        CliResult moved = history("diff", "--against", "before", run(2, "haltpoll", 1.2).toString(), "--markdown", other.toString());
        assertEquals(ExitCodes.OK, moved.exit(), moved.err());
        String o = Files.readString(other);
        assertTrue(row(o, "|machine changed: cpuidle intel\\_idle → haltpoll|").contains("no verdict across it"), o);
        assertTrue(row(o, FUTEX_ROW).contains("not judged: the machine changed"), o);
        assertFalse(o.contains("B slower") || o.contains("B faster"), o);
        assertTrue(o.contains("**0 slower, 0 faster, 0 the same, 0 not resolved, "), o);
        assertTrue(moved.out().contains("machine changed: cpuidle intel_idle → haltpoll"), moved.out());
    }

    /** Six runs, then six 20% dearer, then four under another cpuidle driver back at the first level: one move, one seam. */
    @Test
    void changePointsAreWrittenAsMarkdownWithASeamWhereTheMachineChanged() throws IOException {
        List<String> args = new ArrayList<>(List.of("import"));
        for (int i = 0; i < 16; i++) {
            args.add(run(i, i < 12 ? "intel_idle" : "haltpoll", i >= 6 && i < 12 ? 1.2 : 1.0).toString());
        }
        assertEquals(ExitCodes.OK, history(args.toArray(String[]::new)).exit());
        Path md = tmp.resolve("moves.md");
        CliResult r = history("--figure", FUTEX, "--markdown", md.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String m = Files.readString(md);
        assertTrue(m.startsWith("### switchcost history: where " + FUTEX), m);
        List<String> rows = m.lines().filter(l -> l.startsWith("|Acme X1")).toList();
        assertEquals(2, rows.size(), m);
        assertTrue(rows.get(0).contains("2026-10-07") && rows.get(0).endsWith("|slower|"), m);
        assertTrue(rows.get(1).contains("2026-10-13") && rows.get(1).contains("machine changed: cpuidle intel\\_idle → haltpoll")
                && rows.get(1).contains("not judged: the machine changed"), m);
        assertTrue(m.contains("**1 slower, 0 faster, 0 the same, 0 not resolved, 1 not judged** of 2 change points and seams in 1 series by machine."), m);
        assertTrue(r.out().contains("machine changed: cpuidle intel_idle → haltpoll"), r.out());
        GoldenOutputsTest.check("history-change-points.md", m);

        CliResult noFigure = history("--markdown", md.toString());
        assertEquals(ExitCodes.USAGE, noFigure.exit());
        assertTrue(noFigure.oneLineError() && noFigure.err().contains("give --figure too"), noFigure.err());
    }
}
