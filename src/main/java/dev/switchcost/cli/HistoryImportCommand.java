package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.render.HistoryText;
import dev.switchcost.results.Results;
import dev.switchcost.results.history.Bundle;
import dev.switchcost.results.history.HistoryStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code switchcost history import DIR...}: results directories made elsewhere, into the history. */
@Command(name = "import",
        footer = {
            "  switchcost history import results/quick"},
        header = "Add results directories (made here or on other machines) to the history; one already there adds nothing.",
        description = "Every directory is read and checked first; if one is malformed, nothing is added (exit 2). A run "
                + "is known by the content of its result files, so importing a directory, or a copy of it, again adds nothing.")
public final class HistoryImportCommand extends BaseCommand {

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Results directories (or JMH JSON files).")
    List<Path> dirs;

    @Mixin
    StoreMixin store;

    @Override
    protected int doCall() {
        List<Bundle> bundles = new ArrayList<>();
        for (Path d : dirs) {
            try {
                bundles.add(Bundle.of(Results.load(d)));
            } catch (IllegalArgumentException e) {
                throw SwitchcostException.usage(e.getMessage() + " (nothing imported)");
            }
        }
        try (HistoryStore s = store.open()) {
            List<HistoryStore.Added> added = s.add(bundles);
            for (HistoryStore.Added a : added) {
                out().println((a.added() ? "added   " : "already ") + HistoryText.shortId(a.bundle().run()) + "  "
                        + a.bundle().figures().size() + " figures  " + a.bundle().run().source());
            }
            long n = added.stream().filter(HistoryStore.Added::added).count();
            out().println(n == 0 ? "Nothing added: every run was already in " + s.file() + "."
                    : "Added " + n + " of " + added.size() + " runs to " + s.file() + ".");
        }
        return ExitCodes.OK;
    }
}
