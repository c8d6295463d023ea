package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.machine.CacheSizes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code switchcost working-set-sizes}: the workingSetKiB list that brackets this machine's caches. */
@Command(name = "working-set-sizes",
        footer = {
            "  switchcost working-set-sizes",
            "  switchcost working-set-sizes --full"},
        header = "Print the workingSetKiB list that brackets this machine's caches (for -p workingSetKiB=...).",
        description = {
            "Reads cpu0's caches from sysfs and prints a comma-separated list of working-set sizes in KiB that brackets"
                + " L1d, L2/2, L2, LLC/2 and LLC: the quick list (0, L1d/2, the marks, 2*LLC) or, with --full, powers of"
                + " two and their 1.5x midpoints from 4 KiB to 4*LLC plus the marks. The cache sizes go to stderr."
        })
public final class WorkingSetSizesCommand extends BaseCommand {

    @Option(names = "--full", description = "Print the full list instead of the quick one.")
    boolean full;

    @Option(names = "--sysfs", paramLabel = "DIR",
            description = "A cpuN/cache directory to read (default: ${DEFAULT-VALUE}).")
    Path sysfs = CacheSizes.SYSFS;

    @Override
    protected int doCall() {
        CacheSizes c;
        try {
            c = CacheSizes.read(sysfs);
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.environment(e.getMessage());
        }
        err().println("# " + c.describe());
        out().println(CacheSizes.joined(full ? c.fullListKiB() : c.quickListKiB()));
        return ExitCodes.OK;
    }
}
