package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.render.HistoryText;
import dev.switchcost.results.history.Exports;
import dev.switchcost.results.history.HistoryStore;
import dev.switchcost.results.history.Run;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code switchcost history export}: the history as Parquet, or one run as Bencher's JSON. */
@Command(name = "export",
        footer = {
            "  switchcost history export --parquet history-parquet"},
        header = "Write the history as Parquet (partitioned by machine and date), or one run as Bencher Metric Format JSON.",
        description = "Schemas: docs/history.md.")
public final class HistoryExportCommand extends BaseCommand {

    static class Target {
        @Option(names = "--parquet", paramLabel = "DIR", required = true, description = "A new directory for the Parquet files.")
        Path parquet;

        @Option(names = "--bencher", paramLabel = "FILE", required = true,
                description = "A file for one run's figures in BMF JSON (bencher run --adapter json --file FILE).")
        Path bencher;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Option(names = "--run", paramLabel = "ID", description = "With --bencher: the run (default: the latest).")
    String run;

    @Mixin
    StoreMixin store;

    @Override
    protected int doCall() throws IOException {
        try (HistoryStore s = store.open()) {
            if (target.parquet != null) {
                try {
                    Exports.parquet(s, target.parquet);
                } catch (IllegalArgumentException e) {
                    throw SwitchcostException.usage(e.getMessage());
                }
                out().println("Parquet: " + target.parquet + " (machine=*/date=*/*.parquet, " + s.points().size() + " figures)");
            } else {
                List<Run> runs = s.runs();
                Run r = run != null ? s.run(run).orElseThrow(() -> SwitchcostException.usage("no single run in the history has id " + run))
                        : runs.isEmpty() ? null : runs.get(runs.size() - 1);
                if (r == null) {
                    throw SwitchcostException.usage("the history " + s.file() + " is empty: nothing to export");
                }
                Files.writeString(target.bencher, Exports.bencher(s.figures(r.id())));
                out().println("Bencher JSON: " + target.bencher + " (run " + HistoryText.shortId(r) + ")");
            }
        }
        return ExitCodes.OK;
    }
}
