package dev.switchcost.measure.jmh;

import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A trial's forks run a round apart come back as one trial with those forks, and its file says so. */
@Measures
class RoundsTest {

    @Test
    void threeRoundsMakeOneResultOfThreeForksPerTrial(@TempDir Path tmp) throws Exception {
        Options options = new OptionsBuilder().include("SyscallBaseline\\.(baseline|callNoKernel)$").forks(3)
                .warmupIterations(0).measurementIterations(2).measurementTime(TimeValue.milliseconds(50))
                .jvmArgsAppend("-Djmh.ignoreLock=true").build();
        List<Integer> rounds = new ArrayList<>();
        TrialLedger.Outcome o = Rounds.execute(List.of(new Rounds.Run(options, 3)), 3, i -> {
            rounds.add(i);
            return OutputFormatFactory.createFormatInstance(new PrintStream(PrintStream.nullOutputStream()), VerboseMode.SILENT);
        }, false, any -> List.of());
        assertEquals(List.of(0, 1, 2), rounds, "one JMH run per round");
        assertTrue(o.failed().isEmpty(), o.failed().toString());
        int trials = TrialPlan.of(options).size();
        assertTrue(trials >= 2, "two benchmarks at least");
        assertEquals(trials, o.complete().size(), "one result per trial, not per round");
        for (RunResult r : o.complete()) {
            assertEquals(3, r.getBenchmarkResults().size(), "a fork from each round");
            assertEquals(3, r.getParams().getForks());
        }
        Path json = tmp.resolve("jmh.json");
        AtomicFiles.writeJmh(json, ResultFormatType.JSON, o.complete());
        List<JmhRow> rows = Results.load(json).rows();
        assertEquals(trials, rows.size());
        for (JmhRow r : rows) {
            assertEquals(3, r.primary().raw().length, "rawData: one row per fork");
            assertEquals(3, r.settings().forks());
        }
    }

    @Test
    void addedRoundsRunOnlyTheTrialsAskedForUntilNoneIsOrTheMostAllowed() throws Exception {
        Options options = new OptionsBuilder().include("SyscallBaseline\\.(baseline|callNoKernel)$").warmupIterations(0)
                .measurementIterations(1).measurementTime(TimeValue.milliseconds(20)).jvmArgsAppend("-Djmh.ignoreLock=true").build();
        List<TrialPlan.Trial> trials = List.copyOf(TrialPlan.of(options).keys());
        assertTrue(trials.size() >= 2, "two trials at least");
        TrialPlan.Trial first = trials.get(0);
        List<Integer> asked = new ArrayList<>();
        TrialLedger.Outcome o = Rounds.execute(List.of(new Rounds.Run(options, 2)), 3, i -> {
            asked.add(i);
            return OutputFormatFactory.createFormatInstance(new PrintStream(PrintStream.nullOutputStream()), VerboseMode.SILENT);
        }, false, x -> List.of(first));
        assertEquals(List.of(0, 1, 2), asked, "always one trial short: the most rounds allowed");
        for (RunResult r : o.complete()) {
            assertEquals(TrialPlan.key(r.getParams()).equals(first) ? 3 : 2, r.getBenchmarkResults().size(),
                    "the added rounds ran the trial asked for and no other: " + TrialPlan.key(r.getParams()));
        }
        asked.clear();
        Rounds.execute(List.of(new Rounds.Run(options, 2)), 3, i -> {
            asked.add(i);
            return OutputFormatFactory.createFormatInstance(new PrintStream(PrintStream.nullOutputStream()), VerboseMode.SILENT);
        }, false, x -> List.of());
        assertEquals(List.of(0, 1), asked, "none short at once: the fewest rounds asked for");
    }

    @Test
    void noRoundIsRefused() {
        Options options = new OptionsBuilder().include("SyscallBaseline\\.baseline$").build();
        assertThrows(IllegalArgumentException.class, () -> new Rounds.Run(options, 0));
        assertThrows(IllegalArgumentException.class, () -> Rounds.execute(List.of(), 1, i -> null, false, o -> List.of()));
        assertThrows(IllegalArgumentException.class, () -> Rounds.execute(List.of(new Rounds.Run(options, 2)), 1, i -> null, false,
                o -> List.of()));
    }

    /**
     * Two JMH runs share the rounds: each round runs a fork of each run that has rounds left, the first run first, so the
     * second run's forks are spread over the rounds too; and each comes back with its own rounds' forks.
     */
    @Test
    void runsShareTheRoundsEachWithItsOwnCount() throws Exception {
        Options first = new OptionsBuilder().include("SyscallBaseline\\.baseline$").warmupIterations(0).measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(20)).jvmArgsAppend("-Djmh.ignoreLock=true").build();
        Options second = new OptionsBuilder().include("SyscallBaseline\\.callNoKernel$").param("binding", "JNA").warmupIterations(0)
                .measurementIterations(1).measurementTime(TimeValue.milliseconds(20)).jvmArgsAppend("-Djmh.ignoreLock=true").build();
        List<String> order = new ArrayList<>();
        OutputFormat silent = OutputFormatFactory.createFormatInstance(new PrintStream(PrintStream.nullOutputStream()), VerboseMode.SILENT);
        TrialLedger.Outcome o = Rounds.execute(List.of(new Rounds.Run(first, 2), new Rounds.Run(second, 1)), 2, i -> {
            order.add("round " + i);
            return new ForwardingOutputFormat(silent) {
                @Override
                public void startBenchmark(BenchmarkParams params) {
                    order.add(params.getBenchmark().replaceFirst(".*\\.", ""));
                }
            };
        }, false, x -> List.of());
        assertEquals(List.of("round 0", "baseline", "callNoKernel", "round 1", "baseline"),
                order, "each round a fork of each run with rounds left, in the order given");
        assertTrue(o.failed().isEmpty(), o.failed().toString());
        assertEquals(2, o.complete().size());
        for (RunResult r : o.complete()) {
            assertEquals(r.getParams().getBenchmark().endsWith("baseline") ? 2 : 1, r.getBenchmarkResults().size(),
                    "each trial's forks are its run's rounds: " + r.getParams().getBenchmark());
        }
    }
}
