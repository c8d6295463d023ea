package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;

import dev.switchcost.render.Diff;
import dev.switchcost.results.Results;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/** {@code switchcost diff A B}: two results side by side. */
@Command(name = "diff",
        header = "Compares two results (directories or JMH JSON files) row by row, flagging differences beyond the error.",
        description = {
            "Reads the JMH rows of A and B (results directories or JMH JSON files: two machines, JDKs or kernels), matches "
                + "them by benchmark, parameters and mode, and prints both with their 99.9%% error, switches per op, the "
                + "ratio B/A, and the run status of each; it names each machine fact that differs between A and B and can move "
                + "a figure (CPU, kernel, cpuidle and cpufreq settings, virtualisation, mitigations).",
            "A row is flagged when the 99.9%% interval of B - A excludes 0 (Welch's t-test on the measurement iterations, "
                + "alpha = 0.001). Rows without an error estimate, or from failed trials, are never flagged."
        },
        mixinStandardHelpOptions = true)
public final class DiffCommand extends BaseCommand {

    @Parameters(index = "0", paramLabel = "A", description = "The first (reference) results directory or JMH JSON file.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The second one; ratios are B/A.")
    Path b;

    @Override
    protected int doCall() {
        Results ra = load(a);
        Results rb = load(b);
        if (ra.rows().isEmpty() || rb.rows().isEmpty()) {
            throw SwitchcostException.usage("diff compares JMH rows; " + (ra.rows().isEmpty() ? a : b) + " has none (status: "
                    + (ra.rows().isEmpty() ? ra : rb).status().describe() + ")");
        }
        out().print(Diff.text(ra, rb, Diff.rows(ra, rb)));
        out().flush();
        return ExitCodes.OK;
    }

    static Results load(Path p) {
        try {
            return Results.load(p);
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
    }
}
