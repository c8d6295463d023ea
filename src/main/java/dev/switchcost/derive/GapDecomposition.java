package dev.switchcost.derive;

import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Estimate;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Splits the gap between a JVM handoff and the plain C futex ping-pong of the same run and placement
 * into measured shares. Every figure is a {@link CompareResults.Cell#estimate mean over the interleaved
 * repetitions with its 99.9% error} and every share is combined by the one rule ({@link Estimate}):
 * <ul>
 *   <li><b>binding</b> = waits × (gettid through the futex wait's call shape − C gettid) + wakes ×
 *       (gettid through the wake's call shape − C gettid): the cost of crossing into C, from the syscall
 *       rows of the same run ({@code SyscallBaseline.gettidAsFutexWait/Wake}: six arguments, the same
 *       linkage and errno handling as the futex calls; runs without them fall back to plain gettid).
 *       Per round trip each side makes one {@code FUTEX_WAKE} (2 wakes) and one
 *       {@code FUTEX_WAIT} unless the turn is already back; the waits that block are the voluntary
 *       switches the row counted, so waits = its voluntary switches per round trip (taken as exact:
 *       it is a count).</li>
 *   <li><b>timer</b> = (C timed − C untimed) for a row whose waits carry a timeout, else 0: what arming
 *       and cancelling an hrtimer per wait costs, measured in C.</li>
 *   <li><b>harness</b> = JMH's empty op ({@code SyscallBaseline.baseline}): the benchmark loop's own
 *       cost per op.</li>
 *   <li><b>Parker's protocol</b> = C Parker − C futex, for a row that parks through HotSpot's {@code Parker}
 *       ({@code LockSupport.park()}) when the run measured the C replica ({@link Column#NATIVE_PARKER},
 *       {@code parker_threads}) on that placement, else 0: what the mutex, the condition variable, the counter and
 *       glibc's futex calls under them add to a bare futex.</li>
 *   <li><b>residual</b> = gap − binding − timer − harness − Parker's protocol, with the errors of all figures
 *       combined: what the JVM adds beyond the measured shares. For a row through Parker it is computed as
 *       JVM − C Parker − harness, so C's error is not counted twice: the <b>JVM's own part</b> (thread-state
 *       transitions, {@code Unsafe.park}'s wrappers, the safepoint poll).</li>
 * </ul>
 * The virtual-thread row is not split: its park unmounts the virtual thread (a continuation yield) and does
 * not go through {@code Parker}.
 * The shares <b>account for the gap</b> when the residual's 99.9% interval contains 0 and is no wider than
 * ± {@link #RESIDUAL_NOTE_SHARE} of the C figure (a wider one is <b>undecided</b>); a residual that
 * is resolved and above {@link #RESIDUAL_NOTE_SHARE} of the C figure is flagged as unexplained. Rows
 * without a binding (park/unpark goes through HotSpot's own native code) have the whole gap as
 * residual. A share whose inputs are missing is NaN, and so is the residual then.
 */
public final class GapDecomposition {

    /** Wakes per round trip: each side wakes the other once. */
    static final double WAKES_PER_ROUND_TRIP = 2;
    /** A residual above this share of the C figure is worth explaining. */
    public static final double RESIDUAL_NOTE_SHARE = 0.05;

    private static final Estimate MISSING = new Estimate(Double.NaN, Double.NaN, 0);

    private GapDecomposition() {
    }

    /**
     * One JVM row against C.
     *
     * @param placement where both ran
     * @param label     the JVM row's label
     * @param c         plain C, untimed, per round trip
     * @param jvm       the JVM row per round trip
     * @param waits     wait calls per round trip (voluntary switches counted), NaN if unknown
     * @param binding   binding share, NaN if not measured, exactly 0 for rows without a binding
     * @param timer     timer share
     * @param harness   JMH's per-op share
     * @param switches  switches per round trip of the JVM row
     * @param cParker   the C replica of Parker per round trip, for a row that parks through Parker and a run that
     *                  measured it on this placement; NaN otherwise
     */
    public record Row(String placement, String label, Estimate c, Estimate jvm, double waits, Estimate binding, Estimate timer,
                      Estimate harness, double switches, Estimate cParker) {

        public Estimate gap() {
            return jvm.minus(c);
        }

        /** Whether the row parks through Parker and the run measured the C replica beside it. */
        public boolean throughParker() {
            return Double.isFinite(cParker.value());
        }

        /** C Parker − C futex for a row through Parker; exactly 0 otherwise. */
        public Estimate parkerProtocol() {
            return throughParker() ? cParker.minus(c) : Estimate.exact(0);
        }

        /**
         * gap − binding − timer − harness − Parker's protocol; through Parker computed as JVM − C Parker − binding − timer
         * − harness (the same value, without C's error twice): the JVM's own part.
         */
        public Estimate residual() {
            return (throughParker() ? jvm.minus(cParker) : gap()).minus(binding).minus(timer).minus(harness);
        }

        public Estimate ratio() {
            return jvm.over(c);
        }

        /**
         * @return true when the shares add up to the gap within a useful error: the residual's interval
         *         contains 0 and is no wider than ± {@link #RESIDUAL_NOTE_SHARE} of the C figure
         */
        public boolean accounted() {
            Estimate r = residual();
            return r.errorKnown() && !r.resolved() && r.halfWidth() <= RESIDUAL_NOTE_SHARE * c.value();
        }

        /** @return true when the residual's interval contains 0 but is too wide to say the shares account for the gap */
        public boolean undecided() {
            Estimate r = residual();
            return r.errorKnown() && !r.resolved() && !accounted();
        }

        /** @return true when the residual is resolved and more than {@link #RESIDUAL_NOTE_SHARE} of the C figure */
        public boolean residualNeedsExplaining() {
            Estimate r = residual();
            return r.resolved() && r.value() > RESIDUAL_NOTE_SHARE * c.value();
        }
    }

    /**
     * How a JVM column crosses into C: the syscall rows that price its wait and wake calls, best first
     * (gettid through the futex calls' own shape; older runs have only the plain gettid rows).
     */
    private record Spec(Column column, List<Column> waitCost, List<Column> wakeCost, boolean timed, boolean parker) {
    }

    private static final List<Spec> SPECS = List.of(
            new Spec(Column.FFM_FUTEX, List.of(Column.FFM_AS_FUTEX_WAIT, Column.FFM_GETTID_NOT_CRITICAL),
                    List.of(Column.FFM_AS_FUTEX_WAKE, Column.FFM_GETTID), false, false),
            new Spec(Column.JNA_FUTEX, List.of(Column.JNA_AS_FUTEX_CALL, Column.JNA_GETTID), List.of(Column.JNA_AS_FUTEX_CALL, Column.JNA_GETTID),
                    false, false),
            new Spec(Column.JNA_FUTEX_TIMED, List.of(Column.JNA_AS_FUTEX_CALL, Column.JNA_GETTID),
                    List.of(Column.JNA_AS_FUTEX_CALL, Column.JNA_GETTID), true, false),
            new Spec(Column.LOCK_SUPPORT, null, null, false, true));

    /**
     * The rows for every placement that has a C figure and the JVM row, one per JDK when
     * {@code compare --jdk} ran several: each JDK's row is priced with its own syscall rows.
     */
    public static List<Row> of(CompareResults r) {
        List<Row> rows = new ArrayList<>();
        Estimate cGettid = estimate(r, Column.NATIVE_GETTID, "UNPINNED", null);
        for (String placement : r.placements()) {
            Estimate c = estimate(r, Column.NATIVE_FUTEX, placement, null);
            if (!Double.isFinite(c.value())) {
                continue;
            }
            Estimate timerCost = estimate(r, Column.NATIVE_FUTEX_TIMED, placement, null).minus(c);
            Estimate cParker = estimate(r, Column.NATIVE_PARKER, placement, null);
            for (Spec s : SPECS) {
                for (CompareResults.Cell cell : r.cells(s.column(), placement)) {
                    if (cell.nanos().n() == 0) {
                        continue;
                    }
                    String jdk = cell.jdk();
                    double waits = cell.voluntary().median();
                    Estimate binding = s.waitCost() == null ? Estimate.exact(0)
                            : first(r, s.waitCost(), jdk).minus(cGettid).times(waits)
                            .plus(first(r, s.wakeCost(), jdk).minus(cGettid).times(WAKES_PER_ROUND_TRIP));
                    rows.add(new Row(placement, cell.label(), c, cell.estimate(), waits, binding,
                            s.timed() ? timerCost : Estimate.exact(0), estimate(r, Column.JMH_EMPTY, "UNPINNED", jdk),
                            cell.switches().median(), s.parker() ? cParker : MISSING));
                }
            }
        }
        return rows;
    }

    /** The first of these syscall rows that ran on this JDK. */
    private static Estimate first(CompareResults r, List<Column> columns, String jdk) {
        return columns.stream().map(c -> estimate(r, c, "UNPINNED", jdk)).filter(e -> Double.isFinite(e.value())).findFirst().orElse(MISSING);
    }

    /** The column's cell on this placement and JDK (null: a native cell, or a run on one JDK). */
    private static Estimate estimate(CompareResults r, Column c, String placement, String jdk) {
        return r.cells(c, placement).stream().filter(x -> Objects.equals(x.jdk(), jdk) && x.nanos().n() > 0)
                .findFirst().map(CompareResults.Cell::estimate).orElse(MISSING);
    }

    /**
     * One binding's call right after a switch against the same call in a warm loop.
     *
     * @param binding           FFM or JNA
     * @param afterSwitch       ns per call just after a wake: (BindingAfterSwitch row − its no-call row) / 2
     * @param warm              ns per call of the same call shape in a warm loop (SyscallBaseline)
     * @param callsPerRoundTrip the binding's calls per round trip in its futex row (waits + 2 wakes), NaN if absent
     * @param residual          that futex row's residual on one CPU, NaN if absent
     */
    public record AfterSwitch(String binding, Estimate afterSwitch, Estimate warm, double callsPerRoundTrip, Estimate residual) {

        public Estimate difference() {
            return afterSwitch.minus(warm);
        }

        /** The difference for every call of a round trip of the binding's futex row: its part of that row's residual. */
        public Estimate perRoundTrip() {
            return difference().times(callsPerRoundTrip);
        }

        public String reading() {
            Estimate d = difference();
            return !d.errorKnown() ? "no error (one repetition)"
                    : !d.resolved() ? "the same as warm within the error"
                    : d.value() > 0 ? "dearer right after a switch" : "cheaper right after a switch";
        }
    }

    private record AfterSwitchSpec(String binding, Column withCall, Column warm, Column futex) {
    }

    private static final List<AfterSwitchSpec> AFTER_SWITCH = List.of(
            new AfterSwitchSpec("FFM", Column.AFTER_SWITCH_FFM, Column.FFM_AS_FUTEX_WAIT, Column.FFM_FUTEX),
            new AfterSwitchSpec("JNA", Column.AFTER_SWITCH_JNA, Column.JNA_AS_FUTEX_CALL, Column.JNA_FUTEX));

    /**
     * The after-a-switch rows of a run on one JDK that measured {@code BindingAfterSwitch} on one CPU; empty otherwise.
     *
     * @param rows the same run's gap rows, {@link #of} (derived once, not again here)
     */
    public static List<AfterSwitch> afterSwitch(CompareResults r, List<Row> rows) {
        Estimate none = estimate(r, Column.AFTER_SWITCH_NONE, "SAME_CPU", null);
        if (!Double.isFinite(none.value())) {
            return List.of();
        }
        List<AfterSwitch> out = new ArrayList<>();
        for (AfterSwitchSpec s : AFTER_SWITCH) {
            Estimate with = estimate(r, s.withCall(), "SAME_CPU", null);
            if (!Double.isFinite(with.value())) {
                continue;
            }
            Row futex = rows.stream().filter(x -> x.placement().equals("SAME_CPU") && x.label().equals(s.futex().label()))
                    .findFirst().orElse(null);
            out.add(new AfterSwitch(s.binding(), with.minus(none).times(0.5), estimate(r, s.warm(), "UNPINNED", null),
                    futex == null ? Double.NaN : futex.waits() + WAKES_PER_ROUND_TRIP, futex == null ? MISSING : futex.residual()));
        }
        return out;
    }
}
