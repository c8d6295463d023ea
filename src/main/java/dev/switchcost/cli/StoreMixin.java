package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.results.history.HistoryStore;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --store FILE}: the history store of every {@code history} command, made on first use. */
public final class StoreMixin {

    @Option(names = "--store", paramLabel = "FILE", description = "The history store (a DuckDB file, made on first use). "
            + "Default: $" + HistoryStore.ENV + ", else $XDG_DATA_HOME/switchcost/history.duckdb, else "
            + "~/.local/share/switchcost/history.duckdb.")
    Path store;

    /**
     * This {@code --store}, else the one given to the parent command ({@code history --store X import DIR}
     * writes X), else neither: a subcommand's store follows the command line, never silently the default.
     */
    public StoreMixin or(StoreMixin parent) {
        return store != null || parent == null ? this : parent;
    }

    /** The store's file. */
    public Path file() {
        return store != null ? store : HistoryStore.defaultFile(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** Opens the store for writing; a store that cannot be opened is the environment's failure, in one line (exit 3). */
    public HistoryStore open() {
        try {
            return HistoryStore.open(file());
        } catch (IllegalStateException e) {
            throw SwitchcostException.environment(e.getMessage());
        }
    }

    /** Opens the store for reading only (no file made, a read-only file system works); failures as {@link #open}. */
    public HistoryStore openReadOnly() {
        try {
            return HistoryStore.openReadOnly(file());
        } catch (IllegalStateException e) {
            throw SwitchcostException.environment(e.getMessage());
        }
    }
}
