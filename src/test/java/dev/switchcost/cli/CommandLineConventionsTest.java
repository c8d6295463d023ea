package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommandLineConventionsTest {

    @Test
    void versionPrintsSwitchcostAndJdk() {
        CliResult r = CliResult.run("--version");
        assertEquals(ExitCodes.OK, r.exit());
        assertTrue(r.out().contains("switchcost") && r.out().contains("JDK"), r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"doctor", "list", "run", "sample"})
    void everySubcommandHasHelp(String sub) {
        CliResult r = CliResult.run(sub, "--help");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("Usage: switchcost " + sub), r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"doctor", "list", "run", "sample"})
    void unknownOptionIsUsageErrorOnOneLine(String sub) {
        CliResult r = CliResult.run(sub, "--no-such-option");
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains("--no-such-option"), r.err());
    }

    @Test
    void unknownSubcommandIsUsageError() {
        CliResult r = CliResult.run("frobnicate");
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.oneLineError(), r.err());
    }
}
