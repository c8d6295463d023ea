package dev.switchcost.cli;

import dev.switchcost.jmh.BenchmarkMain;
import dev.switchcost.jmh.ContextSwitchProfiler;
import dev.switchcost.jmh.ProgressFormat;
import dev.switchcost.machine.MachineInfo;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code switchcost run}: runs benchmarks through JMH's {@link Runner} with switch counting on, shows
 * progress, and writes {@code jmh.json} (JMH's JSON format), {@code machine.json} and {@code run.log}
 * into {@code <results-dir>/<hostname>-<yyyyMMdd-HHmmss>/}.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Run the suite (--quick headline run, or --full) and write results/<host>-<time>/.",
        description = {"Runs benchmarks through JMH with the context-switch profiler on, shows which benchmark and "
                + "parameters run and JMH's ETA, and writes jmh.json (JMH JSON), machine.json and run.log into "
                + "<results-dir>/<hostname>-<yyyyMMdd-HHmmss>/.",
                "",
                "--quick (default): syscall, futex, park/unpark and virtual-thread handoff benchmarks for every "
                        + "placement this machine has, with short fixed iterations (" + RunCommand.QUICK_SUMMARY + ").",
                "--full: every benchmark with its own @Warmup/@Measurement/@Fork settings.",
                "REGEX narrows either set (JMH include syntax, e.g. FutexPingPong or 'Park.*roundTrip_park')."})
public final class RunCommand extends BaseCommand {

    /** The --quick set: the headline questions, virtual-thread handoffs through LockSupport only. */
    static final String QUICK_INCLUDE =
            "\\.(SyscallBaseline|FutexPingPong|ParkUnparkPingPong|VirtualThreadHandoff\\w*)\\.";
    static final Map<String, String> QUICK_PARAMS = Map.of("primitive", "LOCK_SUPPORT");
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

    @Parameters(arity = "0..1", paramLabel = "REGEX", description = "Only benchmarks matching this regex (JMH include).")
    String regex;

    @Option(names = "--results-dir", paramLabel = "DIR", defaultValue = "results",
            description = "Where the run directory is created (default: ${DEFAULT-VALUE}).")
    Path resultsDir;

    @Option(names = {"-f", "--forks"}, paramLabel = "N", description = "Override the fork count.")
    Integer forks;

    @Option(names = "--warmup-iterations", paramLabel = "N", description = "Override the warmup iteration count.")
    Integer warmupIterations;

    @Option(names = "--iterations", paramLabel = "N", description = "Override the measurement iteration count.")
    Integer iterations;

