package dev.switchcost.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Splits the gap between a JVM handoff and the plain C futex ping-pong of the same run and placement
 * into measured shares. For a JVM row with median time {@code jvm} per round trip and the C
 * program's {@code c} (untimed waits):
 * <ul>
 *   <li><b>binding</b> = waits × (the binding's blocking-call gettid − C gettid) + wakes × (its
 *       non-blocking-call gettid − C gettid): the cost of crossing into C, from the syscall rows of the
 *       same run. Per round trip each side makes one {@code FUTEX_WAKE} (2 wakes) and one
 *       {@code FUTEX_WAIT} unless the turn is already back; the waits that block are the voluntary
 *       switches the row counted, so waits = its voluntary switches per round trip. For JNA both kinds
 *       of call cost its {@code gettid}; for FFM the wait is a normal downcall
 *       ({@code gettidNotCritical}), the wake a critical one ({@code gettid}).</li>
 *   <li><b>timer</b> = (C timed − C untimed) for a row whose waits carry a timeout, else 0: what arming
 *       and cancelling an hrtimer per wait costs, measured in C.</li>
 *   <li><b>harness</b> = JMH's empty op ({@code SyscallBaseline.baseline}): the benchmark loop's own
 *       cost per op.</li>
 *   <li><b>residual</b> = gap − binding − timer − harness: what the JVM adds beyond them.</li>
 * </ul>
 * Rows without a binding (park/unpark goes through HotSpot's own native code) have the whole gap as
 * residual. Medians are of the interleaved repetitions; a share whose inputs are missing is NaN, and
 * so is the residual then.
 */
public final class GapDecomposition {

    /** Wakes per round trip: each side wakes the other once. */
    static final double WAKES_PER_ROUND_TRIP = 2;
    /** A residual above this share of the C figure is worth explaining. */
    public static final double RESIDUAL_NOTE_SHARE = 0.05;

    private GapDecomposition() {
    }

    /**
     * One JVM row against C.
     *
     * @param placement   where both ran
     * @param label       the JVM row's label
     * @param cNanos      plain C, untimed, per round trip
     * @param jvmNanos    the JVM row per round trip
     * @param waits       wait calls per round trip (voluntary switches counted), NaN if unknown
     * @param binding     binding share, NaN if not measured, 0 for rows without a binding
     * @param timer       timer share
     * @param harness     JMH's per-op share
     * @param residual    gap − binding − timer − harness
     * @param switches    switches per round trip of the JVM row
     */
    public record Row(String placement, String label, double cNanos, double jvmNanos, double waits, double binding, double timer,
                      double harness, double residual, double switches) {

        public double gap() {
            return jvmNanos - cNanos;
        }

        public double ratio() {
            return jvmNanos / cNanos;
        }

        /** @return true when the residual is more than {@link #RESIDUAL_NOTE_SHARE} of the C figure */
        public boolean residualNeedsExplaining() {
            return Double.isFinite(residual) && residual > RESIDUAL_NOTE_SHARE * cNanos;
        }
    }

    /** How a JVM column crosses into C. */
    private record Spec(Column column, Column waitCost, Column wakeCost, boolean timed) {
    }

    private static final List<Spec> SPECS = List.of(
            new Spec(Column.FFM_FUTEX, Column.FFM_GETTID_NOT_CRITICAL, Column.FFM_GETTID, false),
            new Spec(Column.JNA_FUTEX, Column.JNA_GETTID, Column.JNA_GETTID, false),
            new Spec(Column.JNA_FUTEX_TIMED, Column.JNA_GETTID, Column.JNA_GETTID, true),
            new Spec(Column.LOCK_SUPPORT, null, null, false));

    /** The rows for every placement that has a C figure and the JVM row. */
    public static List<Row> of(CompareResults r) {
        List<Row> rows = new ArrayList<>();
        double cGettid = median(r, Column.NATIVE_GETTID, "UNPINNED");
        double harness = median(r, Column.JMH_EMPTY, "UNPINNED");
        for (String placement : r.placements()) {
            double c = median(r, Column.NATIVE_FUTEX, placement);
            if (!Double.isFinite(c)) {
                continue;
            }
            double timerCost = median(r, Column.NATIVE_FUTEX_TIMED, placement) - c;
            for (Spec s : SPECS) {
                Optional<CompareResults.Cell> cell = r.cell(s.column(), placement).filter(x -> x.nanos().n() > 0);
                if (cell.isEmpty()) {
                    continue;
                }
                double jvm = cell.get().nanos().median();
                double waits = cell.get().voluntary().median();
                double binding = s.waitCost() == null ? 0
                        : waits * (median(r, s.waitCost(), "UNPINNED") - cGettid)
                        + WAKES_PER_ROUND_TRIP * (median(r, s.wakeCost(), "UNPINNED") - cGettid);
                double timer = s.timed() ? timerCost : 0;
                rows.add(new Row(placement, cell.get().label(), c, jvm, waits, binding, timer, harness,
                        jvm - c - binding - timer - harness, cell.get().switches().median()));
            }
        }
        return rows;
    }

    private static double median(CompareResults r, Column c, String placement) {
        return r.cell(c, placement).map(x -> x.nanos().n() == 0 ? Double.NaN : x.nanos().median()).orElse(Double.NaN);
    }

    /** Plain text under the compare table; empty when no row can be decomposed. */
    public static String text(CompareResults r) {
        List<Row> rows = of(r);
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        sb.append("The JVM−C gap per round trip, in measured shares (medians, ns): binding = waits × (blocking-call gettid − C gettid)\n"
                + "+ 2 wakes × (non-blocking-call gettid − C gettid), waits = voluntary switches counted; timer = C timed − C untimed,\n"
                + "for rows whose waits carry a timeout; harness = JMH's empty op; residual = the rest.\n");
        String fmt = "%-10s %-30s %8s %8s %6s %8s %6s %9s %7s %7s %7s %9s%n";
        sb.append(String.format(Locale.ROOT, fmt, "placement", "JVM row", "C", "JVM", "× C", "switches", "waits", "gap", "binding",
                "timer", "harness", "residual"));
        for (Row x : rows) {
            sb.append(String.format(Locale.ROOT, fmt, x.placement(), x.label(), num(x.cNanos()), num(x.jvmNanos()),
                    String.format(Locale.ROOT, "%.2f", x.ratio()), String.format(Locale.ROOT, "%.2f", x.switches()),
                    String.format(Locale.ROOT, "%.2f", x.waits()), num(x.gap()), num(x.binding()), num(x.timer()), num(x.harness()), num(x.residual())));
        }
        for (Row x : rows) {
            if (x.residualNeedsExplaining()) {
                sb.append(String.format(Locale.ROOT, "note: %s %s: residual %s ns is %.0f %% of the C figure%n", x.placement(), x.label(),
                        num(x.residual()), 100 * x.residual() / x.cNanos()));
            }
        }
        return sb.toString();
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,.0f", v) : "n/a";
    }
}
