package dev.switchcost.cli;

import dev.switchcost.measure.affinity.PlacementUnavailableException;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.jmh.TrialLedger;
import dev.switchcost.measure.jmh.Trials;
import dev.switchcost.render.DisturbanceText;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.ResultWriteException;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * JMH's {@code Main}: one JMH run, one result file, plus what switchcost's benchmarks need from every run:
 * <ul>
 *   <li>forks get the JVM flags of {@link dev.switchcost.launch.JdkPolicy#jvmFlags} for their JDK, e.g.
 *       {@code --enable-native-access=ALL-UNNAMED} (JMH starts forks with {@code -cp}, so the jar
 *       manifest's {@code Enable-Native-Access} does not reach them);</li>
 *   <li>placements this machine cannot provide are skipped, each with one line saying why, instead of
 *       failing with a stack trace or running as something else;</li>
 *   <li>a trial that failed (its benchmark, setup or fork died) makes the exit code 1 and is named with
 *       its reason; the result file ({@code -rf}/{@code -rff}) holds the complete trials only, and is
 *       written to a temporary file then renamed (a failed write exits 3);</li>
 *   <li>(a {@code -jvm} older than Java 21 is refused earlier, by {@link dev.switchcost.launch.Launcher}.)</li>
 * </ul>
 */
public final class BenchmarkMain {

    private BenchmarkMain() {
    }

    public static void main(String[] argv) throws IOException {
        CommandLineOptions cmd;
        try {
            cmd = new CommandLineOptions(argv);
        } catch (CommandLineOptionException e) {
            System.err.println("Error parsing command line:");
            System.err.println(" " + e.getMessage());
            System.exit(ExitCodes.USAGE);
            return;
        }
        if (cmd.shouldHelp()) {
            cmd.showHelp();
            return;
        }
        if (cmd.shouldListProfilers()) {
            cmd.listProfilers();
            return;
        }
        if (cmd.shouldListResultFormats()) {
            cmd.listResultFormats();
            return;
        }
        Runner listing = new Runner(cmd);
        if (cmd.shouldList()) {
            listing.list();
            return;
        }
        if (cmd.shouldListWithParams()) {
            listing.listWithParams(cmd);
            return;
        }
        int rc;
        try {
            rc = runAndWrite(cmd, System.out, System.err);
        } catch (OutOfMemoryError e) {
            System.err.println("# switchcost: " + OutOfResources.line(e));
            rc = ExitCodes.ENVIRONMENT;
        }
        System.exit(rc);
    }

    /**
     * What {@code java -jar benchmarks.jar ARGS} does after parsing: one JMH run of {@code cmd} with
     * switchcost's defaults, the result file JMH would write ({@code -rf}/{@code -rff}) with the complete
     * trials only, and an exit code: 0 when every requested trial completed, 1 when one failed (each
     * named on {@code err} with its reason), 2 for a bad option, 3 when the result file cannot be written.
     */
    static int runAndWrite(Options cmd, PrintStream out, PrintStream err) {
        Options options;
        try {
            options = ForkOptions.withSwitchcostDefaults(cmd, err);
        } catch (PlacementUnavailableException e) {
            err.println(e.getMessage());
            return ExitCodes.ENVIRONMENT;
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return ExitCodes.USAGE;
        }
        PrintStream human = out;
        if (cmd.getOutput().hasValue()) {
            try {
                human = new PrintStream(new FileOutputStream(cmd.getOutput().get()), true, StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("cannot write -o " + cmd.getOutput().get() + ": " + e.getMessage());
                return ExitCodes.ENVIRONMENT;
            }
        }
        OutputFormat format = OutputFormatFactory.createFormatInstance(new PrintStream(Trials.closeShield(human), true,
                StandardCharsets.UTF_8), cmd.verbosity().orElse(VerboseMode.NORMAL));
        TrialLedger.Outcome outcome;
        try {
            outcome = Trials.execute(options, format, false);
        } catch (NoBenchmarksException e) {
            err.println("No matching benchmarks. Miss-spelled regexp? Use -l to list them.");
            return ExitCodes.USAGE;
        } catch (ProfilersFailedException e) {
            err.println(Trials.profilerFailure(e));
            return ExitCodes.USAGE;
        } catch (RunnerException e) {
            err.println(Trials.rootMessage(e));
            return ExitCodes.ENVIRONMENT;
        }
        if (cmd.getResult().hasValue() || cmd.getResultFormat().hasValue()) {
            ResultFormatType type = cmd.getResultFormat().orElse(ResultFormatType.CSV);
            Path file = Path.of(cmd.getResult().orElse("jmh-result." + type.toString().toLowerCase(Locale.ROOT)));
            try {
                AtomicFiles.writeJmh(file, type, outcome.complete());
            } catch (ResultWriteException e) {
                err.println(e.getMessage());
                return ExitCodes.of(e.kind());
            }
            human.println();
            human.println("Benchmark result is saved to " + file
                    + (outcome.ok() ? "" : " (complete trials only; " + outcome.failed().size() + " failed, "
                    + outcome.disturbed().size() + " disturbed)"));
        }
        human.flush();
        if (!outcome.ok()) {
            err.println(DisturbanceText.summary(outcome, "# switchcost: "));
            return ExitCodes.FAILURE;
        }
        return ExitCodes.OK;
    }
}
