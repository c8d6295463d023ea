package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.Findings;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.ProcessThreadCost;
import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.render.IndirectTable;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Results;
import dev.switchcost.results.RunStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code switchcost indirect RESULTS.json}: direct/indirect cost per switch, and process minus thread switch. */
@Command(name = "indirect",
        footer = {
            "  switchcost indirect results/quick",
            "  switchcost indirect --format csv results/quick > indirect.csv"},
        header = "Derive direct and indirect cost per switch (and process minus thread switch) from JMH JSON results.",
        description = {
            "Reads a JMH -rf json file with " + Bench.Names.WORKING_SET + " / " + Bench.Names.WORKING_SET_VIRTUAL + " and/or "
                + Bench.Names.PROCESS_VS_THREAD
                + " results and prints, per switch (= per round trip / 2), the raw times beside the derived ones. From"
                + " roundTripPaired: cache = the pair's CPU time per switch beyond two undisturbed walks, less the same at"
                + " size 0 (the whole cost through the caches, in the switch and after it: the answer), and paired = first"
                + " - second walk (after the switch only). From roundTrip and its baselines, the paper's estimator: total,"
                + " direct (size 0), walk alone, indirect = total - direct - walk. And process - thread switch per"
                + " placement. Negative or implausible derived values are flagged, never printed as plain numbers."
        })
public final class IndirectCommand extends BaseCommand {

    enum Format { text, tsv, csv, json }

    @Parameters(index = "0", paramLabel = "RESULTS", description = "A JMH result file written with -rf json, or a results directory.")
    Path results;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "Write FORMAT: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). tsv: the text table's cells,"
                    + " tab-separated, for plotting (a tab or line break inside a cell written as the two characters \\t or \\n);"
                    + " csv: one row per working-set row and estimator and per process-minus-thread row, each value, its 99.9%% error"
                    + " and its unit in separate columns; json: the working-set rows as"
                    + " JSON lines, one object per row and estimator (whole, paired, paper): benchmark, params, size, stride,"
                    + " walk, placement, estimator, ns per switch, error, flags.")
    Format format = Format.text;

    @Option(names = "--machine", paramLabel = "machine.json",
            description = "machine.json whose cache sizes mark the table (default: machine.json beside RESULTS.json,"
                    + " else none).")
    Path machine;

    @Option(names = "--sysfs", paramLabel = "DIR",
            description = "Mark sizes against the caches in this cpuN/cache directory instead, e.g. "
                    + "/sys/devices/system/cpu/cpu0/cache when the results come from this machine.")
    Path sysfs;

    @Override
    protected int doCall() throws IOException {
        Results loaded = DiffCommand.load(results);
        Findings found = Findings.of(loaded);
        boolean tsv = format == Format.tsv;
        if (found.workingSetRefused() != null) {
            throw SwitchcostException.usage(found.workingSetRefused());
        }
        List<IndirectCost.Row> ws = found.workingSet();
        List<ProcessThreadCost.Row> pt = found.processThread();
        if (format == Format.json) {
            if (ws.isEmpty()) {
                throw SwitchcostException.usage(results + " holds no " + Bench.Names.WORKING_SET + " results (--format json prints working-set rows only)");
            }
            IndirectTable.jsonLines(ws).forEach(out()::println);
            return ExitCodes.OK;
        }
        if (format == Format.csv) {
            if (ws.isEmpty() && pt.isEmpty()) {
                throw SwitchcostException.usage(results + " holds no " + Bench.Names.WORKING_SET + " or " + Bench.Names.PROCESS_VS_THREAD + " results");
            }
            out().print(IndirectTable.csv(ws, pt));
            return ExitCodes.OK;
        }
        if (!loaded.status().complete() && loaded.status().state() != RunStatus.State.UNKNOWN && !tsv) {
            out().println("# status: " + loaded.status().describe());
        }
        if (ws.isEmpty() && pt.isEmpty()) {
            throw SwitchcostException.usage(results + " holds no " + Bench.Names.WORKING_SET + " or " + Bench.Names.PROCESS_VS_THREAD + " results");
        }
        if (!ws.isEmpty()) {
            if (!tsv) {
                out().println("# Working set: cost per switch (ns), " + results);
            }
            IndirectTable.print(ws, caches(loaded), tsv, out());
        }
        if (!pt.isEmpty()) {
            if (!ws.isEmpty()) {
                out().println();
            }
            if (!tsv) {
                out().println("# Process vs thread switch (ns per switch), " + results);
            }
            IndirectTable.printProcessThread(pt, tsv, out());
        }
        return ExitCodes.OK;
    }

    private CacheSizes caches(Results loaded) {
        if (sysfs != null) {
            return asUsage(() -> CacheSizes.read(sysfs));
        }
        if (machine != null) {
            if (!Files.isRegularFile(machine)) {
                throw SwitchcostException.usage("--machine " + machine + ": no such file");
            }
            try {
                return CacheSizes.of(Results.readMachine(machine).caches(), machine.toString());
            } catch (IllegalArgumentException | IOException e) {
                throw SwitchcostException.usage("--machine " + machine + ": " + e.getMessage());
            }
        }
        if (loaded.machine() == null) {
            return null;
        }
        try {
            return CacheSizes.of(loaded.machine().caches(), "machine.json beside " + results);
        } catch (RuntimeException e) {
            err().println("switchcost: cache marks left out: " + e.getMessage());
            return null;
        }
    }
}
