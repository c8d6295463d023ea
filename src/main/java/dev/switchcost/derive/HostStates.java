package dev.switchcost.derive;

import dev.switchcost.results.AbResults;
import dev.switchcost.results.Estimate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Head against base in {@code switchcost ab}, judged within each state of the host when the host ran in two.
 *
 * <p><b>Why.</b> A cloud VM's host moves between states that slow everything on the guest alike for seconds at a time,
 * switching within and between forks. A round whose two sides met different states gives a ratio far from the code's
 * whatever the code did, and a few such rounds widen the paired interval past a 10 % change; within one state the same
 * rounds agree far more closely (measured in docs/paired-rounds.md, "The host's two states").
 *
 * <p><b>The states.</b> Each side's measurement iterations, over all rounds, are tested for two modes ({@link Modes},
 * with {@value #MIN_STATE_RATIO}× as the least ratio of their centres); the host ran in two states when either side
 * shows them. An iteration is in a side's slow state when it lies above the geometric midpoint of that side's two
 * centres, so a change that slows every iteration of the head alike moves both of its centres, not its iterations'
 * states. A side that met the slow state too seldom to show it as a mode (under 5 % of its iterations) is split the
 * same way around its median, taken as its fast centre, with the other side's ratio of slow to fast.
 *
 * <p><b>The verdict</b> is the paired rule ({@link Estimate#pairedRatio}) on per-round ratios taken within one state:
 * in each round, the geometric mean of a side's iterations in that state, head over base, for the rounds where both
 * sides had iterations in it. It is judged in the state with more such rounds (the fast one on a tie); the other state's
 * ratio and the ratio of whole rounds are kept beside it. Nothing is left out: every iteration is in one state, and both
 * are shown.
 *
 * <p><b>When the states are the code's.</b> A change that sends some of the head's iterations into a slower mode of
 * its own looks like a host state on the head's side. Two checks keep it from hiding there; when either fails, the
 * states are not the host's alone and the row is judged on whole rounds, as without states:
 * <ul>
 *   <li>the per-round difference of the slow state's share (head's less base's) has an interval that holds 0;</li>
 *   <li>the whole rounds' interval holds the ratio within the state: the states explain none of the change.</li>
 * </ul>
 * A change that makes the slow state only a little more frequent passes both and is read within the state; the line
 * under {@code ab}'s table gives both sides' shares and the whole rounds' ratio beside it.
 *
 * @param row             the row judged
 * @param found           whether either side's iterations fall in two states
 * @param base            the base's modes (lower first; {@code mixed} false when it showed one state)
 * @param head            the head's modes
 * @param fast            head/base in the fast state, by the paired rule over the rounds where both sides were in it
 * @param slow            the same in the slow state
 * @param shareDifference head's share of slow iterations less base's, per round, with its interval over rounds
 * @param whole           head/base on whole rounds (each round's scores), the paired rule without states
 */
public record HostStates(AbResults.Row row, boolean found, Modes base, Modes head, Estimate fast, Estimate slow, Estimate shareDifference,
                         Estimate whole) {

    /** The least ratio of the slow state's centre to the fast one's: closer states are one state. */
    static final double MIN_STATE_RATIO = 1.1;

    private static final Estimate NONE = Estimate.pairedRatio(new double[0]);

    public static HostStates of(AbResults.Row row) {
        Estimate whole = row.ratio();
        Modes b = Modes.of(flatten(row.baseIterations()), MIN_STATE_RATIO);
        Modes h = Modes.of(flatten(row.headIterations()), MIN_STATE_RATIO);
        if (!b.mixed() && !h.mixed()) {
            return new HostStates(row, false, b, h, NONE, NONE, NONE, whole);
        }
        double gap = b.mixed() ? logGap(b) : logGap(h);
        double splitB = b.mixed() ? midpoint(b) : logMedian(row.baseIterations()) + gap / 2;
        double splitH = h.mixed() ? midpoint(h) : logMedian(row.headIterations()) + gap / 2;
        List<Double> fast = new ArrayList<>();
        List<Double> slow = new ArrayList<>();
        List<Double> shares = new ArrayList<>();
        for (int i = 0; i < row.baseIterations().length; i++) {
            double[] bi = row.baseIterations()[i];
            double[] hi = row.headIterations()[i];
            if (bi.length == 0 || hi.length == 0) {
                continue;
            }
            ratio(bi, hi, splitB, splitH, false).ifPresent(fast::add);
            ratio(bi, hi, splitB, splitH, true).ifPresent(slow::add);
            shares.add(slowShare(hi, splitH) - slowShare(bi, splitB));
        }
        return new HostStates(row, true, b, h, Estimate.pairedRatio(unbox(fast)), Estimate.pairedRatio(unbox(slow)),
                Estimate.ofSamples(unbox(shares)), whole);
    }

    /**
     * Whether the two modes are not the host's alone: the slow state's share differs between the sides (resolved over
     * rounds), or the whole rounds' interval excludes the ratio within the state.
     */
    public boolean notTheHostsAlone() {
        return found && (shareDifference.resolved() || !whole.ratioIntervalHolds(state().value()));
    }

    /** Whether the verdict is taken within a state. */
    public boolean byState() {
        return found && state().units() >= 2 && !notTheHostsAlone();
    }

    /** Whether the state with more paired rounds is the fast one (ties go to the fast one). */
    public boolean judgedFast() {
        return fast.units() >= slow.units();
    }

    /** The ratio the verdict judges: within the state with more paired rounds, or on whole rounds. */
    public Estimate judged() {
        return byState() ? state() : whole;
    }

    private Estimate state() {
        return judgedFast() ? fast : slow;
    }

    private static OptionalDouble ratio(double[] base, double[] head, double splitB, double splitH, boolean slow) {
        double b = logMean(base, splitB, slow);
        double h = logMean(head, splitH, slow);
        return Double.isFinite(b) && Double.isFinite(h) ? OptionalDouble.of(Math.exp(h - b))
                : OptionalDouble.empty();
    }

    /** The mean logarithm of the positive iterations on one side of {@code split} (a log); NaN when there are none. */
    private static double logMean(double[] values, double split, boolean above) {
        return Arrays.stream(values).filter(v -> v > 0 && Double.isFinite(v)).map(Math::log)
                .filter(l -> above == l > split).average().orElse(Double.NaN);
    }

    private static double slowShare(double[] values, double split) {
        double[] logs = Arrays.stream(values).filter(v -> v > 0 && Double.isFinite(v)).map(Math::log).toArray();
        return logs.length == 0 ? Double.NaN : Arrays.stream(logs).filter(l -> l > split).count() / (double) logs.length;
    }

    /** The logarithm of the slow centre over the fast one. */
    private static double logGap(Modes m) {
        return Math.log(m.modes().get(1).centre()) - Math.log(m.modes().get(0).centre());
    }

    private static double logMedian(double[][] rounds) {
        double[] logs = Arrays.stream(flatten(rounds)).filter(v -> v > 0 && Double.isFinite(v)).map(Math::log).sorted().toArray();
        int n = logs.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? logs[n / 2] : (logs[n / 2 - 1] + logs[n / 2]) / 2;
    }

    /** The logarithm of the geometric midpoint of the two modes' centres. */
    private static double midpoint(Modes m) {
        return (Math.log(m.modes().get(0).centre()) + Math.log(m.modes().get(1).centre())) / 2;
    }

    private static double[] flatten(double[][] rounds) {
        return Arrays.stream(rounds).flatMapToDouble(Arrays::stream).toArray();
    }

    private static double[] unbox(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).toArray();
    }
}
