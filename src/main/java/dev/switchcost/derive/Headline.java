package dev.switchcost.derive;

import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Family;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Param;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.Percentiles;
import dev.switchcost.results.Question;
import dev.switchcost.results.Results;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleBinaryOperator;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The headline figures, derived from one results input for one JDK: what the answer card and the
 * top of the report say. Every figure is per switch (a round trip is two switches), with its error
 * by the one rule ({@link Estimate}), and the switches counted per round trip where the profiler ran.
 * Rows of failed trials are never used ({@link Results#usable()}).
 *
 * @param jdk       the JDK version these figures come from ("?" when JMH did not say)
 * @param sameCpu   futex handoff between two threads pinned to one CPU, or null when not measured
 * @param crossCpu  the same handoff with the threads on two CPUs, or null
 * @param pinning   crossCpu / sameCpu, or null
 * @param virtual   handoff between two virtual threads on one carrier (LockSupport): on one CPU, as two virtual
 *                  threads on one carrier never run on two CPUs at once; or null
 * @param platform  the same handoff between two platform threads pinned to one CPU, or null
 * @param virtualGain platform / virtual, both on one CPU ({@link Like#ratio}: null unless the two sides are alike)
 * @param nativeC   the plain C futex handoff on one CPU, same run (compare.json), or null
 * @param jvmVsC    the JVM's futex handoff on one CPU in the same compare run, or null
 * @param jvmExtra  jvmVsC − nativeC per switch, over the compare repetitions in which both ran (paired: what moved
 *                  both alike cancels), or null
 * @param jvmOverC  jvmVsC / nativeC judged on those repetitions' ratios ({@link Estimate#pairedRatio}), or null
 * @param cache     the cost per switch through the caches ({@code WorkingSetHandoff.roundTripPaired}, SAME_CPU, PRIVATE,
 *                  stride 64 B, Li et al.'s walk): the whole cost (in the switch and after it) where the run has the
 *                  size-0 row and the pair's CPU time, else the paired estimate (after it only); null when not measured
 * @param cacheKiB  the working set per thread of {@link #cache}, KiB; 0 when not measured
 * @param cacheFlags why {@link #cache} is not a plain cost ({@link IndirectCost.Flag}): empty when it is resolved and positive
 * @param cacheShare cache / the direct cost ({@link IndirectCost#DIRECT_DEFINITION}, the same run's size-0 row), or null
 * @param virtualUnpinned  handoff between two virtual threads on two carriers, left to the scheduler, or null
 * @param platformUnpinned the same handoff between two unpinned platform threads, or null
 * @param virtualGainUnpinned platformUnpinned / virtualUnpinned, both unpinned, or null
 */
public record Headline(String jdk, Figure sameCpu, Figure crossCpu, Estimate pinning, Figure virtual, Figure platform,
                       Estimate virtualGain, Figure nativeC, Figure jvmVsC, Estimate jvmExtra, Estimate jvmOverC, Figure cache, long cacheKiB,
                       Set<IndirectCost.Flag> cacheFlags, Estimate cacheShare, Figure virtualUnpinned,
                       Figure platformUnpinned, Estimate virtualGainUnpinned) {

    /**
     * One figure.
     *
     * @param what            what was measured, for people
     * @param perSwitch       ns per switch (round trip / 2)
     * @param switchesPerTrip switches counted per round trip (ContextSwitchProfiler or getrusage), NaN when not counted
     * @param source          the row or cell it comes from
     * @param tail            the same trial's latency distribution per switch (sample mode, round trip / 2 like
     *                        {@code perSwitch}), or null when no sample-mode row of it was run
     * @param tripsPerSample  round trips in each sampled value of {@code tail}: 1 where JMH timed single round trips,
     *                        {@link Family#VIRTUAL_HANDOFF_ROUND_TRIPS_PER_OP} for the virtual-thread classes (one invocation drives
     *                        that many, so their tail is of batch means, narrower than a single round trip's)
     * @param side            where and on what it was measured ({@link Like}), or null when not known (then no ratio
     *                        is made of it)
     * @param modes           the modes of the sampled tail (a mixture is named by its modes, never averaged
     *                        into one mean); not mixed without a tail
     * @param disturbed       it comes from a disturbed trial the run kept ({@code run --allow-disturbed}): marked wherever
     *                        it is shown. A disturbed trial the run did not keep has no row ({@link Results#load})
     */
    public record Figure(String what, Estimate perSwitch, double switchesPerTrip, String source, Percentiles tail,
                         int tripsPerSample, Like.Side side, Modes modes, boolean disturbed) {

        /** A figure of an undisturbed trial whose modes are those of its sampled tail ({@link Modes}); not mixed without one. */
        public Figure(String what, Estimate perSwitch, double switchesPerTrip, String source, Percentiles tail,
                      int tripsPerSample, Like.Side side) {
            this(what, perSwitch, switchesPerTrip, source, tail, tripsPerSample, side, false);
        }

        /** A figure whose modes are those of its sampled tail ({@link Modes}); not mixed without one. */
        public Figure(String what, Estimate perSwitch, double switchesPerTrip, String source, Percentiles tail,
                      int tripsPerSample, Like.Side side, boolean disturbed) {
            this(what, perSwitch, switchesPerTrip, source, tail, tripsPerSample, side,
                    tail == null ? Modes.of(new double[0]) : Modes.ofHistogram(tail.histogram()), disturbed);
        }
    }

    /**
     * Preference among rows that answer the same question, the first parameter first: untimed waits, then FFM before
     * JNA, then park/unpark. An ordered list, so that a row's rank is the same in every JVM (a {@code Map.of}'s order is not).
     */
    static final List<Map.Entry<Param, List<String>>> PREFERRED = List.of(
            Map.entry(Param.WAIT, List.of("UNTIMED", "TIMED")),
            Map.entry(Param.BINDING, List.of("FFM", "JNA")),
            Map.entry(Param.PRIMITIVE, List.of("LOCK_SUPPORT")));

    /**
     * One headline per JDK found in the rows, in order of appearance.
     *
     * @param paired each paired working-set row's estimate, derived once by {@link Findings#of}; the cache figure reads its row's
     */
    public static List<Headline> perJdk(Results r, Map<JmhRow, IndirectCost.Paired> paired) {
        List<String> jdks = r.jdks();
        return jdks.isEmpty() ? List.of(derive(r, List.of(), "?", paired)) : jdks.stream()
                .map(j -> derive(r, r.usable().stream().filter(x -> j.equals(x.jdk())).toList(), j, paired)).toList();
    }

    static Headline derive(Results r, List<JmhRow> rows, String jdk, Map<JmhRow, IndirectCost.Paired> paired) {
        String machine = machineOf(r);
        Figure same = answer(rows, machine, Question.FUTEX_ONE_CPU);
        Figure cross = answer(rows, machine, Question.FUTEX_TWO_CPUS);
        // like with like (Like): each pair on one CPU, and unpinned; a pair with a side missing has no ratio
        Figure virt = answer(rows, machine, Question.VIRTUAL_ONE_CPU);
        Figure plat = answer(rows, machine, Question.PLATFORM_ONE_CPU, Question.PLATFORM_ONE_CPU_PARK);
        Figure virtFree = answer(rows, machine, Question.VIRTUAL_UNPINNED);
        Figure platFree = answer(rows, machine, Question.PLATFORM_UNPINNED, Question.PLATFORM_UNPINNED_PARK);
        CompareResults cmp = r.compare();
        CompareResults.Cell cCell = cmp == null ? null : oneCpu(cmp, Column.NATIVE_FUTEX, jdk).orElse(null);
        CompareResults.Cell jvmCell = cmp == null ? null : Stream.of(Column.FFM_FUTEX, Column.JNA_FUTEX)
                .map(col -> oneCpu(cmp, col, jdk)).flatMap(Optional::stream).findFirst().orElse(null);
        Figure c = cCell == null ? null : figure(cCell, "plain C futex, one CPU (compare)", Column.NATIVE_FUTEX, machine);
        Figure jvm = jvmCell == null ? null : figure(jvmCell, null, Column.valueOf(jvmCell.column()), machine);
        Optional<JmhRow> cacheRow = cacheRow(rows, quickSizeKiB(r));
        Optional<IndirectCost.Paired> cachePaired = cacheRow.map(paired::get);
        Figure cache = cacheRow.map(x -> {
            IndirectCost.Paired p = paired.get(x);
            return new Figure((p.answerIsWhole() ? "in the switch and after it, " : "paired, after the switch, ") + x.param(Param.WORKING_SET_KIB)
                    + " KiB per thread", p.answer(), x.switchesPerOp(), x.key(), null, 1, side(x, machine), x.disturbed());
        }).orElse(null);
        return new Headline(jdk, same, cross, Like.ratio(cross, same, Like.Aspect.PLACEMENT), virt, plat, Like.ratio(plat, virt),
                c, jvm, c == null || jvm == null ? null : PerSwitch.ofRoundTrip(Estimate.ofSamples(paired(cCell, jvmCell, (x, y) -> y - x))),
                c == null || jvm == null ? null : Estimate.pairedRatio(paired(cCell, jvmCell, (x, y) -> y / x)), cache,
                cacheRow.map(x -> Long.parseLong(x.param(Param.WORKING_SET_KIB))).orElse(0L),
                cachePaired.map(IndirectCost.Paired::answerFlags).orElse(Set.of()),
                cacheShare(cache, cachePaired.map(IndirectCost.Paired::direct).orElse(null)),
                virtFree, platFree, Like.ratio(platFree, virtFree));
    }

    /** The cost through the caches in units of the direct cost of the same working-set run; null when either is missing. */
    static Estimate cacheShare(Figure cache, Estimate direct) {
        return cache == null || direct == null || !Double.isFinite(cache.perSwitch().value()) || !(direct.value() > 0)
                ? null : cache.perSwitch().over(direct);
    }

    /** The machine a figure of {@code r} was measured on, for {@link Like.Side}: host, CPU model, kernel; null when unknown. */
    static String machineOf(Results r) {
        return r.machine() == null ? null : r.machine().hostname() + " · "
                + (r.machine().cpu() == null ? "?" : r.machine().cpu().model()) + " · "
                + (r.machine().kernel() == null ? "?" : r.machine().kernel().release());
    }

    /**
     * Where the two sides of {@code x}'s handoff ran: two virtual threads on one carrier share one CPU ({@link Like#ONE_CPU})
     * and on several carriers are left to the scheduler ({@link Like#UNPINNED}), whatever an old row's {@code placement}
     * says; otherwise the {@code placement} parameter, {@link Like#UNPINNED} without one.
     */
    static String placementOf(JmhRow x) {
        if (Family.VIRTUAL_HANDOFF.has(x) && "VT_VT".equals(x.param(Param.PAIR))) {
            return x.benchmarkClass().equals(Bench.VIRTUAL_ONE_CARRIER.className()) ? Like.ONE_CPU : Like.UNPINNED;
        }
        return x.param(Param.PLACEMENT) == null ? Like.UNPINNED : x.param(Param.PLACEMENT);
    }

    /** How the two sides of {@code x}'s handoff wake each other: see {@link Like.Side#mechanism}. */
    static String mechanismOf(JmhRow x) {
        return Family.VIRTUAL_HANDOFF.has(x) ? x.param(Param.PRIMITIVE)
                : Bench.PARK_ROUND_TRIP.is(x) ? "LOCK_SUPPORT"
                : Family.FUTEX.has(x) ? "FUTEX"
                : x.param(Param.HANDOFF) != null ? x.param(Param.HANDOFF) : x.shortName();
    }

    static Like.Side side(JmhRow x, String machine) {
        return new Like.Side(placementOf(x), mechanismOf(x), x.jdk(), machine);
    }

    /** Where and on what row {@code x} of input {@code r} was measured ({@link Like}). */
    static Like.Side side(Results r, JmhRow x) {
        return side(x, machineOf(r));
    }

    /**
     * Where and on what compare cell {@code c} of input {@code r} was measured: its placement, its column as the mechanism,
     * the JDK of a JVM cell (its own under {@code compare --jdk}, else machine.json's; none for a native cell).
     */
    static Like.Side side(Results r, CompareResults.Cell c) {
        boolean machines = c.jdk() == null && !c.column().startsWith("NATIVE") && r.machine() != null
                && r.machine().jdk() != null;
        return new Like.Side(c.placement(), c.column(), machines ? r.machine().jdk().version() : c.jdk(), machineOf(r));
    }

    /**
     * The cache line's row: a paired working-set round trip on one CPU, private arrays, stride 64 B, Li et
     * al.'s walk, size above 0; of several sizes the one nearest {@code targetKiB} (L2/2, the size
     * {@code run --quick} measures) on a log scale, the smaller on a tie, or the smallest when the target
     * is unknown (0).
     */
    static Optional<JmhRow> cacheRow(List<JmhRow> rows, long targetKiB) {
        Comparator<JmhRow> bySize = Comparator.comparingDouble(x -> targetKiB <= 0 ? size(x)
                : Math.abs(Math.log((double) size(x) / targetKiB)));
        return rows.stream()
                .filter(x -> Question.CACHE.matches(x) && x.param(Param.WORKING_SET_KIB) != null && size(x) > 0)
                .filter(x -> x.primary().isTimePerOp())
                .min(Comparator.comparingInt(Headline::rank).thenComparing(bySize).thenComparingLong(Headline::size));
    }

    private static long size(JmhRow x) {
        return Long.parseLong(x.param(Param.WORKING_SET_KIB));
    }

    /** L2/2 of the run's machine in KiB, or 0 when machine.json does not say. */
    static long quickSizeKiB(Results r) {
        if (r.machine() == null || r.machine().caches() == null) {
            return 0;
        }
        try {
            CacheSizes c = CacheSizes.of(r.machine().caches(), "machine.json");
            return (c.l2Bytes() > 0 ? c.l2Bytes() : c.llcBytes()) / 2 / 1024;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** The figure of the first of {@code questions} that a row answers ({@link #pick}), labelled with it; null when none does. */
    static Figure answer(List<JmhRow> rows, String machine, Question... questions) {
        return Arrays.stream(questions)
                .flatMap(q -> pick(rows, r -> q.matches(r)
                        && (q.placement() == null || q.placement().equals(placementOf(r))))
                        .map(x -> figure(q.label(), x, rows, machine)).stream())
                .findFirst().orElse(null);
    }

    /** The preferred row among those matching: see {@link #PREFERRED}; then OneCarrier before TwoCarriers. */
    static Optional<JmhRow> pick(List<JmhRow> rows, Predicate<JmhRow> which) {
        return rows.stream().filter(which).filter(x -> x.primary().isTimePerOp())
                .min(Comparator.comparing((JmhRow x) -> SAMPLE.equals(x.mode())).thenComparingInt(Headline::rank)
                        .thenComparing(JmhRow::benchmark));
    }

    private static int rank(JmhRow r) {
        int rank = 0;
        for (Map.Entry<Param, List<String>> p : PREFERRED) {
            String v = r.param(p.getKey());
            if (v != null) {
                int i = p.getValue().indexOf(v);
                rank = rank * 10 + (i < 0 ? p.getValue().size() : i);
            }
        }
        return rank;
    }

    /**
     * The mean of {@code r}, and the tail of the sample-mode row of the same trial among {@code rows}, both per switch
     * (round trip / 2: the card's unit, whatever the switches counted).
     */
    static Figure figure(String what, JmhRow r, List<JmhRow> rows, String machine) {
        Percentiles tail = sampled(r, rows).map(x -> PerSwitch.ofRoundTrip(x.percentiles())).orElse(null);
        return new Figure(what, PerSwitch.ofRoundTrip(r.estimate()), r.switchesPerOp(), r.key(), tail, tripsPerSample(r), side(r, machine),
                r.disturbed() || sampled(r, rows).map(JmhRow::disturbed).orElse(false));
    }

    /** The sample-mode row with percentiles of {@code r}'s trial (same benchmark and parameters) among {@code rows}. */
    public static Optional<JmhRow> sampled(JmhRow r, List<JmhRow> rows) {
        return rows.stream().filter(x -> SAMPLE.equals(x.mode()) && x.percentiles() != null
                && x.benchmark().equals(r.benchmark()) && x.params().equals(r.params())).findFirst();
    }

    /** Round trips in each value JMH's sample mode timed for {@code r}'s benchmark: see {@link Figure#tripsPerSample}. */
    public static int tripsPerSample(JmhRow r) {
        return Family.VIRTUAL_HANDOFF.has(r) ? Family.VIRTUAL_HANDOFF_ROUND_TRIPS_PER_OP : 1;
    }

    /** JMH's sample mode: its mean comes from sampled single ops, so an average-time row of the trial is preferred. */
    static final String SAMPLE = "sample";

    /**
     * A compare.json cell on SAME_CPU: mean over repetitions, its error by the one rule; a JVM cell of
     * {@code compare --jdk} only for its own JDK (native cells carry none).
     */
    /** The column's one-CPU cell of this JDK that has repetitions, if any. */
    private static Optional<CompareResults.Cell> oneCpu(CompareResults cmp, Column column, String jdk) {
        return cmp.cells(column, "SAME_CPU").stream().filter(x -> x.unavailable() == null && (x.jdk() == null || x.jdk().equals(jdk)))
                .findFirst().filter(x -> x.nanos().n() > 0);
    }

    private static Figure figure(CompareResults.Cell x, String what, Column column, String machine) {
        return new Figure(what != null ? what : x.label() + ", one CPU",
                PerSwitch.ofRoundTrip(Estimate.ofSamples(x.usable().stream().mapToDouble(CompareResults.Sample::nsPerRoundTrip).toArray())),
                x.switches().median(), x.source(), null, 1, new Like.Side(Like.ONE_CPU, column.name(), x.jdk(), machine),
                x.usable().stream().anyMatch(CompareResults.Sample::disturbed));
    }

    /** {@code f(a, b)} of the ns per round trip of each repetition in which both cells have a usable sample. */
    static double[] paired(CompareResults.Cell a, CompareResults.Cell b, DoubleBinaryOperator f) {
        Map<Integer, Double> bs = new HashMap<>();
        b.usable().forEach(x -> bs.put(x.repetition(), x.nsPerRoundTrip()));
        return a.usable().stream().filter(x -> bs.containsKey(x.repetition()))
                .mapToDouble(x -> f.applyAsDouble(x.nsPerRoundTrip(), bs.get(x.repetition()))).toArray();
    }
}
