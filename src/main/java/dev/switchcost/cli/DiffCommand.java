package dev.switchcost.cli;

import dev.switchcost.report.Diff;
import dev.switchcost.report.ResultsDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/** {@code switchcost diff A B}: two results directories side by side. */
@Command(name = "diff",
        header = "Compares two results directories row by row, flagging differences beyond the error.",
        description = {
            "Reads jmh.json and machine.json from A and B (two machines, JDKs or kernels), matches rows by benchmark, "
                + "parameters and mode, and prints both scores with JMH's error, the ratio B/A and switches per op.",
            "A row is flagged \"beyond error\" when |a - b| > errA + errB (err = JMH scoreError, the half-width of the "
                + "99.9% confidence interval: the intervals do not overlap). Rows without an error estimate are never flagged."
        },
        mixinStandardHelpOptions = true)
public final class DiffCommand extends BaseCommand {

    @Parameters(index = "0", paramLabel = "A", description = "The first (reference) results directory.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The second results directory; ratios are B/A.")
    Path b;

    @Override
    protected int doCall() {
        ResultsDir ra = load(a);
        ResultsDir rb = load(b);
        if (ra.jmh().isEmpty() || rb.jmh().isEmpty()) {
            throw SwitchcostException.usage("diff compares jmh.json files; " + (ra.jmh().isEmpty() ? a : b) + " has none");
        }
        out().print(Diff.text(ra, rb, Diff.rows(ra.jmh(), rb.jmh())));
        out().flush();
        return ExitCodes.OK;
    }

    private static ResultsDir load(Path dir) {
        try {
            return ResultsDir.load(dir);
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
    }
}
