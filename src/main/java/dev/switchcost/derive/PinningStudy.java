package dev.switchcost.derive;

import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.measure.jmh.PinnedEventsProfiler;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Family;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Param;
import dev.switchcost.results.Results;
import dev.switchcost.results.RunStatus;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The pinning study, derived from the {@code VirtualThreadHandoffOneCarrier}/{@code TwoCarriers} rows
 * with {@code pair=VT_VT} of one results input (one or several JDKs): per JDK, carriers and blocking
 * primitive, the round trip in ns with its error (the one rule, {@link Estimate}), the kernel switches
 * per round trip of the carriers and of the JDK's virtual-thread helper threads (the unblocker of JEP
 * 491), and a one-line reading for someone deciding whether to replace {@code synchronized}.
 *
 * <p>A cell that has no row says why: on a JDK before {@value JdkPolicy#NO_PINNING}, one carrier and
 * {@code SYNCHRONIZED} is refused by the benchmark (a pinned single carrier deadlocks); a row of a
 * failed trial is shown as failed and never used.
 *
 * @param rows one per JDK × carriers × primitive, oldest JDK first
 */
public record PinningStudy(List<Row> rows) {

    /** The primitives compared, {@code synchronized} first: the {@code primitive} parameter's values. */
    public static final List<String> PRIMITIVES = List.of("SYNCHRONIZED", "REENTRANT_LOCK", "LOCK_SUPPORT", "SYNCHRONOUS_QUEUE");

    /** How the primitives are written in Java. */
    static final List<String> SHOWN = List.of("synchronized + wait/notify", "ReentrantLock + Condition",
            "LockSupport park/unpark", "SynchronousQueue put/take");

    static final String HELPER = "ctxsw.vthelper.total.norm";

    /**
     * One cell of the study.
     *
     * @param carriers        1 or 2
     * @param primitive       the {@code primitive} value
     * @param nsPerRoundTrip  ns per round trip, or null when there is no usable row
     * @param carrierSwitches kernel switches of the carriers per round trip (NaN when not counted)
     * @param helperSwitches  kernel switches of the JDK's virtual-thread helper threads per round trip (0 when none ran)
     * @param vsLock          nsPerRoundTrip / the ReentrantLock row's, same JDK and carriers, or null
     * @param missing         why there is no figure ("refused: ...", "failed: ...", "not run"), or null
     * @param reading         for a cell without a figure, why, in words; null for one with a figure, whose reading
     *                        is worded from its counts where it is shown ({@code render.PinningTable})
     * @param pinnedEvents    JFR's {@code jdk.VirtualThreadPinned} events per round trip, from the same trials
     *                        ({@link PinnedEventsProfiler}); NaN when not recorded
     * @param bytesPerRoundTrip bytes allocated per round trip ({@code -prof gc}'s {@value JmhRow#ALLOC_NORM}); NaN without it
     * @param disturbed       whether the figure comes from a disturbed trial the run kept ({@code --allow-disturbed})
     */
    public record Row(String jdk, int carriers, String primitive, Estimate nsPerRoundTrip, double carrierSwitches,
                      double helperSwitches, Estimate vsLock, String missing, String reading, double pinnedEvents,
                      double bytesPerRoundTrip, boolean disturbed) {

        /** {@code synchronized + wait/notify}. */
        public String shown() {
            int i = PRIMITIVES.indexOf(primitive);
            return i < 0 ? primitive : SHOWN.get(i);
        }
    }

    /** The study of one input; empty when it has no virtual-thread handoff rows with {@code pair=VT_VT}. */
    public static PinningStudy derive(Results r) {
        List<JmhRow> all = r.rows().stream().filter(PinningStudy::inStudy).toList();
        List<String> single = r.jdks().size() == 1 ? r.jdks() : List.of();
        List<Failed> failed = r.status().failedTrials().stream().map(t -> Failed.of(t, single)).filter(f -> f != null).toList();
        // the cells that ran or failed, each as its JDK, carriers and primitive
        List<Failed> cells = Stream.concat(failed.stream(),
                all.stream().map(x -> new Failed(x.jdk(), carriersOf(x), x.param(Param.PRIMITIVE), null))).toList();
        Set<String> jdkSet = cells.stream().map(Failed::jdk).collect(Collectors.toCollection(() -> new TreeSet<>(
                Comparator.comparingInt(JdkPolicy::feature).thenComparing(Comparator.naturalOrder()))));
        Set<Integer> carrierSet = cells.stream().map(Failed::carriers).collect(Collectors.toCollection(TreeSet::new));
        Set<String> primitiveSet = cells.stream().map(Failed::primitive).collect(Collectors.toSet());
        // oldest JDK first (the pinning one before the one that fixed it); only carriers and primitives that ran
        List<Row> out = new ArrayList<>();
        for (String jdk : jdkSet) {
            for (int carriers : carrierSet) {
                Optional<JmhRow> lock = find(all, jdk, carriers, "REENTRANT_LOCK").filter(x -> !x.failed());
                boolean ranHere = all.stream().anyMatch(x -> jdk.equals(x.jdk()) && carriersOf(x) == carriers);
                for (String p : PRIMITIVES.stream().filter(primitiveSet::contains).toList()) {
                    Optional<Failed> f = failed.stream().filter(t -> t.jdk().equals(jdk) && t.carriers() == carriers
                            && t.primitive().equals(p)).findFirst();
                    out.add(row(jdk, carriers, p, find(all, jdk, carriers, p), f, ranHere, lock));
                }
            }
        }
        return new PinningStudy(out);
    }

    /** A failed trial of the study from the run's status: its JDK (the {@code jdk} entry of run --jdk, or the run's one JDK). */
    record Failed(String jdk, int carriers, String primitive, String reason) {
        static Failed of(RunStatus.FailedTrial t, List<String> single) {
            Map<String, String> p = t.params();
            int dot = t.benchmark().lastIndexOf('.');
            String cls = t.benchmark().substring(0, Math.max(dot, 0));
            cls = cls.substring(cls.lastIndexOf('.') + 1);
            String jdk = p.getOrDefault(RunStatus.FailedTrial.JDK, single.isEmpty() ? null : single.get(0));
            return dot < 0 || !inStudy(cls, t.benchmark().substring(dot + 1), p) || jdk == null ? null
                    : new Failed(jdk, carriersOf(cls, p), p.get("primitive"), t.reason());
        }
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public List<String> jdks() {
        return rows.stream().map(Row::jdk).distinct().toList();
    }

    static boolean inStudy(JmhRow x) {
        return inStudy(x.benchmarkClass(), x.method(), x.params()) && x.primary().isTimePerOp();
    }

    /** The study's cells: a VT↔VT round trip of either handoff class with one of {@link #PRIMITIVES}, unpinned. */
    static boolean inStudy(String benchmarkClass, String method, Map<String, String> params) {
        return Family.VIRTUAL_HANDOFF.has(benchmarkClass)
                && method.equals(Bench.Names.ROUND_TRIP_METHOD) && "VT_VT".equals(params.get("pair")) && PRIMITIVES.contains(params.get("primitive"))
                && (params.get("placement") == null || "UNPINNED".equals(params.get("placement")));
    }

    static int carriersOf(JmhRow x) {
        return carriersOf(x.benchmarkClass(), x.params());
    }

    private static int carriersOf(String benchmarkClass, Map<String, String> params) {
        String c = params.get("carriers");
        return c != null ? Integer.parseInt(c) : benchmarkClass.endsWith("OneCarrier") ? 1 : 2;
    }

    private static Optional<JmhRow> find(List<JmhRow> rows, String jdk, int carriers, String primitive) {
        // a usable row before a failed one of the same cell
        return rows.stream().filter(x -> jdk.equals(x.jdk()) && carriersOf(x) == carriers && primitive.equals(x.param(Param.PRIMITIVE)))
                .min((a, b) -> Boolean.compare(a.failed(), b.failed()));
    }

    /**
     * @param failed  the run's record of this cell's trial failing, if any
     * @param ranHere whether this JDK ran anything with this many carriers (a JMH run without a status
     *                file leaves out the refused trial: a cell missing among its siblings was refused)
     */
    private static Row row(String jdk, int carriers, String primitive, Optional<JmhRow> found, Optional<Failed> failed,
                           boolean ranHere, Optional<JmhRow> lock) {
        boolean pinningJdk = JdkPolicy.feature(jdk) > 0 && JdkPolicy.feature(jdk) < JdkPolicy.NO_PINNING;
        if (found.isEmpty() || found.get().failed()) {
            String missing;
            String reading;
            if (primitive.equals("SYNCHRONIZED") && carriers == 1 && pinningJdk && (failed.isPresent() || ranHere)) {
                missing = "refused: deadlocks";
                reading = "a virtual thread waiting inside synchronized holds the only carrier, so its partner never runs:"
                        + " on JDK " + JdkPolicy.feature(jdk) + " replace synchronized around blocking waits, or move to JDK "
                        + JdkPolicy.NO_PINNING + "+";
            } else if (found.isPresent() || failed.isPresent()) {
                missing = "failed: " + (found.isPresent() ? found.get().failure() : failed.get().reason());
                reading = "the trial failed; no figure";
            } else {
                missing = "not run";
                reading = "no row for this cell in the input";
            }
            return new Row(jdk, carriers, primitive, null, Double.NaN, Double.NaN, null, missing, reading, Double.NaN, Double.NaN, false);
        }
        JmhRow x = found.get();
        double helper = x.secondary().containsKey(HELPER) ? x.secondaryScore(HELPER) : 0;
        Estimate ns = x.estimate();
        Estimate vs = lock.isPresent() && !primitive.equals("REENTRANT_LOCK") ? ns.over(lock.get().estimate()) : null;
        return new Row(jdk, carriers, primitive, ns, x.secondaryScore("ctxsw.carrier.total.norm"), helper, vs, null,
                null, x.secondaryScore(PinnedEventsProfiler.NORM), x.bytesPerOp(), x.disturbed());
    }
}
