package dev.switchcost.derive;

import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.results.Estimate;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The CPU time a program's switches cost per Java stack (a thread's Java frames, the native frames below them merged):
 * each stack's sampled switches × the CPU time per switch at the
 * placement mix measured for the sampled threads ({@link SwitchPrices#platform(double)}), as a share of the process's CPU
 * time over the same window. One price for every stack (the process's mix), so every stack's cost carries the price's
 * relative error.
 *
 * @param stacks       the stacks as sampled, native frames and all (what the graph draws)
 * @param rows         the Java stacks, most costly first
 * @param price        the CPU time per switch used, ns
 * @param mix          the placement mix it was taken at, for people ("84 % same-CPU (tracefs ...)")
 * @param processCpuNs the process's CPU time over the window, ns; NaN when unknown
 */
public record PricedStacks(List<CollapsedStacks.Stack> stacks, List<Row> rows, Estimate price, String mix, double processCpuNs) {

    /**
     * @param stack    the Java stack: the thread's frame and its Java frames, root first
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
        Map<String, Long> byJava = stacks.stream().collect(Collectors.groupingBy(CollapsedStacks.Stack::javaStack,
                LinkedHashMap::new, Collectors.summingLong(CollapsedStacks.Stack::count)));
        List<Row> rows = byJava.entrySet().stream()
                .map(e -> {
                    Estimate cost = price.times(e.getValue());
                    return new Row(e.getKey(), e.getValue(), cost, processCpuNs > 0 ? cost.value() / processCpuNs : Double.NaN);
                })
                .sorted(Comparator.comparingDouble((Row r) -> r.cost().value()).reversed().thenComparing(Row::stack))
                .toList();
        return new PricedStacks(List.copyOf(stacks), rows, price, mix, processCpuNs);
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

    /** The stacks as sampled, weighted in ns of CPU time, as collapsed text async-profiler's converter draws. */
    public String collapsed() {
        StringBuilder b = new StringBuilder();
        for (CollapsedStacks.Stack s : stacks) {
            long ns = Math.round(price.value() * s.count());
            if (ns > 0) {
                b.append(s.stack()).append(' ').append(ns).append('\n');
            }
        }
        return b.toString();
    }
}
