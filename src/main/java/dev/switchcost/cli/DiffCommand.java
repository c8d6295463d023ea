package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.MachineDifferences;
import dev.switchcost.render.Diff;
import dev.switchcost.results.Results;
import dev.switchcost.results.Estimate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** {@code switchcost diff A B}: two results side by side. */
@Command(name = "diff",
        footer = {
            "  switchcost diff results/a results/b",
            "  switchcost diff --min-effect 10%% results/a results/b",
            "  switchcost diff --format csv results/a results/b > diff.csv"},
        header = "Compare two results (directories or JMH JSON files) row by row, flagging differences beyond the error.",
        description = {
            "Reads the JMH rows of A and B (results directories or JMH JSON files: two machines, JDKs or kernels), matches "
                + "them by benchmark, parameters and mode, and prints both with their 99.9%% error, switches per op, the "
                + "ratio B/A, and the run status of each; it names each machine fact that differs between A and B and can move "
                + "a figure (CPU, kernel, cpuidle and cpufreq settings, virtualisation, mitigations).",
            "A row is flagged only when the between-fork 99.9%% interval of B/A excludes 1 and the effect is at least the "
                + "minimum effect (--min-effect); it is the same only when the whole interval lies within that margin "
                + "(equivalence, two one-sided tests); otherwise it is not resolved at this precision (run with more forks). "
                + "A figure from one fork is not judged: its error misses the run-to-run variance. See docs/statistics.md."
        })
public final class DiffCommand extends BaseCommand {

    @Parameters(index = "0", paramLabel = "A", description = "The first (reference) results directory or JMH JSON file.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The second one; ratios are B/A.")
    Path b;

    @Option(names = "--min-effect", paramLabel = "PERCENT",
            description = "The smallest ratio B/A called a difference, and the margin within which two figures are the same, "
                    + "as a percentage, e.g. 5%% (default: " + Estimate.MIN_EFFECT_PERCENT + "%%, provisional until the A/A study).")
    String minEffect;

    @Mixin
    FormatMixin format;

    @Override
    protected int doCall() {
        double m = minEffect == null ? Estimate.MIN_EFFECT : percentage("--min-effect", minEffect);
        Results ra = load(a);
        Results rb = load(b);
        if (ra.rows().isEmpty() || rb.rows().isEmpty()) {
            throw SwitchcostException.usage("diff compares JMH rows; " + (ra.rows().isEmpty() ? a : b) + " has none (status: "
                    + (ra.rows().isEmpty() ? ra : rb).status().describe() + ")");
        }
        List<Diff.Row> rows = Diff.rows(ra, rb, m);
        out().print(switch (format.format()) {
            case json -> Diff.json(rows);
            case csv -> Diff.csv(rows);
            case text -> Diff.text(ra, rb, MachineDifferences.of(Arrays.asList(ra.machine(), rb.machine())), rows, m);
        });
        return ExitCodes.OK;
    }

    /** {@code 5%} or {@code 5} as 0.05; a user mistake (exit 2) unless a percentage above 0 and below 100. */
    static double percentage(String option, String text) {
        String t = text.strip();
        t = t.endsWith("%") ? t.substring(0, t.length() - 1).strip() : t;
        double p;
        try {
            p = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            p = Double.NaN;
        }
        if (!(p > 0 && p < 100)) {
            throw SwitchcostException.usage(option + " takes a percentage above 0 and below 100, e.g. " + option + " 5%; found '"
                    + text + "'");
        }
        return p / 100;
    }

    static Results load(Path p) {
        return asUsage(() -> Results.load(p));
    }
}
