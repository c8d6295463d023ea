package dev.switchcost.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * {@code -o/--output DIR}: where a command writes what it produces. One name for this meaning in every
 * subcommand; the names used before ({@code --results-dir}, {@code --out}) are kept as hidden aliases.
 */
public final class OutputDirMixin {

    private Path dir;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Directory to write into (the command's description names its default).")
    void output(Path dir) {
        this.dir = dir;
    }

    @Option(names = {"--results-dir", "--out"}, paramLabel = "DIR", hidden = true, description = "Old name of -o/--output.")
    void legacy(Path dir) {
        this.dir = dir;
    }

    /** @return the directory given, or {@code fallback} */
    public Path dirOr(Path fallback) {
        return dir != null ? dir : fallback;
    }

    /** @return the directory given, or null */
    public Path dir() {
        return dir;
    }
}
