package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.HistorySeries;
import dev.switchcost.render.Charts;
import dev.switchcost.render.HistoryText;
import dev.switchcost.results.Bench;
import dev.switchcost.results.history.HistoryStore;
import dev.switchcost.results.history.Run;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@code switchcost history}: the runs recorded so far, a figure's series with its change points, baselines. */
@Command(name = "history",
        footer = {
            "  switchcost history",
            "  switchcost history --figure " + Bench.Names.FUTEX + " --by kernel"},
        header = "Show the history of runs: a figure's series by machine, kernel, JDK or commit, and where it moved.",
        description = {
            "Every run and compare records its figures here (unless --no-history); 'history import' adds results "
                + "directories made elsewhere. Without --figure: the runs and the figures held.",
            "With --figure: that figure's series, one per machine type (or kernel, JDK, commit: --by), with change points "
                + "found by E-divisive means (Matteson & James 2014) and a permutation test; --chart draws it."
        },
        subcommands = {HistoryImportCommand.class, HistoryDiffCommand.class, HistoryFleetCommand.class,
            HistoryExportCommand.class})
public final class HistoryCommand extends BaseCommand {

    @Mixin
    StoreMixin store;

    @Option(names = "--figure", paramLabel = "TEXT",
            description = "The figure: its key, or a part of it only one key holds, e.g. '"
                    + Bench.Names.FUTEX + "." + Bench.Names.ROUND_TRIP_METHOD + " placement=CROSS_CPU [avgt]'.")
    String figure;

    @Option(names = "--by", paramLabel = "machine|kernel|jdk|commit", defaultValue = "machine",
            description = "What each series holds fixed (default: ${DEFAULT-VALUE}).")
    String by;

    @Option(names = "--chart", paramLabel = "FILE", description = "Also draw the series, as PNG or SVG by FILE's ending.")
    Path chart;

    @Option(names = "--save-baseline", paramLabel = "NAME",
            description = "Save the latest run (or --run) as baseline NAME, for 'history diff --against NAME B'.")
    String baseline;

    @Option(names = "--run", paramLabel = "ID", description = "With --save-baseline: the run (its id, or the first characters of it).")
    String run;

    @Override
    protected int doCall() throws IOException {
        try (HistoryStore s = store.open()) {
            if (baseline != null) {
                return saveBaseline(s);
            }
            if (figure == null) {
                List<Run> runs = s.runs();
                out().print(HistoryText.runs(runs));
                List<String> keys = HistorySeries.keys(s.points());
                out().println(keys.size() + " figures; show one with --figure, e.g. --figure '"
                        + (keys.isEmpty() ? Bench.FUTEX_ROUND_TRIP.shortName() : keys.get(0)) + "'. Baselines: "
                        + (s.baselines().isEmpty() ? "none" : String.join(", ", s.baselines())) + ".");
                return ExitCodes.OK;
            }
            List<HistoryStore.Point> all = s.points();
            String key = asUsage(() -> HistorySeries.key(all, figure));
            HistorySeries.By b = by();
            List<HistorySeries.Series> series = HistorySeries.of(all, key, b);
            out().print(HistoryText.series(key, b, series));
            if (chart != null) {
                write(HistoryText.chart(key, series));
            }
            return ExitCodes.OK;
        }
    }

    private int saveBaseline(HistoryStore s) {
        Run r;
        if (run != null) {
            r = s.run(run).orElseThrow(() -> SwitchcostException.usage("no single run in the history has id " + run
                    + " (switchcost history lists them)"));
        } else {
            List<Run> runs = s.runs();
            if (runs.isEmpty()) {
                throw SwitchcostException.usage("the history " + s.file() + " is empty: run switchcost, or history import DIR, first");
            }
            r = runs.get(runs.size() - 1);
        }
        s.saveBaseline(baseline, r.id());
        out().println("Baseline '" + baseline + "' is run " + HistoryText.shortId(r) + " (" + r.date() + ", " + r.machineType()
                + "): compare with switchcost history diff --against " + baseline + " DIR");
        return ExitCodes.OK;
    }

    private HistorySeries.By by() {
        try {
            return HistorySeries.By.valueOf(by.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage("--by takes machine, kernel, jdk or commit, not '" + by + "'");
        }
    }

    private void write(Charts.Chart c) throws IOException {
        String name = chart.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".png") && !name.endsWith(".svg")) {
            throw SwitchcostException.usage("--chart names a .png or .svg file, not " + chart);
        }
        Files.write(chart, name.endsWith(".png") ? c.png() : c.svg());
        out().println("chart: " + chart);
    }
}
