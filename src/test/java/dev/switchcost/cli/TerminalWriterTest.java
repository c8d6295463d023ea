package dev.switchcost.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Control characters from results files never reach the terminal: not from report, diff or indirect, not in help. */
class TerminalWriterTest {

    @TempDir
    Path tmp;

    @Test
    void everyControlCharacterButNewlineAndTabIsShownAsAQuestionMark() {
        java.io.StringWriter s = new java.io.StringWriter();
        java.io.PrintWriter w = TerminalWriter.of(new java.io.PrintWriter(s));
        w.print("a\u001b]0;t\u0007b\rc\td\u009b2J\u007f");
        w.println("é");
        assertEquals("a?]0;t?b?c\td?2J?é" + System.lineSeparator(), s.toString());
    }

    @Test
    void aStatusReasonWithEscapesReachesReportAndDiffAsText() throws IOException {
        Path run = tmp.resolve("run");
        Files.createDirectories(run);
        Files.copy(ReportCommandTest.FIXTURE.resolve("jmh.json"), run.resolve("jmh.json"));
        Files.writeString(run.resolve("status"), "failed: \u001b]0;owned\u0007\u001b[2J done\n"
                + "trial-failed\tdev.switchcost.bench.X\u001b[31m.y\tk=v\u001b[0m\treason\n");
        for (String[] args : new String[][] {{"report", run.toString(), "-o", tmp.resolve("out").toString()},
            {"diff", run.toString(), ReportCommandTest.FIXTURE.toString()}}) {
            CliResult r = CliResult.run(args);
            assertEquals(ExitCodes.OK, r.exit(), r.err());
            String all = r.out() + r.err();
            assertFalse(all.contains("\u001b") || all.contains("\u0007"), all);
            assertTrue(all.contains("failed:"), all);
        }
    }

    /** A newline or a right-to-left override in a parameter of a results file: one row, one line, no reordering. */
    @Test
    void aNewlineOrABidiControlInANameStaysInItsCell() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("bidi"));
        String json = Files.readString(ReportCommandTest.FIXTURE.resolve("jmh.json"));
        Files.writeString(run.resolve("jmh.json"), json.replace("\"SAME_CPU\"", "\"SAME\\u202e_CPU\\nINJECTED\""));
        Files.copy(ReportCommandTest.FIXTURE.resolve("machine.json"), run.resolve("machine.json"));
        CliResult r = CliResult.run("diff", run.toString(), ReportCommandTest.FIXTURE.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertFalse(r.out().contains("\u202e"), r.out());
        // the table writes the control as its escape (Table.oneLine), so the terminal never sees it
        assertTrue(r.out().contains("SAME\\u202e_CPU\\nINJECTED"), r.out());
        assertFalse(r.out().lines().anyMatch(l -> l.startsWith("INJECTED")), r.out());
        assertTrue(TerminalWriter.unsafe(0x2066) && TerminalWriter.unsafe(0x200f) && !TerminalWriter.unsafe('é'));
    }

    @Test
    void helpIsPlainText() {
        CliResult r = CliResult.run("report", "--help");
        assertFalse(r.out().contains("\u001b"), r.out());
    }
}
