package dev.switchcost.results;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.workload.ReplyDelay;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What {@code compare --spin} sweeps: the cells (strategy, spin budget B, reply delay D, placement) where the C twin
 * ({@code spin_futex}) and the JVM's {@link Bench#SPIN_OR_PARK} run side by side. PARK and SPIN are the two ends and
 * are always in it; SPIN_THEN_PARK runs once per budget.
 *
 * @param budgetsNs  the spin budgets of SPIN_THEN_PARK, ns, each 1 to {@value #MAX_BUDGET_NS}
 * @param replies    the partner's reply delays as {@link Param#REPLY_NS} spells them: ns, {@code exp:MEAN} or {@code bimodal:PCT:NS}
 * @param placements SAME_CPU and/or CROSS_CPU
 */
public record SpinGrid(List<Long> budgetsNs, List<String> replies, List<Placement> placements) {

    /** The waiting strategies of the twin, named as the JVM side's {@code WaitStrategy} values. */
    public enum Strategy {
        /** FUTEX_WAIT (JVM: park) at once. */
        PARK,
        /** Spin with the pause instruction ({@code Thread.onSpinWait}), never sleep. */
        SPIN,
        /** Spin up to the budget, then FUTEX_WAIT (park). */
        SPIN_THEN_PARK
    }

    /** One cell of the grid; {@code budgetNs} is 0 for PARK and SPIN. */
    public record Cell(Strategy strategy, long budgetNs, String reply, Placement placement) {
    }

    public static final long MAX_BUDGET_NS = 10_000_000L;
    public static final long MAX_REPLY_NS = ReplyDelay.MAX_NS;
    public static final List<Long> DEFAULT_BUDGETS_NS = List.of(2_000L, 5_000L, 10_000L, 20_000L);
    public static final List<String> DEFAULT_REPLIES = List.of("0", "10000", "exp:20000");
    public static final List<Placement> DEFAULT_PLACEMENTS = List.of(Placement.SAME_CPU, Placement.CROSS_CPU);

    public SpinGrid {
        budgetsNs = List.copyOf(budgetsNs);
        replies = List.copyOf(replies);
        placements = List.copyOf(placements);
    }

    /** Cells in table order: per placement, per reply delay, PARK, the budgets in the order given, SPIN. */
    public List<Cell> cells() {
        List<Cell> out = new ArrayList<>();
        for (Placement p : placements) {
            for (String d : replies) {
                out.add(new Cell(Strategy.PARK, 0, d, p));
                for (long b : budgetsNs) {
                    out.add(new Cell(Strategy.SPIN_THEN_PARK, b, d, p));
                }
                out.add(new Cell(Strategy.SPIN, 0, d, p));
            }
        }
        return out;
    }

    /**
     * {@code --budgets}: whole ns, 1 to {@value #MAX_BUDGET_NS}, no repeats.
     *
     * @throws IllegalArgumentException with one line naming the value and the right spelling
     */
    public static List<Long> parseBudgets(List<String> values) {
        return distinct(values, v -> {
            long b;
            try {
                b = Long.parseLong(v.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--budgets: '" + v + "' is not a whole number of ns (e.g. --budgets 2000,5000,10000)");
            }
            if (b < 1 || b > MAX_BUDGET_NS) {
                throw new IllegalArgumentException("--budgets: " + b + " is out of range 1.." + MAX_BUDGET_NS
                        + " ns (0 is PARK, which the table always has)");
            }
            return b;
        }, "--budgets needs at least one budget in ns (e.g. --budgets 2000,5000,10000)");
    }

    /**
     * {@code --replies}: each a whole number of ns, {@code exp:MEAN} or {@code bimodal:PCT:NS}, read by the JVM side's
     * own reader ({@link ReplyDelay#shape}), so the two sides accept the same spellings.
     *
     * @throws IllegalArgumentException with one line naming the value and the right spelling
     */
    public static List<String> parseReplies(List<String> values) {
        return distinct(values, v -> {
            try {
                return ReplyDelay.shape(v).spec();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--replies: '" + v + "' is not a reply delay; write ns (0.." + MAX_REPLY_NS
                        + ", e.g. 10000), an exponential mix with that mean (e.g. exp:20000) or PCT % of replies after NS,"
                        + " the rest at once (e.g. bimodal:5:500000)");
            }
        }, "--replies needs at least one reply delay (e.g. --replies 0,10000,exp:20000)");
    }

    /** Each value as {@code read} reads it (it throws the one line for a bad one), the first of repeats kept; {@code none} when empty. */
    private static <T> List<T> distinct(List<String> values, Function<String, T> read, String none) {
        List<T> out = values.stream().map(read).distinct().toList();
        if (out.isEmpty()) {
            throw new IllegalArgumentException(none);
        }
        return out;
    }
}