    @Option(names = "--time", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Override the time of every warmup and measurement iteration, e.g. 200ms.")
    Duration time;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=V1,V2", mapFallbackValue = "",
            description = "Override a @Param, e.g. -p placement=SAME_CPU.")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--prof", paramLabel = "PROFILER", split = ",",
            description = "Extra JMH profilers: 'perf' (dev.switchcost.jmh.PerfStatProfiler), or any name -prof takes.")
    List<String> profilers = new ArrayList<>();

    @Override
    protected int doCall() throws IOException {
        validate();
        List<String> includes = regex != null ? List.of(regex) : full() ? List.of(".*") : List.of(QUICK_INCLUDE);
        if (org.openjdk.jmh.runner.BenchmarkList.defaultList().find(
                OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT), includes, List.of()).isEmpty()) {
            throw SwitchcostException.usage("no benchmark matches " + String.join(" or ", includes) + "; see 'switchcost list'");
        }
        dev.switchcost.results.ResultsDir run = createRunDir(resultsDir, MachineInfo.collect(Path.of("/")).hostname());
        try (run) {
            run.interruptedOnExit();
            int code = run(run.dir());
            if (code == ExitCodes.OK) {
                run.complete();
            } else {
                run.fail("no results");
            }
            return code;
        } catch (SwitchcostException e) {
            if (e.exitCode() == ExitCodes.USAGE) {
                run.discard(); // rejected: leave no directory behind
            } else {
                run.fail(e.getMessage());
            }
            throw e;
        }
    }

    private int run(Path runDir) throws IOException {
        Options options = options(runDir);

        Path logFile = runDir.resolve("run.log");
        try (PrintStream logStream = new PrintStream(Files.newOutputStream(logFile), true, StandardCharsets.UTF_8)) {
            MachineInfo machine = MachineInfo.collect();
            machine.write(runDir);
            out().println("# switchcost run: " + machine.summary());
            out().println("# results: " + runDir.toAbsolutePath());
            if (machine.perf() != null && machine.perf().note() != null) {
                out().println("# " + machine.perf().note());
            }
            out().flush();
            OutputFormat log = OutputFormatFactory.createFormatInstance(logStream, VerboseMode.NORMAL);
            ProgressFormat progress = new ProgressFormat(log, out());
            Collection<RunResult> results;
            // skip lines go to the terminal and run.log as they are said
            WriterOutputStream toTerminal = new WriterOutputStream(out());
            PrintStream said = new PrintStream(new java.io.OutputStream() {
                @Override
                public void write(int b) {
                    toTerminal.write(b);
                    logStream.write(b);
                }

                @Override
                public void flush() {
                    toTerminal.flush();
                    logStream.flush();
                }
            }, true, StandardCharsets.UTF_8);
            try {
                results = BenchmarkMain.run(options, progress, said);
            } catch (IllegalArgumentException e) {
                throw SwitchcostException.usage(e.getMessage());
            } catch (NoBenchmarksException e) {
                throw SwitchcostException.usage("no benchmark matches " + describeIncludes(options)
                        + "; see 'switchcost list'");
            } catch (RunnerException e) {
                logStream.println("ERROR: " + e);
                throw new SwitchcostException(ExitCodes.FAILURE, "the run failed: " + rootMessage(e) + " (details in " + logFile + ")", e);
            }
            out().println();
            PrintStream table = new PrintStream(new WriterOutputStream(out()), true, StandardCharsets.UTF_8);
            ResultFormatFactory.getInstance(ResultFormatType.TEXT, table).writeOut(results);
            table.flush();
            out().println();
            out().println("Wrote " + runDir.resolve("jmh.json") + ", " + runDir.resolve(MachineInfo.FILE_NAME) + ", " + logFile);
            return results.isEmpty() ? ExitCodes.FAILURE : ExitCodes.OK;
        }
    }

    void validate() {
        if (regex != null) {
            try {
                Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw SwitchcostException.usage("bad benchmark regex '" + regex + "': " + e.getDescription());
            }
        }
        for (Integer n : new Integer[] {forks, iterations}) {
            if (n != null && n < 1) {
                throw SwitchcostException.usage("--forks and --iterations must be at least 1 (got " + n + ")");
            }
        }
        if (warmupIterations != null && warmupIterations < 0) {
            throw SwitchcostException.usage("--warmup-iterations must be 0 or more (got " + warmupIterations + ")");
        }
    }

    boolean full() {
        return mode != null && mode.full;
    }

    Options options(Path runDir) {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .resultFormat(ResultFormatType.JSON)
                .result(runDir.resolve("jmh.json").toString())
                .addProfiler(ContextSwitchProfiler.class);
        if (regex != null) {
            b.include(regex);
        }
        if (!full()) {
            if (regex == null) {
                b.include(QUICK_INCLUDE);
            }
            b.forks(QUICK_FORKS)
                    .warmupIterations(QUICK_WARMUP_ITERATIONS).warmupTime(QUICK_WARMUP_TIME)
                    .measurementIterations(QUICK_ITERATIONS).measurementTime(QUICK_ITERATION_TIME);
            QUICK_PARAMS.forEach((name, value) -> {
                if (!params.containsKey(name)) {
                    b.param(name, value);
                }
            });
        }
        if (forks != null) {
            b.forks(forks);
        }
        if (warmupIterations != null) {
            b.warmupIterations(warmupIterations);
        }
        if (iterations != null) {
            b.measurementIterations(iterations);
        }
        if (time != null) {
            TimeValue t = TimeValue.milliseconds(time.toMillis());
            b.warmupTime(t).measurementTime(t);
        }
        for (Map.Entry<String, String> p : params.entrySet()) {
            if (p.getValue().isBlank()) {
                throw SwitchcostException.usage("--param " + p.getKey() + " needs values: --param " + p.getKey() + "=V1,V2");
            }
            b.param(p.getKey(), p.getValue().split(","));
        }
        for (String prof : profilers) {
            b.addProfiler("perf".equals(prof) ? "dev.switchcost.jmh.PerfStatProfiler"
                    : "ctxsw".equals(prof) ? ContextSwitchProfiler.class.getName() : prof);
        }
        return b.build();
    }

    /**
     * Creates {@code <resultsDir>/<host>-<stamp>/} through {@link dev.switchcost.results.ResultsDir}, the one
     * owner of run-directory names (unique, created atomically, with a status file).
     *
     * @throws SwitchcostException (usage) with one line when the directory cannot be created or written
     */
    static dev.switchcost.results.ResultsDir createRunDir(Path resultsDir, String host) {
        return dev.switchcost.results.ResultsDir.create(resultsDir, host, null);
    }

    private static String describeIncludes(Options o) {
        return o.getIncludes().isEmpty() ? "(everything)" : String.join(" or ", o.getIncludes());
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }

    /** Bytes to a PrintWriter (JMH's result formats write to a PrintStream). */
    private static final class WriterOutputStream extends java.io.OutputStream {
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
