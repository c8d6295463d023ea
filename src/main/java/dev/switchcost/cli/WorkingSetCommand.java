package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.launch.Jdk;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.results.Bench;
import dev.switchcost.results.IndirectSweepResults;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.session.IndirectSweep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.function.LongPredicate;

/**
 * {@code switchcost working-set}: the JVM's and C's paired indirect cost of a switch, per working-set
 * size and stride, from one interleaved run ({@link IndirectSweep}); raw data into {@code indirect.json}.
 */
@Command(name = "working-set",
        footer = {
            "  switchcost working-set --sizes 0,32,1024,8192",
            "  switchcost working-set --sizes 64,4096 --repetitions 3 -o results/ws"},
        header = "Measure the indirect cost of a switch (JVM and C, paired walks) per working-set size and stride, interleaved.",
        description = {
            "For each repetition, for each placement, size and stride: one JMH trial of " + Bench.Names.WORKING_SET + "."
                + Bench.Names.PAIRED_METHOD + " "
                + "(sharing=PRIVATE, handoff=FUTEX, walk=LI; 1 fork, 2 x 200 ms warmup, 5 x 200 ms measurement, with "
                + "ContextSwitchProfiler and PairedWalkProfiler) and then the C program ws_threads with the same size, stride "
                + "and placement for about 1 s (target/native, scripts/build-native.sh). The order is reversed on every other "
                + "repetition, so drift hits the JVM and C alike. Size 0 (the direct cost) is always added.",
            "Writes indirect.json, machine.json and jmh-working-set.log into a new results/<host>-<date-time>-working-set "
                + "directory, or into -o/--output DIR (which must be empty); `switchcost report DIR` draws the curve and the "
                + "replication figures. A failed repetition is recorded with its reason, never averaged in, and makes the exit code 1."
        })
public final class WorkingSetCommand extends BaseCommand implements OutputDirMixin.Defaulted {

    @Override
    public String outputDefault() {
        return "a new results/" + ResultsDir.pattern("working-set") + " directory";
    }

    static final int MAX_KIB = 1_048_576;

    @Option(names = "--sizes", split = ",", paramLabel = "KIB", required = true,
            description = "Working-set sizes per side in KiB, comma-separated, 0..1048576 (e.g. $(switchcost working-set-sizes)).")
    List<String> sizes;

    @Option(names = "--strides", split = ",", paramLabel = "BYTES",
            description = "Strides in bytes, comma-separated, multiples of 8 from 8 to 4096 (default: 64).")
    List<String> strides = List.of("64");

    @Option(names = "--placements", split = ",", paramLabel = "PLACEMENT", converter = PlacementConverter.Pinned.class,
            completionCandidates = PlacementConverter.Pinned.class,
            description = "Placements, comma-separated: ${COMPLETION-CANDIDATES} (default: SAME_CPU).")
    List<Placement> placements = List.of(Placement.SAME_CPU);

    @Option(names = "--repetitions", paramLabel = "N", description = "Interleaved repetitions of every cell, 1..100 (default: 3).")
    int repetitions = 3;

    @Mixin
    OutputDirMixin output;

    @Mixin
    JdkMixin jdks;

    @Mixin
    LockWaitMixin lockWait;

    @Override
    protected int doCall() throws IOException {
        if (repetitions < 1 || repetitions > 100) {
            throw SwitchcostException.usage("--repetitions must be 1..100, got " + repetitions);
        }
        List<Long> sizeList = parseSizes(sizes);
        List<Long> strideList = parseStrides(strides);
        List<Placement> chosen = placements.stream().distinct().toList();
        List<Jdk> onJdks = jdks.chosen();
        if (onJdks.size() > 1) {
            throw SwitchcostException.usage("working-set runs on one JDK; give --jdk at most once");
        }
        return MeasuringRun.measure(this, output, lockWait, "working-set", "switchcost working-set", "C cells missing: ", m -> {
            Path dir = m.run().dir();
            err().println("switchcost working-set: writing " + dir.resolve(IndirectSweepResults.FILE_NAME));
            Path log = dir.resolve("jmh-working-set.log");
            IndirectSweepResults results;
            long start = System.nanoTime();
            try (PrintStream jmhOut = MeasuringRun.jmhLog(log)) {
                IndirectSweep sweep = new IndirectSweep(new IndirectSweep.Settings(sizeList, strideList, chosen, repetitions,
                        onJdks.isEmpty() ? null : onJdks.get(0).java().getPath()), m.natives(), log, jmhOut, err());
                results = sweep.run();
            }
            results.write(dir);
            m.trailer(out(), results.createdAt(), String.format("took:    %.0f s", (System.nanoTime() - start) / 1e9),
                    "raw data: " + dir.resolve(IndirectSweepResults.FILE_NAME) + "  (render: switchcost report " + dir + ")");
            return results.anyFailed() ? "a repetition failed (see indirect.json)" : null;
        }, dir -> { });
    }

    /** The sizes, each once, ascending, with 0 (the direct cost) added. */
    static List<Long> parseSizes(List<String> given) {
        return wholeNumbers(given, "--sizes", v -> v >= 0 && v <= MAX_KIB, " KiB is outside 0.." + MAX_KIB, 0L);
    }

    static List<Long> parseStrides(List<String> given) {
        List<Long> strides = wholeNumbers(given, "--strides", v -> v >= 8 && v <= 4096 && v % 8 == 0,
                " is not a multiple of 8 from 8 to 4096");
        if (strides.isEmpty()) {
            throw SwitchcostException.usage("--strides needs at least one stride");
        }
        return strides;
    }

    /**
     * The numbers given, each once, ascending, with {@code always} added; a user mistake (exit 2) names the first that is
     * not a whole number or that {@code ok} refuses ({@code refused} says why).
     */
    private static List<Long> wholeNumbers(List<String> given, String option, LongPredicate ok, String refused, Long... always) {
        TreeSet<Long> out = new TreeSet<>(List.of(always));
        for (String s : given) {
            long v;
            try {
                v = Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                throw SwitchcostException.usage(option + ": '" + s + "' is not a whole number");
            }
            if (!ok.test(v)) {
                throw SwitchcostException.usage(option + ": " + v + refused);
            }
            out.add(v);
        }
        return List.copyOf(out);
    }
}
