package dev.switchcost.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The habits of the field's command lines (git, cargo): no subcommand is a mistake, a typo gets a suggestion. */
class CliHabitsTest {

    @Test
    void noSubcommandPrintsTheUsageOnStderrAndExits2() {
        CliResult r = CliResult.run();
        assertEquals(ExitCodes.USAGE, r.exit());
        assertEquals("", r.out(), "nothing on stdout");
        assertTrue(r.err().contains("Usage: switchcost"), r.err());
    }

    @Test
    void aMistypedSubcommandIsSuggestedTheRightOne() {
        CliResult r = CliResult.run("lsit");
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.err().startsWith("switchcost: unknown command 'lsit'; did you mean 'list'?"), r.err());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(CliResult.run("frobnicate").err().startsWith("switchcost: Unmatched argument"), "nothing near: picocli's line");
        assertEquals("report", SwitchcostCommand.nearest("reprot", java.util.List.of("run", "report", "diff")), "a transposition");
    }
}
