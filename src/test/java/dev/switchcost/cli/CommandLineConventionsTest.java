package dev.switchcost.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The conventions every subcommand keeps, checked over all of them (a new subcommand is checked too). */
@Isolated("replaces System.err for a while: beside it, other classes' commands exited 2 with nothing on the writers they were given")
class CommandLineConventionsTest {

    /**
     * Names that mean something another name already says; the value is the name to use. An output
     * directory is -o/--output everywhere.
     */
    static final Map<String, String> SYNONYMS = Map.of(
            "--results-dir", "-o/--output",
            "--out", "-o/--output",
            "--output-dir", "-o/--output",
            "--outdir", "-o/--output",
            "--dir", "-o/--output",
            "--reps", "--repetitions",
            "--period", "--interval");

    static CommandLine root() {
        return SwitchcostCommand.newCommandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    }

    static Stream<String> subcommands() {
        return root().getSubcommands().keySet().stream().filter(n -> !n.equals("help"));
    }

    @Test
    void versionPrintsSwitchcostVersionCommitJmhAndJdk() {
        CliResult r = CliResult.run("--version");
        assertEquals(ExitCodes.OK, r.exit());
        // built by Maven: the version, and the commit (or "unknown commit" from a tree without git), marked when the
        // checkout had uncommitted changes
        assertTrue(r.out().matches("(?s)switchcost \\d+\\.\\d+\\.\\d+\\S* \\((commit [0-9a-f]{7,}(, with uncommitted changes)?|unknown commit)\\)"
                + "\nJMH 1\\.\\d+\nJDK .*"), r.out());
    }

    @Test
    void generateCompletionPrintsABashCompletionScriptForEverySubcommand() {
        CliResult r = CliResult.run("generate-completion");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("complete -F _complete_switchcost"), r.out().substring(0, Math.min(400, r.out().length())));
        subcommands().forEach(s -> assertTrue(r.out().contains(s), s + " missing from the completion script"));
        assertTrue(CliResult.run("--help").out().contains("generate-completion"));
    }

    @Test
    void thereAreSubcommandsToCheck() {
        assertTrue(subcommands().count() >= 10, subcommands().toList().toString());
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void everySubcommandHasHelp(String sub) {
        CliResult r = CliResult.run(sub, "--help");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("Usage: switchcost " + sub), r.out());
    }

    /** picocli formats help text: a bare {@code %} ("99.9% error" reads as {@code %e}) makes --help print a warning. */
    @ParameterizedTest
    @MethodSource("subcommands")
    void helpPrintsNoPicocliWarning(String sub) {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
        String usage;
        try {
            System.setErr(new java.io.PrintStream(said, true, java.nio.charset.StandardCharsets.UTF_8));
            usage = root().getSubcommands().get(sub).getUsageMessage();
        } finally {
            System.setErr(err);
        }
        String warned = said.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertFalse(warned.contains("picocli WARN"), sub + ": " + warned);
        assertFalse(usage.isBlank(), sub);
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void everySubcommandHasAOneLineHeaderForTheTopLevelHelp(String sub) {
        String[] header = root().getSubcommands().get(sub).getCommandSpec().usageMessage().header();
        assertTrue(header.length == 1 && !header[0].isBlank(), sub + ": " + List.of(header));
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void unknownOptionIsUsageErrorOnOneLine(String sub) {
        // picocli does not check a help command's arguments (generate-completion is one)
        Assumptions.assumeFalse(root().getSubcommands().get(sub).getCommandSpec().helpCommand(),
                sub + " is a help command");
        CliResult r = CliResult.run(sub, "--no-such-option");
        assertEquals(ExitCodes.USAGE, r.exit(), r.out() + r.err());
        assertTrue(r.oneLineError(), r.err());
        // picocli names the first problem: the unknown option, or a required argument that is missing
        assertTrue(r.err().contains("--no-such-option") || r.err().contains("Missing required"), r.err());
    }

    /**
     * What a command takes, its --help shows: no option or subcommand is kept out of sight (an old name is removed, not
     * hidden; a script's own tool is a program of its own, not a subcommand).
     */
    @Test
    void nothingIsHidden() {
        List<String> hidden = new ArrayList<>();
        collectHidden(root(), "switchcost", hidden);
        assertEquals(List.of(), hidden);
    }

    private static void collectHidden(CommandLine cl, String path, List<String> hidden) {
        cl.getCommandSpec().options().stream().filter(OptionSpec::hidden).forEach(o -> hidden.add(path + " " + o.longestName()));
        cl.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().usageMessage().hidden()) {
                hidden.add(path + " " + name);
            }
            collectHidden(sub, path + " " + name, hidden);
        });
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void oneNamePerMeaning(String sub) {
        for (OptionSpec o : root().getSubcommands().get(sub).getCommandSpec().options()) {
            for (String name : o.names()) {
                assertTrue(!SYNONYMS.containsKey(name), sub + ": " + name + " is spelled " + SYNONYMS.get(name) + " elsewhere");
            }
            // the directory a command writes its results into (not a second, different one such as report --charts)
            if ("DIR".equals(o.paramLabel()) && String.join(" ", o.description()).matches("(?s)(Where|Directory)\\b.*")) {
                assertTrue(List.of(o.names()).containsAll(List.of("-o", "--output")),
                        sub + ": the directory it writes to is -o/--output, not " + List.of(o.names()));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void everyVisibleOptionSaysWhatItDoes(String sub) {
        for (OptionSpec o : root().getSubcommands().get(sub).getCommandSpec().options()) {
            if (!o.hidden()) {
                String d = String.join(" ", o.description()).strip();
                assertTrue(!d.isEmpty() && d.endsWith("."), sub + " " + o.longestName() + ": '" + d + "'");
            }
        }
    }

    @Test
    void aNameUsedBySeveralSubcommandsTakesTheSameKindOfValueInEach() {
        Map<String, List<String>> seen = new HashMap<>();
        for (Map.Entry<String, CommandLine> e : root().getSubcommands().entrySet()) {
            CommandSpec spec = e.getValue().getCommandSpec();
            for (OptionSpec o : spec.options()) {
                if ((e.getKey().equals("forecast") && o.longestName().equals("--json"))) {
                    // forecast --json FILE is the command line agreed with scripts that call it (issue 32); indirect's
                    // --json is a flag. The one exception: reconcile them when indirect's output options are next changed.
                    continue;
                }
                String kind = o.arity() + " " + (o.typeInfo().isBoolean() ? "flag" : o.paramLabel());
                for (String name : o.names()) {
                    seen.computeIfAbsent(name + " → " + kind, k -> new ArrayList<>()).add(e.getKey());
                }
            }
        }
        Map<String, List<String>> kindsByName = new HashMap<>();
        seen.keySet().forEach(k -> kindsByName.computeIfAbsent(k.substring(0, k.indexOf(" → ")), n -> new ArrayList<>())
                .add(k.substring(k.indexOf(" → ") + 3) + " in " + seen.get(k)));
        kindsByName.forEach((name, kinds) -> assertEquals(1, kinds.size(), name + " means different things: " + kinds));
    }

    @Test
    void unknownSubcommandIsUsageError() {
        CliResult r = CliResult.run("frobnicate");
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.oneLineError(), r.err());
    }
}
