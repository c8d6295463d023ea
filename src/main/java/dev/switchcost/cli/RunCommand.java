package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;

import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.jmh.Trials;
import dev.switchcost.results.JmhResultFile;
import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.ParamCheck;
import dev.switchcost.measure.jmh.ProgressFormat;
import dev.switchcost.measure.jmh.TrialLedger;
import dev.switchcost.measure.jmh.TrialPlan;
import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.ResultsDir;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code switchcost run}: one JMH run with switch counting on, JMH's own options accepted as JMH takes
 * them, whole-run progress on the terminal, and {@code jmh.json} (complete trials only), {@code machine.json}
 * and {@code run.log} in a new run directory. Exit 0 only when every requested trial completed.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Run the suite (--quick headline run, or --full) with JMH's options; write a results directory.",
        description = {"Runs benchmarks in ONE JMH run with the context-switch profiler on, shows progress over the "
                + "whole run (n/N, JMH's percent and ETA), and writes jmh.json (JMH JSON, complete trials only), "
                + "machine.json, run.log (JMH's full output and table) and a status into a new directory under "
                + "-o/--output (default: results/). Exits 0 only when every requested trial completed undisturbed; 1 when one "
                + "failed or was disturbed (others took its CPUs; named, with its reason and the largest intruder), 2 for a bad option, 3 when results cannot be written. Ends with "
                + "the answer on one screen and the report.html it wrote.",
                "",
                "JMH-ARGS are JMH's own options and benchmark regexes, as java -jar target/benchmarks.jar takes them "
                        + "(-f -wi -i -w -r -p NAME=V1,V2 -prof NAME -jvm -jvmArgs -bm -tu -foe -rf ..., see "
                        + "java -jar target/benchmarks.jar -h); everything after -- goes to JMH too. -o here is the "
                        + "results directory, not JMH's output file.",
                "",
                "--quick (default): what the answer card says: futex handoff on one CPU and across CPUs, virtual vs "
                        + "platform threads, gettid; " + RunCommand.QUICK_SUMMARY + " unless JMH-ARGS say otherwise; then "
                        + "plain C beside the JVM's futex handoff (8 interleaved repetitions, compare.json). A "
                        + "benchmark regex runs those benchmarks instead (every @Param value they declare, the quick iterations), "
                        + "without the C comparison.",
                "--full: every benchmark with its own @Warmup/@Measurement/@Fork settings.",
                "",
                "Example: switchcost run -f 1 -wi 1 -i 2 -prof gc FutexPingPong"})
public final class RunCommand extends BaseCommand {

    /**
     * The --quick set: exactly what the answer card says. A futex handoff on one CPU and across two
     * (untimed waits, the JDK's FFM binding where it exists), virtual against platform threads through
     * LockSupport on one carrier, and the syscall floor (gettid); then native C beside the JVM's futex
     * handoff on one CPU (switchcost compare's cells, {@link #QUICK_COMPARE_JVM}).
     */
    static final String QUICK_INCLUDE =
            "\\.(FutexPingPong\\.roundTrip|VirtualThreadHandoffOneCarrier\\.roundTrip|SyscallBaseline\\.gettid)$";
    static final Map<String, String> QUICK_PARAMS = Map.of(
            "placement", "SAME_CPU,CROSS_CPU",
            "wait", "UNTIMED",
            "binding", Runtime.version().feature() >= JdkPolicy.FFM ? "FFM" : "JNA",
            "pair", "VT_VT,PT_PT",
            "primitive", "LOCK_SUPPORT");
    /**
     * compare's cells in --quick: plain C and the JVM's futex handoff on one CPU (the first of the JVM
     * columns this build and JDK have), interleaved. 8 repetitions: the 99.9% error of a mean of n
     * cells scales with t(n-1)/sqrt(n): 18 at n = 3, 1.9 at n = 8 (for 2.7 times the time).
     */
    static final List<String> QUICK_COMPARE_C = List.of("NATIVE_FUTEX");
    static final List<String> QUICK_COMPARE_JVM = Runtime.version().feature() >= JdkPolicy.FFM
            ? List.of("FFM_FUTEX", "JNA_FUTEX") : List.of("JNA_FUTEX");
    static final int QUICK_COMPARE_REPETITIONS = 8;
    static final int QUICK_FORKS = 1;
    static final int QUICK_WARMUP_ITERATIONS = 4;
    static final TimeValue QUICK_WARMUP_TIME = TimeValue.milliseconds(300);
    static final int QUICK_ITERATIONS = 20;
    static final TimeValue QUICK_ITERATION_TIME = TimeValue.milliseconds(300);
    static final String QUICK_SUMMARY = "1 fork, 4 x 300 ms warmup, 20 x 300 ms measurement";

