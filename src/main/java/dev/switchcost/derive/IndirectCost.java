package dev.switchcost.derive;

import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Direct and indirect cost per switch from {@code WorkingSetHandoff} / {@code WorkingSetVirtualHandoff}
 * results (a JMH {@code -rf json} file), after Li, Ding and Shen.
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
 * rule ({@link Estimate}: Welch–Satterthwaite, 99.9%), and each is {@link Flag flagged} when it cannot
 * be read as a cost: negative
 * (the baseline did worse than the handoff run: e.g. CROSS_CPU keeps each private array in its own
 * core's cache), within its error of zero, missing a baseline, or dwarfed by the walk (memory-bound
 * past the LLC). A flagged value is never printed as a plain number; raw times are printed beside it.
 */
public final class IndirectCost {

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
        WALK_DOMINATED
    }

    /** Share of the total above which the walk dominates. */
    static final double WALK_DOMINATED_SHARE = 0.9;

    /**
     * One derived line.
     *
     * @param benchmarkClass WorkingSetHandoff or WorkingSetVirtualHandoff
     * @param handoff        FUTEX, PARK, VIRTUAL
     * @param walkTwoArrays  walkAlone_twoArrays / 2, or null when not measured
     * @param indirect       null when a baseline is missing
     * @param switchesPerOp  ctxsw.total.norm of the round trip, NaN without the profiler
     * @param jdk            the JDK of the round trip's forks
     * @param missesPerSwitch cache misses per switch counted by PerfStatProfiler ({@code perf.cache-misses.norm} / 2)
     *                       in the round trip, NaN where not counted (no PMU, profiler off)
     * @param indirectMisses  the misses the switch adds, derived like {@link #indirect}: trip − size-0 trip − walk,
     *                       per switch; null where any of the three was not counted
     */
    public record Row(String benchmarkClass, String handoff, String placement, String sharing, int strideBytes,
                      String walkKind, long workingSetKiB, Estimate total, Estimate direct, Estimate walk, Estimate walkTwoArrays,
                      Estimate indirect, double switchesPerOp, Set<Flag> flags, String jdk, double missesPerSwitch,
                      Estimate indirectMisses) {

        /** @return true if {@link #indirect} can be printed as a plain number */
        public boolean clean() {
            return flags.isEmpty();
        }
    }

    private IndirectCost() {
    }

    /** The PerfStatProfiler metric shown beside the indirect cost. */
    public static final String MISSES = "perf.cache-misses.norm";

    /**
     * Derives a row for every working-set round trip in {@code rows}; other benchmarks and rows of failed
     * trials are ignored. Rows of different JDKs are derived separately.
     *
     * @throws IllegalArgumentException when a working-set row is not a time per op (e.g. throughput mode)
     */
    public static List<Row> derive(List<JmhRow> rows) {
        Map<String, JmhRow> direct = new HashMap<>();
        Map<String, JmhRow> alone = new HashMap<>();
        Map<String, JmhRow> aloneTwo = new HashMap<>();
        List<JmhRow> trips = new ArrayList<>();
        for (JmhRow r : rows) {
            if (!r.benchmarkClass().startsWith("WorkingSet") || r.failed()) {
                continue;
            }
            if (!r.primary().isTimePerOp()) {
                throw new IllegalArgumentException(r.source() + ": " + r.benchmark() + " is in " + r.primary().jmhUnit()
                        + "; switchcost derives costs from times per op (run with -bm avgt)");
            }
            switch (r.method()) {
                case "roundTrip":
                    trips.add(r);
                    if (size(r) == 0) {
                        direct.put(pairKey(r), r);
                    }
                    break;
                case "walkAlone":
                    alone.put(walkKey(r), r);
                    break;
                case "walkAlone_twoArrays":
                    aloneTwo.put(walkKey(r), r);
                    break;
                default:
                    break;
            }
        }
        List<Row> out = new ArrayList<>();
        for (JmhRow t : trips) {
            Estimate total = perSwitch(t);
            JmhRow d = direct.get(pairKey(t));
            JmhRow w = size(t) == 0 ? null : alone.get(walkKey(t));
            JmhRow w2 = aloneTwo.get(walkKey(t));
            Estimate directE = d == null ? null : perSwitch(d);
            Estimate walkE = size(t) == 0 ? Estimate.exact(0) : w == null ? null : perSwitch(w);
            Estimate indirect = directE == null || walkE == null ? null : total.minus(directE).minus(walkE);
            Estimate tripMisses = misses(t);
            Estimate dMisses = d == null ? null : misses(d);
            Estimate wMisses = size(t) == 0 ? Estimate.exact(0) : w == null ? null : misses(w);
            Estimate indirectMisses = tripMisses == null || dMisses == null || wMisses == null ? null
                    : tripMisses.minus(dMisses).minus(wMisses);
            out.add(new Row(t.benchmarkClass(), handoff(t), placement(t), t.param("sharing"),
                    Integer.parseInt(t.param("strideBytes")), walkKind(t), size(t), total, directE, walkE,
                    w2 == null ? null : perSwitch(w2), indirect, t.switchesPerOp(),
                    flags(total, walkE, indirect, size(t) == 0), jdk(t),
                    tripMisses == null ? Double.NaN : tripMisses.value(), indirectMisses));
        }
        out.sort(Comparator.comparing(Row::jdk).thenComparing(Row::benchmarkClass).thenComparing(Row::handoff).thenComparing(Row::placement)
                .thenComparing(Row::sharing).thenComparing(Row::walkKind).thenComparingInt(Row::strideBytes).thenComparingLong(Row::workingSetKiB));
        return out;
    }

    /** Per switch: a round trip (or two walks) is two. */
    static Estimate perSwitch(JmhRow r) {
        return r.estimate().times(0.5);
    }

    /** Cache misses per switch, or null when the row has no counted value. */
    static Estimate misses(JmhRow r) {
        var m = r.secondary().get(MISSES);
        if (m == null || !Double.isFinite(m.score())) {
            return null;
        }
        return m.estimate().times(0.5);
    }

    private static String jdk(JmhRow r) {
        return r.jvm().jdkVersion() == null ? "?" : r.jvm().jdkVersion();
    }

    /** The judgement, apart from the bookkeeping so tests can check it on plain numbers. */
    static Set<Flag> flags(Estimate total, Estimate walk, Estimate indirect, boolean isDirectRow) {
        Set<Flag> f = EnumSet.noneOf(Flag.class);
        if (indirect == null) {
            f.add(Flag.MISSING_BASELINE);
            return f;
        }
        if (isDirectRow) {
            return f; // indirect is 0 by definition at size 0
        }
        if (!indirect.errorKnown()) {
            f.add(indirect.value() < 0 ? Flag.NEGATIVE : Flag.NO_ERROR_ESTIMATE);
        } else if (!indirect.resolved()) {
            f.add(Flag.WITHIN_ERROR);
        } else if (indirect.value() < 0) {
            f.add(Flag.NEGATIVE);
        }
        if (walk != null && total.value() > 0 && walk.value() > WALK_DOMINATED_SHARE * total.value()) {
            f.add(Flag.WALK_DOMINATED);
        }
        return f;
    }

    /** @return which cache mark a size equals: {@code L1d}, {@code L2/2}, {@code LLC}, ..., or empty */
    public static String mark(CacheSizes c, long kib) {
        if (c == null || kib == 0) {
            return "";
        }
        List<String> m = new ArrayList<>();
        long k = 1024;
        if (kib * k == c.l1dBytes()) {
            m.add("L1d");
        }
        if (kib * k == c.l1dBytes() / 2) {
            m.add("L1d/2");
        }
        boolean l2IsLlc = c.llcLevel() == 2;
        if (c.l2Bytes() > 0 && !l2IsLlc) {
            if (kib * k == c.l2Bytes() / 2) {
                m.add("L2/2");
            }
            if (kib * k == c.l2Bytes()) {
                m.add("L2");
            }
        }
        if (kib * k == c.llcBytes() / 2) {
            m.add("LLC/2");
        }
        if (kib * k == c.llcBytes()) {
            m.add("LLC");
        }
        if (kib * k == 2 * c.llcBytes()) {
            m.add("2·LLC");
        }
        return String.join(",", m);
    }

    private static long size(JmhRow r) {
        return Long.parseLong(Objects.requireNonNull(r.param("workingSetKiB"), r.benchmark() + " has no workingSetKiB"));
    }

    /** WorkingSetVirtualHandoff fixes these instead of taking them as parameters. */
    static final String VIRTUAL_CLASS = "WorkingSetVirtualHandoff";

    private static String handoff(JmhRow r) {
        String h = r.param("handoff");
        return h != null ? h : VIRTUAL_CLASS.equals(r.benchmarkClass()) ? "VIRTUAL" : "?";
    }

    private static String placement(JmhRow r) {
        String p = r.param("placement");
        return p != null ? p : VIRTUAL_CLASS.equals(r.benchmarkClass()) ? "UNPINNED" : "?";
    }

    /**
     * The walk a row ran: its {@code walk} parameter, or SPARSE for results written before the parameter
     * existed (the only walk then).
     */
    static String walkKind(JmhRow r) {
        String w = r.param("walk");
        return w != null ? w : "SPARSE";
    }

    private static String pairKey(JmhRow r) {
        return jdk(r) + "|" + r.benchmarkClass() + "|" + handoff(r) + "|" + placement(r) + "|" + r.param("sharing")
                + "|" + r.param("strideBytes") + "|" + walkKind(r);
    }

    private static String walkKey(JmhRow r) {
        return jdk(r) + "|" + r.param("workingSetKiB") + "|" + r.param("strideBytes") + "|" + walkKind(r);
    }
}
