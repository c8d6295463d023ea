package dev.switchcost.cli;

import dev.switchcost.results.ResultsDir;
import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.measure.machine.MachineProbe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.nio.file.Files;
import java.nio.file.Path;

/** {@code switchcost machine}: the machine metadata that goes beside every result. */
@Command(name = "machine",
        footer = {
            "  switchcost machine",
            "  switchcost machine -o results/quick"},
        header = "Print this machine's metadata (CPU, caches, kernel, mitigations, hypervisor, JDK, limits) as JSON.",
        description = "Prints machine.json, the metadata switchcost writes beside every result, or with -o/--output DIR "
                + "writes it into DIR (an existing, writable directory).")
public final class MachineCommand extends BaseCommand implements OutputDirMixin.Defaulted {

    @Override
    public String outputDefault() {
        return "none: machine.json goes to stdout; with DIR, DIR/machine.json";
    }

    @Mixin
    OutputDirMixin output;

    @Override
    protected int doCall() {
        MachineInfo info = MachineProbe.collect();
        Path out = output.dir();
        if (out == null) {
            out().println(info.toJson());
            return ExitCodes.OK;
        }
        if (!Files.isDirectory(out) || !Files.isWritable(out)) {
            throw SwitchcostException.usage("-o/--output " + out + ": not a writable directory");
        }
        ResultsDir.writeMachine(out, info);
        err().println("wrote " + out.resolve(MachineInfo.FILE_NAME) + " (" + info.summary() + ")");
        return ExitCodes.OK;
    }
}
