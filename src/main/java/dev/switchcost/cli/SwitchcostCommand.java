package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * The {@code switchcost} command. {@link #newCommandLine} builds the configured instance that
 * {@link #main} runs and the tests drive in-process.
 *
 * <p>Exit codes ({@link ExitCodes}): 0 ok, 1 failure, 2 usage, 3 environment, 4 internal. Every
 * expected failure is one line on stderr; a stack trace means a bug.
 */
@Command(name = "switchcost",
        versionProvider = VersionProvider.class,
        description = "Measures what a context switch costs on this machine, and counts the switches it measures.",
        subcommands = {
            RunCommand.class,
            SampleCommand.class,
            ForecastCommand.class,
            DoctorCommand.class,
            ListCommand.class,
            MachineCommand.class,
            IndirectCommand.class,
            WorkingSetSizesCommand.class,
            WorkingSetCommand.class,
            FootprintCommand.class,
            CompareCommand.class,
            AbCommand.class,
            ReportCommand.class,
            DiffCommand.class,
            HistoryCommand.class,
            SimulateNativeCommand.class,
            AutoComplete.GenerateCompletion.class,
            CommandLine.HelpCommand.class
        })
public final class SwitchcostCommand extends BaseCommand {

    public static void main(String[] args) {
        System.exit(execute(newCommandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true)), args));
    }

    /**
     * Runs {@code cl}; a JVM out of threads or memory ends in one line and exit 3, not a trace (picocli hands
     * only exceptions, not errors, to the execution exception handler).
     */
    static int execute(CommandLine cl, String[] args) {
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            cl.getErr().println("switchcost: " + OutOfResources.line(e));
            return ExitCodes.ENVIRONMENT;
        }
    }

    /** The configured command line, writing to {@code out} and {@code err}. */
    public static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new SwitchcostCommand());
        cl.getCommandSpec().usageMessage().footerHeading(""); // the examples' heading of BaseCommand: this one has none
        // picocli hides it by default; a user should find it: source <(switchcost generate-completion)
        cl.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false)
                .header("Print a bash/zsh completion script: source <(switchcost generate-completion)")
                .footerHeading("%nExamples:%n").footer("  source <(switchcost generate-completion)",
                        "  switchcost generate-completion > /etc/bash_completion.d/switchcost");
        OutputDirMixin.describe(cl);
        HelpLayout.apply(cl); // after the header above: wrapped at spaces, never inside "compare.json"
        // run hands JMH's own options (-wi, -prof gc, -jvmArgs ...) to JMH's parser
        cl.getSubcommands().get("run").setUnmatchedOptionsArePositionalParams(true);
        return standard(cl, out, err);
    }

    /**
     * {@code cl} as every switchcost command line is: plain text on {@code out} and {@code err}, and a failure's kind as
     * its exit code, in one line (also for a program of its own a script runs, the forecast check of {@code scripts/studies/forecast/}).
     */
    static CommandLine standard(CommandLine cl, PrintWriter out, PrintWriter err) {
        // control characters from results files (ESC, OSC, CR) never reach the terminal raw; so help is plain text too
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cl.setOut(TerminalWriter.of(out));
        cl.setErr(TerminalWriter.of(err));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof SwitchcostException se) {
                commandLine.getErr().println("switchcost: " + se.getMessage());
                return ExitCodes.of(se.kind());
            }
            commandLine.getErr().println("switchcost: internal error (a bug; please report it with this trace):");
            ex.printStackTrace(commandLine.getErr());
            return ExitCodes.INTERNAL;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            String typo = args.length > 0 && c.getParent() == null && !args[0].startsWith("-")
                    && !c.getSubcommands().containsKey(args[0]) ? args[0] : null;
            String near = typo == null ? null : nearest(typo, c.getSubcommands().keySet());
            c.getErr().println("switchcost: " + (near != null ? "unknown command '" + typo + "'; did you mean '" + near + "'?"
                    : ex.getMessage()));
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
            return ExitCodes.USAGE;
        });
        return cl;
    }

    /** The name among {@code names} nearest to {@code typed}, two edits (Damerau–Levenshtein) at most, or null (as git's). */
    static String nearest(String typed, java.util.Collection<String> names) {
        return names.stream().filter(n -> distance(typed, n) <= 2).min(java.util.Comparator.comparingInt(n -> distance(typed, n)))
                .orElse(null);
    }

    /** The optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            for (int j = 0; j <= b.length(); j++) {
                if (i == 0 || j == 0) {
                    d[i][j] = i + j;
                    continue;
                }
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** No subcommand is a usage mistake, as for git or cargo: the usage on stderr, exit 2. */
    @Override
    protected int doCall() {
        spec.commandLine().usage(err());
        return ExitCodes.USAGE;
    }
}
