package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.launch.Jdk;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.render.SpinCompareTable;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.SpinCompareResults;
import dev.switchcost.results.SpinGrid;
import dev.switchcost.session.JmhTargets;
import dev.switchcost.session.SpinCompareRunner;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code switchcost compare --spin}: the C twin of the spin-then-park waiter beside the JVM's, on a {@link SpinGrid}
 * from {@code --budgets}, {@code --replies} and {@code --placements}; the table on stdout, the raw data in
 * {@code spin-compare.json} of a new results directory. Exit codes as {@code compare}'s: 0 only when every repetition
 * of every cell that could run completed undisturbed (or disturbed and kept, {@code --allow-disturbed}).
 */
final class CompareSpin {

    private CompareSpin() {
    }

    static int run(CompareCommand c, int reps) throws IOException {
        SpinGrid grid = grid(c.budgets, c.replies, c.placements);
        if (c.simulate) {
            throw SwitchcostException.usage("--simulate does not apply to --spin: valgrind runs one thread at a time, so a spinning"
                    + " waiter's instruction count would measure valgrind's scheduler, not the program");
        }
        List<Jdk> onJdks = c.jdks.chosen();
        if (onJdks.size() > 1) {
            throw SwitchcostException.usage("compare --spin runs its JVM cells on one JDK: give --jdk at most once");
        }
        MachineInfo machine = MachineProbe.collect();
        ResultsDir run = c.output.newRun(machine.hostname(), "compare-spin");
        try (run) {
            Path dir = run.dir();
            ResultsDir.writeMachine(dir, machine);
            NativeRunner nativeRunner = NativeRunner.locate();
            nativeRunner.unavailableReason().ifPresent(why -> c.err().println("switchcost compare --spin: C cells missing: " + why));
            c.err().println("switchcost compare --spin: " + machine.summary());
            c.err().println("switchcost compare --spin: " + grid.cells().size() + " cells × 2 (C, JVM) × " + reps + " repetitions; writing "
                    + dir.resolve(SpinCompareResults.FILE_NAME));
            Path log = dir.resolve("jmh-compare.log");
            SpinCompareResults results;
            try (PrintStream jmhOut = new PrintStream(new FileOutputStream(log.toFile(), true), true, StandardCharsets.UTF_8)) {
                SpinCompareRunner.Settings settings = new SpinCompareRunner.Settings(grid, reps, c.quick, c.allowDisturbed.allowed(),
                        onJdks.isEmpty() ? null : onJdks.get(0).java().getPath());
                results = new SpinCompareRunner(settings, nativeRunner, JmhTargets.current(), log, jmhOut, c.err()).run();
            }
            results.write(dir);
            print(c, results);
            PrintWriter trailer = c.format.format() == FormatMixin.Format.text ? c.out() : c.err();
            if (c.format.format() == FormatMixin.Format.text) {
                c.out().println();
            }
            trailer.println("command: switchcost " + String.join(" ", c.spec.commandLine().getParseResult().originalArgs()));
            trailer.println("machine: " + machine.summary());
            trailer.println("date:    " + results.createdAt());
            trailer.println("raw data: " + dir.resolve(SpinCompareResults.FILE_NAME));
            c.out().flush();
            SpinCompareTable.disturbances(results).forEach(line -> c.err().println("switchcost compare --spin: " + line));
            c.err().flush();
            if (!results.anyFailed() && !results.anyLeftOut()) {
                run.complete();
                return ExitCodes.OK;
            }
            run.fail(results.anyFailed() ? "a repetition failed (see spin-compare.json)" : "a repetition was disturbed (see spin-compare.json)");
            return ExitCodes.FAILURE;
        } catch (SwitchcostException e) {
            run.fail(e.getMessage());
            throw e;
        }
    }

    /** The spin table in the format asked for, on stdout. */
    static void print(CompareCommand c, SpinCompareResults r) {
        c.out().print(switch (c.format.format()) {
            case json -> SpinCompareTable.json(r);
            case csv -> SpinCompareTable.csv(r);
            case text -> SpinCompareTable.text(r);
        });
    }

    /** The grid the options ask for; a bad value is a usage error (exit 2) with one line. */
    static SpinGrid grid(List<String> budgets, List<String> replies, List<String> placements) {
        try {
            List<Long> b = budgets == null ? SpinGrid.DEFAULT_BUDGETS_NS : SpinGrid.parseBudgets(budgets);
            List<String> d = replies == null ? SpinGrid.DEFAULT_REPLIES : SpinGrid.parseReplies(replies);
            List<Placement> p = placements == null ? SpinGrid.DEFAULT_PLACEMENTS : CompareCommand.parsePlacements(placements);
            if (p.contains(Placement.UNPINNED)) {
                throw SwitchcostException.usage("compare --spin takes SAME_CPU and CROSS_CPU (both sides pinned, C and JVM"
                        + " alike): drop UNPINNED from --placements");
            }
            return new SpinGrid(b, d, p);
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
    }
}
