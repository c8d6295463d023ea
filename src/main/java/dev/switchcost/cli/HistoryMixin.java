package dev.switchcost.cli;

import dev.switchcost.results.Results;
import dev.switchcost.results.history.Bundle;
import dev.switchcost.results.history.HistoryStore;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code --no-history} and the one call that records a finished run's directory into the history
 * ({@code run}, {@code compare}). Recording never fails the run: a store that cannot be written is one line on stderr.
 */
public final class HistoryMixin {

    @Option(names = "--no-history", description = "Do not record this run in the history (switchcost history).")
    boolean off;

    @Mixin
    StoreMixin store;

    /** Records {@code dir} in the history unless {@code --no-history}; says where in one line on {@code err}. */
    public void record(Path dir, PrintWriter err) {
        if (off) {
            return;
        }
        try (HistoryStore s = HistoryStore.open(store.file())) {
            HistoryStore.Added a = s.add(java.util.List.of(Bundle.of(Results.load(dir.toAbsolutePath().normalize())))).get(0);
            err.println("switchcost: " + (a.added() ? "recorded in the history " : "already in the history ")
                    + s.file() + " as run " + a.bundle().run().id().substring(0, 8) + " (switchcost history; --no-history to skip)");
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("switchcost: not recorded in the history: " + e.getMessage());
        }
    }
}
