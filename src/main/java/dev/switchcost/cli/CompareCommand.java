package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.GapDecomposition;
import dev.switchcost.launch.Jdk;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.render.CompareTable;
import dev.switchcost.render.GapTable;
import dev.switchcost.results.Bench;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.session.CompareRunner;
import dev.switchcost.session.CompareSimulation;
import dev.switchcost.session.JmhTargets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code switchcost compare}: the native baseline and the matching JVM benchmarks in interleaved
 * repetitions, printed side by side; raw data into a results directory.
 */
@Command(name = "compare",
        footerHeading = "%nExamples:%n",
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
            "Every repetition of every cell, JVM or native, is judged by the rule of `run`: when other tasks took more than 5%% "
                + "of the CPUs it ran on (or the hypervisor stole 5%%), it is marked disturbed, left out of every figure, and compare "
                + "exits 1 naming the cell and the largest intruder; --allow-disturbed keeps it, marked, and exits 0.",
            "--format json|csv writes the table's figures as numbers (one row per placement and implementation, and JDK) on "
                + "stdout, the other lines on stderr; --from DIR prints the table of an earlier run's compare.json (with --spin, "
                + "spin-compare.json) in any format without measuring."
        },
        mixinStandardHelpOptions = true)
public final class CompareCommand extends BaseCommand implements OutputDirMixin.Defaulted {

    @Override
    public String outputDefault() {
        return "a new results/" + ResultsDir.pattern("compare") + " directory, with --spin results/" + ResultsDir.pattern("compare-spin")
                + "; a DIR given must be empty";
    }

    @Option(names = "--repetitions", paramLabel = "N",
            description = "Interleaved repetitions of every cell (default: " + CompareCommand.DEFAULT_REPETITIONS + "; 3 with --quick).")
    Integer repetitions;

    @Option(names = "--placements", split = ",", paramLabel = "PLACEMENT",
            description = "Placements to compare, comma-separated: UNPINNED, SAME_CPU, CROSS_CPU (default: all three; "
                    + "with --spin SAME_CPU and CROSS_CPU, the only ones it takes).")
    List<String> placements;

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
            return CompareFrom.print(this, from);
        }
        int reps = repetitions != null ? repetitions : quick ? 3 : DEFAULT_REPETITIONS;
        if (reps < 1 || reps > 100) {
            throw SwitchcostException.usage("--repetitions must be 1..100, got " + reps);
        }
        if (spin) {
            return CompareSpin.run(this, reps);
        }
        if (budgets != null || replies != null) {
            throw SwitchcostException.usage((budgets != null ? "--budgets" : "--replies") + " is an option of the spin table: add --spin");
        }
        List<Placement> chosen = parsePlacements(placements != null ? placements : List.of("UNPINNED", "SAME_CPU", "CROSS_CPU"));
        List<Jdk> onJdks = jdks.chosen();
        MachineInfo machine = MachineProbe.collect();
        ResultsDir run = output.newRun(machine.hostname(), "compare");
        try (run) {
            CompareResults results = compare(run, machine, reps, chosen, onJdks);
            boolean anyFailed = results.cells().stream().flatMap(c -> c.samples().stream()).anyMatch(s -> s.error() != null);
            boolean leftOut = results.cells().stream().flatMap(c -> c.samples().stream()).anyMatch(s -> s.disturbed() && !s.disturbedKept());
            if (!anyFailed && !leftOut) {
                run.complete();
                history.record(run.dir(), err());
                return ExitCodes.OK;
            }
            run.fail(anyFailed ? "a repetition failed (see compare.json)" : "a repetition was disturbed (see compare.json)");
            return ExitCodes.FAILURE;
        } catch (SwitchcostException e) {
            run.fail(e.getMessage());
            throw e;
        }
    }

    private CompareResults compare(ResultsDir run, MachineInfo machine, int reps, List<Placement> chosen, List<Jdk> onJdks)
            throws IOException {
        Path dir = run.dir();
        ResultsDir.writeMachine(dir, machine);

        NativeRunner nativeRunner = NativeRunner.locate();
        nativeRunner.unavailableReason().ifPresent(why ->
                err().println("switchcost compare: native columns missing: " + why));
        err().println("switchcost compare: " + machine.summary());
        err().println("switchcost compare: writing " + dir.resolve(CompareResults.FILE_NAME));
        Path log = dir.resolve("jmh-compare.log");
        CompareResults results;
        try (PrintStream jmhOut = new PrintStream(new FileOutputStream(log.toFile(), true), true, StandardCharsets.UTF_8)) {
            CompareRunner runner = new CompareRunner(new CompareRunner.Settings(reps, quick, chosen).onJdks(onJdks)
                    .keepingDisturbed(allowDisturbed.allowed()), nativeRunner,
                    JmhTargets.current(), log, jmhOut, err());
            results = runner.run();
        }
        if (simulate) {
            results = results.withSimulation(CompareSimulation.run(nativeRunner, CompareSimulation.DEFAULT_ROUND_TRIPS, err()));
        }
        results.write(dir);
        PrintWriter trailer = format.format() == FormatMixin.Format.text ? out() : err();
        print(results, out());
        trailer.println("command: switchcost " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        trailer.println("machine: " + machine.summary());
        trailer.println("date:    " + results.createdAt());
        trailer.println("raw data: " + dir.resolve(CompareResults.FILE_NAME) + "  (render: switchcost report " + dir + ")");
        out().flush();
        // one line per disturbed repetition, naming the cell and the largest intruder
        CompareTable.disturbances(results).forEach(line -> err().println("switchcost compare: " + line));
        err().flush();
        return results;
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

    static List<Placement> parsePlacements(List<String> names) {
        return parsePlacements(names, List.of(Placement.UNPINNED, Placement.SAME_CPU, Placement.CROSS_CPU),
                p -> "compare has no " + p + " native program; choose from UNPINNED, SAME_CPU, CROSS_CPU");
    }

    /**
     * The placements named in {@code names}, each once, in the order named.
     *
     * @param allowed the placements the command runs, as its error for an unknown name lists them
     * @param refusal the error for a placement that exists but is not allowed
     */
    static List<Placement> parsePlacements(List<String> names, List<Placement> allowed, Function<Placement, String> refusal) {
        List<Placement> out = new ArrayList<>();
        for (String n : names) {
            Placement p;
            try {
                p = Placement.valueOf(n.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw SwitchcostException.usage("unknown placement '" + n + "'; choose from "
                        + String.join(", ", allowed.stream().map(Enum::name).toList()));
            }
            if (!allowed.contains(p)) {
                throw SwitchcostException.usage(refusal.apply(p));
            }
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        if (out.isEmpty()) {
            throw SwitchcostException.usage("--placements needs at least one placement");
        }
        return out;
    }
}
