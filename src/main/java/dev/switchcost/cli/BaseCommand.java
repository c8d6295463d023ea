package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.affinity.CpuPinning;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * Base of every subcommand: gives {@link #out()}/{@link #err()} from the {@code CommandLine} the tests and main build, and
 * the attributes every command shares (picocli applies a superclass's {@code @Command} first): {@code -h} and {@code -V},
 * and the heading of the examples that end each subcommand's help.
 */
@Command(mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n")
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
            if (CpuPinning.selectionSetting() != null) {
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

    /** What {@code read} returns; the {@link IllegalArgumentException} of bad input (a file, a value) a user mistake (exit 2). */
    static <T> T asUsage(Supplier<T> read) {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
    }
}
