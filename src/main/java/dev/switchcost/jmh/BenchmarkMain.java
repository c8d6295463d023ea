package dev.switchcost.jmh;

import dev.switchcost.affinity.CpuPinning;
import dev.switchcost.affinity.CpuSet;
import dev.switchcost.affinity.Placement;
import dev.switchcost.affinity.Topology;
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
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JMH's {@code Main}, plus what switchcost's benchmarks need from every run:
 * <ul>
 *   <li>forks get {@code --enable-native-access=ALL-UNNAMED} (JMH starts forks with {@code -cp}, so
 *       the jar manifest's {@code Enable-Native-Access} does not reach them);</li>
 *   <li>placements this machine cannot provide are skipped, each with one line saying why, instead of
 *       failing with a stack trace or running as something else;</li>
 *   <li>(a {@code -jvm} older than Java 21 is refused earlier, by {@code dev.switchcost.launch.Launcher}.)</li>
 * </ul>
 */
public final class BenchmarkMain {

    public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    static final String PLACEMENT_PARAM = "placement";

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
        Options options;
        try {
            options = withSwitchcostDefaults(cmd, System.err);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        try {
            new Runner(options).run();
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
     * The user's options with native access prepended to the fork JVM arguments and the placements
     * narrowed to those this machine can provide.
     *
     * @param skipLog where to say which placements are skipped and why
     * @throws IllegalArgumentException if no asked-for placement is available, or a placement name is unknown
     */
    public static Options withSwitchcostDefaults(Options user, PrintStream skipLog) {
        ChainedOptionsBuilder b = new OptionsBuilder().parent(user);
        // Without -jvmArgs, JMH hands the host JVM's own arguments to the forks: no need to add the flag twice.
        boolean inherited = !user.getJvmArgs().hasValue()
                && ManagementFactory.getRuntimeMXBean().getInputArguments().contains(NATIVE_ACCESS);
        if (!inherited) {
            List<String> prepend = new ArrayList<>();
            prepend.add(NATIVE_ACCESS);
            user.getJvmArgsPrepend().orElse(List.of()).stream().filter(a -> !a.equals(NATIVE_ACCESS)).forEach(prepend::add);
            b.jvmArgsPrepend(prepend.toArray(new String[0]));
        }

        Set<String> asked = askedPlacements(user);
        if (!asked.isEmpty()) {
            Topology topology = Topology.current();
            CpuSet allowed = CpuPinning.allowedCpus();
            List<String> keep = new ArrayList<>();
            for (String name : asked) {
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
                } else {
                    skipLog.println("# switchcost: skipping placement " + name + ": " + a.unavailable());
                }
            }
            if (keep.isEmpty()) {
                throw new IllegalArgumentException("none of the placements " + asked + " is available on this machine");
            }
            if (keep.size() < asked.size()) {
                b.param(PLACEMENT_PARAM, keep.toArray(new String[0]));
            }
        }
        return b.build();
    }

    /** Placements the run would use: those given with {@code -p placement=...}, else the matched benchmarks' defaults. */
    static Set<String> askedPlacements(Options user) {
        Set<String> asked = new LinkedHashSet<>();
        Collection<String> explicit = user.getParameter(PLACEMENT_PARAM).orElse(null);
        if (explicit != null) {
            asked.addAll(explicit);
            return asked;
        }
        OutputFormat quiet = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        List<String> includes = user.getIncludes().isEmpty() ? List.of(".*") : user.getIncludes();
        for (BenchmarkListEntry e : BenchmarkList.defaultList().find(quiet, includes, user.getExcludes())) {
            String[] values = e.getParams().orElse(Map.of()).get(PLACEMENT_PARAM);
            if (values != null) {
                asked.addAll(List.of(values));
            }
        }
        return asked;
    }
}
