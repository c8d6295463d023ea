package dev.switchcost.derive;

import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.results.Estimate;

import java.util.Comparator;
import java.util.List;

/**
 * The CPU time a program's switches cost per Java stack: each stack's sampled switches × the CPU time per switch at the
 * placement mix measured for the sampled threads ({@link SwitchPrices#platform(double)}), as a share of the process's CPU
 * time over the same window. One price for every stack (the process's mix), so every stack's cost carries the price's
 * relative error.
 *
 * @param rows         the stacks, most costly first
 * @param price        the CPU time per switch used, ns
 * @param mix          the placement mix it was taken at, for people ("84 % same-CPU (tracefs ...)")
 * @param processCpuNs the process's CPU time over the window, ns; NaN when unknown
 */
public record PricedStacks(List<Row> rows, Estimate price, String mix, double processCpuNs) {

    /**
     * @param stack    async-profiler's frames, root first, the thread's frame included
     * @param switches the switches sampled on it
     * @param cost     switches × price, ns of CPU time
     * @param share    cost / the process's CPU time; NaN when that is unknown
     */
    public record Row(String stack, long switches, Estimate cost, double share) {
    }

    /**
     * @throws IllegalArgumentException when the price is not a finite positive figure
     */
    public static PricedStacks of(List<CollapsedStacks.Stack> stacks, Estimate price, String mix, double processCpuNs) {
        if (!(price.value() > 0) || !Double.isFinite(price.value())) {
            throw new IllegalArgumentException("a price per switch of " + price + " ns cannot weigh stacks");
        }
        List<Row> rows = stacks.stream()
                .map(s -> {
                    Estimate cost = price.times(s.count());
                    return new Row(s.stack(), s.count(), cost, processCpuNs > 0 ? cost.value() / processCpuNs : Double.NaN);
                })
                .sorted(Comparator.comparingDouble((Row r) -> r.cost().value()).reversed().thenComparing(Row::stack))
                .toList();
        return new PricedStacks(rows, price, mix, processCpuNs);
    }

    /** All switches sampled. */
    public long switches() {
        return rows.stream().mapToLong(Row::switches).sum();
    }

    /** All stacks' cost: all switches × the price (one price, so the errors add linearly, not in quadrature). */
    public Estimate total() {
        return price.times(switches());
    }

    /** The total's share of the process's CPU time; NaN when that is unknown. */
    public double share() {
        return processCpuNs > 0 ? total().value() / processCpuNs : Double.NaN;
    }

    /** The stacks weighted in ns of CPU time, as collapsed text async-profiler's converter draws. */
    public String collapsed() {
        StringBuilder b = new StringBuilder();
        for (Row r : rows) {
            long ns = Math.round(r.cost().value());
            if (ns > 0) {
                b.append(r.stack()).append(' ').append(ns).append('\n');
            }
        }
        return b.toString();
    }
}
