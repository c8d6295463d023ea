package dev.switchcost.cli;

import dev.switchcost.analysis.IndirectCost;
import dev.switchcost.analysis.JmhRow;
import dev.switchcost.analysis.ProcessThreadCost;
import dev.switchcost.machine.CacheSizes;
import dev.switchcost.machine.MachineInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** {@code switchcost indirect RESULTS.json}: direct/indirect cost per switch, and process minus thread switch. */
@Command(name = "indirect",
        mixinStandardHelpOptions = true,
        header = "Derives direct and indirect cost per switch (and process minus thread switch) from JMH JSON results.",
        description = {
            "Reads a JMH -rf json file with WorkingSetHandoff / WorkingSetVirtualHandoff and/or ProcessVsThreadSwitch"
                + " results and prints, per switch (= per round trip / 2), the raw times beside the derived ones:"
                + " total, direct (size 0), walk alone, indirect = total - direct - walk; and process - thread switch"
                + " per placement. Negative or implausible derived values are flagged, never printed as plain numbers."
        })
public final class IndirectCommand extends BaseCommand {

    enum Format { text, tsv }

    @Parameters(index = "0", paramLabel = "RESULTS.json", description = "A JMH result file written with -rf json.")
    Path results;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
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
        List<JmhRow> rows;
        try {
            rows = JmhRow.read(results);
        } catch (NoSuchFileException e) {
            throw SwitchcostException.usage("no such file: " + results);
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
        boolean tsv = format == Format.tsv;
        List<IndirectCost.Row> ws = IndirectCost.derive(rows);
        List<ProcessThreadCost.Row> pt = ProcessThreadCost.derive(rows);
        if (ws.isEmpty() && pt.isEmpty()) {
            throw SwitchcostException.usage(results + " holds no WorkingSetHandoff or ProcessVsThreadSwitch results");
        }
        if (!ws.isEmpty()) {
            if (!tsv) {
                out().println("# Working set: cost per switch (ns), " + results);
            }
            IndirectCost.print(ws, caches(), tsv, out());
        }
        if (!pt.isEmpty()) {
            if (!ws.isEmpty()) {
                out().println();
            }
            if (!tsv) {
                out().println("# Process vs thread switch (ns per switch), " + results);
            }
            ProcessThreadCost.print(pt, tsv, out());
        }
        out().flush();
        return ExitCodes.OK;
    }

    private CacheSizes caches() {
        if (sysfs != null) {
            try {
                return CacheSizes.read(sysfs);
            } catch (IllegalArgumentException e) {
                throw SwitchcostException.usage(e.getMessage());
            }
        }
        Path m = machine;
        if (m == null) {
            Path beside = results.toAbsolutePath().getParent().resolve(MachineInfo.FILE_NAME);
            if (!Files.isRegularFile(beside)) {
                return null;
            }
            m = beside;
        }
        try {
            MachineInfo info = MachineInfo.read(m.toAbsolutePath().getParent());
            return CacheSizes.of(info.caches(), m.toString());
        } catch (RuntimeException e) {
            err().println("switchcost: cache marks left out: " + e.getMessage());
            return null;
        }
    }
}
