package dev.switchcost.derive;

import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Metric;
import dev.switchcost.results.Param;
import dev.switchcost.results.PerSwitch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * How long to spin before parking, on this machine, from the {@code SpinOrPark} rows of one placement: (a) the
 * 2-competitive budget, (b) the measured optimum for each reply delay D, (c) whether they agree.
 *
 * <p>(a) Karlin, Li, Manasse and Owicki (SOSP 1991, "Empirical studies of competitive spinning for a shared-memory
 * multiprocessor"): a waiter that spins for as long as a block costs, then blocks, pays at most twice what the best
 * choice made with hindsight pays, whatever the partner's reply time. The block cost here is {@link #blockCost}:
 * <b>the CPU time of one blocking handoff, half the pair's CPU time per round trip ({@code cpu.pair}) of
 * {@code strategy=PARK} at {@code replyNs=0}</b> (both sides park once per round trip), on the same placement. This
 * is the one definition; the card and the docs name it.
 *
 * <p>(b) For each D, the cost of a strategy is latency + CPU per round trip: the mean round trip (the primary score)
 * plus the pair's CPU time, both ns per round trip, summed fork by fork (they are measured in the same forks) into
 * one {@link Estimate}. The measured optimum is the {@code SPIN_THEN_PARK} budget B with the least cost; it
 * <em>beats both</em> when its interval lies wholly below PARK's and SPIN's at that D (judged only between two or
 * more forks: {@link Estimate#judgeable}).
 *
 * <p>(c) The sweep resolves B only to its grid: the budgets whose cost is not resolved from the best one (their
 * intervals overlap) form the optimum's plateau, and (a) <em>agrees</em> when it lies between the grid budget
 * just below the plateau and the one just above it (0 and no bound at the ends).
 *
 * <p>Disturbed and failed rows are left out (a missing cell), never averaged in; so are the rows of the other
 * strategies at a budget other than 0, which they ignore (a run over every budget repeats their cell).
 *
 * @param placement   the placement of the rows ({@code CROSS_CPU}, {@code SAME_CPU})
 * @param blockCostNs the CPU time of one blocking handoff, the 2-competitive budget (a); null without a PARK row at D=0
 * @param replies     per reply delay, in the order of the rows
 */
public record SpinBudget(String placement, Estimate blockCostNs, List<Reply> replies) {

    /** The strategies and their names as the rows spell them (the enum lives in measure; rows are read as text). */
    static final String PARK = "PARK";
    static final String SPIN = "SPIN";
    static final String SPIN_THEN_PARK = "SPIN_THEN_PARK";

    /**
     * One strategy's cell at one D.
     *
     * @param strategy  as the row spells it
     * @param budgetNs  the spin budget (SPIN_THEN_PARK's; 0 for the others)
     * @param latencyNs mean round trip, ns
     * @param cpuNs     the pair's CPU time per round trip, ns
     * @param costNs    latency + CPU, ns per round trip
     * @param switches  counted switches per round trip, NaN without the profiler
     */
    public record Point(String strategy, long budgetNs, Estimate latencyNs, Estimate cpuNs, Estimate costNs, double switches) {
    }

    /**
     * @param replyNs     D as the row spells it ({@code 10000}, {@code exp:20000})
     * @param curve       SPIN_THEN_PARK by budget, ascending
     * @param park        PARK's cell, or null
     * @param spin        SPIN's cell, or null
     * @param others      every other strategy's cell (Agrona, Disruptor, ...)
     * @param best        the curve's cheapest point, or null without a curve
     * @param beatsBoth   true/false when judged, null when not (a cell missing, or one fork)
     * @param agrees      whether {@link SpinBudget#blockCostNs} lies within the optimum's resolution; null when not judged
     * @param plateauLow  the grid budget below the optimum's plateau (0 at the start), ns
     * @param plateauHigh the grid budget above it, or {@code Long.MAX_VALUE} at the end, ns
     */
    public record Reply(String replyNs, List<Point> curve, Point park, Point spin, List<Point> others, Point best,
                        Boolean beatsBoth, Boolean agrees, long plateauLow, long plateauHigh) {
    }

    /** @return one value per placement that has SpinOrPark rows, in the order of the rows; empty without any */
    public static List<SpinBudget> of(List<JmhRow> rows) {
        Map<String, List<JmhRow>> byPlacement = new LinkedHashMap<>();
        for (JmhRow r : rows) {
            // a strategy other than SPIN_THEN_PARK ignores budgetNs: its rows at other budgets repeat its budgetNs=0 cell
            boolean repeat = !SPIN_THEN_PARK.equals(r.param(Param.STRATEGY)) && !"0".equals(r.param(Param.BUDGET_NS));
            if (Bench.SPIN_OR_PARK.is(r) && !r.failed() && !r.disturbed() && !repeat && r.primary().isTimePerOp()) {
                byPlacement.computeIfAbsent(r.param(Param.PLACEMENT), k -> new ArrayList<>()).add(r);
            }
        }
        return byPlacement.entrySet().stream().map(e -> ofPlacement(e.getKey(), e.getValue())).toList();
    }

    /** The 2-competitive budget (a): half of PARK's pair CPU per round trip at replyNs=0; null without that cell. */
    static Estimate blockCost(List<JmhRow> rows) {
        return rows.stream().filter(r -> PARK.equals(r.param(Param.STRATEGY)) && "0".equals(r.param(Param.REPLY_NS)))
                .map(r -> r.secondary().get(PairedWalkProfiler.CPU)).filter(m -> m != null).findFirst()
                .map(m -> PerSwitch.ofRoundTrip(m.estimate())).orElse(null);
    }

    private static SpinBudget ofPlacement(String placement, List<JmhRow> rows) {
        Estimate block = blockCost(rows);
        Map<String, List<Point>> byReply = new LinkedHashMap<>();
        for (JmhRow r : rows) {
            Point p = point(r);
            if (p != null) {
                byReply.computeIfAbsent(r.param(Param.REPLY_NS), k -> new ArrayList<>()).add(p);
            }
        }
        return new SpinBudget(placement, block,
                byReply.entrySet().stream().map(e -> reply(e.getKey(), e.getValue(), block)).toList());
    }

    private static Point point(JmhRow r) {
        Metric cpu = r.secondary().get(PairedWalkProfiler.CPU);
        if (cpu == null) {
            return null;
        }
        String strategy = r.param(Param.STRATEGY);
        long budget = SPIN_THEN_PARK.equals(strategy) ? Long.parseLong(r.param(Param.BUDGET_NS)) : 0;
        Estimate latency = r.estimate();
        Estimate cpuNs = cpu.estimate();
        return new Point(strategy, budget, latency, cpuNs, sum(r.primary(), cpu, latency, cpuNs), r.switchesPerOp());
    }

    /** Latency + CPU fork by fork when both have the same forks (they were measured together), else as independent. */
    private static Estimate sum(Metric latency, Metric cpu, Estimate latencyNs, Estimate cpuNs) {
        double[] a = latency.forkMeans();
        double[] b = cpu.forkMeans();
        return a.length >= 2 && a.length == b.length
                ? Estimate.ofSamples(IntStream.range(0, a.length).mapToDouble(i -> a[i] + b[i]).toArray())
                : latencyNs.plus(cpuNs);
    }

    private static Reply reply(String d, List<Point> points, Estimate block) {
        List<Point> curve = points.stream().filter(p -> SPIN_THEN_PARK.equals(p.strategy()))
                .sorted(Comparator.comparingLong(Point::budgetNs)).toList();
        Point park = points.stream().filter(p -> PARK.equals(p.strategy())).findFirst().orElse(null);
        Point spin = points.stream().filter(p -> SPIN.equals(p.strategy())).findFirst().orElse(null);
        List<Point> others = points.stream().filter(p -> !curve.contains(p) && p != park && p != spin).toList();
        Point best = curve.stream().min(Comparator.comparingDouble(p -> p.costNs().value())).orElse(null);
        Boolean beats = best != null && park != null && spin != null && judged(best, park, spin)
                ? best.costNs().upper() < park.costNs().lower() && best.costNs().upper() < spin.costNs().lower() : null;
        long low = 0;
        long high = Long.MAX_VALUE;
        Boolean agrees = null;
        if (best != null && judged(curve.toArray(Point[]::new))) {
            IntPredicate tied = i -> curve.get(i).costNs().lower() <= best.costNs().upper()
                    && best.costNs().lower() <= curve.get(i).costNs().upper();
            int first = IntStream.range(0, curve.size()).filter(tied).min().orElse(curve.size());
            int last = IntStream.range(0, curve.size()).filter(tied).max().orElse(-1);
            low = first > 0 ? curve.get(first - 1).budgetNs() : 0;
            high = last < curve.size() - 1 ? curve.get(last + 1).budgetNs() : Long.MAX_VALUE;
            if (block != null && block.judgeable()) {
                agrees = block.value() >= low && block.value() <= high;
            }
        }
        return new Reply(d, curve, park, spin, others, best, beats, agrees, low, high);
    }

    private static boolean judged(Point... points) {
        return points.length > 0 && Arrays.stream(points).allMatch(p -> p.costNs().judgeable());
    }

    /** @return the reply whose optimum beats both PARK and SPIN, the first such, or null */
    public Reply firstWin() {
        return replies.stream().filter(r -> Boolean.TRUE.equals(r.beatsBoth())).findFirst().orElse(null);
    }
}
