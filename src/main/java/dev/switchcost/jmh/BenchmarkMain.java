package dev.switchcost.jmh;

import dev.switchcost.affinity.CpuPinning;
import dev.switchcost.affinity.CpuSet;
import dev.switchcost.affinity.Placement;
import dev.switchcost.affinity.PlacementUnavailableException;
import dev.switchcost.affinity.Topology;
import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.linux.Binding;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * JMH's {@code Main}: one JMH run, one result file, plus what switchcost's benchmarks need from every run:
 * <ul>
 *   <li>forks get the JVM flags of {@link JdkPolicy#jvmFlags} for their JDK, e.g.
 *       {@code --enable-native-access=ALL-UNNAMED} (JMH starts forks with {@code -cp}, so the jar
 *       manifest's {@code Enable-Native-Access} does not reach them);</li>
 *   <li>placements this machine cannot provide are skipped, each with one line saying why, instead of
 *       failing with a stack trace or running as something else;</li>
 *   <li>a trial that failed (its benchmark, setup or fork died) makes the exit code 1 and is named with
 *       its reason; the result file ({@code -rf}/{@code -rff}) holds the complete trials only, and is
 *       written to a temporary file then renamed (a failed write exits 3);</li>
 *   <li>(a {@code -jvm} older than Java 21 is refused earlier, by {@code dev.switchcost.launch.Launcher}.)</li>
 * </ul>
 */
public final class BenchmarkMain {

    static final String PLACEMENT_PARAM = "placement";
    static final String BINDING_PARAM = "binding";

    private BenchmarkMain() {
    }

    public static void main(String[] argv) throws IOException {
        CommandLineOptions cmd;
        try {
            cmd = new CommandLineOptions(argv);
        } catch (CommandLineOptionException e) {
            System.err.println("Error parsing command line:");
            System.err.println(" " + e.getMessage());
            System.exit(2);
            return;
        }
        if (cmd.shouldHelp()) {
            cmd.showHelp();
            return;
        }
        if (cmd.shouldListProfilers()) {
            cmd.listProfilers();
            return;
        }
        if (cmd.shouldListResultFormats()) {
            cmd.listResultFormats();
            return;
        }
        Runner listing = new Runner(cmd);
        if (cmd.shouldList()) {
            listing.list();
            return;
        }
        if (cmd.shouldListWithParams()) {
            listing.listWithParams(cmd);
            return;
        }
        System.exit(runAndWrite(cmd, System.out, System.err));
    }

    /**
     * What {@code java -jar benchmarks.jar ARGS} does after parsing: one JMH run of {@code cmd} with
     * switchcost's defaults, the result file JMH would write ({@code -rf}/{@code -rff}) with the complete
     * trials only, and an exit code: 0 when every requested trial completed, 1 when one failed (each
     * named on {@code err} with its reason), 2 for a bad option, 3 when the result file cannot be written.
     */
    static int runAndWrite(Options cmd, PrintStream out, PrintStream err) {
        Options options;
        try {
            options = withSwitchcostDefaults(cmd, err);
        } catch (PlacementUnavailableException e) {
            err.println(e.getMessage());
            return 3;
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return 2;
        }
        PrintStream human = out;
        if (cmd.getOutput().hasValue()) {
            try {
                human = new PrintStream(new java.io.FileOutputStream(cmd.getOutput().get()), true, java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("cannot write -o " + cmd.getOutput().get() + ": " + e.getMessage());
                return 3;
            }
        }
        OutputFormat format = OutputFormatFactory.createFormatInstance(new PrintStream(closeShield(human), true,
                java.nio.charset.StandardCharsets.UTF_8), cmd.verbosity().orElse(VerboseMode.NORMAL));
        TrialLedger.Outcome outcome;
        try {
            outcome = execute(options, format);
        } catch (NoBenchmarksException e) {
            err.println("No matching benchmarks. Miss-spelled regexp? Use -l to list them.");
            return 2;
        } catch (ProfilersFailedException e) {
            err.println(profilerFailure(e));
            return 2;
        } catch (RunnerException e) {
            err.println(rootMessage(e));
            return 3;
        }
        if (cmd.getResult().hasValue() || cmd.getResultFormat().hasValue()) {
            ResultFormatType type = cmd.getResultFormat().orElse(ResultFormatType.CSV);
            Path file = Path.of(cmd.getResult().orElse("jmh-result." + type.toString().toLowerCase(java.util.Locale.ROOT)));
            try {
                writeResults(file, type, outcome.complete());
            } catch (dev.switchcost.results.ResultWriteException e) {
                err.println(e.getMessage());
                return e.exitCode();
            }
            human.println();
            human.println("Benchmark result is saved to " + file
                    + (outcome.ok() ? "" : " (complete trials only; " + outcome.failed().size() + " failed)"));
        }
        human.flush();
        if (!outcome.ok()) {
            err.println(failureSummary(outcome, "# switchcost: "));
            return 1;
        }
        return 0;
    }

    /**
     * Runs {@code options} (already through {@link #withSwitchcostDefaults}) as one JMH run, without a
     * result file, and checks what came back against what was asked for.
     *
     * @param out JMH's output format for the run (wrapped: failures are noted on the way)
     * @throws NoBenchmarksException     when nothing matches
     * @throws ProfilersFailedException  when a {@code -prof} cannot be created
     * @throws RunnerException           when JMH could not start the run at all (e.g. another JMH run holds
     *                                   its lock file)
     */
    public static TrialLedger.Outcome execute(Options options, OutputFormat out) throws RunnerException {
        TrialPlan plan = TrialPlan.of(options);
        TrialLedger ledger = new TrialLedger(out);
        try {
            return ledger.outcome(plan, new Runner(new WithoutResultFile(options), ledger).run(), null);
        } catch (NoBenchmarksException | ProfilersFailedException e) {
            throw e;
        } catch (RunnerException e) {
            if (!ledger.anyStarted()) {
                throw e;
            }
            // -foe: JMH stops at the first failure and returns nothing
            return ledger.outcome(plan, List.of(), rootMessage(e));
        }
    }

    /** One line naming the profiler problems, as JMH's own Main prints them. */
    public static String profilerFailure(ProfilersFailedException e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !(t instanceof ProfilersFailedException)) {
                b.append(b.length() == 0 ? "" : "; ").append(t.getMessage().strip());
            }
            for (Throwable s : t.getSuppressed()) {
                b.append(b.length() == 0 ? "" : "; ").append(String.valueOf(s.getMessage()).strip());
            }
        }
        return "profiler failed: " + (b.length() == 0 ? String.valueOf(e.getMessage()) : b.toString().replace('\n', ' '));
    }

    /** The failed trials, one per line, under a one-line count. */
    public static String failureSummary(TrialLedger.Outcome outcome, String prefix) {
        StringBuilder b = new StringBuilder(prefix + outcome.failed().size() + " trial"
                + (outcome.failed().size() == 1 ? "" : "s") + " failed; their rows are left out of the results:");
        outcome.failed().forEach((k, why) -> b.append(System.lineSeparator()).append("    ").append(k).append(": ").append(why));
        return b.toString();
    }

    /**
     * Writes {@code results} in {@code type} to a temporary file beside {@code file}, then renames it:
     * {@code file} is either the whole result or untouched.
     *
     * @throws dev.switchcost.results.ResultWriteException when the file cannot be written completely
     *         (exit 3 for a full disk or read-only file system, 1 otherwise)
     */
    public static void writeResults(Path file, ResultFormatType type, Collection<RunResult> results) {
        // JMH's writers print to a PrintStream, which keeps I/O errors to itself: render in memory, then
        // write the bytes where errors are thrown
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        PrintStream ps = new PrintStream(bytes, false, java.nio.charset.StandardCharsets.UTF_8);
        ResultFormatFactory.getInstance(type, ps).writeOut(results);
        ps.flush();
        dev.switchcost.results.AtomicFiles.writeBytes(file, bytes.toByteArray());
    }

    /** {@code s} with a close that only flushes: for handing a stream that must stay open to something that closes it. */
    public static java.io.OutputStream closeShield(java.io.OutputStream s) {
        return new java.io.FilterOutputStream(s) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }

    public static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage().lines().findFirst().orElse("");
    }

    /**
     * The user's options with native access prepended to the fork JVM arguments and the placements
     * narrowed to those this machine can provide, as ONE JMH run. Without {@code -p placement=...},
     * every selected benchmark that declares {@code placement} gets the placements this machine can
     * provide among those they declare (benchmarks that declare it honour every placement; JMH ignores
     * the parameter for the others); each unavailable one is skipped with one line on {@code skipLog}.
     *
     * @throws IllegalArgumentException if no asked-for placement is available, a placement name is
     *                                  unknown, or selected benchmarks declare different placement lists
     */
    public static Options withSwitchcostDefaults(Options user, PrintStream skipLog) {
        Options base = withAvailableBindings(withNativeAccess(user), user, skipLog);
        Topology topology = Topology.current();
        CpuSet allowed = CpuPinning.allowedCpus();
        Set<String> reported = new LinkedHashSet<>();

        Collection<String> explicit = user.getParameter(PLACEMENT_PARAM).orElse(null);
        if (explicit != null) {
            List<String> keep = available(explicit, topology, allowed, skipLog, reported);
            if (keep.isEmpty()) {
                throw new PlacementUnavailableException(Placement.valueOf(explicit.iterator().next()),
                        "none of the placements " + explicit + " is (see the lines above)");
            }
            return keep.size() == explicit.size() ? base
                    : new OptionsBuilder().parent(base).param(PLACEMENT_PARAM, keep.toArray(new String[0])).build();
        }
        Map<List<String>, List<String>> declared = new LinkedHashMap<>();
        OutputFormat quiet = OutputFormatFactory.createFormatInstance(new PrintStream(java.io.OutputStream.nullOutputStream()),
                VerboseMode.SILENT);
        List<String> includes = user.getIncludes().isEmpty() ? List.of(".*") : user.getIncludes();
        for (BenchmarkListEntry e : BenchmarkList.defaultList().find(quiet, includes, user.getExcludes())) {
            String[] values = e.getParams().orElse(Map.of()).get(PLACEMENT_PARAM);
            if (values != null) {
                declared.computeIfAbsent(List.of(values), k -> new ArrayList<>()).add(e.getUsername());
            }
        }
        if (declared.isEmpty()) {
            return base;
        }
        if (declared.size() > 1) {
            StringBuilder b = new StringBuilder("the selected benchmarks declare different placement lists (");
            declared.forEach((list, names) -> b.append(names.get(0)).append(names.size() > 1 ? " and " + (names.size() - 1)
                    + " more" : "").append(": ").append(list).append("; "));
            b.setLength(b.length() - 2);
            throw new IllegalArgumentException(b + "); one JMH run applies one list to all: give -p placement=... or select fewer");
        }
        List<String> defaults = declared.keySet().iterator().next();
        List<String> keep = available(defaults, topology, allowed, skipLog, reported);
        if (keep.isEmpty()) {
            throw new PlacementUnavailableException(Placement.valueOf(defaults.get(0)),
                    "none of the placements " + defaults + " is (see the lines above)");
        }
        return keep.size() == defaults.size() ? base
                : new OptionsBuilder().parent(base).param(PLACEMENT_PARAM, keep.toArray(new String[0])).build();
    }

    /**
     * The {@code binding} parameter narrowed to what the benchmark JVM provides ({@link Binding#FFM}
     * needs JDK 22+), with one line per binding skipped, as for placements. An explicit
     * {@code -p binding=...} is narrowed (none left: an error naming why); without one, benchmarks that
     * declare {@code binding} run with {@code JNA} alone on a JDK without FFM.
     *
     * @throws IllegalArgumentException if none of the asked-for bindings is available, or a name is unknown
     */
    static Options withAvailableBindings(Options base, Options user, PrintStream skipLog) {
        int jdk = benchmarkJdkFeature(user);
        Collection<String> explicit = user.getParameter(BINDING_PARAM).orElse(null);
        List<String> asked = new ArrayList<>();
        if (explicit != null) {
            asked.addAll(explicit);
        } else {
            OutputFormat quiet = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
            List<String> includes = user.getIncludes().isEmpty() ? List.of(".*") : user.getIncludes();
            for (BenchmarkListEntry e : BenchmarkList.defaultList().find(quiet, includes, user.getExcludes())) {
                String[] values = e.getParams().orElse(Map.of()).get(BINDING_PARAM);
                if (values != null) {
                    java.util.Arrays.stream(values).filter(v -> !asked.contains(v)).forEach(asked::add);
                }
            }
        }
        List<String> keep = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (String name : asked) {
            Binding b;
            try {
                b = Binding.valueOf(name);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown binding '" + name + "'; choose from " + java.util.Arrays.toString(Binding.values()));
            }
            java.util.Optional<String> why = b.unavailableOn(jdk);
            if (why.isEmpty()) {
                keep.add(name);
            } else {
                reasons.add(why.get());
                skipLog.println("# switchcost: skipping binding " + name + ": " + why.get());
            }
        }
        if (keep.size() == asked.size()) {
            return base;
        }
        if (keep.isEmpty()) {
            throw new IllegalArgumentException("none of the bindings " + asked + " is available: " + String.join("; ", reasons));
        }
        return new OptionsBuilder().parent(base).param(BINDING_PARAM, keep.toArray(new String[0])).build();
    }

    /** The feature release of the JVM the forks run: {@code -jvm}'s, else this one's ({@link JdkPolicy}). */
    static int benchmarkJdkFeature(Options user) {
        JdkPolicy.Jdk jdk = user.getJvm().hasValue() ? JdkPolicy.ofJava(user.getJvm().get()) : JdkPolicy.running();
        return jdk != null ? jdk.feature : Runtime.version().feature();
    }

    /** The placements of {@code names} this machine can provide; one line per unavailable one (once per run). */
    private static List<String> available(Collection<String> names, Topology topology, CpuSet allowed, PrintStream skipLog,
                                          Set<String> reported) {
        List<String> keep = new ArrayList<>();
        for (String name : names) {
            Placement p;
            try {
                p = Placement.valueOf(name);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown placement '" + name + "'; choose from "
                        + java.util.Arrays.toString(Placement.values()));
            }
            Placement.Assignment a = p.assign(topology, allowed);
            if (a.isAvailable()) {
                keep.add(name);
            } else if (reported.add(name)) {
                skipLog.println("# switchcost: skipping placement " + name + ": " + a.unavailable());
            }
        }
        return keep;
    }

    /**
     * Forks get the flags {@link JdkPolicy#jvmFlags} names for their JDK (the {@code -jvm} given, else this
     * one), unless they inherit them from this JVM's own arguments (JMH's default without {@code -jvmArgs});
     * and a fork on another JDK inherits only the arguments that JDK accepts ({@link JdkPolicy#inheritable}:
     * a JDK 21 fork of a JDK 25 JMH would otherwise die on {@code --sun-misc-unsafe-memory-access}).
     */
    public static Options withNativeAccess(Options user) {
        JdkPolicy.Jdk forkJdk = user.getJvm().hasValue() ? JdkPolicy.ofJava(user.getJvm().get()) : JdkPolicy.running();
        int feature = forkJdk != null ? forkJdk.feature : JdkPolicy.min();
        List<String> wanted = new ArrayList<>(JdkPolicy.jvmFlags(feature));
        ChainedOptionsBuilder b = new OptionsBuilder().parent(user);
        boolean changed = false;
        List<String> inherited = List.of();
        if (!user.getJvmArgs().hasValue()) {
            List<String> host = ManagementFactory.getRuntimeMXBean().getInputArguments();
            inherited = JdkPolicy.inheritable(host, feature);
            if (!inherited.equals(host)) {
                b.jvmArgs(inherited.toArray(new String[0]));
                changed = true;
            }
        }
        wanted.removeIf(inherited::contains);
        if (!wanted.isEmpty()) {
            List<String> prepend = new ArrayList<>(wanted);
            user.getJvmArgsPrepend().orElse(List.of()).stream().filter(a -> !prepend.contains(a)).forEach(prepend::add);
            b.jvmArgsPrepend(prepend.toArray(new String[0]));
            changed = true;
        }
        return changed ? b.build() : user;
    }
}
