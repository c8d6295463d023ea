package dev.switchcost.cli;

import dev.switchcost.derive.Findings;
import dev.switchcost.render.AnswerCard;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One quantity, one unit: the one-CPU futex handoff of one fixture reads the same number of ns per switch on the answer
 * card, in {@code diff} and in {@code history} (the history keeps the round trip as recorded and shows it per switch).
 */
@ResourceLock(Measures.HISTORY)
class PerSwitchEverywhereTest {

    static final Path QUICK = HistoryCommandTest.QUICK;
    static final String FIGURE = "FutexPingPong.roundTrip placement=SAME_CPU";

    @TempDir
    Path tmp;

    /** The first figure (before its ±) on the line of {@code text} that holds {@code marker}. */
    static String figureOn(String text, String marker, String after) {
        for (String line : text.split("\n")) {
            if (line.contains(marker)) {
                Matcher m = Pattern.compile(Pattern.quote(after) + "\\s*([0-9][0-9,.]*) ±").matcher(line);
                assertTrue(m.find(), line);
                return m.group(1);
            }
        }
        throw new AssertionError("no line with '" + marker + "' in:\n" + text);
    }

    @Test
    void theOneCpuFutexFigureReadsTheSameOnTheCardInDiffAndInHistory() {
        String card = AnswerCard.render(Findings.of(Results.load(QUICK)), Path.of("results", "q", "report.html"));
        String onCard = figureOn(card, "futex handoff, both on one CPU", "one CPU");
        CliResult diff = CliResult.run("diff", QUICK.toString(), QUICK.toString());
        assertEquals(onCard, figureOn(diff.out(), FIGURE + " [avgt]", "[avgt]"), diff.out());
        assertTrue(diff.out().contains("ns/switch (round trip ÷ 2)"), diff.out());
        String store = tmp.resolve("h.duckdb").toString();
        assertEquals(ExitCodes.OK, CliResult.run("history", "import", QUICK.toString(), "--store", store).exit());
        CliResult history = CliResult.run("history", "--store", store, "--figure", FIGURE);
        assertEquals(onCard, figureOn(history.out(), "ns/switch (round trip ÷ 2)", "25.0.3"), history.out());
    }
}