    static class Mode {
        @Option(names = "--quick", description = "The headline run: short fixed iterations over the quick set (the default).")
        boolean quick;

        @Option(names = "--full", description = "Every benchmark with its own annotated settings.")
        boolean full;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Mode mode;

    @Mixin
    OutputDirMixin output;

    @Parameters(arity = "0..*", paramLabel = "JMH-ARGS",
            description = "JMH's options and benchmark regexes (JMH include syntax, e.g. FutexPingPong or 'Park.*roundTrip_park').")
    List<String> jmhArgs = new ArrayList<>();

    // The names used before JMH's own options were accepted; hidden, kept so old commands still work.
    @Option(names = "--forks", hidden = true, paramLabel = "N")
    void forks(String n) {
        legacy.addAll(List.of("-f", n));
    }

    @Option(names = "--warmup-iterations", hidden = true, paramLabel = "N")
    void warmupIterations(String n) {
        legacy.addAll(List.of("-wi", n));
    }

    @Option(names = "--iterations", hidden = true, paramLabel = "N")
    void iterations(String n) {
        legacy.addAll(List.of("-i", n));
    }

    @Option(names = "--time", hidden = true, paramLabel = "DURATION", converter = DurationConverter.class)
    void time(Duration t) {
        legacy.addAll(List.of("-w", t.toMillis() + "ms", "-r", t.toMillis() + "ms"));
    }

    @Option(names = "--param", hidden = true, paramLabel = "NAME=V1,V2")
    void param(String p) {
        legacy.addAll(List.of("-p", p));
    }

    /** The old --prof took switchcost's short names: perf (PerfStatProfiler) and ctxsw; JMH's -prof takes class names. */
    @Option(names = "--prof", hidden = true, paramLabel = "PROFILER", split = ",")
    void prof(List<String> ps) {
        for (String p : ps) {
            legacy.addAll(List.of("-prof", "perf".equals(p) ? dev.switchcost.measure.jmh.PerfStatProfiler.class.getName()
                    : "ctxsw".equals(p) ? ContextSwitchProfiler.class.getName() : p));
        }
    }

    private final List<String> legacy = new ArrayList<>();

    @Option(names = "--allow-disturbed", description = "Keep the rows of trials whose CPUs other tasks took (more than "
            + "5% of their time, or 5% stolen by the hypervisor), marked disturbed, and exit 0; without it such a trial "
            + "is left out like a failed one and the run exits 1.")
    boolean allowDisturbed;

    @Mixin
    JdkMixin jdks;

    /** One {@code --jdk}: its options (fork flags, placements and bindings for that JDK) and trials. */
    record OnJdk(JdkPolicy.Jdk jdk, Options options, TrialPlan plan) {
    }

    /**
     * The validated options of this run, before a directory exists.
     *
     * @param raw             the user's options with switchcost's run defaults, before the machine's
     *                        (placements, fork flags), to run again on another {@code -jvm}
     * @param options         {@code raw} ready for this machine and the default JVM
     */
    record Prepared(Options raw, Options options, TrialPlan plan, String jmhResultFormat, boolean quick) {
    }

