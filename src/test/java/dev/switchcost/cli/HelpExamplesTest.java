package dev.switchcost.cli;

import dev.switchcost.measure.jmh.Disturbance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Issue 29: help that teaches. Every subcommand, sub-subcommands too, is walked (a new one is checked as well). */
class HelpExamplesTest {

    static final int COLUMNS = 80;

    static CommandLine root() {
        CommandLine cl = SwitchcostCommand.newCommandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        cl.setUsageHelpWidth(COLUMNS);
        return cl;
    }

    /** Every command below the root, by its qualified name without "switchcost ", picocli's help excepted. */
    static Stream<String> commands() {
        List<String> names = new ArrayList<>();
        walk(root(), names);
        return names.stream();
    }

    private static void walk(CommandLine c, List<String> names) {
        for (CommandLine s : c.getSubcommands().values()) {
            if (s.getParent() == c && !s.getCommandName().equals("help")) {
                names.add(s.getCommandSpec().qualifiedName(" ").substring("switchcost ".length()));
                walk(s, names);
            }
        }
    }

    static CommandLine find(CommandLine root, String name) {
        CommandLine c = root;
        for (String part : name.split(" ")) {
            c = c.getSubcommands().get(part);
        }
        return c;
    }

    static String help(String name) {
        StringWriter w = new StringWriter();
        find(root(), name).usage(new PrintWriter(w));
        return w.toString();
    }

    /** The examples of {@code name}'s help: the lines under "Examples:". */
    static List<String> examples(String name) {
        String h = help(name);
        int at = h.indexOf("\nExamples:\n");
        if (at < 0) {
            return List.of();
        }
        return h.substring(at + "\nExamples:\n".length()).lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    @Test
    void thereAreCommandsToCheck() {
        assertTrue(commands().count() >= 18, commands().toList().toString());
        assertTrue(commands().anyMatch("history import"::equals), "sub-subcommands are walked");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void everyCommandHasAnExampleThatParses(String name) {
        List<String> ex = examples(name);
        assertFalse(ex.isEmpty(), name + " --help has no example:\n" + help(name));
        for (String line : ex) {
            List<String> words = shellWords(line);
            if (words.get(0).equals("source")) { // source <(switchcost generate-completion)
                words = shellWords(line.substring(line.indexOf("<(") + 2, line.lastIndexOf(')')));
            }
            assertEquals("switchcost", words.get(0), "an example is a switchcost command line: " + line);
            int redirect = words.indexOf(">");
            List<String> args = words.subList(1, redirect < 0 ? words.size() : redirect);
            try {
                CommandLine.ParseResult r = root().parseArgs(args.toArray(String[]::new));
                CommandLine.ParseResult leaf = r;
                while (leaf.hasSubcommand()) {
                    leaf = leaf.subcommand();
                }
                String ran = leaf.commandSpec().qualifiedName(" ").substring("switchcost".length()).strip();
                assertTrue(!ran.isEmpty() && name.startsWith(ran),
                        name + ": the example runs the command it is shown for (or its parent): " + line);
            } catch (ParameterException e) {
                fail(name + ": the example '" + line + "' does not parse: " + e.getMessage());
            }
        }
    }

    /** No help line is wider than the terminal, no word is broken at a dot ("compare.⏎json"), no example is wrapped. */
    @ParameterizedTest
    @MethodSource("commands")
    void helpFitsEightyColumnsWithoutBreakingWords(String name) {
        List<String> lines = help(name).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            assertTrue(lines.get(i).length() <= COLUMNS, name + ": wider than " + COLUMNS + ": " + lines.get(i));
            if (i + 1 < lines.size()) {
                String a = lines.get(i).stripTrailing();
                String b = lines.get(i + 1).strip();
                assertFalse(a.matches(".*[\\w~/]\\.") && b.matches("[a-z].*") && !a.matches(".*\\w\\w\\."),
                        name + ": a word broken at a dot:\n" + a + "\n" + b);
                assertFalse(a.matches(".*[A-Za-z]\\.") && b.matches("(json|html|md|csv|tsv|sh|duckdb|local|roundTrip\\b).*"),
                        name + ": a file name broken at its dot:\n" + a + "\n" + b);
            }
        }
    }

    /** One mood, picocli's own ("Show this help message and exit"): each command's header starts with a verb in the imperative. */
    @ParameterizedTest
    @MethodSource("commands")
    void headersAreImperative(String name) {
        String[] header = find(root(), name).getCommandSpec().usageMessage().header();
        assertTrue(header.length > 0, name + " has a header");
        String first = header[0].split(" ")[0];
        assertFalse(first.matches("[A-Z][a-z]+[^s]s") || first.endsWith("es") && !first.equals("Does"),
                name + ": the header is not imperative: " + header[0]);
    }

    /** The disturbance rule has two limits (processes by their own run time, other tasks by ticks): help names both. */
    @ParameterizedTest
    @MethodSource("commands")
    void helpThatGivesTheDisturbanceLimitGivesBoth(String name) {
        String h = String.join(" ", help(name).lines().map(String::strip).toList());
        String named = String.format(java.util.Locale.ROOT, "%.0f%%", Disturbance.MAX_NAMED_PERCENT);
        String others = String.format(java.util.Locale.ROOT, "%.0f%%", Disturbance.MAX_OTHERS_PERCENT);
        if (h.contains("disturbed") && h.contains(others)) {
            assertTrue(h.contains(named + " of") && h.contains("more than " + others), name + ": " + h);
        }
    }

    @Test
    void indirectHasOneSpellingOfJsonOutput() {
        CommandLine indirect = find(root(), "indirect");
        assertNull(indirect.getCommandSpec().findOption("--json"), "--format json is the one spelling");
        assertFalse(help("indirect").contains("--json"), help("indirect"));
    }

    @Test
    void compareHelpSaysMeanWhereItsTableShowsTheMean() {
        String h = String.join(" ", help("compare").lines().map(String::strip).toList());
        assertTrue(h.contains("the mean ns per round trip") && !h.contains("median ns"), h);
    }

    /** A quote-aware split (no expansion): what a shell does to these examples. */
    static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = null;
        char quote = 0;
        for (char ch : line.toCharArray()) {
            if (quote != 0) {
                if (ch == quote) {
                    quote = 0;
                } else {
                    w.append(ch);
                }
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
                w = w == null ? new StringBuilder() : w;
            } else if (ch == ' ') {
                if (w != null) {
                    words.add(w.toString());
                    w = null;
                }
            } else {
                w = w == null ? new StringBuilder() : w;
                w.append(ch);
            }
        }
        if (w != null) {
            words.add(w.toString());
        }
        assertTrue(quote == 0, "unbalanced quotes: " + line);
        return words;
    }

    @Test
    void shellWordsSplitsLikeAShell() {
        assertEquals(Arrays.asList("sample", "--", "bash", "-c", "sleep 1 & exit 0"), shellWords("sample -- bash -c 'sleep 1 & exit 0'"));
    }
}
