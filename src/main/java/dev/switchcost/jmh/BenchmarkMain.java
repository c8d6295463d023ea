package dev.switchcost.jmh;

import dev.switchcost.affinity.CpuPinning;
import dev.switchcost.affinity.CpuSet;
import dev.switchcost.affinity.Placement;
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
 * JMH's {@code Main}, plus what switchcost's benchmarks need from every run:
 * <ul>
 *   <li>forks get the JVM flags of {@link JdkPolicy#jvmFlags} for their JDK, e.g.
 *       {@code --enable-native-access=ALL-UNNAMED} (JMH starts forks with {@code -cp}, so the jar
 *       manifest's {@code Enable-Native-Access} does not reach them);</li>
 *   <li>placements this machine cannot provide are skipped, each with one line saying why, instead of
 *       failing with a stack trace or running as something else;</li>
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
            System.exit(1);
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
        try {
            run(cmd, OutputFormatFactory.createFormatInstance(System.out, cmd.verbosity().orElse(VerboseMode.NORMAL)), System.err);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        } catch (NoBenchmarksException e) {
            System.err.println("No matching benchmarks. Miss-spelled regexp? Use -l to list them.");
            System.exit(1);
        } catch (ProfilersFailedException e) {
            System.err.println("Profilers failed to initialize, exiting.");
            e.printStackTrace(System.err);
            System.exit(1);
        } catch (RunnerException e) {
            System.err.print("ERROR: ");
            e.printStackTrace(System.err);
            System.exit(1);
        }
    }

    /**
     * Runs what {@code user} selects with switchcost's defaults (see {@link #plans}): one JMH run, or one
     * per group of benchmarks whose placement lists differ. With several runs, a result file the user
     * asked for ({@code -rf}/{@code -rff}) is written once, with every result.
     *
     * @param out     JMH's output format for the runs
     * @param skipLog where to say which placements are skipped and why
     */
    public static Collection<RunResult> run(Options user, OutputFormat out, PrintStream skipLog) throws RunnerException {
        List<Options> plans = plans(user, skipLog);
        if (plans.size() == 1) {
            return new Runner(plans.get(0), out).run();
        }
        boolean wantsFile = user.getResult().hasValue() || user.getResultFormat().hasValue();
        ResultFormatType format = user.getResultFormat().orElse(ResultFormatType.CSV);
        String file = user.getResult().orElse("jmh-result." + format.toString().toLowerCase(java.util.Locale.ROOT));
        List<RunResult> all = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            Options o = plans.get(i);
            Path part = Path.of(file + ".part" + (i + 1));
            if (wantsFile) {
                // JMH writes (and announces) a result file per run: give each run its own part, combined below
                o = new OptionsBuilder().parent(o).result(part.toString()).resultFormat(format).build();
            }
            try {
                all.addAll(new Runner(o, out).run());
            } finally {
                if (wantsFile) {
                    try {
                        Files.deleteIfExists(part);
                    } catch (IOException e) {
                        skipLog.println("# switchcost: could not delete " + part + ": " + e.getMessage());
                    }
                }
            }
        }
        if (wantsFile) {
            ResultFormatFactory.getInstance(format, file).writeOut(all);
        }
        skipLog.println("# switchcost: ran " + plans.size() + " groups of benchmarks separately (their placement lists differ)"
                + (wantsFile ? "; all results in " + file : ""));
        return all;
    }

    /**
     * The user's options with native access prepended to the fork JVM arguments and the placements
     * narrowed to those this machine can provide, as a single JMH run.
     *
     * @throws IllegalArgumentException if no asked-for placement is available, a placement name is unknown,
     *                                  or the selected benchmarks need separate runs (use {@link #run})
     */
    public static Options withSwitchcostDefaults(Options user, PrintStream skipLog) {
        List<Options> plans = plans(user, skipLog);
        if (plans.size() != 1) {
            throw new IllegalArgumentException("the selected benchmarks have different placement lists and need "
                    + plans.size() + " runs; use BenchmarkMain.run");
        }
        return plans.get(0);
    }

    /**
     * The JMH runs that carry out {@code user}'s selection on this machine. A placement the machine
     * cannot provide is dropped with one line on {@code skipLog}. An explicit {@code -p placement=...}
     * applies to every benchmark: one run. Otherwise each benchmark keeps its own default list, minus
     * what is unavailable; since JMH applies a parameter to every benchmark of a run, benchmarks whose
     * narrowed lists differ go to separate runs.
     */
    public static List<Options> plans(Options user, PrintStream skipLog) {
        Options base = withAvailableBindings(withNativeAccess(user), user, skipLog);
        Topology topology = Topology.current();
        CpuSet allowed = CpuPinning.allowedCpus();
        Set<String> reported = new LinkedHashSet<>();

        Collection<String> explicit = user.getParameter(PLACEMENT_PARAM).orElse(null);
        if (explicit != null) {
            List<String> keep = available(explicit, topology, allowed, skipLog, reported);
            if (keep.isEmpty()) {
                throw new IllegalArgumentException("none of the placements " + explicit + " is available on this machine");
            }
            return List.of(keep.size() == explicit.size() ? base
                    : new OptionsBuilder().parent(base).param(PLACEMENT_PARAM, keep.toArray(new String[0])).build());
        }

        // narrowed placement list -> the benchmarks that need it; benchmarks needing no override apart
        Map<List<String>, List<String>> groups = new LinkedHashMap<>();
        List<String> unchanged = new ArrayList<>();
        OutputFormat quiet = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        List<String> includes = user.getIncludes().isEmpty() ? List.of(".*") : user.getIncludes();
        for (BenchmarkListEntry e : BenchmarkList.defaultList().find(quiet, includes, user.getExcludes())) {
            String[] values = e.getParams().orElse(Map.of()).get(PLACEMENT_PARAM);
            List<String> defaults = values == null ? null : List.of(values);
            List<String> keep = defaults == null ? null : available(defaults, topology, allowed, skipLog, reported);
            if (keep != null && keep.isEmpty()) {
                skipLog.println("# switchcost: skipping " + e.getUsername() + ": none of its placements " + defaults
                        + " is available here");
                groups.computeIfAbsent(List.of(), k -> new ArrayList<>()).add(e.getUsername());
            } else if (keep == null || keep.size() == defaults.size()) {
                unchanged.add(e.getUsername());
            } else {
                groups.computeIfAbsent(keep, k -> new ArrayList<>()).add(e.getUsername());
            }
        }
        List<String> skippedWhole = groups.remove(List.of());
        if (groups.isEmpty() && skippedWhole == null) {
            return List.of(base);
        }
        if (groups.size() == 1 && unchanged.isEmpty() && skippedWhole == null) {
            List<String> keep = groups.keySet().iterator().next();
            return List.of(new OptionsBuilder().parent(base).param(PLACEMENT_PARAM, keep.toArray(new String[0])).build());
        }
        List<String> matched = new ArrayList<>(unchanged);
        groups.values().forEach(matched::addAll);
        if (skippedWhole != null) {
            matched.addAll(skippedWhole);
        }
        List<Options> plans = new ArrayList<>();
        if (!unchanged.isEmpty()) {
            plans.add(only(base, unchanged, matched).build());
        }
        for (Map.Entry<List<String>, List<String>> g : groups.entrySet()) {
            plans.add(only(base, g.getValue(), matched).param(PLACEMENT_PARAM, g.getKey().toArray(new String[0])).build());
        }
        if (plans.isEmpty()) {
            throw new IllegalArgumentException("no selected benchmark can run on this machine's placements");
        }
        return plans;
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

    /** {@code base} narrowed to {@code benchmarks}: JMH merges a child's includes with its parent's, so exclude the rest. */
    private static ChainedOptionsBuilder only(Options base, List<String> benchmarks, List<String> matched) {
        ChainedOptionsBuilder b = new OptionsBuilder().parent(base);
        for (String name : matched) {
            if (!benchmarks.contains(name)) {
                b.exclude("^" + Pattern.quote(name) + "$");
            }
        }
        return b;
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
