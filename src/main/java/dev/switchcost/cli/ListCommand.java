package dev.switchcost.cli;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.affinity.Topology;
import dev.switchcost.measure.jmh.BenchmarkCatalog;
import org.openjdk.jmh.profile.Profiler;
import picocli.CommandLine.Command;

import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/** {@code switchcost list}: benchmarks with their question, switchcost's profilers, placements and their availability. */
@Command(name = "list",
        footer = {
            "  switchcost list"},
        versionProvider = VersionProvider.class,
        header = "List benchmarks (with their question), profilers and placements.",
        description = "Lists the benchmarks in this build with the question each answers and its parameters, "
                + "switchcost's JMH profilers, and the thread placements with whether this machine can provide them.")
public final class ListCommand extends BaseCommand {

    @Override
    protected int doCall() {
        out().println("Benchmarks (run one: switchcost run CLASS, or java -jar target/benchmarks.jar CLASS):");
        for (BenchmarkCatalog.Entry e : BenchmarkCatalog.all()) {
            out().println("  " + e.simpleName());
            out().println("      " + (e.question() == null ? "(no <b>Question.</b> paragraph in its Javadoc)" : e.question()));
            out().println("      methods: " + String.join(", ", e.methods()));
            e.params().forEach((name, values) -> out().println("      @Param " + name + ": "
                    + String.join(", ", values)));
        }
        out().println();
        out().println("Profilers (JMH: -prof CLASS; JMH's own: java -jar target/benchmarks.jar -lprof):");
        ServiceLoader.load(Profiler.class).stream().forEach(p -> out().println("  " + p.type().getName()
                + "\n      " + describe(p)));
        out().println();
        out().println("Placements (@Param placement; SWITCHCOST_CPUS narrows the CPUs used):");
        Topology topology = Topology.current();
        CpuSet allowed = CpuPinning.allowedCpus();
        for (Placement p : Placement.values()) {
            Placement.Assignment a = p.assign(topology, allowed);
            out().println("  " + String.format("%-12s", p) + (a.isAvailable() ? "available: " + a : "unavailable: " + a.unavailable()));
        }
        return ExitCodes.OK;
    }

    private static String describe(ServiceLoader.Provider<Profiler> p) {
        try {
            return p.get().getDescription();
        } catch (RuntimeException | ServiceConfigurationError e) {
            return "(cannot be created here: " + e.getMessage() + ")";
        }
    }
}
