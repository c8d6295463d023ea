package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.GapDecomposition;
import dev.switchcost.launch.Jdk;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.render.CompareTable;
import dev.switchcost.render.GapTable;
import dev.switchcost.render.SpinCompareTable;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.SpinCompareResults;
import dev.switchcost.results.SpinGrid;
import dev.switchcost.session.CompareRunner;
import dev.switchcost.session.CompareSimulation;
import dev.switchcost.session.JmhTargets;
import dev.switchcost.session.SpinCompareRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * {@code switchcost compare}: the native baseline and the matching JVM benchmarks in interleaved
 * repetitions, printed side by side; raw data into a results directory.
 */
@Command(name = "compare",
        footer = {
            "  switchcost compare --quick",
            "  switchcost compare --repetitions 8 -o results/compare",
            "  switchcost compare --from results/compare --format csv"},
        header = "Run native C and JVM handoffs back to back and print them side by side.",
        description = {
            "Runs the native baseline programs (target/native, built by scripts/build-native.sh) and the matching JMH "
                + "benchmarks (" + Bench.Names.FUTEX + ", " + Bench.Names.PARK + ".roundTrip_park, the virtual-thread handoff, "
                + Bench.Names.SYSCALL + ".gettid) "
                + "in interleaved repetitions, each JVM cell in its own fork with ContextSwitchProfiler, and prints, per placement, "
                + "the mean ns per round trip with its between-repetition 99.9%% interval, its min-max, the ratio to native, and "
                + "the median switches per round trip.",
            "With --jdk (repeatable) every JVM cell runs on each JDK given, beside the others, and is labelled with it; "
                + "the native cells run once.",
            "Writes compare.json, machine.json and jmh-compare.log into a new results/<host>-<date-time>-compare directory, "
                + "or into -o/--output DIR (which must be empty); `switchcost report DIR` renders them.",
            "Every repetition of every cell, JVM or native, is judged by the rule of `run`: when processes outside the run took "
                + "more than 2%% of the CPUs it ran on by their own run time, other tasks more than 5%% by the scheduler's ticks "
                + "or the hypervisor 5%% by steal, or a CPU quota throttled it, it is marked disturbed, left "
                + "out of every figure, and compare exits 1 naming the cell and the largest intruder or the quota; "
                + "--allow-disturbed keeps it, marked, and exits 0.",
            "--format json|csv writes the table's figures as numbers (one row per placement and implementation, and JDK) on "
                + "stdout, the other lines on stderr; --from DIR prints the table of an earlier run's compare.json (with --spin, "
                + "spin-compare.json) in any format without measuring."
        })
public final class CompareCommand extends BaseCommand implements OutputDirMixin.Defaulted {

    @Override
    public String outputDefault() {
        return "a new results/" + ResultsDir.pattern("compare") + " directory, with --spin results/" + ResultsDir.pattern("compare-spin")
                + "; a DIR given must be empty";
    }

    @Option(names = "--repetitions", paramLabel = "N",
            description = "Interleaved repetitions of every cell (default: " + CompareCommand.DEFAULT_REPETITIONS + "; 3 with --quick).")
    Integer repetitions;

    @Option(names = "--placements", split = ",", paramLabel = "PLACEMENT", converter = PlacementConverter.Compare.class,
            completionCandidates = PlacementConverter.Compare.class,
            description = "Placements to compare, comma-separated: ${COMPLETION-CANDIDATES} (default: all three; "
                    + "with --spin SAME_CPU and CROSS_CPU, the only ones it takes).")
    List<Placement> placements;

    @Option(names = "--only", split = ",", paramLabel = "COLUMN",
            description = "Only these implementations, comma-separated (default: all): ${COMPLETION-CANDIDATES}. The native "
                    + "baseline a ratio is taken to (NATIVE_FUTEX, NATIVE_GETTID) is not added: name it to get ratios.")
    List<Column> only;

    @Option(names = "--spin", description = "Instead of the handoff table: the spin-then-park waiter, its C twin (spin_futex) "
            + "beside the JVM's " + Bench.Names.SPIN_OR_PARK + ", per strategy (PARK, SPIN_THEN_PARK per --budgets, SPIN), reply delay "
            + "(--replies) and placement: ns and CPU ns per round trip, switches per round trip, JVM vs C judged; into spin-compare.json, which "
            + "`switchcost report DIR` renders with the two curves on one chart per placement and reply delay.")
    boolean spin;

    @Option(names = "--budgets", split = ",", paramLabel = "NS",
            description = "With --spin: the spin budgets of SPIN_THEN_PARK, whole ns (default: 2000,5000,10000,20000).")
    List<String> budgets;

    @Option(names = "--replies", split = ",", paramLabel = "D",
            description = "With --spin: the partner's reply delays, ns, exp:MEAN for an exponential mix, or bimodal:PCT:NS for PCT %% of"
                    + " replies after NS and the rest at once (default: 0,10000,exp:20000).")
    List<String> replies;

