package dev.switchcost.cli;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.results.Column;
import dev.switchcost.results.QuickSet;
import dev.switchcost.session.CompareRunner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The quick set ({@link QuickSet}) as JMH's options, and the compare cells beside it: what {@code run --quick} asks for. */
final class QuickOptions {

    private QuickOptions() {
    }

    /**
     * JMH's options from the command line with switchcost's defaults where the user gave none: for --quick its
     * selection ({@code include}, {@link QuickSet#PARAMS}) and iterations ({@code warmups} and {@code iterations}
     * of 300 ms, {@link QuickSet#FORKS}); for --full every benchmark.
     */
    static ChainedOptionsBuilder builder(CommandLineOptions cmd, boolean quick, String include, int warmups, int iterations,
                                                 Map<String, String> quickParams) {
        ChainedOptionsBuilder b = new OptionsBuilder().parent(cmd);
        if (cmd.getIncludes().isEmpty()) {
            b.include(quick ? include : ".*");
        }
        if (quick) {
            if (!cmd.getForkCount().hasValue()) {
                b.forks(QuickSet.FORKS);
            }
            if (!cmd.getWarmupIterations().hasValue()) {
                b.warmupIterations(warmups);
            }
            if (!cmd.getWarmupTime().hasValue()) {
                b.warmupTime(QuickSet.WARMUP_TIME);
            }
            if (!cmd.getMeasurementIterations().hasValue()) {
                b.measurementIterations(iterations);
            }
            if (!cmd.getMeasurementTime().hasValue()) {
                b.measurementTime(QuickSet.ITERATION_TIME);
            }
            if (cmd.getIncludes().isEmpty()) {
                // the quick set's own selection; a benchmark regex gets every value its benchmarks declare
                quickParams.forEach((name, value) -> {
                    if (!cmd.getParameter(name).hasValue()) {
                        b.param(name, value.split(","));
                    }
                });
            }
        }
        return b;
    }

    /**
     * What --quick compares beside the JVM: plain C and the JVM's futex handoff on one CPU
     * ({@link QuickSet#COMPARE_C}, the first of {@link QuickSet#COMPARE_JVM} this build has), so that the
     * answer card's "JVM vs C" comes from the same run; disturbed repetitions kept, marked, when {@code keepDisturbed}.
     */
    static CompareRunner.Settings compare(boolean keepDisturbed) {
        Set<Column> columns = Arrays.stream(Column.values()).filter(c -> QuickSet.COMPARE_C.contains(c.name()))
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Column.class)));
        Arrays.stream(Column.values()).filter(c -> QuickSet.COMPARE_JVM.contains(c.name()))
                .min(Comparator.comparingInt(c -> QuickSet.COMPARE_JVM.indexOf(c.name()))).ifPresent(columns::add);
        return new CompareRunner.Settings(QuickSet.COMPARE_REPETITIONS, true, List.of(Placement.SAME_CPU), columns,
                List.of(), keepDisturbed);
    }
}
