package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.Findings;
import dev.switchcost.derive.SwitchCost;
import dev.switchcost.derive.SwitchPrices;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.render.SampleTables;
import dev.switchcost.results.SamplePlacement;
import dev.switchcost.results.history.HistoryStore;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What prices {@code sample}'s switches ({@code --costs DIR}, or the latest results under {@code results/}, at
 * {@code --working-set}): checked before sampling, and the summary's cost line after it.
 *
 * @param found what derive made of the results, once; null when there are none
 */
record SampleCost(Findings found, long workingSetKiB, String said) {

    /**
     * The results that price the switches: {@code costs}, or the latest complete run of this machine under results/
     * ({@link CostRun}).
     *
     * @param costs the --costs directories, or empty
     * @throws SwitchcostException a usage mistake: a bad size, no results with the indirect cost it needs, unreadable results
     */
    static SampleCost load(List<Path> costs, long workingSetKiB, boolean otherMachine) {
        if (workingSetKiB < 0) {
            throw SwitchcostException.usage("--working-set " + workingSetKiB + ": give a size in KiB, e.g. 256");
        }
        try {
            CostRun run = CostRun.pick(costs, HistoryStore.defaultFile(System.getenv(), Path.of(System.getProperty("user.home"))),
                    Path.of("results"), otherMachine, MachineProbe.collect(Path.of("/"))).orElse(null);
            if (run == null) {
                if (workingSetKiB > 0) {
                    throw SwitchcostException.usage("--working-set needs results with the indirect cost: run switchcost indirect first");
                }
                return new SampleCost(null, workingSetKiB, null);
            }
            Findings f = run.found();
            if (workingSetKiB > 0 && (SwitchCost.of(f, 0, 0, 2, workingSetKiB).isEmpty()
                    || SwitchCost.of(f, 0, 0, 1, workingSetKiB).isEmpty())) {
                throw new IllegalArgumentException(f.input().source() + " has no CPU time per switch to add the working set's cost to: run `"
                        + SwitchPrices.PLATFORM_RUN + "`");
            }
            return new SampleCost(f, workingSetKiB, run.said());
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage().startsWith("--costs") || costs.isEmpty() ? e.getMessage()
                    : "--costs " + e.getMessage());
        }
    }

    /**
     * The prices per switch the results hold.
     *
     * @return empty when there are no results
     */
    Optional<SwitchPrices> prices() {
        return found == null ? Optional.empty() : Optional.of(SwitchPrices.of(found));
    }

    /**
     * One CPU time per switch for a live bill, at the placement {@code allowedCpus} implies (no wake-up mix is known
     * while sampling): the price the cost line would use without one.
     *
     * @return {ns per switch, said}: NaN and why there is none, or the price and where it comes from
     */
    Map.Entry<Double, String> perSwitchNs(int allowedCpus) {
        if (found == null) {
            return Map.entry(Double.NaN, "no complete results of this machine: run switchcost run --quick, or give --costs DIR");
        }
        Optional<SwitchCost> c;
        try {
            c = SwitchCost.of(found, 0, 0, allowedCpus, workingSetKiB);
        } catch (IllegalArgumentException e) {
            return Map.entry(Double.NaN, e.getMessage());
        }
        return c.map(x -> Map.entry(x.perSwitch().value(), found.input().source().toString())).orElse(Map.entry(Double.NaN,
                found.input().source() + " has no CPU time per switch: run " + SwitchPrices.PLATFORM_RUN));
    }

    /**
     * Prints, after a blank line, switches/s × the measured cost per switch, or what to do to get one.
     *
     * @param switchesPerSecond the process tree's switches per second
     * @param cpus              its CPU time per second (1.0 = one CPU busy)
     * @param allowedCpus       the CPUs it may run on
     * @param mix          the sampled threads' wake-ups by placement, or null when not measured
     * @param waitMsPerSec their run-queue delay, ms per second, or NaN
     */
    void print(PrintWriter out, double switchesPerSecond, double cpus, int allowedCpus, SamplePlacement mix, double waitMsPerSec) {
        out.println();
        if (found == null) {
            out.println("Cost: no complete results of this machine: run `switchcost run --quick` first (or give --costs DIR) to price"
                    + " these switches.");
            return;
        }
        out.println(said + ".");
        Optional<SwitchCost> c;
        try {
            c = mix == null || Double.isNaN(mix.sameShare()) ? SwitchCost.of(found, switchesPerSecond, cpus, allowedCpus, workingSetKiB)
                    : SwitchCost.of(found, switchesPerSecond, cpus, allowedCpus, workingSetKiB, mix.sameShare(),
                    SampleTables.wakeUps(mix));
        } catch (IllegalArgumentException e) {
            out.println("Cost: " + e.getMessage());
            return;
        }
        if (c.isEmpty()) {
            out.println("Cost: " + found.input().source() + " has no CPU time per switch (the pair's, from schedstat): run `"
                    + SwitchPrices.PLATFORM_RUN + "` first.");
            return;
        }
        List<SwitchCost.Difference> diff = Optional.ofNullable(found.input().machine())
                .map(m -> SwitchCost.differences(m, MachineProbe.collect(Path.of("/")))).orElse(List.of());
        SampleTables.cost(c.get(), found.input().source().toString(), diff, waitMsPerSec).forEach(out::println);
    }
}
