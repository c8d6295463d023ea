package dev.switchcost.derive;

import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Family;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Param;
import dev.switchcost.results.PerSwitch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Direct and indirect cost per switch from {@code WorkingSetHandoff} / {@code WorkingSetVirtualHandoff}
 * results (a JMH {@code -rf json} file), by two estimators.
 *
 * <p><b>Paired (the headline).</b> {@code roundTripPaired} times, on each wake of each side, a first walk
 * (right after a switch in) and an immediate second walk (no switch between); its
 * {@code indirect.paired} secondary result ({@code PairedWalkProfiler}) is first − second, ns per switch,
 * measured in one thread, one compiled loop and one second, with JMH's error across iterations. Its
 * control, {@code walkAlonePaired} (the same paired walk on one thread, no switch), is what the
 * estimator reads without a switch; where it was run it stands beside the estimate, and an estimate
 * that does not stand beyond a control resolved away from 0 is flagged {@link Flag#CONTROL_BIASED}.
 *
 * <p><b>The paper's estimator</b> (Li, Ding and Shen), kept beside it so a reader sees where and why it
 * fails: a subtraction of baselines measured in other forks.
 *
 * <p>Every {@code roundTrip} score is one round trip, two switches, during which each side walks its
 * working set once; every {@code walkAlone} score is two walks on one thread with no switch. So, per
 * switch (all scores halved):
 * <ul>
 *   <li><b>total</b> = roundTrip(size, stride) / 2: what a switch costs with its share of walking;</li>
 *   <li><b>direct</b> = roundTrip(size 0) / 2, same handoff, placement, sharing and stride;</li>
 *   <li><b>walk</b> = walkAlone(size, stride) / 2: one walk, caches undisturbed;</li>
 *   <li><b>indirect</b> = total − direct − walk: what the switch adds through the caches
 *       (Li et al.'s "total cost per switch" c2 is direct + indirect = total − walk).</li>
 * </ul>
 *
 * <p>The derived values are differences of independent measurements; their errors follow the one
 * rule ({@link Estimate}: the fewest degrees of freedom of the parts, 99.9%), and each is {@link Flag flagged} when it cannot
 * be read as a cost: negative
 * (the baseline did worse than the handoff run: e.g. CROSS_CPU keeps each private array in its own
 * core's cache), within its error of zero, missing a baseline, or dwarfed by the walk (memory-bound
 * past the LLC). A flagged value is never printed as a plain number; raw times are printed beside it.
 */
public final class IndirectCost {

    /**
     * The one definition of "direct cost" the card, the report and {@code indirect} use: a switch's cost with no data
     * of its own to bring back, i.e. the pair's CPU time per switch at working-set size 0 (its {@code switch.beyond}),
     * measured in the same working-set run as the cost through the caches it is set against.
     */
    public static final String DIRECT_DEFINITION = "direct cost = the pair's CPU time per switch at working-set size 0,"
            + " in the same run";

    /** Why a derived value cannot be read as a plain cost. */
    public enum Flag {
        /** No size-0 round trip or no walkAlone row to subtract. */
        MISSING_BASELINE,
        /** Below zero by more than its error (or with no error estimate): not a cost. */
        NEGATIVE,
        /** Within its error of zero: no indirect cost is resolved. */
        WITHIN_ERROR,
        /** JMH gave no error (one iteration): the value cannot be judged. */
        NO_ERROR_ESTIMATE,
        /** The walk is over 90% of the total: a small difference of large, memory-bound numbers. */
        WALK_DOMINATED,
        /**
         * A roundTripPaired row without {@code indirect.paired} (run without PairedWalkProfiler), or, for the whole
         * cost, without {@code switch.beyond} (results from before it was recorded; a partner with no thread to read).
         */
        NOT_COUNTED,
        /**
         * The paired estimator's no-switch control ({@code walkAlonePaired}, same size, stride and walk) is
         * resolved away from 0, and the estimate does not stand beyond it (estimate − control is within its
         * error of 0, or of the other sign): what it reads is what the estimator reads without a switch.
         */
        CONTROL_BIASED,
        /**
         * For the whole cost: the row or its size-0 row counted fewer than {@link #MIN_SWITCHES_PER_ROUND_TRIP}
         * switches per round trip. Its CPU time per switch is per handoff, and a handoff that did not switch is in it,
         * so the difference compares unlike protocols: typically size 0 on two CPUs, where the partner answers
         * before the waker has gone to sleep.
         */
        FEWER_SWITCHES
    }

    /**
     * The switches a round trip must count for its CPU time to be two switches' (each side blocks once); below it,
     * some handoffs found the other side still awake.
     */
    public static final double MIN_SWITCHES_PER_ROUND_TRIP = 1.9;

    /**
     * @param switchesPerRoundTrip counted switches per round trip (NaN where not counted)
     * @return false only where fewer than {@link #MIN_SWITCHES_PER_ROUND_TRIP} were counted
     */
    public static boolean switchedEveryHandoff(double switchesPerRoundTrip) {
        return !(switchesPerRoundTrip < MIN_SWITCHES_PER_ROUND_TRIP);
    }

    /** Share of the total above which the walk dominates. */
    static final double WALK_DOMINATED_SHARE = 0.9;

    /**
     * The paired estimate of one configuration, from its {@code roundTripPaired} row.
     *
     * @param benchmark     {@code WorkingSetHandoff.roundTripPaired}
     * @param params        the row's parameters
     * @param first         ns per first walk (after a switch in)
     * @param second        ns per second walk (no switch between)
     * @param indirect      first − second, ns per switch; NaN value when the row has no {@code indirect.paired}
     * @param switchesPerOp ctxsw.total.norm of the paired round trip, NaN without the profiler
     * @param control       first − second of {@code walkAlonePaired} (same size, stride and walk, no switch),
     *                      or null where the control was not run
     * @param flags         why {@link #indirect} cannot be read as a plain cost; empty when it can
     * @param beyond        the pair's CPU time per switch less two walks at the second walk's speed
     *                      ({@code switch.beyond}): the direct cost plus everything the caches add, in the switch and
     *                      after it; null where the row has no {@code switch.beyond}
     * @param whole         beyond − beyond at size 0 (same configuration): what the switch costs through the caches,
     *                      inside the switch and in the first walk after it; null where either is missing
     * @param wholeFlags    why {@link #whole} cannot be read as a plain cost; empty when it can
     * @param direct        the direct cost, as the project defines it once ({@link #DIRECT_DEFINITION}): beyond at size 0
     *                      of the same configuration; null where the size-0 row or its CPU time is missing
     */
    public record Paired(String benchmark, Map<String, String> params, Estimate first, Estimate second, Estimate indirect,
                         double switchesPerOp, Estimate control, Set<Flag> flags, Estimate beyond, Estimate whole,
                         Set<Flag> wholeFlags, Estimate direct) {

        /** @return true if {@link #indirect} can be printed as a plain number: resolved and positive */
        public boolean clean() {
            return flags.isEmpty();
        }

        /** @return true if {@link #whole} can be printed as a plain number: resolved and positive */
        public boolean wholeClean() {
            return wholeFlags.isEmpty();
        }

        /** @return true when the whole cost was derived (the pair's CPU time recorded here and at size 0) */
        public boolean hasWhole() {
            return whole != null;
        }

        /**
         * @return whether {@link #answer()} is the whole cost: derived, and against round trips that switched on every
         *         handoff (not {@link Flag#FEWER_SWITCHES}, which makes it no switch's cost at all)
         */
        public boolean answerIsWhole() {
            return hasWhole() && !wholeFlags.contains(Flag.FEWER_SWITCHES);
        }

        /**
         * @return the answer to "what does a switch cost through the caches": the whole cost where it is one
         *         ({@link #answerIsWhole()}), else the paired estimate (after the switch only)
         */
        public Estimate answer() {
            return answerIsWhole() ? whole : indirect;
        }

        public Set<Flag> answerFlags() {
            return answerIsWhole() ? wholeFlags : flags;
        }
    }

    /**
     * One derived line: a configuration (class, handoff, placement, sharing, walk, stride, size, JDK) with
     * its paired estimate (null where {@code roundTripPaired} was not run) and the paper's (total null
     * where {@code roundTrip} was not run).
     *
     * @param benchmarkClass WorkingSetHandoff or WorkingSetVirtualHandoff
     * @param handoff        FUTEX, PARK, VIRTUAL
     * @param total          roundTrip / 2, or null when the paper's estimator was not run for this configuration
     * @param walkTwoArrays  walkAlone_twoArrays / 2, or null when not measured
     * @param indirect       the paper's estimate: null when a baseline is missing or roundTrip was not run
     * @param switchesPerOp  ctxsw.total.norm of the round trip, NaN without the profiler
     * @param jdk            the JDK of the round trip's forks
     * @param missesPerSwitch cache misses per switch counted by PerfStatProfiler ({@code perf.cache-misses.norm} / 2)
     *                       in the round trip, NaN where not counted (no PMU, profiler off)
     * @param indirectMisses  the misses the switch adds, derived like {@link #indirect}: trip − size-0 trip − walk,
     *                       per switch; null where any of the three was not counted
     * @param paired         the paired estimate, or null where roundTripPaired was not run
     * @param disturbed      whether a JMH row it is derived from comes from a disturbed trial the run kept ({@code --allow-disturbed})
     */
    public record Row(String benchmarkClass, String handoff, String placement, String sharing, int strideBytes,
                      String walkKind, long workingSetKiB, Estimate total, Estimate direct, Estimate walk, Estimate walkTwoArrays,
                      Estimate indirect, double switchesPerOp, Set<Flag> flags, String jdk, double missesPerSwitch,
                      Estimate indirectMisses, Paired paired, boolean disturbed) {

        /** @return true if the paper's {@link #indirect} can be printed as a plain number */
        public boolean clean() {
            return total != null && flags.isEmpty();
        }

        /** @return true if the paper's estimator ({@code roundTrip} and its baselines) was run */
        public boolean paperRun() {
            return total != null;
        }
    }

    private IndirectCost() {
    }

    /**
     * Derives a row for every working-set round trip in {@code rows}; other benchmarks and rows of failed
     * trials are ignored. Rows of different JDKs are derived separately.
     *
     * @param estimates each paired row's estimate, derived once ({@link Findings#pairedRows})
     * @throws IllegalArgumentException when a working-set row is not a time per op (e.g. throughput mode)
     */
    public static List<Row> derive(List<JmhRow> rows, Map<JmhRow, Paired> estimates) {
        Map<String, JmhRow> direct = new HashMap<>();
        Map<String, JmhRow> alone = new HashMap<>();
        Map<String, JmhRow> aloneTwo = new HashMap<>();
        Map<String, JmhRow> trips = new LinkedHashMap<>();
        Map<String, JmhRow> paired = new LinkedHashMap<>();
        for (JmhRow r : rows) {
            if (!Family.WORKING_SET.has(r) || r.failed()) {
                continue;
            }
            if (!r.primary().isTimePerOp()) {
                throw new IllegalArgumentException(r.source() + ": " + r.benchmark() + " is in " + r.primary().jmhUnit()
                        + "; switchcost derives costs from times per op (run with -bm avgt)");
            }
            switch (r.method()) {
                case Bench.Names.ROUND_TRIP_METHOD -> {
                    trips.put(rowKey(r), r);
                    if (size(r) == 0) {
                        direct.put(pairKey(r), r);
                    }
                }
                case Bench.Names.PAIRED_METHOD -> paired.put(rowKey(r), r);
                case Bench.Names.WALK_ALONE_METHOD -> alone.put(walkKey(r), r);
                case Bench.Names.WALK_ALONE_TWO_ARRAYS_METHOD -> aloneTwo.put(walkKey(r), r);
            }
        }
        Set<String> keys = new LinkedHashSet<>(trips.keySet());
        keys.addAll(paired.keySet());
        List<Row> out = new ArrayList<>();
        for (String key : keys) {
            JmhRow t = trips.get(key);
            JmhRow p = paired.get(key);
            JmhRow any = t != null ? t : p;
            JmhRow d = direct.get(pairKey(any));
            Estimate directE = d == null ? null : perSwitch(d);
            Paired pe = p == null ? null : estimates.get(p);
            if (t == null) {
                out.add(new Row(any.benchmarkClass(), handoff(any), placement(any), any.param(Param.SHARING),
                        Integer.parseInt(any.param(Param.STRIDE_BYTES)), walkKind(any), size(any), null, directE, null, null,
                        null, pe.switchesPerOp(), EnumSet.noneOf(Flag.class), any.jdk(), Double.NaN, null, pe, disturbed(p, d)));
                continue;
            }
            Estimate total = perSwitch(t);
            JmhRow w = size(t) == 0 ? null : alone.get(walkKey(t));
            JmhRow w2 = aloneTwo.get(walkKey(t));
            Estimate walkE = size(t) == 0 ? Estimate.exact(0) : w == null ? null : perSwitch(w);
            Estimate indirect = directE == null || walkE == null ? null : total.minus(directE).minus(walkE);
            Estimate tripMisses = misses(t);
            Estimate dMisses = d == null ? null : misses(d);
            Estimate wMisses = size(t) == 0 ? Estimate.exact(0) : w == null ? null : misses(w);
            Estimate indirectMisses = tripMisses == null || dMisses == null || wMisses == null ? null
                    : tripMisses.minus(dMisses).minus(wMisses);
            out.add(new Row(t.benchmarkClass(), handoff(t), placement(t), t.param(Param.SHARING),
                    Integer.parseInt(t.param(Param.STRIDE_BYTES)), walkKind(t), size(t), total, directE, walkE,
                    w2 == null ? null : perSwitch(w2), indirect, t.switchesPerOp(),
                    flags(total, walkE, indirect, size(t) == 0), t.jdk(),
                    tripMisses == null ? Double.NaN : tripMisses.value(), indirectMisses, pe, disturbed(t, p, d, w, w2)));
        }
        out.sort(Comparator.comparing(Row::jdk).thenComparing(Row::benchmarkClass).thenComparing(Row::handoff).thenComparing(Row::placement)
                .thenComparing(Row::sharing).thenComparing(Row::walkKind).thenComparingInt(Row::strideBytes)
                .thenComparingLong(Row::workingSetKiB));
        return out;
    }

    /** Whether any of {@code rows} (null where not run) comes from a disturbed trial the run kept. */
    private static boolean disturbed(JmhRow... rows) {
        return Arrays.stream(rows).anyMatch(r -> r != null && r.disturbed());
    }

    /**
     * A roundTripPaired row's estimate beside its control, found among {@code rows} (a successful
     * {@code walkAlonePaired} of the same JDK, size, stride and walk), if run.
     */
    public static Paired paired(JmhRow p, List<JmhRow> rows) {
        String key = walkKey(p);
        // a control that prepared nothing before its walks: before=NONE, or a result from before the parameter
        JmhRow control = rows.stream().filter(r -> !r.failed() && Family.WORKING_SET.has(r) && Bench.Names.CONTROL_METHOD.equals(r.method())
                && (r.param(Param.BEFORE) == null || r.param(Param.BEFORE).equals("NONE")) && key.equals(walkKey(r))).findFirst().orElse(null);
        String zeroKey = pairKey(p) + "|0";
        JmhRow zero = rows.stream().filter(r -> !r.failed() && Family.WORKING_SET.has(r)
                && Bench.Names.PAIRED_METHOD.equals(r.method()) && zeroKey.equals(rowKey(r))).findFirst().orElse(null);
        return paired(p, control, zero);
    }

    /**
     * A roundTripPaired row's estimate: its PairedWalkProfiler metrics, judged by the one rule, beside its
     * control's (null when not run); and the whole cost through the caches against the size-0 row of the
     * same configuration ({@code zeroRow}, null when not run).
     */
    static Paired paired(JmhRow p, JmhRow controlRow, JmhRow zeroRow) {
        Estimate first = secondary(p, PairedWalkProfiler.FIRST);
        Estimate second = secondary(p, PairedWalkProfiler.SECOND);
        Estimate indirect = secondary(p, PairedWalkProfiler.INDIRECT);
        Set<Flag> f = EnumSet.noneOf(Flag.class);
        if (indirect == null) {
            f.add(Flag.NOT_COUNTED);
            indirect = new Estimate(Double.NaN, Double.NaN, 0);
        } else {
            judge(indirect, f);
        }
        Estimate control = controlRow == null ? null : secondary(controlRow, PairedWalkProfiler.INDIRECT);
        if (control != null && control.errorKnown() && control.resolved() && Double.isFinite(indirect.value())) {
            Estimate beyond = indirect.minus(control);
            if (!beyond.resolved() || Math.signum(beyond.value()) != Math.signum(indirect.value())) {
                f.add(Flag.CONTROL_BIASED);
            }
        }
        Estimate beyond = secondary(p, PairedWalkProfiler.SWITCH);
        Estimate beyondAtZero = zeroRow == null ? null : secondary(zeroRow, PairedWalkProfiler.SWITCH);
        Set<Flag> wf = EnumSet.noneOf(Flag.class);
        Estimate whole = null;
        if (beyond == null) {
            wf.add(Flag.NOT_COUNTED);
        } else if (size(p) == 0) {
            whole = Estimate.exact(0);
        } else if (beyondAtZero == null) {
            wf.add(Flag.MISSING_BASELINE);
        } else {
            whole = beyond.minus(beyondAtZero);
            judge(whole, wf);
        }
        if (whole != null && (!switchedEveryHandoff(p.switchesPerOp())
                || zeroRow != null && !switchedEveryHandoff(zeroRow.switchesPerOp()))) {
            wf.add(Flag.FEWER_SWITCHES);
        }
        Estimate direct = size(p) == 0 ? beyond : beyondAtZero;
        return new Paired(p.shortName(), p.params(), first, second, indirect, p.switchesPerOp(), control, f, beyond, whole, wf,
                direct);
    }

    private static Estimate secondary(JmhRow r, String label) {
        var m = r.secondary().get(label);
        return m == null ? null : Estimate.of(m);
    }

    /** Per switch: a round trip (or two walks) is two. */
    static Estimate perSwitch(JmhRow r) {
        return PerSwitch.ofRoundTrip(r.estimate());
    }

    /** Cache misses per switch, or null when the row has no counted value. */
    static Estimate misses(JmhRow r) {
        var m = r.secondary().get("perf.cache-misses.norm"); // PerfStatProfiler's
        return m == null || !Double.isFinite(m.score()) ? null : PerSwitch.ofRoundTrip(m.estimate());
    }

    /** The judgement, apart from the bookkeeping so tests can check it on plain numbers. */
    static Set<Flag> flags(Estimate total, Estimate walk, Estimate indirect, boolean isDirectRow) {
        if (indirect == null) {
            return EnumSet.of(Flag.MISSING_BASELINE);
        }
        Set<Flag> f = EnumSet.noneOf(Flag.class);
        if (isDirectRow) {
            return f; // indirect is 0 by definition at size 0
        }
        judge(indirect, f);
        if (walk != null && total.value() > 0 && walk.value() > WALK_DOMINATED_SHARE * total.value()) {
            f.add(Flag.WALK_DOMINATED);
        }
        return f;
    }

    /** The rule for a derived cost: negative, within its error of zero, or without an error estimate. */
    static void judge(Estimate e, Set<Flag> f) {
        if (!e.errorKnown()) {
            f.add(e.value() < 0 ? Flag.NEGATIVE : Flag.NO_ERROR_ESTIMATE);
        } else if (!e.resolved()) {
            f.add(Flag.WITHIN_ERROR);
        } else if (e.value() < 0) {
            f.add(Flag.NEGATIVE);
        }
    }

    private static long size(JmhRow r) {
        return Long.parseLong(Objects.requireNonNull(r.param(Param.WORKING_SET_KIB), r.benchmark() + " has no workingSetKiB"));
    }

    private static String handoff(JmhRow r) {
        return r.param(Param.HANDOFF) != null ? r.param(Param.HANDOFF)
                : Family.WORKING_SET_VIRTUAL.has(r) ? "VIRTUAL" : "?";
    }

    private static String placement(JmhRow r) {
        return r.param(Param.PLACEMENT) != null ? r.param(Param.PLACEMENT)
                : Family.WORKING_SET_VIRTUAL.has(r) ? "UNPINNED" : "?";
    }

    /**
     * The walk a row ran: its {@code walk} parameter, or SPARSE for results written before the parameter
     * existed (the only walk then).
     */
    static String walkKind(JmhRow r) {
        return r.param(Param.WALK) != null ? r.param(Param.WALK) : "SPARSE";
    }

    /** One configuration: the paired and the paper's estimates of it share a row. */
    private static String rowKey(JmhRow r) {
        return pairKey(r) + "|" + r.param(Param.WORKING_SET_KIB);
    }

    private static String pairKey(JmhRow r) {
        return r.jdk() + "|" + r.benchmarkClass() + "|" + handoff(r) + "|" + placement(r) + "|" + r.param(Param.SHARING)
                + "|" + r.param(Param.STRIDE_BYTES) + "|" + walkKind(r);
    }

    private static String walkKey(JmhRow r) {
        return r.jdk() + "|" + r.param(Param.WORKING_SET_KIB) + "|" + r.param(Param.STRIDE_BYTES) + "|" + walkKind(r);
    }
}