    @Override
    protected int doCall() throws IOException {
        // Everything that can be refused is refused before the run directory exists.
        PrintStream said = new PrintStream(new WriterOutputStream(out()), true, StandardCharsets.UTF_8);
        List<JdkPolicy.Jdk> chosen = jdks.chosen();
        Prepared prepared = prepare(said);
        List<OnJdk> onJdks = onJdks(prepared, chosen, said);
        try (ResultsDir run = ResultsDir.create(output.dirOr(Path.of("results")), MachineInfo.collect(Path.of("/")).hostname(), null)) {
            run.interruptedOnExit();
            try {
                int code = ExitCodes.OK;
                if (onJdks.isEmpty()) {
                    code = runInto(run, prepared, null);
                }
                for (OnJdk on : onJdks) {
                    // every JDK runs, whatever the one before it did
                    int c = runInto(run, prepared, on);
                    code = code == ExitCodes.OK ? c : code;
                }
                if (code == ExitCodes.OK) {
                    run.complete();
                }
                int answered = answer(run);
                return code == ExitCodes.OK ? answered : code;
            } catch (SwitchcostException e) {
                run.fail(e.getMessage());
                throw e;
            } catch (RuntimeException | IOException e) {
                run.fail(String.valueOf(e.getMessage()));
                throw e;
            }
        }
    }

    /** {@code prepared} made ready for each JDK in {@code chosen}, all checked before a directory exists. */
    List<OnJdk> onJdks(Prepared prepared, List<JdkPolicy.Jdk> chosen, PrintStream said) {
        if (!chosen.isEmpty() && prepared.raw().getJvm().hasValue()) {
            throw SwitchcostException.usage("--jdk and JMH's -jvm both choose the JVM of the forks; give --jdk only");
        }
        List<OnJdk> out = new ArrayList<>();
        for (JdkPolicy.Jdk j : chosen) {
            Options o;
            try {
                ChainedOptionsBuilder b = new OptionsBuilder().parent(prepared.raw()).jvm(j.java().getPath());
                if (prepared.quick() && !userGaveParam("binding")) {
                    // --quick's binding is the best this JDK has, not the one running switchcost
                    b.param("binding", j.hasFfm() ? "FFM" : "JNA");
                }
                o = ForkOptions.withSwitchcostDefaults(b.build(), said);
            } catch (dev.switchcost.measure.affinity.PlacementUnavailableException e) {
                throw SwitchcostException.environment(e.getMessage());
            } catch (IllegalArgumentException e) {
                throw SwitchcostException.usage("on JDK " + j.version + ": " + e.getMessage());
            }
            out.add(new OnJdk(j, o, TrialPlan.of(o)));
        }
        return out;
    }

