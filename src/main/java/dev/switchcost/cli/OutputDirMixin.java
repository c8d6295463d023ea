package dev.switchcost.cli;

import dev.switchcost.results.ResultsDir;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ListResourceBundle;

/**
 * {@code -o/--output DIR}: where a command writes what it produces. One name for this meaning in every
 * subcommand.
 */
public final class OutputDirMixin {

    private Path dir;

    /** A command whose help says what {@code -o} defaults to ({@link #describe}): a line, not a hard-coded path. */
    public interface Defaulted {
        /** What is written without {@code -o}, e.g. "a new results/<host>-<date-time>-compare directory". */
        String outputDefault();
    }

    /** The key under which a command's own {@code -o} description is looked up ({@link #describe}). */
    static final String DESCRIPTION_KEY = "switchcost.output";

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", descriptionKey = DESCRIPTION_KEY,
            description = "Directory to write into (the command's description names its default).")
    void output(Path dir) {
        this.dir = dir;
    }

    /**
     * Gives every subcommand that is {@link Defaulted} its own {@code -o} description, naming its default (one mixin,
     * several defaults: picocli's {@code ${DEFAULT-VALUE}} cannot say it).
     */
    static void describe(CommandLine cl) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommand() instanceof Defaulted d) {
                String text = "Directory to write into (default: " + d.outputDefault() + ").";
                sub.getCommandSpec().resourceBundle(new ListResourceBundle() {
                    @Override
                    protected Object[][] getContents() {
                        return new Object[][] {{DESCRIPTION_KEY, text}};
                    }
                });
            }
            describe(sub);
        }
    }

    /**
     * The run directory of a measuring command, marked interrupted if the JVM exits while it runs: the one given (claimed:
     * new or empty), else a new {@code results/<host>-<date-time>-label}.
     */
    public ResultsDir newRun(String host, String label) {
        return (dir != null ? ResultsDir.claim(dir, "-o/--output") : ResultsDir.create(Path.of("results"), host, label))
                .interruptedOnExit();
    }

    /** @return the directory given, or null */
    public Path dir() {
        return dir;
    }
}
