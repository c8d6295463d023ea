package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.launch.Jdk;
import dev.switchcost.measure.affinity.PlacementUnavailableException;
import dev.switchcost.measure.jmh.BenchmarkCatalog;
import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.jmh.JmhLock;
import dev.switchcost.measure.jmh.ParamCheck;
import dev.switchcost.measure.jmh.TrialPlan;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.render.DisturbanceText;
import dev.switchcost.render.ProgressFormat;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Param;
import dev.switchcost.results.QuickSet;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.session.RunSession;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.openjdk.jmh.annotations.Mode.SampleTime;

/**
 * {@code switchcost run}: one JMH run with switch counting on, JMH's own options accepted as JMH takes
 * them, whole-run progress on the terminal, and {@code jmh.json} (complete trials only), {@code machine.json}
 * and {@code run.log} in a new run directory. Exit 0 only when every requested trial completed.
 */
@Command(name = "run",
        footer = {
            "  switchcost run --quick",
            "  switchcost run --quick -o results/quick",
            "  switchcost run -f 1 -wi 1 -i 2 -prof gc " + Bench.Names.FUTEX + ""},
        versionProvider = VersionProvider.class,
        header = "Run the suite (--quick headline run, or --full) with JMH's options; write a results directory.",
        description = {"Runs benchmarks in one JMH run (--quick: the mean rows, the cache line's, the price's and the sample-mode "
                + "trials, each a JMH run of its own, in shared rounds of one fork each, into one result file) with the context-switch profiler on, shows progress over the "
                + "whole run (n/N, JMH's percent of the JMH run under way, the ETA of the whole run: every JMH run, fork and "
                + "C comparison cell), and writes jmh.json (JMH JSON, complete trials only), "
                + "machine.json, run.log (JMH's full output and table) and a status into a new directory under "
                + "-o/--output (default: results/). Exits 0 only when every requested trial completed undisturbed; 1 when one "
                + "failed or was disturbed (others took its CPUs, or a CPU quota throttled it; named, with its reason and the largest intruder), 2 for a bad option, 3 when results cannot be written. Ends with "
                + "the answer on one screen and the report.html it wrote.",
                "",
                "JMH-ARGS are JMH's own options and benchmark regexes, as java -jar target/benchmarks.jar takes them "
                        + "(-f -wi -i -w -r -p NAME=V1,V2 -prof NAME -jvm -jvmArgs -bm -tu -foe -rf ..., see "
                        + "java -jar target/benchmarks.jar -h); everything after -- goes to JMH too. -o here is the "
                        + "results directory, not JMH's output file.",
                "",
                "--quick (default): what the answer card says: futex handoff on one CPU and across CPUs, virtual vs "
                        + "platform threads, gettid, and the whole cost through the caches (the paired working-set round trip "
                        + "on one CPU at half of L2 per thread and at size 0); the handoffs again in sample mode for their "
                        + "tail; " + QuickSet.SUMMARY + " unless JMH-ARGS say otherwise; then "
                        + "plain C beside the JVM's futex handoff (8 interleaved repetitions, compare.json). A "
                        + "benchmark regex runs those benchmarks instead (every @Param value they declare, the quick iterations), "
                        + "without the C comparison.",
                "--full: every benchmark with its own @Warmup/@Measurement/@Fork settings."})
public final class RunCommand extends BaseCommand implements OutputDirMixin.Defaulted {

