package dev.switchcost.session;

import dev.switchcost.launch.Jdk;
import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.measure.jmh.JfrOutput;
import dev.switchcost.measure.jmh.JmhLock;
import dev.switchcost.measure.jmh.Rounds;
import dev.switchcost.measure.jmh.TrialLedger;
import dev.switchcost.measure.jmh.TrialPlan;
import dev.switchcost.measure.jmh.Trials;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.PrecisionResults;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.RunStatus;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Runs these trials on these JDKs into one results directory: the one place that knows how a run
 * becomes files. For each JDK (or the default JVM): {@code machine.json}, JMH's output appended to
 * {@code run.log}, {@code jmh.json} ({@code jmh-jdk<version>.json} per {@code --jdk}; complete trials
 * only), failed trials recorded in the status; with a {@link Trials#compare} setting, C beside the JVM
 * into {@code compare.json}. Used by {@code switchcost run} and its tests; the caller owns the
 * directory's life (complete, fail, interrupted) and the answer at the end.
 *
 * @param out      the lines a user reads
 * @param err      the failures
 * @param progress JMH's run as it goes
 * @param words    tells failed and disturbed trials (words are made in {@code render})
 */
public record RunSession(PrintWriter out, PrintWriter err, Progress progress, Words words) {

    /**
     * One JMH run's worth: options ready for this machine and JDK, and the trials they select.
     *
     * @param jdk   the {@code --jdk} these forks run on, or null for the default JVM (a plain run)
     * @param later JMH runs after {@code options}', in order, their rows in the same result file (run --quick: the
     *              cache line's working-set trials on one CPU, then the handoffs in sample mode for their latency
     *              distribution); empty for a plain run
     */
    public record OnJdk(Jdk jdk, Options options, TrialPlan plan, List<Later> later) {
    }

    /**
     * A JMH run after the main one.
     *
     * @param what    what it measures, one line for the terminal and the log
     * @param options its options, ready for this machine and JDK
     */
    public record Later(String what, Options options) {
    }

    /**
     * What to run.
     *
     * @param runs            one entry per JDK, in order; every one runs whatever the one before did
     * @param extraFormat     JMH's {@code -rf} when other than JSON ({@code jmh.FORMAT} beside jmh.json), else null
     * @param compare         C beside the JVM after the default JVM's trials (run --quick), or null
     * @param keepDisturbed   keep the rows of disturbed trials, marked ({@code --allow-disturbed}), instead of
     *                        leaving them out like failed ones
     */
    public record Plan(List<OnJdk> runs, String extraFormat, CompareRunner.Settings compare, boolean keepDisturbed,
                       boolean spreadForks, Precision precision) {
    }

    /** How the user watches a JMH run: JMH's own output (for run.log) wrapped in a view of the whole run. */
    public interface Progress {
        /**
         * @param log    JMH's output format writing to run.log
         * @param trials how many trials the run has
         * @param time   the whole run's plan, for its ETA
         */
        OutputFormat around(OutputFormat log, int trials, PlannedTime time);
    }

    /** The words a run's outcome is told in, made in {@code render} ({@code render.DisturbanceText#WORDS}). */
    public interface Words {
        /** Why a trial or a compare cell is disturbed. */
        String why(Disturbance.Reading reading);

        /** The failed trials, then the disturbed ones, one per line, each group under a one-line count. */
        String summary(TrialLedger.Outcome outcome, String prefix);
    }

    /**
     * Runs every entry of {@code plan} into {@code run} (already created).
     *
     * @return true when every requested trial (and every comparison repetition) completed; the
     *         failures are recorded in the run's status
     * @throws SwitchcostException (usage or environment) when JMH refuses the run
     */
    public boolean runAll(ResultsDir run, Plan plan) throws IOException {
        PlannedTime time = planned(plan);
        Precision p = plan.precision();
        Precision.Deadline deadline = p == null ? null : p.from(System.nanoTime(), System::nanoTime);
        budgetBelowPlan(p, time).ifPresent(out::println);
        Precisions precisions = new Precisions(p, new ArrayList<>(), new HashMap<>());
        boolean ok = true;
        for (OnJdk on : plan.runs()) {
            ok &= runInto(run, on, plan, new Clocks(time, deadline, precisions));
        }
        return ok;
    }

    /** Said up front when the budget is below what the run takes at least: its first rounds run anyway. */
    static Optional<String> budgetBelowPlan(Precision p, PlannedTime time) {
        if (p == null || p.budget().toNanos() >= time.plannedNanos()) {
            return Optional.empty();
        }
        return Optional.of("# --budget " + p.budget().toSeconds() + " s is below what this run takes at least (about "
                + Math.round(time.plannedNanos() / 1e9) + " s: the first rounds of every JMH run and the C comparison always"
                + " run); --precision adds no round");
    }

    /** The run's plan and its one deadline ({@code --precision}; null without), shared by all its JMH runs. */
    private record Clocks(PlannedTime time, Precision.Deadline deadline, Precisions precisions) {
    }

    /** What {@code precision.json} gathers over the run's JMH runs: each trial's, and what a fork of its JMH run took. */
    private record Precisions(Precision precision, List<PrecisionResults.Trial> trials, Map<TrialPlan.Trial, Double> secondsPerFork) {

        /** {@code o}'s forks took {@code nanos} in all: each of its trials' forks, that on average. */
        void timed(TrialLedger.Outcome o, long nanos) {
            int forks = o.complete().stream().mapToInt(r -> r.getBenchmarkResults().size()).sum();
            if (forks > 0) {
                o.complete().forEach(r -> secondsPerFork.put(TrialPlan.key(r.getParams()), nanos / 1e9 / forks));
            }
        }

        void write(ResultsDir run, TrialLedger.Outcome o, String jdk) {
            if (precision != null) {
                trials.addAll(precision.trials(o, jdk, t -> secondsPerFork.getOrDefault(t, 0.0)));
                new PrecisionResults(1, precision.target(), precision.across(), precision.budget().toSeconds(), trials).write(run.dir());
            }
        }
    }

    /**
     * The whole run as planned: every JMH run on every JDK with its fewest rounds, and the C comparison's cells once
     * (beside the default JVM's trials).
     */
    static PlannedTime planned(Plan plan) {
        List<PlannedTime.JmhRun> runs = new ArrayList<>();
        for (OnJdk on : plan.runs()) {
            runs.add(PlannedTime.JmhRun.of(on.options(), minRounds(on.options(), plan)));
            on.later().forEach(l -> runs.add(PlannedTime.JmhRun.of(l.options(), minRounds(l.options(), plan))));
        }
        CompareRunner.Settings c = plan.compare();
        boolean compared = c != null && plan.runs().stream().anyMatch(on -> on.jdk() == null);
        JmhCell.Shape shape = c == null ? null : c.shape();
        return new PlannedTime(runs, compared ? c.repetitions() * c.columns().size() * c.placements().size() : 0,
                shape == null ? 0 : PlannedTime.JVM_START_NANOS + (shape.warmupIterations() + shape.measurementIterations())
                        * shape.iterationTime().convertTo(java.util.concurrent.TimeUnit.NANOSECONDS));
    }

    /** The rounds (forks per trial) a JMH run of {@code options} always runs. */
    private static int minRounds(Options options, Plan plan) {
        int forks = options.getForkCount().orElse(1);
        return plan.spreadForks() && plan.precision() != null ? Math.max(2, forks) : forks;
    }


    /**
     * The JMH runs of one JDK ({@code runs}: the main one, then the later ones): with {@link Plan#spreadForks} and more
     * than one fork, as rounds of one fork per trial that all of them share ({@link Rounds}), so each trial's forks are
     * spread over the whole run; otherwise one after the other, each as JMH runs forks, back to back.
     */
    private TrialLedger.Outcome execute(List<Options> runs, List<String> what, Plan plan, OutputFormat log, Clocks clocks)
            throws RunnerException {
        Precision p = plan.precision();
        boolean spread = plan.spreadForks() && (p != null || runs.stream().anyMatch(o -> o.getForkCount().orElse(1) > 1));
        if (!spread) {
            TrialLedger.Outcome o = null;
            for (int i = 0; i < runs.size(); i++) {
                if (i > 0) {
                    out.println("# " + what.get(i - 1));
                }
                TrialLedger.Outcome r = Trials.execute(runs.get(i), progress.around(log, TrialPlan.of(runs.get(i)).size(),
                        clocks.time()), plan.keepDisturbed());
                o = o == null ? r : o.plus(r);
            }
            return o;
        }
        what.forEach(w -> out.println("# and in each round: " + w));
        List<Rounds.Run> rounds = runs.stream().map(o -> new Rounds.Run(o, minRounds(o, plan))).toList();
        int min = rounds.stream().mapToInt(Rounds.Run::rounds).max().orElseThrow();
        int max = p == null ? min : Math.max(min, Precision.MAX_FORKS);
        int trials = runs.stream().mapToInt(o -> TrialPlan.of(o).size()).sum();
        long start = System.nanoTime();
        long round = runs.stream().mapToLong(o -> PlannedTime.JmhRun.of(o, 1).nanos()).sum();
        int[] next = {trials};
        TrialLedger.Outcome o = Rounds.execute(rounds, max, i -> {
            int these = i < min ? rounds.stream().filter(r -> i < r.rounds()).mapToInt(r -> TrialPlan.of(r.options()).size()).sum()
                    : next[0];
            out.println("# round " + (i + 1) + (p == null ? " of " + min : "")
                    + (i < min ? " (one fork of " + (these == trials ? "every trial" : "each of " + these + " trials") + ")"
                    : " (one fork of each of " + these + " trials short of their precision)"));
            return progress.around(log, these, clocks.time());
        }, plan.keepDisturbed(), p == null ? x -> List.of() : x -> {
            List<TrialPlan.Trial> shortOnes = p.next(clocks.deadline(), start, clocks.time()::remainingNanos).apply(x);
            // an added round: the plan had only the first ones; it runs the trials named, a fork each
            clocks.time().added(round * shortOnes.size() / Math.max(1, trials));
            next[0] = shortOnes.size();
            return shortOnes;
        });
        if (p != null) {
            clocks.precisions().timed(o, System.nanoTime() - start);
            out.println("# " + p.summary(o));
        }
        return o;
    }

    private boolean runInto(ResultsDir run, OnJdk on, Plan plan, Clocks clocks) throws IOException {
        Path runDir = run.dir();
        Path logFile = run.runLog();
        PrintStream logStream = new PrintStream(new FileOutputStream(logFile.toFile(), true), true, StandardCharsets.UTF_8);
        Thread interrupted = new Thread(() -> {
            logStream.println();
            logStream.println("# switchcost: interrupted");
            logStream.flush();
        }, "switchcost-run-log-interrupted");
        Runtime.getRuntime().addShutdownHook(interrupted);
        try {
            MachineInfo machine = MachineProbe.collect();
            ResultsDir.writeMachine(runDir, machine);
            out.println("# switchcost run: " + machine.summary());
            out.println("# results: " + runDir.toAbsolutePath());
            if (machine.perf() != null && machine.perf().note() != null) {
                // one line: which counters are missing and why is in machine.json and `switchcost doctor`
                String note = machine.perf().note();
                out.println("# " + (note.length() <= 100 ? note : machine.perf().hardwareCounters() ? note.substring(0, 99) + "…"
                        : "perf: no hardware counters here (counted as NaN; software events still counted): switchcost doctor says how"));
            }
            OutputFormat log = OutputFormatFactory.createFormatInstance(new PrintStream(Trials.closeShield(logStream), true,
                    StandardCharsets.UTF_8), VerboseMode.NORMAL);
            if (on.jdk() != null) {
                out.println("# on JDK " + on.jdk().version + " (" + on.jdk().java() + ")");
                logStream.println("# switchcost: on JDK " + on.jdk().version + " (" + on.jdk().java() + ")");
            }
            TrialLedger.Outcome outcome;
            int trials = on.plan().size();
            // -prof jfr writes into the results directory (a user's own dir= wins), never into the working directory
            Path jfrDir = on.jdk() == null ? run.jfrDir() : run.jfrDir(on.jdk().version);
            try {
                List<Options> runs = new ArrayList<>(List.of(JfrOutput.into(on.options(), jfrDir)));
                for (Later l : on.later()) {
                    trials += TrialPlan.of(l.options()).size();
                    runs.add(JfrOutput.into(l.options(), jfrDir));
                }
                outcome = execute(runs, on.later().stream().map(Later::what).toList(), plan, log, clocks);
            } catch (NoBenchmarksException e) {
                throw SwitchcostException.usage("no benchmark matches " + String.join(" or ", on.options().getIncludes()));
            } catch (ProfilersFailedException e) {
                throw SwitchcostException.usage(Trials.profilerFailure(e));
            } catch (RunnerException e) {
                if (JmhLock.refused(e)) {
                    throw new JmhLock.Busy(JmhLock.holder(JmhLock.file()));
                }
                throw SwitchcostException.environment(Trials.rootMessage(e).strip());
            }
            record(run, on, outcome);
            clocks.precisions().write(run, outcome, on.jdk() == null ? null : on.jdk().version);
            boolean compared = plan.compare() == null || on.jdk() != null
                    || compareWithC(run, plan.compare(), logFile, logStream);
            if (plan.compare() != null && on.jdk() == null) {
                clocks.time().cellsDone(); // the later JDKs' rounds no longer keep time for them
            }
            Path json = writeJmh(run, on, plan, outcome, logStream);
            out.println();
            out.println("Wrote " + json + ", " + run.machineJson() + ", " + logFile + " (JMH's table)");
            if (JfrOutput.asked(on.options())) {
                jfrFiles(jfrDir, JfrOutput.userDir(on.options()).orElse(null), outcome);
            }
            return verdict(run, on, outcome, trials, compared, logStream);
        } catch (RuntimeException e) {
            logStream.println("ERROR: " + e);
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(interrupted);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs
            }
            logStream.flush();
            if (logStream.checkError()) {
                err.println("switchcost: run.log in " + runDir + " is incomplete (write error)");
            }
            logStream.close();
        }
    }

    /** Says what failed or was disturbed, and fails the run's status unless every trial completed. */
    private boolean verdict(ResultsDir run, OnJdk on, TrialLedger.Outcome outcome, int trials, boolean compared,
                            PrintStream logStream) throws IOException {
        if (!outcome.ok() || !outcome.disturbed().isEmpty()) {
            // disturbed ones kept (--allow-disturbed) are said too, and marked in the status and every figure
            logStream.println(words.summary(outcome, "# switchcost: "));
            err.println(words.summary(outcome, "switchcost: "));
        }
        if (!outcome.ok()) {
            String onJdk = on.jdk() == null ? "" : " on JDK " + on.jdk().version;
            run.fail(outcome.failed().isEmpty() ? outcome.disturbed().size() + " of " + trials + " trials disturbed" + onJdk
                    : outcome.failed().size() + " of " + trials + " trials failed" + onJdk);
            return false;
        }
        if (!compared) {
            run.fail("a native C comparison repetition failed or was disturbed (see compare.json)");
            return false;
        }
        return true;
    }

    /** The failed and disturbed trials into the run's status. */
    private void record(ResultsDir run, OnJdk on, TrialLedger.Outcome outcome) throws IOException {
        Function<TrialPlan.Trial, Map<String, String>> params = t -> on.jdk() == null ? t.params()
                : RunStatus.FailedTrial.withJdk(t.params(), on.jdk().version);
        outcome.failed().forEach((t, why) -> run.recordTrial(new RunStatus.FailedTrial(t.benchmark(), params.apply(t), why, false)));
        outcome.disturbed().forEach((t, reading) -> run.recordTrial(new RunStatus.FailedTrial(t.benchmark(), params.apply(t),
                words.why(reading), true, outcome.keptDisturbed())));
    }

    /** JMH's table into run.log (the terminal gets the answer), jmh.json, and the extra format asked for; returns jmh.json. */
    private static Path writeJmh(ResultsDir run, OnJdk on, Plan plan, TrialLedger.Outcome outcome, PrintStream logStream)
            throws IOException {
        ResultFormatFactory.getInstance(ResultFormatType.TEXT, logStream).writeOut(outcome.complete());
        Path json = on.jdk() == null ? run.jmhJson() : run.jmhJson(on.jdk().version);
        AtomicFiles.writeJmh(json, ResultFormatType.JSON, outcome.complete());
        if (plan.extraFormat() != null && !"JSON".equals(plan.extraFormat())) {
            ResultFormatType t = ResultFormatType.valueOf(plan.extraFormat());
            String ext = t.toString().toLowerCase(Locale.ROOT);
            AtomicFiles.writeJmh(run.dir().resolve(on.jdk() == null ? "jmh." + ext
                    : json.getFileName().toString().replaceFirst("\\.json$", "." + ext)), t, outcome.complete());
        }
        return json;
    }

    /**
     * Names the JFR recordings of this JDK's run ({@code -prof jfr}): those in {@code jfrDir} and those JMH says it
     * wrote (elsewhere when the user gave {@code dir=}), or that there are none.
     */
    private void jfrFiles(Path jfrDir, String userDir, TrialLedger.Outcome outcome) {
        Set<Path> files = new TreeSet<>(ResultsDir.recordings(jfrDir));
        JfrOutput.reported(outcome.complete()).stream().filter(Files::isRegularFile).forEach(files::add);
        if (files.isEmpty()) {
            out.println("JFR (-prof jfr): no recording written" + (userDir == null ? " under " + jfrDir : " (dir=" + userDir + ")"));
            return;
        }
        out.println("JFR recordings (-prof jfr; jfr summary FILE, or JDK Mission Control):");
        files.forEach(f -> out.println("  " + f));
    }

    /**
     * C beside the JVM ({@code settings}' cells, interleaved repetitions) into compare.json, so that the
     * answer card's "JVM vs C" comes from the same run. Native programs that are not built leave their
     * cells empty with the reason (said once).
     *
     * @return false when a repetition failed, or was disturbed and not kept
     */
    private boolean compareWithC(ResultsDir run, CompareRunner.Settings settings, Path logFile, PrintStream logStream) {
        NativeRunner nativeRunner = NativeRunner.locate();
        nativeRunner.unavailableReason().ifPresent(why -> out.println("# native C not compared: " + why));
        String where = settings.placements().equals(List.of(Placement.SAME_CPU)) ? "one CPU"
                : settings.placements().stream().map(Enum::name).collect(Collectors.joining(", "));
        out.println("# native C beside the JVM, " + where + ", " + settings.repetitions() + " interleaved repetitions:");
        CompareResults results = new CompareRunner(settings, nativeRunner, JmhTargets.current(), logFile, logStream, out)
                .run();
        results.write(run.dir());
        results.cells().forEach(c -> c.disturbed().forEach(s -> err.println("switchcost: " + c.label() + ", "
                + c.placement() + ", repetition " + s.repetition() + ": " + words.why(s.interference())
                + (s.disturbedKept() ? " (kept, marked)" : " (left out)"))));
        return results.cells().stream().flatMap(c -> c.samples().stream()).allMatch(CompareResults.Sample::usable);
    }
}
