package dev.switchcost.cli;

import dev.switchcost.derive.Study;
import dev.switchcost.render.AnswerCard;
import dev.switchcost.render.ReportRenderer;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.RunStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code switchcost report INPUT...}: one self-contained report.html (and report.md) from results. */
@Command(name = "report",
        footer = {
            "  switchcost report results/quick",
            "  switchcost report -o results/ab results/a results/b"},
        header = "Render results (directories or JMH JSON files, several side by side) as one self-contained report.html.",
        description = {
            "Reads each INPUT — a results directory (every JMH JSON file in it, machine.json, compare.json, status) or a JMH "
                + "JSON file (-rf json) — and writes report.html (charts inlined, nothing else needed) and report.md: the runs "
                + "and their status, the answer, one chart per question (mechanism and placement, virtual vs platform, native "
                + "C vs JVM, the working-set curve with the caches marked), the tables, and every JMH row.",
            "Several inputs are shown side by side (machines, kernels or JDKs). --charts DIR also writes the charts as PNG "
                + "files (mechanism.png, virtual-vs-platform.png, compare.png, working-set.png): the README's charts are "
                + "rebuilt with 'switchcost report docs/results/<dir> --charts docs/img'."
        })
public final class ReportCommand extends BaseCommand {

    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "Results directories or JMH JSON files.")
    List<Path> inputs;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Where to write report.html and report.md (default: the first INPUT if it is a directory, else the"
                    + " directory holding it).")
    Path output;

    @Option(names = "--charts", paramLabel = "DIR", description = "Also write every chart as a PNG file into DIR.")
    Path charts;

    @Override
    protected int doCall() throws IOException {
        List<Results> loaded = asUsage(() -> Results.loadAll(inputs));
        Path first = inputs.get(0);
        Path out = output != null ? output : Files.isDirectory(first) ? first : first.toAbsolutePath().getParent();
        ResultsDir.requireWritableDirectory(out, output != null ? "--output" : "the report directory (choose another with -o)");
        if (charts != null) {
            ResultsDir.requireWritableDirectory(charts, "--charts");
        }
        String command = "switchcost " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        ReportRenderer.Rendered r = ReportRenderer.render(Study.of(loaded), out, charts, command);
        loaded.stream().filter(x -> !x.status().complete() && x.status().state() != RunStatus.State.UNKNOWN)
                .forEach(x -> err().println("switchcost report: " + x.source() + ": status: " + x.status().describe()));
        out().println("wrote " + r.html());
        out().println("wrote " + r.markdown());
        r.charts().forEach(c -> out().println("wrote " + c));
        return ExitCodes.OK;
    }

    /**
     * Whether standard output is a terminal: a console that says so (JDK 22+: {@code Console.isTerminal}), else on JDK 21
     * whether there is a console at all (none when output is redirected).
     */
    static boolean onATerminal() {
        java.io.Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(c);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    /**
     * For the end of {@code switchcost run}: reads the run directory, writes its {@code report.html} and
     * {@code report.md} into it, and returns the card naming the report. Call it after the run's status is
     * set, so that the card and the report show the final status.
     *
     * @param command the command line, for the report's footer
     * @throws IllegalArgumentException (one line) when the directory holds no results
     * @throws dev.switchcost.results.ResultWriteException when the report cannot be written
     */
    public static String cardWithReport(Path runDir, String command) throws IOException {
        Study study = Study.of(List.of(Results.load(runDir)));
        return AnswerCard.render(study.inputs().get(0), ReportRenderer.render(study, runDir, null, command).html(), onATerminal());
    }
}
