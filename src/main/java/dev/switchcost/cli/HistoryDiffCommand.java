package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.render.HistoryText;
import dev.switchcost.results.history.Bundle;
import dev.switchcost.results.history.Figure;
import dev.switchcost.results.history.HistoryStore;
import dev.switchcost.results.history.Run;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code switchcost history diff --against NAME B}: B against a saved baseline, by diff's rule. */
@Command(name = "diff",
        footer = {
            "  switchcost history --save-baseline before",
            "  switchcost history diff --against before results/quick"},
        header = "Compare a results directory (or a run of the history) with a saved baseline, by diff's rule.",
        description = "A figure differs when the 99.9%% interval of B - A excludes 0 (Welch's t-test, alpha = 0.001), the "
                + "rule of 'switchcost diff'. Save a baseline with 'switchcost history --save-baseline NAME'.")
public final class HistoryDiffCommand extends BaseCommand {

    @Option(names = "--against", paramLabel = "NAME", required = true, description = "The saved baseline (A).")
    String baseline;

    @Parameters(index = "0", paramLabel = "B", description = "A results directory, or a run id of the history.")
    String b;

    @Mixin
    StoreMixin store;

    @Override
    protected int doCall() {
        try (HistoryStore s = store.open()) {
            Run a = s.baseline(baseline).orElseThrow(() -> SwitchcostException.usage("no baseline '" + baseline
                    + "' in " + s.file() + (s.baselines().isEmpty() ? " (none saved: switchcost history --save-baseline NAME)"
                    : "; saved: " + String.join(", ", s.baselines()))));
            List<Figure> fa = s.figures(a.id()).stream().map(HistoryStore.Point::figure).toList();
            List<Figure> fb;
            String named;
            if (Files.exists(Path.of(b))) {
                fb = Bundle.of(DiffCommand.load(Path.of(b))).figures();
                named = b;
            } else {
                Run rb = s.run(b).orElseThrow(() -> SwitchcostException.usage(b + " is neither a results directory nor "
                        + "a run id of the history (switchcost history lists them)"));
                fb = s.figures(rb.id()).stream().map(HistoryStore.Point::figure).toList();
                named = "run " + HistoryText.shortId(rb) + " (" + rb.date() + ", " + rb.machineType() + ")";
            }
            out().print(HistoryText.baselineDiff(baseline, a, named, HistoryText.baselineRows(fa, fb)));
        }
        return ExitCodes.OK;
    }
}
