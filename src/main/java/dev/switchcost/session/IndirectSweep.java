package dev.switchcost.session;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.nativebaseline.NativeWorkingSetResult;
import dev.switchcost.results.Bench;
import dev.switchcost.results.IndirectSweepResults;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The indirect-cost sweep: for each repetition, for each placement, size and stride, one JMH trial of
 * {@code WorkingSetHandoff.roundTripPaired} (PRIVATE, FUTEX, Li's walk) and, right after it, the C
 * program {@code ws_threads} with the same size, stride, walk and placement, so that drift hits the JVM
 * and C alike; the order of cells is reversed on every other repetition, as {@link CompareRunner} does.
 *
 * <p>JVM cells: one fork each of {@link #SHAPE} (2 × 200 ms warmup, 5 × 200 ms measurement), with
 * {@link ContextSwitchProfiler} and {@link PairedWalkProfiler}; a
 * sample is the trial's mean {@code walk.first}, {@code walk.second}, {@code indirect.paired}, the
 * primary score (ns per round trip) and {@code ctxsw.total.norm}. C cells: {@code ws_threads} with a
 * round-trip count calibrated once per cell from a short run to last about {@link #NATIVE_TARGET_NANOS}.
 * A failed cell is a sample with its error (never averaged in); the sweep goes on.
 *
 * @param jmhLog   the file that collects JMH's own output (named in errors)
 * @param jmhOut   the stream writing it
 * @param progress one line per cell as it starts
 */
public record IndirectSweep(Settings settings, NativeRunner nativeRunner, Path jmhLog, PrintStream jmhOut, PrintWriter progress) {

    public static final String BENCHMARK = Bench.WORKING_SET_PAIRED.fullName();
    public static final String NATIVE_PROGRAM = "ws_threads";
    static final long NATIVE_TARGET_NANOS = 1_000_000_000L;
    static final JmhCell.Shape SHAPE = new JmhCell.Shape(2, 5, TimeValue.milliseconds(200),
            List.of(ContextSwitchProfiler.class, PairedWalkProfiler.class));

    /**
     * What to sweep.
     *
     * @param sizesKiB     working-set sizes per side, KiB (0 is the direct cost)
     * @param strides      strides in bytes, multiples of 8
     * @param placements   placements of the two sides
     * @param repetitions  interleaved repetitions
     * @param java         the java of the JMH forks, or null for the JDK running switchcost
     */
    public record Settings(List<Long> sizesKiB, List<Long> strides, List<Placement> placements, int repetitions, String java) {

        public static String jmhSettings() {
            return SHAPE.describe() + ", sharing=PRIVATE, handoff=FUTEX, walk=LI, -prof " + ContextSwitchProfiler.class.getName()
                    + " -prof " + PairedWalkProfiler.class.getName() + "; C: " + NATIVE_PROGRAM + " li, about "
                    + NATIVE_TARGET_NANOS / 1_000_000 + " ms";
        }
    }

    private record Plan(String impl, long size, long stride, Placement placement, String source, String unavailable,
                        List<IndirectSweepResults.Sample> samples) {
    }

    public IndirectSweepResults run() {
        String created = Instant.now().toString();
        List<Plan> plans = plan();
        Map<String, Long> calibrated = new HashMap<>();
        int total = settings.repetitions();
        Interleaved.run(plans, total, p -> p.unavailable() == null, (p, rep) -> {
            progress.printf("working-set: repetition %d/%d: %s %d KiB, stride %d B, %s%n", rep, total, p.impl(), p.size(), p.stride(),
                    p.placement());
            IndirectSweepResults.Sample s = p.impl().equals(IndirectSweepResults.JVM) ? runJmh(p, rep) : runNative(p, rep, calibrated);
            Interleaved.reportOutcome(progress, "working-set", s.error(), null, false);
            p.samples().add(s);
        });
        List<IndirectSweepResults.Cell> cells = plans.stream().map(p -> new IndirectSweepResults.Cell(p.impl(), p.size(), p.stride(),
                p.placement().name(), p.source(), p.unavailable(), List.copyOf(p.samples()))).toList();
        return new IndirectSweepResults(1, created, total, Settings.jmhSettings(), cells);
    }

    /** JVM then C for each placement, size and stride; cells that cannot run carry the reason. */
    private List<Plan> plan() {
        Optional<String> nativeMissing = nativeRunner.unavailableReason();
        if (nativeMissing.isEmpty() && !Files.isExecutable(nativeRunner.dir().resolve(NATIVE_PROGRAM))) {
            nativeMissing = Optional.of(NATIVE_PROGRAM + " not built in " + nativeRunner.dir() + " (scripts/build-native.sh)");
        }
        Map<Placement, String> unavailable = Interleaved.unavailablePlacements(settings.placements());
        List<Plan> plans = new ArrayList<>();
        for (Placement pl : settings.placements()) {
            String placementMissing = unavailable.get(pl);
            for (long size : settings.sizesKiB()) {
                for (long stride : settings.strides()) {
                    plans.add(new Plan(IndirectSweepResults.JVM, size, stride, pl,
                            "jmh " + BENCHMARK + " " + jmhParams(size, stride, pl), placementMissing, new ArrayList<>()));
                    String c = nativeMissing.map(m -> "native not built: " + m).orElse(placementMissing);
                    plans.add(new Plan(IndirectSweepResults.C, size, stride, pl,
                            NATIVE_PROGRAM + " " + pl + " N 1 " + size + " " + stride + " li", c, new ArrayList<>()));
                }
            }
        }
        return plans;
    }

    private static Map<String, String> jmhParams(long size, long stride, Placement pl) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("placement", pl.name());
        p.put("handoff", "FUTEX");
        p.put("sharing", "PRIVATE");
        p.put("walk", "LI");
        p.put("strideBytes", Long.toString(stride));
        p.put("workingSetKiB", Long.toString(size));
        return p;
    }

    private IndirectSweepResults.Sample runJmh(Plan p, int rep) {
        JmhCell cell = JmhCell.run(BENCHMARK, jmhParams(p.size(), p.stride(), p.placement()), settings.java(), SHAPE, jmhOut, jmhLog);
        if (cell.error() != null) {
            return IndirectSweepResults.Sample.failed(rep, cell.error());
        }
        Map<String, Result> sec = cell.result().getSecondaryResults();
        double first = JmhCell.score(sec, PairedWalkProfiler.FIRST);
        double second = JmhCell.score(sec, PairedWalkProfiler.SECOND);
        double indirect = JmhCell.score(sec, PairedWalkProfiler.INDIRECT);
        if (!Double.isFinite(first) || !Double.isFinite(second) || !Double.isFinite(indirect)) {
            return IndirectSweepResults.Sample.failed(rep, "PairedWalkProfiler reported no walk times (see " + jmhLog + ")");
        }
        double beyond = JmhCell.score(sec, PairedWalkProfiler.SWITCH);
        return new IndirectSweepResults.Sample(rep, first, second, indirect, cell.result().getPrimaryResult().getScore(),
                JmhCell.score(sec, "ctxsw.total.norm"), null, Double.isFinite(beyond) ? beyond : null);
    }

    private IndirectSweepResults.Sample runNative(Plan p, int rep, Map<String, Long> calibrated) {
        try {
            long n = calibrated.computeIfAbsent(p.size() + "/" + p.stride() + "/" + p.placement(), k -> calibrate(p));
            NativeWorkingSetResult r = nativeRunner.runWorkingSet(NATIVE_PROGRAM, p.placement(), n, 1, p.size(), p.stride(), "li",
                    Interleaved.NATIVE_TIMEOUT_SECONDS).get(0);
            return new IndirectSweepResults.Sample(rep, r.firstWalkNs(), r.secondWalkNs(), r.pairedIndirectNsPerSwitch(),
                    r.result().nsPerRoundTrip(), r.result().switchesPerRoundTrip(), null,
                    Double.isFinite(r.beyondNsPerSwitch()) ? r.beyondNsPerSwitch() : null);
        } catch (NativeRunner.NativeRunException e) {
            return IndirectSweepResults.Sample.failed(rep, e.getMessage());
        }
    }

    /** Round trips that take about {@link #NATIVE_TARGET_NANOS}, from a short run; at least 200, at most 100 million. */
    private long calibrate(Plan p) {
        NativeWorkingSetResult r = nativeRunner.runWorkingSet(NATIVE_PROGRAM, p.placement(), 200, 1, p.size(), p.stride(), "li",
                Interleaved.NATIVE_TIMEOUT_SECONDS).get(0);
        return Math.min(Interleaved.calibrated(NATIVE_TARGET_NANOS, r.result().nsPerRoundTrip(), 200), 100_000_000L);
    }
}
