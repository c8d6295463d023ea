package dev.switchcost.derive;

import dev.switchcost.measure.sample.CollapsedStacks;
import dev.switchcost.results.SamplePlacement;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What prices {@code sample}'s stacks ({@link PricedStacks#perThread}), or why nothing does: each thread at its own
 * placement mix where the trace saw it woken, else at the process's; without a measured mix every switch at the cross-CPU
 * price (an upper bound, as the cost line does).
 *
 * @param prices       the results' prices; null when unpriced
 * @param processShare the process's share of same-CPU wake-ups (0 without a measured mix: the cross-CPU upper bound;
 *                     NaN when neither is priced)
 * @param byTid        each traced thread's share of same-CPU wake-ups
 * @param measuredMix  whether the sampled threads' placement mix was measured
 * @param unpriced     why the stacks are not priced, or null when they are
 */
public record StackPrice(SwitchPrices prices, double processShare, Map<Integer, Double> byTid, boolean measuredMix,
                         Unpriced unpriced) {

    /** Why the stacks are not priced. */
    public enum Unpriced {
        /** There are no results to price them. */
        NO_RESULTS,
        /** No placement mix was measured and the results have no cross-CPU price to bound it. */
        NO_CROSS_PRICE,
        /** The results lack a price the measured mix needs. */
        MISSING_PRICE
    }

    /**
     * @param prices    the results' prices, or empty without results
     * @param placement the sampled threads' wake-ups by placement, or null
     * @param byThread  each sampled thread's wake-ups by placement, by tid
     */
    public static StackPrice of(Optional<SwitchPrices> prices, SamplePlacement placement, Map<Integer, SamplePlacement> byThread) {
        if (placement == null || Double.isNaN(placement.sameShare())) {
            if (prices.isEmpty()) {
                return new StackPrice(null, Double.NaN, Map.of(), false, Unpriced.NO_RESULTS);
            }
            if (prices.get().platform(0).isEmpty()) {
                return new StackPrice(null, Double.NaN, Map.of(), false, Unpriced.NO_CROSS_PRICE);
            }
            return new StackPrice(prices.get(), 0, Map.of(), false, null);
        }
        double same = placement.sameShare();
        Map<Integer, Double> byTid = byThread.entrySet().stream().filter(e -> !Double.isNaN(e.getValue().sameShare()))
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> e.getValue().sameShare()));
        if (prices.isEmpty()) {
            return new StackPrice(null, same, byTid, true, Unpriced.NO_RESULTS);
        }
        boolean missing = prices.get().platform(same).isEmpty()
                || byTid.values().stream().anyMatch(x -> prices.get().platform(x).isEmpty());
        return missing ? new StackPrice(null, same, byTid, true, Unpriced.MISSING_PRICE)
                : new StackPrice(prices.get(), same, byTid, true, null);
    }

    /**
     * The stacks priced; only when {@link #unpriced} is null.
     *
     * @param mix the placement mix the prices were taken at, for people
     */
    public PricedStacks weigh(List<CollapsedStacks.Stack> stacks, String mix, double processCpuNs) {
        return PricedStacks.perThread(stacks, prices, byTid, processShare, mix, processCpuNs).orElseThrow();
    }
}
