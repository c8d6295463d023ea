package dev.switchcost.render;

import dev.switchcost.derive.Findings;
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

/**
 * The card's one screen ({@link AnswerCard#MAX_LINES} lines) is a terminal's: written to a file or a pipe, and into the
 * report, the whole card is there. The input: a quick run with the spin sweep's rows beside it and a disturbed trial,
 * a card longer than one screen.
 */
class AnswerCardOffTerminalTest {

    @TempDir
    Path tmp;

    private Path longerThanAScreen(String status) throws IOException {
        Path dir = Fixtures.copy("quick-aa-run-1-epyc-kvm-jdk25", tmp.resolve("run"));
        Files.copy(Fixtures.results("spin-sweep-epyc-kvm-jdk25").resolve("jmh.json"), dir.resolve("jmh-spin.json"));
        Files.writeString(dir.resolve("status"), status);
        return dir;
    }

    @Test
    void aCardLongerThanAScreenIsCutOnATerminalOnlyNeverInAFile() throws IOException {
        Path dir = longerThanAScreen("failed: 1 of 1 trials disturbed\ntrial-disturbed\tdev.switchcost.bench.SyscallBaseline.gettid\t"
                + "\tdisturbed: other tasks took 50% of the measured CPUs' time (limit 5%)\tleft-out\n");
        Findings f = Findings.of(Results.load(dir));
        Path report = Path.of("results", "r", "report.html");
        List<String> whole = AnswerCard.render(f, report, false).lines().toList();
        assertTrue(whole.size() > AnswerCard.MAX_LINES, "the input makes a card longer than a screen: " + whole.size());
        assertTrue(whole.get(whole.size() - 1).startsWith("Report: " + report), String.join("\n", whole));
        List<String> screen = AnswerCard.render(f, report, true).lines().toList();
        // on a terminal: one screen, its lines cut at its width
        assertEquals(AnswerCard.MAX_LINES, screen.size(), String.join("\n", screen));
        assertEquals(whole.get(AnswerCard.MAX_LINES - 1), screen.get(AnswerCard.MAX_LINES - 1));
    }

    @Test
    void theReportHasEveryReadingOfALongCard() throws IOException {
        // a failed trial adds a line above the figures: the spin reading is the card's 25th line
        Path dir = longerThanAScreen("failed: 2 of 2 trials failed\ntrial-disturbed\tdev.switchcost.bench.FutexPingPong.roundTrip\t"
                + "placement=UNPINNED\tdisturbed: other tasks took 50% of the measured CPUs' time (limit 5%)\tleft-out\n"
                + "trial-failed\tdev.switchcost.bench.SyscallBaseline.gettid\t\tpartner died\n");
        Findings f = Findings.of(Results.load(dir));
        List<String> whole = AnswerCard.render(f, null, false).lines().toList();
        assertTrue(whole.size() > AnswerCard.MAX_LINES && whole.get(whole.size() - 1).startsWith("  → measured best at "),
                String.join("\n", whole));
        String md = Files.readString(ReportRenderer.render(Study.of(List.of(Results.load(dir))), Files.createDirectory(tmp.resolve("out")),
                null, "test").markdown());
        assertTrue(md.contains(SpinSections.bestText(f)), md);
    }
}
