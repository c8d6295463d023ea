package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;

import dev.switchcost.measure.affinity.CpuPinning;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** Base of every subcommand: gives {@link #out()}/{@link #err()} from the {@code CommandLine} the tests and main build. */
public abstract class BaseCommand implements Callable<Integer> {

    @Spec
    protected CommandSpec spec;

    protected PrintWriter out() {
        return spec.commandLine().getOut();
    }

    protected PrintWriter err() {
        return spec.commandLine().getErr();
    }

    @Override
    public final Integer call() throws Exception {
        try {
            // a CPU selection that is set is checked before any command starts work or writes anything
            if (CpuPinning.isSelectionSet()) {
                CpuPinning.allowedCpus();
            }
            int code = doCall();
            // what a command printed is out by the time it returns: flushed here once, not by each command
            out().flush();
            return code;
        } catch (CpuPinning.BadCpuSelection e) {
            throw SwitchcostException.usage(e.getMessage());
        }
    }

    /** @return an exit code from {@link ExitCodes} */
    protected abstract int doCall() throws Exception;
}
