package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.Fleet;
import dev.switchcost.derive.HistorySeries;
import dev.switchcost.render.Charts;
import dev.switchcost.render.HistoryText;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Results;
import dev.switchcost.results.history.Bundle;
import dev.switchcost.results.history.Exports;
import dev.switchcost.results.history.Figure;
import dev.switchcost.results.history.HistoryStore;
import dev.switchcost.results.history.Run;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code switchcost history}: the runs recorded so far, a figure's series with its change points, baselines. */
@Command(name = "history",
        footer = {
            "  switchcost history",
            "  switchcost history --figure '" + Bench.Names.SYSCALL + ".gettid [avgt]' --by kernel",
            "  switchcost history --figure '" + Bench.Names.SYSCALL + ".gettid' --markdown moves.md"},
        header = "Show the history of runs: a figure's series by machine, kernel, JDK or commit, and where it moved.",
        description = {
            "Every run and compare records its figures here (unless --no-history); 'history import' adds results "
                + "directories made elsewhere. Without --figure: the runs and the figures held.",
            "With --figure: that figure's series, one per machine type (or kernel, JDK, commit: --by), with change points "
                + "found by E-divisive means (Matteson & James 2014) and a permutation test; --chart draws it."
        },
        subcommands = {HistoryCommand.Import.class, HistoryCommand.Diff.class, HistoryCommand.FleetRanks.class,
            HistoryCommand.Export.class})
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

    @Option(names = "--markdown", paramLabel = "FILE",
            description = "With --figure: also write where it moved as Markdown (a pull request comment, a job summary), as 'ab --markdown' does.")
    Path markdown;

    @Option(names = "--save-baseline", paramLabel = "NAME",
            description = "Save the latest run (or --run) as baseline NAME, for 'history diff --against NAME B'.")
    String baseline;

    @Option(names = "--run", paramLabel = "ID", description = "With --save-baseline: the run (its id, or the first characters of it).")
    String run;

    @Override
    protected int doCall() throws IOException {
        try (HistoryStore s = baseline != null ? store.open() : store.openReadOnly()) {
            if (baseline != null) {
                return saveBaseline(s);
            }
            if (figure == null && markdown != null) {
                throw SwitchcostException.usage("--markdown writes a figure's change points: give --figure too");
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
            if (markdown != null) {
                AtomicFiles.writeString(markdown, HistoryText.changePointsMarkdown(key, b, series));
                err().println("switchcost history: Markdown in " + markdown);
            }
            return ExitCodes.OK;
        }
    }

    /**
     * The store of subcommand {@code sub}: its own {@code --store}, else the one given before its name
     * ({@code history --store X import DIR}). Any other option of {@code history} given before a subcommand's name
     * would be ignored, so it is refused (exit 2).
     */
    StoreMixin storeFor(CommandSpec sub, StoreMixin own) {
        CommandLine.ParseResult mine = spec.commandLine().getParseResult();
        for (OptionSpec o : mine == null ? List.<OptionSpec>of() : mine.matchedOptions()) {
            if (!o.longestName().equals("--store")) {
                throw SwitchcostException.usage(o.longestName() + " is an option of 'switchcost history', not of 'history "
                        + sub.name() + "': leave it out, or see switchcost history " + sub.name() + " --help");
            }
        }
        return own.or(store);
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

    /** {@code switchcost history import DIR...}: results directories made elsewhere, into the history. */
    @Command(name = "import",
            footer = {
                "  switchcost history import results/quick"},
            header = "Add results directories (made here or on other machines) to the history; one already there adds nothing.",
            description = "Every directory is read and checked first; if one is malformed, nothing is added (exit 2). A run "
                    + "is known by the content of its result files, so importing a directory, or a copy of it, again adds nothing.")
    public static final class Import extends BaseCommand {

        @Parameters(arity = "1..*", paramLabel = "DIR", description = "Results directories (or JMH JSON files).")
        List<Path> dirs;

        @Mixin
        StoreMixin store;

        @ParentCommand
        HistoryCommand parent;

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
            try (HistoryStore s = parent.storeFor(spec, store).open()) {
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

    /** {@code switchcost history diff --against NAME B}: B against a saved baseline, by diff's rule. */
    @Command(name = "diff",
            footer = {
                "  switchcost history --save-baseline before",
                "  switchcost history diff --against before results/quick --markdown diff.md"},
            header = "Compare a results directory (or a run of the history) with a saved baseline, by diff's rule.",
            description = "The rule of 'switchcost diff' at its default minimum effect (10%%): a figure differs when the "
                    + "between-fork 99.9%% interval of B/A excludes 1 and B/A is at least 1.1x or at most 1/1.1x; it is the "
                    + "same when the whole interval lies within that margin; a figure from one fork is not judged "
                    + "(docs/statistics.md). When B ran on another machine type, or under another cpuidle driver, "
                    + "virtualisation or mitigations, no row is judged: the table says the machine changed. Save a baseline "
                    + "with 'switchcost history --save-baseline NAME'.")
    public static final class Diff extends BaseCommand {

        @Option(names = "--against", paramLabel = "NAME", required = true, description = "The saved baseline (A).")
        String baseline;

        @Parameters(index = "0", paramLabel = "B", description = "A results directory, or a run id of the history.")
        String b;

        @Option(names = "--markdown", paramLabel = "FILE", description = "Also write the table as Markdown (a pull request comment, a job summary), as 'ab --markdown' does.")
        Path markdown;

        @Mixin
        StoreMixin store;

        @ParentCommand
        HistoryCommand parent;

        @Override
        protected int doCall() {
            try (HistoryStore s = parent.storeFor(spec, store).openReadOnly()) {
                Run a = s.baseline(baseline).orElseThrow(() -> SwitchcostException.usage("no baseline '" + baseline
                        + "' in " + s.file() + (s.baselines().isEmpty() ? " (none saved: switchcost history --save-baseline NAME)"
                        : "; saved: " + String.join(", ", s.baselines()))));
                List<Figure> fa = s.figures(a.id()).stream().map(HistoryStore.Point::figure).toList();
                List<Figure> fb;
                String named;
                Run rb;
                if (Files.exists(Path.of(b))) {
                    Bundle bundle = Bundle.of(DiffCommand.load(Path.of(b)));
                    fb = bundle.figures();
                    rb = bundle.run();
                    named = b;
                } else {
                    rb = s.run(b).orElseThrow(() -> SwitchcostException.usage(b + " is neither a results directory nor "
                            + "a run id of the history (switchcost history lists them)"));
                    fb = s.figures(rb.id()).stream().map(HistoryStore.Point::figure).toList();
                    named = "run " + HistoryText.shortId(rb) + " (" + rb.date() + ", " + rb.machineType() + ")";
                }
                List<String> seam = a.machineChanges(rb);
                List<HistoryText.DiffRow> rows = HistoryText.baselineRows(fa, fb, seam);
                out().print(HistoryText.baselineDiff(baseline, a, named, rows, seam));
                if (markdown != null) {
                    AtomicFiles.writeString(markdown, HistoryText.baselineMarkdown(baseline, a, named, rows, seam));
                    err().println("switchcost history diff: Markdown in " + markdown);
                }
            }
            return ExitCodes.OK;
        }
    }

    /** {@code switchcost history fleet}: which machine type hands off cheapest, per figure and placement. */
    @Command(name = "fleet",
            footer = {
                "  switchcost history fleet"},
            header = "Rank machine types per figure (a placement is part of the figure), cheapest first, with intervals.",
            description = "Machines measured under other conditions (cpuidle driver, virtualisation, mitigations) are flagged "
                    + "with what differs and ranked only among machines measured alike.")
    public static final class FleetRanks extends BaseCommand {

        @Mixin
        StoreMixin store;

        @ParentCommand
        HistoryCommand parent;

        @Option(names = "--figure", paramLabel = "TEXT", defaultValue = Bench.Names.FUTEX + "." + Bench.Names.ROUND_TRIP_METHOD,
                description = "Figures whose key holds TEXT (default: ${DEFAULT-VALUE}).")
        String figure;

        @Override
        protected int doCall() {
            try (HistoryStore s = parent.storeFor(spec, store).openReadOnly()) {
                List<Fleet.Row> rows = Fleet.of(s.points(), figure);
                out().print(rows.isEmpty() ? "No figure in the history " + s.file() + " holds '" + figure + "'.\n" : HistoryText.fleet(rows));
            }
            return ExitCodes.OK;
        }
    }

    /** {@code switchcost history export}: the history as Parquet, or one run as Bencher's JSON. */
    @Command(name = "export",
            footer = {
                "  switchcost history export --parquet history-parquet"},
            header = "Write the history as Parquet (partitioned by machine and date), or one run as Bencher Metric Format JSON.",
            description = "Schemas: docs/history.md.")
    public static final class Export extends BaseCommand {

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

        @ParentCommand
        HistoryCommand parent;

        @Override
        protected int doCall() throws IOException {
            try (HistoryStore s = parent.storeFor(spec, store).openReadOnly()) {
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
}
