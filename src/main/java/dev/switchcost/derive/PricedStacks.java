package dev.switchcost.derive;

import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.results.Estimate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU time a program's switches cost per Java stack (a thread's Java frames, the native frames below them merged):
 * each stack's sampled switches × the CPU time per switch at its thread's placement mix ({@link SwitchPrices#platform}),
 * as a share of the process's CPU time over the same window.
 *
 * @param rows         the Java stacks, most costly first
 * @param collapsed    the stacks as sampled, native frames and all, weighted in ns: what the graph draws
 * @param total        all stacks' cost, ns
 * @param switches     all switches sampled
 * @param mix          the placement mix the prices were taken at, for people
 * @param processCpuNs the process's CPU time over the window, ns; NaN when unknown
 */
public record PricedStacks(List<Row> rows, String collapsed, Estimate total, long switches, String mix, double processCpuNs) {

    /**
     * @param stack    the Java stack: the thread's frame and its Java frames, root first
     * @param switches the switches sampled on it
     * @param cost     switches × its thread's price, ns of CPU time
     * @param share    cost / the process's CPU time; NaN when that is unknown
     */
    public record Row(String stack, long switches, Estimate cost, double share) {
    }

    /**
     * Every stack at one price.
     *
     * @throws IllegalArgumentException when the price is not a finite positive figure
     */
    public static PricedStacks of(List<CollapsedStacks.Stack> stacks, Estimate price, String mix, double processCpuNs) {
        check(price);
        long n = stacks.stream().mapToLong(CollapsedStacks.Stack::count).sum();
        return build(stacks, s -> price, price.times(n), mix, processCpuNs);
    }

    /**
     * Each thread's stacks at its own placement mix, where the trace counted its wake-ups, else at the process's.
     * The same-CPU and cross-CPU prices are shared by all stacks, so the total's error is theirs, weighted by the
     * switches priced at each (not the stacks' errors in quadrature).
     *
     * @param sameShareByTid each traced thread's share of same-CPU wake-ups
     * @param processShare   the process's share, for threads the trace did not see woken
     * @return empty when a price a share needs is missing
     */
    public static Optional<PricedStacks> perThread(List<CollapsedStacks.Stack> stacks, SwitchPrices prices,
                                                   Map<Integer, Double> sameShareByTid, double processShare, String mix,
                                                   double processCpuNs) {
        double same = 0;
        double cross = 0;
        Map<Integer, Estimate> byTid = new LinkedHashMap<>();
        for (CollapsedStacks.Stack s : stacks) {
            double share = sameShareByTid.getOrDefault(s.tid(), processShare);
            Optional<Estimate> p = prices.platform(share);
            if (p.isEmpty()) {
                return Optional.empty();
            }
            check(p.get());
            byTid.put(s.tid(), p.get());
            same += s.count() * share;
            cross += s.count() * (1 - share);
        }
        Estimate total = same > 0 && cross > 0 ? prices.sameCpu().perSwitch().times(same).plus(prices.crossCpu().perSwitch().times(cross))
                : same > 0 ? prices.sameCpu().perSwitch().times(same) : cross > 0 ? prices.crossCpu().perSwitch().times(cross)
                : Estimate.exact(0);
        return Optional.of(build(stacks, s -> byTid.get(s.tid()), total, mix, processCpuNs));
    }

    private static void check(Estimate price) {
        if (!(price.value() > 0) || !Double.isFinite(price.value())) {
            throw new IllegalArgumentException("a price per switch of " + price + " ns cannot weigh stacks");
        }
    }

    private static PricedStacks build(List<CollapsedStacks.Stack> stacks, java.util.function.Function<CollapsedStacks.Stack, Estimate> price,
                                      Estimate total, String mix, double processCpuNs) {
        Map<String, Long> count = new LinkedHashMap<>();
        Map<String, Estimate> cost = new LinkedHashMap<>();
        StringBuilder collapsed = new StringBuilder();
        long switches = 0;
        for (CollapsedStacks.Stack s : stacks) {
            Estimate p = price.apply(s);
            count.merge(s.javaStack(), s.count(), Long::sum);
            cost.put(s.javaStack(), p); // one thread a Java stack: one price
            switches += s.count();
            long ns = Math.round(p.value() * s.count());
            if (ns > 0) {
                collapsed.append(s.stack()).append(' ').append(ns).append('\n');
            }
        }
        List<Row> rows = new ArrayList<>();
        count.forEach((stack, n) -> {
            Estimate c = cost.get(stack).times(n);
            rows.add(new Row(stack, n, c, processCpuNs > 0 ? c.value() / processCpuNs : Double.NaN));
        });
        rows.sort(Comparator.comparingDouble((Row r) -> r.cost().value()).reversed().thenComparing(Row::stack));
        return new PricedStacks(List.copyOf(rows), collapsed.toString(), total, switches, mix, processCpuNs);
    }

    /** The mean CPU time per switch the stacks were priced at. */
    public Estimate price() {
        return switches == 0 ? total : total.times(1.0 / switches);
    }

    /** The total's share of the process's CPU time; NaN when that is unknown. */
    public double share() {
        return processCpuNs > 0 ? total.value() / processCpuNs : Double.NaN;
    }
}