    @Override
    public String outputDefault() {
        return "results; the run writes into a new DIR/" + ResultsDir.pattern(null) + " directory";
    }

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
            description = "JMH's options and benchmark regexes (JMH include syntax, e.g. " + Bench.Names.FUTEX
                    + " or 'Park.*roundTrip_park').")
    List<String> jmhArgs = new ArrayList<>();

    @Mixin
    LockWaitMixin lockWait;

    @Mixin
    AllowDisturbedMixin allowDisturbed;

    @Mixin
    PrecisionMixin precise;

    @Mixin
    HistoryMixin history;

    @Mixin
    JdkMixin jdks;

    /**
     * The validated options of this run, before a directory exists; the latency distribution's, the cache line's and the
     * price trial's (--quick, {@code QuickSet.PRICE_PARAMS}) are null when there are none.
     *
     * @param raw     the user's options with switchcost's run defaults, before the machine's (placements, fork flags), to
     *                run again on another {@code -jvm}
     * @param options {@code raw} ready for this machine and the default JVM
     */
    record Prepared(Options raw, Options options, String jmhResultFormat, boolean quick, boolean designed,
                    Options distributionRaw, Options distribution, Options cacheRaw, Options cache, Options priceRaw,
                    Options price) {
    }

    @Override
    protected int doCall() throws IOException {
        // Everything that can be refused is refused before the run directory exists.
        // bytes to out(): JMH's and ForkOptions' lines go to a PrintStream
        PrintStream said = new PrintStream(new ByteArrayOutputStream() {
            @Override
            public void flush() {
                out().print(toString(StandardCharsets.UTF_8));
                out().flush();
                reset();
            }
        }, true, StandardCharsets.UTF_8);
        List<Jdk> chosen = jdks.chosen();
        Prepared prepared = prepare(said);
        if (!chosen.isEmpty() && prepared.raw().getJvm().hasValue()) {
            throw SwitchcostException.usage("--jdk and JMH's -jvm both choose the JVM of the forks; give --jdk only");
        }
        List<RunSession.OnJdk> runs = chosen.isEmpty() ? List.of(onJdk(prepared, null, said))
                : chosen.stream().map(j -> onJdk(prepared, j, said)).toList();
        boolean keep = allowDisturbed.allowed();
        RunSession.Plan plan = new RunSession.Plan(runs, prepared.jmhResultFormat(), prepared.quick() ? QuickOptions.compare(keep) : null,
                keep, mode == null || !mode.full, precise.precision(mode == null || !mode.full, prepared.designed()));
        lockWait.await(out());
        Path parent = output.dir() != null ? output.dir() : Path.of("results");
        try (ResultsDir run = ResultsDir.create(parent, MachineProbe.collect(Path.of("/")).hostname(), null).interruptedOnExit()) {
            try {
                boolean ok = new RunSession(out(), err(), (log, trials, time) -> new ProgressFormat(log, out(), trials, time),
                        DisturbanceText.WORDS).runAll(run, plan);
                if (ok) {
                    run.complete();
                    history.record(run.dir(), err());
                }
                int answered = answer(run);
                return ok ? answered : ExitCodes.FAILURE;
            } catch (JmhLock.Busy e) {
                // another JMH run took the lock between the wait and JMH's start: a run that never started leaves no directory
                if (!run.discardIfEmpty()) {
                    run.fail(e.getMessage());
                }
                throw e;
            } catch (SwitchcostException e) {
                run.fail(e.getMessage());
                throw e;
            } catch (RuntimeException | IOException e) {
                run.fail(String.valueOf(e.getMessage()));
                throw e;
            }
        }
    }

    /**
     * {@code p} on {@code j} (null: the JVM running switchcost, as prepared), checked before a directory exists; the runs
     * after the main one in order: the cache line's, the price trial's, then the distribution's.
     */
    private RunSession.OnJdk onJdk(Prepared p, Jdk j, PrintStream said) {
        Options o = j == null ? p.options() : ready(p.raw(), j, p.quick(), said);
        Options d = j == null ? p.distribution() : ready(p.distributionRaw(), j, p.quick(), quiet());
        Options c = j == null ? p.cache() : ready(p.cacheRaw(), j, p.quick(), quiet());
        Options pr = j == null ? p.price() : ready(p.priceRaw(), j, p.quick(), quiet());
        List<RunSession.Later> later = Stream.of(
                new RunSession.Later("the cache line: the paired working-set round trip, at its size and at size 0", c),
                new RunSession.Later("the price across CPUs: the paired working-set round trip at size 0 on two CPUs", pr),
                new RunSession.Later("the latency distribution: the handoffs again in JMH's sample mode (-bm sample)", d))
                .filter(l -> l.options() != null).toList();
        return new RunSession.OnJdk(j, o, TrialPlan.of(o), later);
    }

    /**
     * {@code raw} with switchcost's fork defaults for this machine and {@code j} (null: the JVM running switchcost), or
     * null for null: a placement the machine lacks is the environment (exit 3), any other refusal a user mistake (exit 2).
     */
    private Options ready(Options raw, Jdk j, boolean quick, PrintStream said) {
        if (raw == null) {
            return null;
        }
        if (j != null) {
            ChainedOptionsBuilder b = new OptionsBuilder().parent(raw).jvm(j.java().getPath());
            if (quick && !userParams(args()).contains(Param.BINDING.key())) {
                // --quick's binding is the best this JDK has, not the one running switchcost
                b.param(Param.BINDING.key(), j.hasFfm() ? "FFM" : "JNA");
            }
            raw = b.build();
        }
        try {
            return ForkOptions.withSwitchcostDefaults(raw, said);
        } catch (PlacementUnavailableException e) {
            throw SwitchcostException.environment(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage((j == null ? "" : "on JDK " + j.version + ": ") + e.getMessage());
        }
    }

    /** Where the distribution run's repeats of what the mean run already said go. */
    private static PrintStream quiet() {
        return new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    }

    /**
     * JMH-ARGS parsed by JMH, with switchcost's defaults where the user gave none, checked: parameters,
     * profilers, placements and the benchmark selection.
     *
     * @param said where placements that are skipped are reported
     * @throws SwitchcostException (usage) for anything wrong in the arguments
     */
    Prepared prepare(PrintStream said) {
        List<String> args = args();
        CommandLineOptions cmd = parse(args);
        boolean quick = mode == null || !mode.full;
        boolean distribution = quick && cmd.getIncludes().isEmpty() && cmd.getBenchModes().isEmpty();
        ChainedOptionsBuilder b = QuickOptions.builder(cmd, quick, QuickSet.INCLUDE, QuickSet.WARMUP_ITERATIONS, QuickSet.ITERATIONS, QuickSet.PARAMS);
        ChainedOptionsBuilder d = distribution ? QuickOptions.builder(cmd, true, QuickSet.DISTRIBUTION_INCLUDE,
                QuickSet.DISTRIBUTION_WARMUP_ITERATIONS, QuickSet.DISTRIBUTION_ITERATIONS, QuickSet.PARAMS).mode(SampleTime) : null;
        if (d != null && !cmd.getForkCount().hasValue()) {
            d.forks(QuickSet.DISTRIBUTION_FORKS);
        }
        Map<String, String> cacheParams = new HashMap<>(QuickSet.PARAMS);
        cacheParams.put(Param.PLACEMENT.key(), QuickSet.CACHE_PLACEMENT);
        ChainedOptionsBuilder c = quick && cmd.getIncludes().isEmpty() ? QuickOptions.builder(cmd, true, QuickSet.CACHE_INCLUDE,
                QuickSet.WARMUP_ITERATIONS, QuickSet.ITERATIONS, cacheParams) : null;
        Map<String, String> priceParams = new HashMap<>(QuickSet.PARAMS);
        priceParams.putAll(QuickSet.PRICE_PARAMS);
        ChainedOptionsBuilder pr = c == null ? null : QuickOptions.builder(cmd, true, QuickSet.CACHE_INCLUDE,
                QuickSet.WARMUP_ITERATIONS, QuickSet.ITERATIONS, priceParams);
        withProfilers(cmd, Stream.of(b, d, c, pr).filter(Objects::nonNull).toList());
        Options raw = b.build();
        check(raw);
        try {
            ParamCheck.check(raw, userParams(args));
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
        Options options = ready(raw, null, quick, said);
        Options distributionRaw = d == null ? null : d.build();
        Options cacheRaw = c == null ? null : c.build();
        Options priceRaw = pr == null ? null : pr.build();
        String rf = cmd.getResultFormat().hasValue() ? cmd.getResultFormat().get().toString() : null;
        // the quick set with its own forks is a designed run: forks are added where its figures fall short (QuickSet)
        return new Prepared(raw, options, rf, quick && cmd.getIncludes().isEmpty(),
                quick && cmd.getIncludes().isEmpty() && !cmd.getForkCount().hasValue(), distributionRaw,
                ready(distributionRaw, null, quick, quiet()), cacheRaw, ready(cacheRaw, null, quick, quiet()),
                priceRaw, ready(priceRaw, null, quick, quiet()));
    }

    /** JMH's options from the arguments; a user mistake (exit 2) for one neither switchcost nor JMH takes. */
    private static CommandLineOptions parse(List<String> args) {
        CommandLineOptions cmd;
        try {
            cmd = new CommandLineOptions(args.toArray(new String[0]));
        } catch (CommandLineOptionException e) {
            String msg = e.getMessage().strip().replace('\n', ' ');
            Matcher unknown = Pattern.compile("(\\S+) is not a recognized option").matcher(msg);
            if (unknown.find()) {
                String name = unknown.group(1);
                String typed = args.stream().filter(a -> a.replaceFirst("^-+", "").equals(name)).findFirst().orElse(name);
                throw SwitchcostException.usage("unknown option " + typed + " (neither switchcost's nor JMH's); see 'switchcost run --help'");
            }
            throw SwitchcostException.usage("bad JMH option: " + msg);
        }
        if (cmd.getResult().hasValue()) {
            throw SwitchcostException.usage("-rff is not used here: results go to jmh.json in the run directory "
                    + "(-rf FORMAT adds jmh.FORMAT beside it)");
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
        return cmd;
    }

    /** switchcost's profilers on every JMH run, unless the user named them. */
    private static void withProfilers(CommandLineOptions cmd, List<ChainedOptionsBuilder> all) {
        Set<String> named = cmd.getProfilers().stream().map(ProfilerConfig::getKlass).collect(Collectors.toSet());
        // PinnedEventsProfiler only when asked (-prof dev.switchcost.measure.jmh.PinnedEventsProfiler): a JFR recording
        // slows every virtual-thread mount, so its counts come from trials of their own, never beside quoted figures;
        // PairedWalkProfiler reports only for roundTripPaired, nothing elsewhere
        for (ChainedOptionsBuilder x : all) {
            ForkOptions.PROFILERS.stream()
                    .filter(p -> !named.contains(p.getName()) && !(p == ContextSwitchProfiler.class && named.contains("ctxsw")))
                    .forEach(x::addProfiler);
        }
    }

    /** Every profiler can be made and some benchmark matches; else a user mistake (exit 2). */
    private static void check(Options options) {
        for (ProfilerConfig p : options.getProfilers()) {
            try {
                ProfilerFactory.getProfilerOrException(p);
            } catch (ProfilerException e) {
                String why = firstLine(e.getMessage());
                throw SwitchcostException.usage("-prof " + p.getKlass() + ": " + (why.contains("ClassNotFoundException")
                        ? "no such profiler; see 'switchcost list' and java -jar target/benchmarks.jar -lprof" : why));
            }
        }
        if (BenchmarkCatalog.matching(options.getIncludes(), options.getExcludes()).isEmpty()) {
            throw SwitchcostException.usage("no benchmark matches " + String.join(" or ", options.getIncludes())
                    + "; see 'switchcost list'");
        }
    }

    /** The {@code -p} names the user gave: JMH keeps no list of them, so they come from the arguments. */
    private static List<String> userParams(List<String> args) {
        return IntStream.range(0, args.size() - 1).filter(i -> args.get(i).equals("-p") && args.get(i + 1).indexOf('=') > 0)
                .mapToObj(i -> args.get(i + 1).substring(0, args.get(i + 1).indexOf('='))).toList();
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
            out().print(ReportCommand.cardWithReport(run.dir(), command));
            out().flush();
            return ExitCodes.OK;
        } catch (IOException | RuntimeException e) {
            err().println("switchcost: no answer card or report: " + firstLine(String.valueOf(e.getMessage())));
            // a file that could not be written says why (a full disk: 3); anything else is a bug, never 0
            return e instanceof SwitchcostException s ? ExitCodes.of(s.kind()) : ExitCodes.INTERNAL;
        }
    }

    /** The user's JMH arguments. */
    private List<String> args() {
        return jmhArgs;
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.strip().lines().findFirst().orElse("");
    }
}
