package dev.switchcost.cli;

import dev.switchcost.render.PrecisionMarkTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code report DIR} of a {@code run --precision} directory marks, later, the figures that stopped on the budget. */
class PrecisionReportTest {

    @Test
    void theReportsAnswerTableMarksAFigureThatStoppedOnTheBudget(@TempDir Path tmp) throws Exception {
        Path dir = PrecisionMarkTest.withPrecision(tmp.resolve("run"));
        CliResult r = CliResult.run("report", dir.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("‡ ±7.9 % (5 forks; 12 needed: budget ended)"), md);
        assertTrue(md.contains("figures short of 3.0 %: marked in the table with the precision each reached and the forks its spread"
                + " would need"), md);
    }

    @Test
    void theBudgetsHelpSaysItBoundsTheWholeRun() {
        CliResult r = CliResult.run("run", "--help");
        String help = r.out().replaceAll("\\s+", " ");
        assertTrue(help.contains("One deadline for the whole run (every JMH run and the C comparison"), help);
        assertTrue(help.contains("The first rounds always run"), help);
        assertTrue(!help.contains("to one JMH run"), help);
    }
}