    /**
     * JMH-ARGS parsed by JMH, with switchcost's defaults where the user gave none, checked: parameters,
     * profilers, placements and the benchmark selection.
     *
     * @param said where placements that are skipped are reported
     * @throws SwitchcostException (usage) for anything wrong in the arguments
     */
    Prepared prepare(PrintStream said) {
        List<String> args = new ArrayList<>(legacy);
        args.addAll(jmhArgs);
        CommandLineOptions cmd;
        try {
            cmd = new CommandLineOptions(args.toArray(new String[0]));
        } catch (CommandLineOptionException e) {
            String msg = e.getMessage().strip().replace('\n', ' ');
            java.util.regex.Matcher unknown = Pattern.compile("(\\S+) is not a recognized option").matcher(msg);
            if (unknown.find()) {
                String name = unknown.group(1);
                String typed = args.stream().filter(a -> a.replaceFirst("^-+", "").equals(name)).findFirst().orElse(name);
                throw SwitchcostException.usage("unknown option " + typed + " (neither switchcost's nor JMH's); see 'switchcost run --help'");
            }
            throw SwitchcostException.usage("bad JMH option: " + msg);
        }
        if (cmd.getOutput().hasValue()) {
            throw SwitchcostException.usage("JMH's -o is not used here (run.log has JMH's output); -o/--output names the results directory");
        }
        for (String regex : cmd.getIncludes()) {
            try {
                Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw SwitchcostException.usage("bad benchmark regex '" + regex + "': " + e.getDescription());
            }
        }
        ChainedOptionsBuilder b = new OptionsBuilder().parent(cmd);
        boolean quick = mode == null || !mode.full;
        if (cmd.getIncludes().isEmpty()) {
            b.include(quick ? QUICK_INCLUDE : ".*");
        }
        if (quick) {
            if (!cmd.getForkCount().hasValue()) {
                b.forks(QUICK_FORKS);
            }
            if (!cmd.getWarmupIterations().hasValue()) {
                b.warmupIterations(QUICK_WARMUP_ITERATIONS);
            }
            if (!cmd.getWarmupTime().hasValue()) {
                b.warmupTime(QUICK_WARMUP_TIME);
            }
            if (!cmd.getMeasurementIterations().hasValue()) {
                b.measurementIterations(QUICK_ITERATIONS);
            }
            if (!cmd.getMeasurementTime().hasValue()) {
                b.measurementTime(QUICK_ITERATION_TIME);
            }
            if (cmd.getIncludes().isEmpty()) {
                // the quick set's own selection; a benchmark regex gets every value its benchmarks declare
                QUICK_PARAMS.forEach((name, value) -> {
                    if (!cmd.getParameter(name).hasValue()) {
                        b.param(name, value.split(","));
                    }
                });
            }
        }
        Set<String> profilers = new LinkedHashSet<>();
        for (ProfilerConfig p : cmd.getProfilers()) {
            profilers.add(p.getKlass());
        }
        if (!profilers.contains(ContextSwitchProfiler.class.getName()) && !profilers.contains("ctxsw")) {
            b.addProfiler(ContextSwitchProfiler.class);
        }
        if (!profilers.contains(dev.switchcost.measure.jmh.InterferenceProfiler.class.getName())) {
            b.addProfiler(dev.switchcost.measure.jmh.InterferenceProfiler.class);
        }
        Options options = b.build();
        for (ProfilerConfig p : options.getProfilers()) {
            try {
                ProfilerFactory.getProfilerOrException(p);
            } catch (ProfilerException e) {
                String why = firstLine(e.getMessage());
                throw SwitchcostException.usage("-prof " + p.getKlass() + ": " + (why.contains("ClassNotFoundException")
                        ? "no such profiler; see 'switchcost list' and java -jar target/benchmarks.jar -lprof" : why));
            }
        }
        if (BenchmarkList.defaultList().find(OutputFormatFactory.createFormatInstance(
                new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT), options.getIncludes(),
                options.getExcludes()).isEmpty()) {
            throw SwitchcostException.usage("no benchmark matches " + String.join(" or ", options.getIncludes())
                    + "; see 'switchcost list'");
        }
        List<String> userParams = new ArrayList<>();
        for (int i = 0; i + 1 < args.size(); i++) {
            // JMH keeps no list of the -p names given; take them from the arguments
            int eq = args.get(i + 1).indexOf('=');
            if (args.get(i).equals("-p") && eq > 0) {
                userParams.add(args.get(i + 1).substring(0, eq));
            }
        }
        Options raw = options;
        try {
            ParamCheck.check(options, userParams);
            options = ForkOptions.withSwitchcostDefaults(options, said);
        } catch (dev.switchcost.measure.affinity.PlacementUnavailableException e) {
            throw SwitchcostException.environment(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
        String rf = cmd.getResultFormat().hasValue() ? cmd.getResultFormat().get().toString() : null;
        if (cmd.getResult().hasValue()) {
            throw SwitchcostException.usage("-rff is not used here: results go to jmh.json in the run directory "
                    + "(-rf FORMAT adds jmh.FORMAT beside it)");
        }
        return new Prepared(raw, options, TrialPlan.of(options), rf, quick && cmd.getIncludes().isEmpty());
    }

    /**
     * Runs {@code prepared} into {@code run} (already created), on the JDK of {@code on} when given (a
     * {@code --jdk}, with that JDK's fork flags), and writes the results there: {@code jmh.json} (with
     * {@code --jdk} {@code jmh-jdk<version>.json}; every {@code jmh*.json} is read), {@code machine.json},
     * {@code run.log} (appended); failed trials are recorded in the run's status (with {@code --jdk}, with
     * a {@code jdk} entry among their parameters). Called once per JDK for the same options into one
     * directory; the caller marks the run complete.
     *
     * @return {@link ExitCodes#OK} when every requested trial completed, {@link ExitCodes#FAILURE} otherwise
     */
    int runInto(ResultsDir run, Prepared prepared, OnJdk on) throws IOException {
        Options options = on == null ? prepared.options() : on.options();
        TrialPlan plan = on == null ? prepared.plan() : on.plan();
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
            MachineInfo machine = MachineInfo.collect();
            ResultsDir.writeMachine(runDir, machine);
            out().println("# switchcost run: " + machine.summary());
            out().println("# results: " + runDir.toAbsolutePath());
            if (machine.perf() != null && machine.perf().note() != null) {
                out().println("# " + machine.perf().note());
            }
            out().flush();
            OutputFormat log = OutputFormatFactory.createFormatInstance(new PrintStream(Trials.closeShield(logStream), true,
                    StandardCharsets.UTF_8), VerboseMode.NORMAL);
            if (on != null) {
                out().println("# on JDK " + on.jdk().version + " (" + on.jdk().java() + ")");
                out().flush();
                logStream.println("# switchcost: on JDK " + on.jdk().version + " (" + on.jdk().java() + ")");
            }
            ProgressFormat progress = new ProgressFormat(log, out(), plan.size());
            TrialLedger.Outcome outcome;
            try {
                outcome = Trials.execute(options, progress, allowDisturbed);
            } catch (NoBenchmarksException e) {
                throw SwitchcostException.usage("no benchmark matches " + String.join(" or ", options.getIncludes()));
            } catch (ProfilersFailedException e) {
                throw SwitchcostException.usage(Trials.profilerFailure(e));
            } catch (RunnerException e) {
                throw SwitchcostException.environment(firstLine(Trials.rootMessage(e)));
            }
            outcome.failed().forEach((trial, why) -> run.recordFailedTrial(trial.benchmark(), on == null ? trial.params()
                    : dev.switchcost.results.RunStatus.FailedTrial.withJdk(trial.params(), on.jdk().version), why));
            outcome.disturbed().forEach((trial, why) -> run.recordDisturbedTrial(trial.benchmark(), on == null ? trial.params()
                    : dev.switchcost.results.RunStatus.FailedTrial.withJdk(trial.params(), on.jdk().version), why));
            boolean compared = true;
            if (prepared.quick() && on == null) {
                compared = compareWithC(run, logFile, logStream);
            }
            // JMH's table stays in run.log; the terminal gets the answer
            ResultFormatFactory.getInstance(ResultFormatType.TEXT, logStream).writeOut(outcome.complete());
            Path json = on == null ? run.jmhJson() : run.jmhJson(on.jdk().version);
            JmhResultFile.write(json, ResultFormatType.JSON, outcome.complete());
            if (prepared.jmhResultFormat() != null && !"JSON".equals(prepared.jmhResultFormat())) {
                ResultFormatType t = ResultFormatType.valueOf(prepared.jmhResultFormat());
                String ext = t.toString().toLowerCase(Locale.ROOT);
                JmhResultFile.write(runDir.resolve(on == null ? "jmh." + ext
                        : json.getFileName().toString().replaceFirst("\\.json$", "." + ext)), t, outcome.complete());
            }
            out().println();
            out().println("Wrote " + json + ", " + run.machineJson() + ", " + logFile + " (JMH's table)");
            if (!outcome.ok()) {
                logStream.println(Trials.failureSummary(outcome, "# switchcost: "));
                err().println(Trials.failureSummary(outcome, "switchcost: "));
                String onJdk = on == null ? "" : " on JDK " + on.jdk().version;
                run.fail(outcome.failed().isEmpty() ? outcome.disturbed().size() + " of " + plan.size() + " trials disturbed" + onJdk
                        : outcome.failed().size() + " of " + plan.size() + " trials failed" + onJdk);
                return ExitCodes.FAILURE;
            }
            if (!outcome.disturbed().isEmpty()) {
                logStream.println(Trials.failureSummary(outcome, "# switchcost: "));
                err().println(Trials.failureSummary(outcome, "switchcost: "));
            }
            if (!compared) {
                run.fail("a native C comparison repetition failed (see compare.json)");
                return ExitCodes.FAILURE;
            }
            return ExitCodes.OK;
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
                err().println("switchcost: run.log in " + runDir + " is incomplete (write error)");
            }
            logStream.close();
        }
    }

