package dev.switchcost.session;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.jmh.InterferenceProfiler;
import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.measure.nativebaseline.NativeSpinResult;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Param;
import dev.switchcost.results.SpinCompareResults;
import dev.switchcost.results.SpinGrid;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code compare --spin}: the C twin of the spin-then-futex waiter ({@code spin_futex}) and the JVM's
 * {@link Bench#SPIN_OR_PARK} on every cell of a {@link SpinGrid}, in {@link Interleaved} repetitions (the C cell and
 * the JVM cell of one grid cell back to back, the order reversed on every other repetition), so that drift hits both
 * alike. Every repetition is judged by the one disturbance rule ({@link Disturbance}), as {@link CompareRunner} judges
 * its cells.
 *
 * <p>JVM cells: one fork each ({@link JmhCell}) of {@link #SHAPE} with {@link ContextSwitchProfiler} (switches),
 * {@link PairedWalkProfiler} (the pair's CPU time, {@code PairedWalkProfiler.CPU}) and {@link InterferenceProfiler}. C cells: a
 * round-trip count calibrated once per cell from a short run to last about as long as a JVM cell measures.
 */
public record SpinCompareRunner(Settings settings, NativeRunner nativeRunner, JmhTargets targets, Path jmhLog, PrintStream jmhOut,
                                PrintWriter progress) {

    /** A JVM cell's fork, and (quick) a smoke run's: one warm-up iteration, measured iterations of the iteration time. */
    static final JmhCell.Shape SHAPE = new JmhCell.Shape(1, 3, TimeValue.milliseconds(250), ForkOptions.PROFILERS);
    static final JmhCell.Shape QUICK_SHAPE = new JmhCell.Shape(1, 2, TimeValue.milliseconds(150), ForkOptions.PROFILERS);

    /**
     * @param keepDisturbed keep disturbed repetitions in the figures, marked ({@code --allow-disturbed})
     * @param java          the java of the JVM cells' forks, or null for the JDK running switchcost
     */
    public record Settings(SpinGrid grid, int repetitions, boolean quick, boolean keepDisturbed, String java) {

        JmhCell.Shape shape() {
            return quick ? QUICK_SHAPE : SHAPE;
        }

        String jmhSettings() {
            JmhCell.Shape s = shape();
            return "JVM: " + s.describe() + ", -prof " + ContextSwitchProfiler.class.getSimpleName() + ", "
                    + PairedWalkProfiler.class.getSimpleName() + "; C: spin_futex, about " + s.measuredNanos() / 1_000_000
                    + " ms per repetition";
        }
    }

    private record Plan(String impl, SpinGrid.Cell cell, String source, String unavailable, Map<String, String> params,
                        List<SpinCompareResults.Sample> samples) {

        String label() {
            SpinGrid.Cell c = cell;
            return impl + " " + c.strategy() + (c.strategy() == SpinGrid.Strategy.SPIN_THEN_PARK ? " B=" + c.budgetNs() + " ns" : "")
                    + ", D=" + c.reply() + ", " + c.placement();
        }
    }

    public SpinCompareResults run() {
        String created = Instant.now().toString();
        List<Plan> plans = plan();
        Map<SpinGrid.Cell, Long> calibrated = new HashMap<>();
        Interleaved.run(plans, settings.repetitions(), p -> p.unavailable() == null, (p, rep) -> {
            progress.printf("compare --spin: repetition %d/%d: %s%n", rep, settings.repetitions(), p.label());
            SpinCompareResults.Sample s = p.impl().equals(SpinCompareResults.C) ? runNative(p, rep, calibrated) : runJmh(p, rep);
            Interleaved.reportOutcome(progress, "compare --spin", s.error(), s.interference(), s.disturbedKept());
            p.samples().add(s);
        });
        List<SpinCompareResults.Cell> cells = plans.stream().map(p -> new SpinCompareResults.Cell(p.impl(), p.cell().strategy().name(),
                p.cell().budgetNs(), p.cell().reply(), p.cell().placement().name(), p.source(), p.unavailable(),
                List.copyOf(p.samples()))).toList();
        return new SpinCompareResults(1, created, settings.repetitions(), settings.quick(), settings.jmhSettings(), cells);
    }

    /** Two plans per grid cell, C then JVM; those that cannot run carry the reason. */
    private List<Plan> plan() {
        Optional<String> nativeMissing = nativeRunner.unavailableReason().map(m -> "native not built: " + m);
        Optional<JmhTargets.Target> jvm = targets.find(new JmhTargets.Target(Bench.SPIN_OR_PARK.fullName(), Map.of()));
        Map<Placement, String> placementMissing = Interleaved.unavailablePlacements(settings.grid().placements());
        List<Plan> plans = new ArrayList<>();
        for (SpinGrid.Cell c : settings.grid().cells()) {
            String missing = placementMissing.get(c.placement());
            String args = c.strategy() + " " + c.budgetNs() + " " + c.reply();
            plans.add(new Plan(SpinCompareResults.C, c, "spin_futex " + c.placement() + " " + args,
                    missing != null ? missing : nativeMissing.orElse(null), Map.of(), new ArrayList<>()));
            Map<String, String> params = new LinkedHashMap<>();
            params.put(Param.STRATEGY.key(), c.strategy().name());
            params.put(Param.BUDGET_NS.key(), Long.toString(c.budgetNs()));
            params.put(Param.REPLY_NS.key(), c.reply());
            params.put(Param.PLACEMENT.key(), c.placement().name());
            String why = jvm.isEmpty() ? "benchmark " + Bench.SPIN_OR_PARK.shortName() + " not built" : missing;
            plans.add(new Plan(SpinCompareResults.JVM, c, "jmh " + Bench.SPIN_OR_PARK.fullName() + " " + params, why, params,
                    new ArrayList<>()));
        }
        return plans;
    }

    private SpinCompareResults.Sample runNative(Plan p, int rep, Map<SpinGrid.Cell, Long> calibrated) {
        SpinGrid.Cell c = p.cell();
        NativeRunner.SpinArgs args = new NativeRunner.SpinArgs(c.strategy().name(), c.budgetNs(), c.reply());
        try {
            long n = calibrated.computeIfAbsent(c, k -> calibrate(k, args));
            NativeRunner.Measured<NativeSpinResult> m = nativeRunner.runSpinMeasured(c.placement(), n, args, Interleaved.NATIVE_TIMEOUT_SECONDS);
            NativeSpinResult r = m.result();
            Disturbance.Reading reading = m.interference() == null ? null : Disturbance.reading(m.interference(), m.throttling());
            return new SpinCompareResults.Sample(rep, r.result().nsPerRoundTrip(), r.cpuNsPerRoundTrip(),
                    r.result().switchesPerRoundTrip(), r.futexWaitsPerRoundTrip(), null, reading, Interleaved.kept(reading, settings.keepDisturbed()));
        } catch (NativeRunner.NativeRunException e) {
            return SpinCompareResults.Sample.failed(rep, e.getMessage());
        }
    }

    /**
     * Round trips that take about a JVM cell's measurement time, at least 20, from a short run of 500 (of 20 for a
     * spinner on one CPU, which runs a round trip per scheduler slice).
     */
    private long calibrate(SpinGrid.Cell c, NativeRunner.SpinArgs args) {
        long probe = c.strategy() == SpinGrid.Strategy.SPIN && c.placement() == Placement.SAME_CPU ? 20 : 500;
        NativeSpinResult r = nativeRunner.runSpin(c.placement(), probe, 1, args, Interleaved.NATIVE_TIMEOUT_SECONDS).get(0);
        return Interleaved.calibrated(settings.shape().measuredNanos(), r.result().nsPerRoundTrip(), 20);
    }

    private SpinCompareResults.Sample runJmh(Plan p, int rep) {
        JmhCell cell = JmhCell.run(Bench.SPIN_OR_PARK.fullName(), p.params(), settings.java(), settings.shape(), jmhOut, jmhLog);
        if (cell.error() != null) {
            return SpinCompareResults.Sample.failed(rep, cell.error());
        }
        Result<?> primary = cell.result().getPrimaryResult();
        Map<String, Result> sec = cell.result().getSecondaryResults();
        Disturbance.Reading reading = Disturbance.reading(sec).orElse(null);
        return new SpinCompareResults.Sample(rep, primary.getScore(), JmhCell.score(sec, PairedWalkProfiler.CPU), JmhCell.score(sec, "ctxsw.total.norm"),
                Double.NaN, null, reading, Interleaved.kept(reading, settings.keepDisturbed()));
    }
}
