package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommandLineConventionsTest {

    @Test
    void versionPrintsSwitchcostVersionCommitAndJdk() {
        CliResult r = CliResult.run("--version");
        assertEquals(ExitCodes.OK, r.exit());
        // built by Maven: the version, and the commit (or "unknown commit" from a tree without git)
        assertTrue(r.out().matches("(?s)switchcost \\d+\\.\\d+\\.\\d+\\S* \\((commit [0-9a-f]{7,}|unknown commit)\\).*JDK .*"), r.out());
    }

    @Test
    void generateCompletionPrintsABashCompletionScriptForEverySubcommand() {
        CliResult r = CliResult.run("generate-completion");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("complete -F _complete_switchcost") && r.out().contains("run") && r.out().contains("sample"),
                r.out().substring(0, Math.min(400, r.out().length())));
        assertTrue(CliResult.run("--help").out().contains("generate-completion"));
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