    /**
     * Plain C beside the JVM's futex handoff on one CPU, interleaved repetitions (switchcost compare's
     * cells {@link #QUICK_COMPARE_C}, {@link #QUICK_COMPARE_JVM}), into compare.json: the answer card's "JVM vs C" comes from the same
     * run. Native programs that are not built leave the cells empty with the reason (said once).
     *
     * @return false when a repetition failed
     */
    boolean compareWithC(ResultsDir run, Path logFile, PrintStream logStream) {
        java.util.Set<dev.switchcost.results.Column> columns = java.util.EnumSet.noneOf(dev.switchcost.results.Column.class);
        for (dev.switchcost.results.Column c : dev.switchcost.results.Column.values()) {
            if (QUICK_COMPARE_C.contains(c.name())) {
                columns.add(c);
            }
        }
        for (String name : QUICK_COMPARE_JVM) {
            java.util.Optional<dev.switchcost.results.Column> c = java.util.Arrays.stream(dev.switchcost.results.Column.values())
                    .filter(x -> x.name().equals(name)).findFirst();
            if (c.isPresent()) {
                columns.add(c.get());
                break;
            }
        }
        dev.switchcost.measure.nativebaseline.NativeRunner nativeRunner = dev.switchcost.measure.nativebaseline.NativeRunner.locate();
        nativeRunner.unavailableReason().ifPresent(why -> out().println("# native C not compared: " + why));
        out().println("# native C beside the JVM, one CPU, " + QUICK_COMPARE_REPETITIONS + " interleaved repetitions:");
        out().flush();
        dev.switchcost.results.CompareResults results = new dev.switchcost.session.CompareRunner(
                new dev.switchcost.session.CompareRunner.Settings(QUICK_COMPARE_REPETITIONS, true,
                        List.of(dev.switchcost.measure.affinity.Placement.SAME_CPU), columns),
                nativeRunner, dev.switchcost.session.JmhTargets.current(), logFile, logStream, out()).run();
        results.write(run.dir());
        return results.cells().stream().flatMap(c -> c.samples().stream()).noneMatch(x -> x.error() != null);
    }

