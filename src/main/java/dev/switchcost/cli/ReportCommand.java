package dev.switchcost.cli;

import dev.switchcost.report.ReportRenderer;
import dev.switchcost.report.ResultsDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;

/** {@code switchcost report RESULTS_DIR}: Markdown, HTML and PNG charts from a results directory. */
@Command(name = "report",
        header = "Renders a results directory as Markdown, HTML and PNG charts.",
        description = {
            "Reads RESULTS_DIR (jmh.json from JMH -rf json, machine.json, and compare.json from `switchcost compare`; "
                + "at least one of jmh.json and compare.json) and writes report.md, report.html and charts/*.png: "
                + "the machine first, native vs JVM, handoff cost by mechanism and placement, the working-set curve with "
                + "the cache sizes marked, and virtual vs platform threads."
        },
        mixinStandardHelpOptions = true)
public final class ReportCommand extends BaseCommand {

    @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "The results directory to read.")
    Path dir;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Where to write the report (default: RESULTS_DIR itself).")
    Path output;

    @Override
    protected int doCall() throws IOException {
        ResultsDir results;
        try {
            results = ResultsDir.load(dir);
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
        ReportRenderer.Rendered r = ReportRenderer.render(results, output != null ? output : dir);
        out().println("wrote " + r.markdown());
        out().println("wrote " + r.html());
        r.charts().forEach(c -> out().println("wrote " + c));
        out().flush();
        return ExitCodes.OK;
    }
}
