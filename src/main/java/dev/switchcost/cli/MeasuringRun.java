package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.results.ResultsDir;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The results directory of a command that runs C beside the JVM in interleaved repetitions ({@code compare},
 * {@code compare --spin}, {@code working-set}): made with machine.json in it, the machine and the C programs that
 * cannot run said on stderr, JMH's output appended to a log, the trailer under the table, and the status from what
 * the measuring says failed; a refusal on the way fails it too.
 *
 * @param natives the C programs
 */
record MeasuringRun(BaseCommand command, ResultsDir run, MachineInfo machine, NativeRunner natives) {

    /** The measuring, into the directory; returns why the run failed (the status's reason), or null. */
    interface Body {
        String measure(MeasuringRun m) throws IOException;
    }

    /**
     * @param lock       waited for (on stderr) before the directory is made: a run that never started leaves none
     * @param label      the directory's label ({@code results/<host>-<date-time>-label})
     * @param prefix     what the lines on stderr start with, e.g. "switchcost compare"
     * @param noC        said before why the C programs cannot run; null for a command that runs none (then no {@link #natives})
     * @param onComplete given the directory once its status is complete
     * @return 0 when nothing failed, else 1
     */
    static int measure(BaseCommand c, OutputDirMixin output, LockWaitMixin lock, String label, String prefix, String noC, Body body,
                       Consumer<Path> onComplete) throws IOException {
        lock.await(c.err());
        MachineInfo machine = MachineProbe.collect();
        ResultsDir run = output.newRun(machine.hostname(), label);
        try (run) {
            ResultsDir.writeMachine(run.dir(), machine);
            NativeRunner natives = noC == null ? null : NativeRunner.locate();
            if (natives != null) {
                natives.unavailableReason().ifPresent(why -> c.err().println(prefix + ": " + noC + why));
            }
            c.err().println(prefix + ": " + machine.summary());
            String failed = body.measure(new MeasuringRun(c, run, machine, natives));
            if (failed != null) {
                run.fail(failed);
                return ExitCodes.FAILURE;
            }
            run.complete();
            onComplete.accept(run.dir());
            return ExitCodes.OK;
        } catch (SwitchcostException e) {
            run.fail(e.getMessage());
            throw e;
        }
    }

    /** A stream appending JMH's own output to {@code log}. */
    static PrintStream jmhLog(Path log) throws IOException {
        return new PrintStream(new FileOutputStream(log.toFile(), true), true, StandardCharsets.UTF_8);
    }

    /** The lines under the table: the command line, the machine, the date, then {@code more}. */
    void trailer(PrintWriter to, String createdAt, String... more) {
        to.println("command: switchcost " + String.join(" ", command.spec.commandLine().getParseResult().originalArgs()));
        to.println("machine: " + machine.summary());
        to.println("date:    " + createdAt);
        List.of(more).forEach(to::println);
    }
}