    @Option(names = "--quick", description = "Shorter cells (JMH 1 × 200 ms warmup, 2 × 200 ms measurement) and 3 repetitions: a smoke run, not a measurement.")
    boolean quick;

    @Option(names = "--simulate", description = "Also count the user-space instructions per round trip of plain C (futex_threads) "
            + "and the C Parker replica (parker_threads) under valgrind's callgrind, for machines without a PMU: a column "
            + "'simulated (callgrind), user space only', kept in compare.json. Without valgrind on PATH: one line, and the column "
            + "says 'not simulated (no valgrind)'; the comparison itself is unaffected.")
    boolean simulate;

    @Mixin
    OutputDirMixin output;

    @Mixin
    JdkMixin jdks;

    @Mixin
    LockWaitMixin lockWait;

    @Mixin
    HistoryMixin history;

    @Mixin
    AllowDisturbedMixin allowDisturbed;

    @Mixin
    FormatMixin format;

    @Option(names = "--from", paramLabel = "DIR",
            description = "Print the table of an earlier run from DIR's compare.json (with --spin, spin-compare.json) without measuring.")
    Path from;

    static final int DEFAULT_REPETITIONS = 5;

    @Override
    protected int doCall() throws IOException {
        if (from != null) {
            return printFrom();
        }
        int reps = repetitions != null ? repetitions : quick ? 3 : DEFAULT_REPETITIONS;
        if (reps < 1 || reps > 100) {
            throw SwitchcostException.usage("--repetitions must be 1..100, got " + reps);
        }
        if (spin && only != null) {
            throw SwitchcostException.usage("--only chooses the handoff table's implementations; the spin table has its own: drop --only");
        }
        if (spin) {
            return spin(reps);
        }
        if (budgets != null || replies != null) {
            throw SwitchcostException.usage((budgets != null ? "--budgets" : "--replies") + " is an option of the spin table: add --spin");
        }
        List<Placement> chosen = placements != null ? placements.stream().distinct().toList()
                : List.of(Placement.UNPINNED, Placement.SAME_CPU, Placement.CROSS_CPU);
        List<Jdk> onJdks = jdks.chosen();
        return MeasuringRun.measure(this, output, lockWait, "compare", "switchcost compare", "native columns missing: ", m -> {
            CompareResults results = compare(m, reps, chosen, onJdks);
            boolean anyFailed = results.cells().stream().flatMap(c -> c.samples().stream()).anyMatch(s -> s.error() != null);
            boolean leftOut = results.cells().stream().flatMap(c -> c.samples().stream()).anyMatch(s -> s.disturbed() && !s.disturbedKept());
            return anyFailed ? "a repetition failed (see compare.json)" : leftOut ? "a repetition was disturbed (see compare.json)" : null;
        }, dir -> history.record(dir, err()));
    }

    private CompareResults compare(MeasuringRun m, int reps, List<Placement> chosen, List<Jdk> onJdks) throws IOException {
        Path dir = m.run().dir();
        err().println("switchcost compare: writing " + dir.resolve(CompareResults.FILE_NAME));
        Path log = dir.resolve("jmh-compare.log");
        CompareResults results;
        try (PrintStream jmhOut = MeasuringRun.jmhLog(log)) {
            results = new CompareRunner(new CompareRunner.Settings(reps, quick, chosen, only == null ? null : Set.copyOf(only), List.copyOf(onJdks), allowDisturbed.allowed()),
                    m.natives(), JmhTargets.current(), log, jmhOut, err()).run();
        }
        if (simulate) {
            results = results.withSimulation(CompareSimulation.run(m.natives(), CompareSimulation.DEFAULT_ROUND_TRIPS, err()));
        }
        results.write(dir);
        print(results, out());
        m.trailer(format.format() == FormatMixin.Format.text ? out() : err(), results.createdAt(),
                "raw data: " + dir.resolve(CompareResults.FILE_NAME) + "  (render: switchcost report " + dir + ")");
        out().flush();
        // one line per disturbed repetition, naming the cell and the largest intruder
        CompareTable.disturbances(results).forEach(line -> err().println("switchcost compare: " + line));
        return results;
    }

