package dev.switchcost.derive;

import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the switches {@code sample} counted cost in CPU time: switches per second × this machine's measured CPU time per
 * switch ({@link SwitchPrices}: the pair's own CPU time, never a round trip's latency) = CPU time lost per second, as a
 * share of one CPU and of the process's own CPU time, with the error of the measured cost carried through
 * {@link Estimate} (the count is exact).
 *
 * <p>The price per switch is the platform-thread price at the placement mix of the sampled threads' wake-ups where it
 * was measured ({@link Why#MEASURED_MIX}); else the one-CPU price when every thread of the process may run on one CPU
 * only, else the cross-CPU price; the other one when the preferred one was not measured. With a working set, the
 * indirect cost measured at that size ({@link IndirectCost}, futex handoff, the placement most wake-ups had, private
 * arrays first, the smallest stride) is added with its error, also when it is within its error of zero ({@link #USABLE}).
 *
 * @param direct            the CPU time per switch used, ns (for a mix, the mix's price)
 * @param placement         which placement's price it is
 * @param why               why that placement
 * @param sameShare         the measured share of same-CPU wake-ups, or NaN when not measured
 * @param mixSource         where the mix comes from, for people, or null when not measured
 * @param indirect          the indirect cost per switch added, ns, or null
 * @param workingSetKiB     the working set the indirect cost was measured at, or 0
 * @param perSwitch         direct + indirect, ns
 * @param switchesPerSecond the process tree's switches per second (counted)
 * @param processCpus       the process tree's CPU time per second (1.0 = one CPU busy)
 * @param cpusLost          CPU time lost to switching per second: a share of one CPU
 * @param shareOfProcess    cpusLost / processCpus, or null when the process used no CPU
 */
public record SwitchCost(SwitchPrices.Price direct, Placement placement, Why why, double sameShare, String mixSource,
                         IndirectCost.Row indirect, long workingSetKiB, Estimate perSwitch, double switchesPerSecond,
                         double processCpus, Estimate cpusLost, Estimate shareOfProcess) {

    public enum Placement { ONE_CPU, CROSS_CPU, MIXED }

    /**
     * Flags an indirect cost may carry and still be added: one within its error of zero is a cost not
     * resolved, and its error says so; a negative or walk-dominated one is an artefact of the subtraction.
     */
    static final Set<IndirectCost.Flag> USABLE = EnumSet.of(IndirectCost.Flag.WITHIN_ERROR);

    public enum Why {
        /** The sampled threads' wake-ups were counted same-CPU and cross-CPU: the price is their mix. */
        MEASURED_MIX,
        /** The process may run on one CPU only. */
        CONFINED_TO_ONE_CPU,
        /** The process may run on several CPUs and the mix was not measured: a wakeup assumed to cross CPUs. */
        SEVERAL_CPUS,
        /** The preferred placement was not measured in these results: the other one stands in. */
        ONLY_ONE_MEASURED
    }

    /** The indirect cost added with its estimator ({@link #indirect(IndirectCost.Row)}), or null where none was added. */
    public Indirect indirectAdded() {
        return indirect == null ? null : indirect(indirect);
    }

    /** A field in which the machine of the results differs from this one. */
    public record Difference(String what, String results, String here) {
    }

    /** {@link #of(Findings, double, double, int, long, double, String)} without a measured mix. */
    public static Optional<SwitchCost> of(Findings found, double switchesPerSecond, double processCpus, int allowedCpus,
                                          long workingSetKiB) {
        return of(found, switchesPerSecond, processCpus, allowedCpus, workingSetKiB, Double.NaN, null);
    }

    /**
     * @param allowedCpus   how many CPUs the process may run on
     * @param workingSetKiB the working set the user named, or 0 for the direct cost only
     * @param sameShare     the measured share of same-CPU wake-ups (0 to 1), or NaN when not measured
     * @param mixSource     where it comes from, or null
     * @return empty when the results have no CPU time per switch for the placement needed ({@link SwitchPrices#PLATFORM_RUN})
     * @throws IllegalArgumentException when a working set is asked and the results have no indirect cost at that size
     */
    public static Optional<SwitchCost> of(Findings found, double switchesPerSecond, double processCpus, int allowedCpus,
                                          long workingSetKiB, double sameShare, String mixSource) {
        Results results = found.input();
        SwitchPrices prices = SwitchPrices.of(found);
        SwitchPrices.Price f;
        Placement used;
        Why why;
        if (!Double.isNaN(sameShare)) {
            Optional<Estimate> mixed = prices.platform(sameShare);
            if (mixed.isEmpty()) {
                return Optional.empty();
            }
            used = sameShare == 1 ? Placement.ONE_CPU : sameShare == 0 ? Placement.CROSS_CPU : Placement.MIXED;
            why = Why.MEASURED_MIX;
            f = new SwitchPrices.Price("platform threads at the measured mix: the pair's CPU time per futex switch",
                    mixed.get(), (prices.sameCpu() == null ? "" : prices.sameCpu().source())
                    + (prices.crossCpu() == null ? "" : "; " + prices.crossCpu().source()));
        } else {
            Placement wanted = allowedCpus == 1 ? Placement.ONE_CPU : Placement.CROSS_CPU;
            f = wanted == Placement.ONE_CPU ? prices.sameCpu() : prices.crossCpu();
            used = wanted;
            why = allowedCpus == 1 ? Why.CONFINED_TO_ONE_CPU : Why.SEVERAL_CPUS;
            if (f == null) {
                used = wanted == Placement.ONE_CPU ? Placement.CROSS_CPU : Placement.ONE_CPU;
                f = wanted == Placement.ONE_CPU ? prices.crossCpu() : prices.sameCpu();
                why = Why.ONLY_ONE_MEASURED;
            }
            if (f == null) {
                return Optional.empty();
            }
        }
        IndirectCost.Row ind = null;
        Estimate per = f.perSwitch();
        if (workingSetKiB > 0) {
            boolean mostlySame = used == Placement.ONE_CPU || (used == Placement.MIXED && sameShare >= 0.5);
            String placement = mostlySame ? "SAME_CPU" : "CROSS_CPU";
            List<IndirectCost.Row> rows = found.workingSet().stream()
                    .filter(r -> r.handoff().equals("FUTEX") && indirectOf(r) != null).toList();
            ind = rows.stream().filter(r -> r.workingSetKiB() == workingSetKiB && r.placement().equals(placement))
                    .min(Comparator.comparing((IndirectCost.Row r) -> !"PRIVATE".equals(r.sharing()))
                            .thenComparingInt(IndirectCost.Row::strideBytes)).orElse(null);
            if (ind == null) {
                throw new IllegalArgumentException("no indirect cost at " + workingSetKiB + " KiB (" + placement + ") in "
                        + results.source() + "; measured at " + (rows.isEmpty() ? "no size"
                        : rows.stream().filter(r -> r.placement().equals(placement)).map(r -> r.workingSetKiB() + "")
                        .distinct().toList() + " KiB") + " (run switchcost indirect to measure it)");
            }
            per = per.plus(indirectOf(ind));
        }
        Estimate lost = per.times(switchesPerSecond / 1e9);
        Estimate share = processCpus > 0 ? lost.times(1 / processCpus) : null;
        return Optional.of(new SwitchCost(f, used, why, sameShare, mixSource, ind, workingSetKiB, per, switchesPerSecond,
                processCpus, lost, share));
    }

    /**
     * A configuration's indirect cost per switch: the paired round trip's answer ({@link IndirectCost.Paired#answer()}:
     * the whole cost through the caches, in the switch and after it, where it is one; else the paired estimate, after
     * it only) where it is {@link #USABLE} (within its error of zero is added with that error), else the paper's.
     */
    public static Estimate indirectOf(IndirectCost.Row r) {
        Indirect i = indirect(r);
        return i == null ? null : i.cost();
    }

    /** Which estimate {@link #indirectOf} takes. */
    public enum Estimator {
        /** The whole cost through the caches, in the switch and after it (the paired round trip with the pair's CPU time). */
        WHOLE,
        /** The paired estimate: the cost in the first walk after the switch only. */
        PAIRED,
        /** Li et al.'s subtraction of baselines measured in other forks. */
        PAPER
    }

    /** An indirect cost per switch and the estimator it comes from. */
    public record Indirect(Estimator estimator, Estimate cost) {
    }

    /** @return {@link #indirectOf}'s estimate with its estimator, or null where none is usable */
    public static Indirect indirect(IndirectCost.Row r) {
        IndirectCost.Paired p = r.paired();
        if (p != null && USABLE.containsAll(p.answerFlags()) && Double.isFinite(p.answer().value())) {
            return new Indirect(p.answerIsWhole() ? Estimator.WHOLE : Estimator.PAIRED, p.answer());
        }
        return r.indirect() != null && USABLE.containsAll(r.flags()) ? new Indirect(Estimator.PAPER, r.indirect()) : null;
    }

    /** Where the machine the results were measured on differs from {@code here}: CPU model, kernel, virtualisation. */
    public static List<Difference> differences(MachineInfo results, MachineInfo here) {
        List<Difference> d = new ArrayList<>();
        compare(d, "CPU", results.cpu() == null ? null : results.cpu().model(), here.cpu() == null ? null : here.cpu().model());
        compare(d, "kernel", results.kernel() == null ? null : results.kernel().release(), here.kernel() == null ? null : here.kernel().release());
        compare(d, "virtualisation", virt(results), virt(here));
        return d;
    }

    private static String virt(MachineInfo m) {
        MachineInfo.Virtualization v = m.virtualization();
        return v == null ? "?" : (v.hypervisor() == null ? "none" : v.hypervisor())
                + (v.container() == null ? "" : " / " + v.container());
    }

    private static void compare(List<Difference> d, String what, String a, String b) {
        if (!Objects.equals(a, b)) {
            d.add(new Difference(what, a == null ? "?" : a, b == null ? "?" : b));
        }
    }
}