    /**
     * The end of a run: the answer card (at most one screen) from what the run directory holds, then
     * the report it wrote. The JMH table stays in run.log.
     *
     * @return {@link ExitCodes#OK}, or the exit code of a report that could not be written (a full disk
     *         is the environment: 3; anything else {@link ExitCodes#INTERNAL}); the results themselves
     *         are written by then, and the status stays what the trials made it
     */
    int answer(ResultsDir run) {
        String command = "switchcost " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        try {
            out().println();
            out().print(dev.switchcost.render.AnswerCard.renderWithReport(run.dir(), command));
            out().flush();
            return ExitCodes.OK;
        } catch (IOException | RuntimeException e) {
            err().println("switchcost: no answer card or report: " + firstLine(String.valueOf(e.getMessage())));
            // a file that could not be written says why (a full disk: 3); anything else is a bug, never 0
            return e instanceof SwitchcostException s ? ExitCodes.of(s) : ExitCodes.INTERNAL;
        }
    }

    /** Whether the user's arguments set {@code -p name=...}. */
    private boolean userGaveParam(String name) {
        List<String> args = new ArrayList<>(legacy);
        args.addAll(jmhArgs);
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-p") && args.get(i + 1).startsWith(name + "=")) {
                return true;
            }
        }
        return false;
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.strip().lines().findFirst().orElse("");
    }

    /** Bytes to a PrintWriter (JMH's result formats write to a PrintStream). */
    private static final class WriterOutputStream extends OutputStream {
        private final PrintWriter w;
        private final ByteArrayOutputStream buf = new ByteArrayOutputStream();

        WriterOutputStream(PrintWriter w) {
            this.w = w;
        }

        @Override
        public void write(int b) {
            buf.write(b);
        }

        @Override
        public void flush() {
            w.print(buf.toString(StandardCharsets.UTF_8));
            w.flush();
            buf.reset();
        }
    }
}