    /**
     * {@code compare --spin}: the C twin of the spin-then-park waiter beside the JVM's, on a {@link SpinGrid} from
     * {@code --budgets}, {@code --replies} and {@code --placements}; the table on stdout, the raw data in
     * {@code spin-compare.json}. Exit codes as the handoff table's: 0 only when every repetition of every cell that
     * could run completed undisturbed (or disturbed and kept, {@code --allow-disturbed}).
     */
    private int spin(int reps) throws IOException {
        SpinGrid grid = grid(budgets, replies, placements);
        if (simulate) {
            throw SwitchcostException.usage("--simulate does not apply to --spin: valgrind runs one thread at a time, so a spinning"
                    + " waiter's instruction count would measure valgrind's scheduler, not the program");
        }
        List<Jdk> onJdks = jdks.chosen();
        if (onJdks.size() > 1) {
            throw SwitchcostException.usage("compare --spin runs its JVM cells on one JDK: give --jdk at most once");
        }
        return MeasuringRun.measure(this, output, lockWait, "compare-spin", "switchcost compare --spin", "C cells missing: ", m -> {
            Path dir = m.run().dir();
            err().println("switchcost compare --spin: " + grid.cells().size() + " cells × 2 (C, JVM) × " + reps + " repetitions; writing "
                    + dir.resolve(SpinCompareResults.FILE_NAME));
            Path log = dir.resolve("jmh-compare.log");
            SpinCompareResults results;
            try (PrintStream jmhOut = MeasuringRun.jmhLog(log)) {
                SpinCompareRunner.Settings settings = new SpinCompareRunner.Settings(grid, reps, quick, allowDisturbed.allowed(),
                        onJdks.isEmpty() ? null : onJdks.get(0).java().getPath());
                results = new SpinCompareRunner(settings, m.natives(), JmhTargets.current(), log, jmhOut, err()).run();
            }
            results.write(dir);
            print(results);
            boolean text = format.format() == FormatMixin.Format.text;
            if (text) {
                out().println();
            }
            m.trailer(text ? out() : err(), results.createdAt(), "raw data: " + dir.resolve(SpinCompareResults.FILE_NAME));
            out().flush();
            SpinCompareTable.disturbances(results).forEach(line -> err().println("switchcost compare --spin: " + line));
            return results.anyFailed() ? "a repetition failed (see spin-compare.json)"
                    : results.anyLeftOut() ? "a repetition was disturbed (see spin-compare.json)" : null;
        }, dir -> { });
    }

    /** The grid the options ask for; a bad value is a usage error (exit 2) with one line. */
    static SpinGrid grid(List<String> budgets, List<String> replies, List<Placement> placements) {
        return asUsage(() -> {
            List<Long> b = budgets == null ? SpinGrid.DEFAULT_BUDGETS_NS : SpinGrid.parseBudgets(budgets);
            List<String> d = replies == null ? SpinGrid.DEFAULT_REPLIES : SpinGrid.parseReplies(replies);
            List<Placement> p = placements == null ? SpinGrid.DEFAULT_PLACEMENTS : placements.stream().distinct().toList();
            if (p.contains(Placement.UNPINNED)) {
                throw SwitchcostException.usage("compare --spin takes SAME_CPU and CROSS_CPU (both sides pinned, C and JVM"
                        + " alike): drop UNPINNED from --placements");
            }
            return new SpinGrid(b, d, p);
        });
    }

    /**
     * {@code --from DIR}: the table of an earlier run, re-read from its {@code compare.json} (with {@code --spin},
     * {@code spin-compare.json}) and printed as text, JSON or CSV; nothing is measured or written.
     */
    private int printFrom() throws IOException {
        List<String> measuring = spec.commandLine().getParseResult().matchedOptions().stream().map(OptionSpec::longestName)
                .filter(n -> !Set.of("--from", "--format", "--spin").contains(n)).distinct().toList();
        if (!measuring.isEmpty()) {
            throw SwitchcostException.usage("--from re-prints an earlier run and measures nothing: drop " + String.join(", ", measuring));
        }
        String name = spin ? SpinCompareResults.FILE_NAME : CompareResults.FILE_NAME;
        Path file = Files.isDirectory(from) ? from.resolve(name) : from;
        if (!Files.isRegularFile(file)) {
            throw SwitchcostException.usage("--from " + from + ": no " + name + " there; give the directory a `switchcost compare"
                    + (spin ? " --spin" : "") + "` wrote, or the file itself");
        }
        try {
            if (spin) {
                print(SpinCompareResults.read(file));
            } else {
                print(CompareResults.read(file), out());
            }
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
        return ExitCodes.OK;
    }

    /** The spin table in the format asked for, on stdout. */
    private void print(SpinCompareResults r) {
        out().print(switch (format.format()) {
            case json -> SpinCompareTable.json(r);
            case csv -> SpinCompareTable.csv(r);
            case text -> SpinCompareTable.text(r);
        });
    }

    /** The table in the format asked for: text (with the gap decomposition under it), JSON or CSV. */
    void print(CompareResults results, PrintWriter to) {
        switch (format.format()) {
            case json -> to.print(CompareTable.json(results));
            case csv -> to.print(CompareTable.csv(results));
            case text -> {
                to.print(CompareTable.text(results));
                to.println();
                List<GapDecomposition.Row> rows = GapDecomposition.of(results);
                String gap = GapTable.text(rows, GapDecomposition.afterSwitch(results, rows));
                if (!gap.isEmpty()) {
                    to.print(gap);
                    to.println();
                }
            }
        }
    }
}
