package dev.switchcost.session;

import dev.switchcost.launch.Jdk;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.jmh.ContextSwitchProfiler;
import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.measure.jmh.ForkOptions;
import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.nativebaseline.NativeProgram;
import dev.switchcost.measure.nativebaseline.NativeResult;
import dev.switchcost.measure.nativebaseline.NativeRunner;
import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs the comparison: every cell (column × placement) once per repetition, native programs and
 * JMH benchmarks of one placement back to back, and the order of cells reversed on every other
 * repetition, so that drift (frequency, noisy neighbours, thermal) hits native and JVM columns alike
 * rather than whichever ran last.
 *
 * <p>JVM cells: one JMH fork each ({@link JmhCell}), with options passed through
 * {@link ForkOptions#withSwitchcostDefaults} and {@link ContextSwitchProfiler} added. Native cells:
 * the program runs about as long as a JMH cell measures; its round-trip count is calibrated once per
 * cell from a short run.
 *
 * <p>Every repetition of every cell is judged by the one disturbance rule ({@link Disturbance}): a JVM cell from
 * its fork's {@code interference.*} results, a native one from {@code /proc} read around the program
 * ({@link NativeRunner#runMeasured}). A disturbed repetition is left out of every figure unless
 * {@link Settings#keepDisturbed}.
 *
 * @param jmhLog   file that collects JMH's own output of every JVM cell (appended)
 * @param jmhOut   the stream writing it
 * @param progress one line per cell as it starts
 */
public record CompareRunner(Settings settings, NativeRunner nativeRunner, JmhTargets targets, Path jmhLog, PrintStream jmhOut,
                            PrintWriter progress) {

    /**
     * Time settings of one run.
     *
     * @param columns       the columns compared, or null for every one
     * @param jdks          every JVM cell runs once per JDK given (none: on the JDK running switchcost)
     * @param keepDisturbed keep disturbed repetitions in the figures, marked ({@code --allow-disturbed}), instead of
     *                      leaving them out like failed ones
     */
    public record Settings(int repetitions, boolean quick, List<Placement> placements, Set<Column> columns,
                           List<Jdk> jdks, boolean keepDisturbed) {

        /** A JVM cell's fork; a native cell beside it runs as long as it measures. */
        JmhCell.Shape shape() {
            // three warm-ups, as the quick set's: after one, the JIT still compiles through the measured iterations
            return quick ? new JmhCell.Shape(3, 2, TimeValue.milliseconds(200), ForkOptions.PROFILERS)
                    : new JmhCell.Shape(2, 3, TimeValue.milliseconds(500), ForkOptions.PROFILERS);
        }

        String jmhSettings() {
            return shape().describe() + ", -prof " + ContextSwitchProfiler.class.getName();
        }
    }

    /**
     * A cell to fill: its column, placement, and how to run it (or why it cannot run).
     *
     * @param jdk the JDK of a JVM cell when several run side by side, else null
     */
    private record Plan(Column column, Placement placement, String source, String unavailable, JmhTargets.Target target, Jdk jdk,
                        List<CompareResults.Sample> samples) {

        String label() {
            return jdk == null ? column.label() : column.label() + " · JDK " + jdk.version;
        }
    }

    public CompareResults run() {
        String created = Instant.now().toString();
        List<Plan> plans = plan();
        Map<String, Long> calibrated = new LinkedHashMap<>();
        Interleaved.run(plans, settings.repetitions(), p -> p.unavailable() == null, (p, rep) -> {
            progress.printf("compare: repetition %d/%d: %s, %s%n", rep, settings.repetitions(), p.label(), p.placement());
            CompareResults.Sample s = p.column().isNative() ? runNative(p, rep, calibrated) : runJmh(p, rep);
            Interleaved.reportOutcome(progress, "compare", s.error(), s.interference(), s.disturbedKept());
            p.samples().add(s);
        });
        List<CompareResults.Cell> cells = plans.stream().map(p -> new CompareResults.Cell(p.column().name(), p.column().group().name(),
                p.label(), p.placement().name(), p.source(), p.unavailable(), List.copyOf(p.samples()),
                p.jdk() == null ? null : p.jdk().version)).toList();
        return new CompareResults(1, created, settings.repetitions(), settings.quick(),
                settings.placements().stream().map(Enum::name).toList(), settings.jmhSettings(), cells);
    }

    /** Cells in table order; those that cannot run carry the reason. */
    private List<Plan> plan() {
        Optional<String> nativeMissing = nativeRunner.unavailableReason();
        Map<Placement, String> placementMissing = Interleaved.unavailablePlacements(settings.placements());
        List<Plan> plans = new ArrayList<>();
        for (Column.Group g : Column.Group.values()) {
            // the syscall floor does not depend on placement: measured once, unpinned, whatever placements were asked
            for (Placement pl : g == Column.Group.SYSCALL ? List.of(Placement.UNPINNED) : settings.placements()) {
                for (Column c : Column.values()) {
                    boolean asked = settings.columns() == null || settings.columns().contains(c);
                    if (c.group() != g || !c.appliesTo(pl) || !asked) {
                        continue;
                    }
                    String missing = placementMissing.get(pl);
                    if (c.isNative()) {
                        String src = c.program().executable() + " " + pl;
                        plans.add(new Plan(c, pl, src, missing != null ? missing : nativeMissing.map(m -> "native not built: " + m).orElse(null),
                                null, null, new ArrayList<>()));
                        continue;
                    }
                    // every JVM cell once per JDK: the JDKs' cells of one column sit together in the table
                    for (Jdk jdk : settings.jdks().isEmpty() ? Collections.<Jdk>singletonList(null) : settings.jdks()) {
                        Optional<JmhTargets.Target> t = c == Column.VIRTUAL ? targets.virtual() : targets.fixed(c);
                        Map<String, String> params = new LinkedHashMap<>(t.map(JmhTargets.Target::params).orElse(Map.of()));
                        if (c != Column.VIRTUAL) {
                            params.putAll(c.params());
                            if (g == Column.Group.HANDOFF) {
                                params.put("placement", pl.name());
                            }
                        }
                        JmhTargets.Target target = t.map(x -> new JmhTargets.Target(x.benchmark(), params)).orElse(null);
                        String binding = c.params().get("binding");
                        int feature = jdk == null ? Runtime.version().feature() : jdk.feature;
                        String noBinding = binding == null ? null : Binding.valueOf(binding).unavailableOn(feature).orElse(null);
                        String why = t.isEmpty() ? "benchmark not built" : noBinding != null ? noBinding : missing;
                        plans.add(new Plan(c, pl, target == null ? "jmh (absent)" : "jmh " + target, why, target, jdk, new ArrayList<>()));
                    }
                }
            }
        }
        return plans;
    }

    private CompareResults.Sample runNative(Plan p, int rep, Map<String, Long> calibrated) {
        NativeProgram program = p.column().program();
        try {
            long n = calibrated.computeIfAbsent(p.column() + "/" + p.placement(), k -> calibrate(program, p.placement()));
            NativeRunner.Measured<NativeResult> m = nativeRunner.runMeasured(program, p.placement(), n, Interleaved.NATIVE_TIMEOUT_SECONDS);
            NativeResult r = m.result();
            Disturbance.Reading reading = m.interference() == null ? null : Disturbance.reading(m.interference(), m.throttling());
            return new CompareResults.Sample(rep, r.nsPerRoundTrip(), Double.NaN, r.voluntaryPerRoundTrip(),
                    r.involuntaryPerRoundTrip(), r.switchesPerRoundTrip(), r.cpus(), null, reading, Interleaved.kept(reading, settings.keepDisturbed()));
        } catch (NativeRunner.NativeRunException e) {
            return failed(rep, e.getMessage());
        }
    }

    /** Round trips that take about a JMH cell's measurement time, from a short run; at least 1,000. */
    private long calibrate(NativeProgram program, Placement placement) {
        long probe = program == NativeProgram.GETTID ? 100_000 : 2_000;
        NativeResult r = nativeRunner.run(program, placement, probe, 1, Interleaved.NATIVE_TIMEOUT_SECONDS).get(0);
        return Interleaved.calibrated(settings.shape().measuredNanos(), r.nsPerRoundTrip(), 1_000);
    }

    private CompareResults.Sample runJmh(Plan p, int rep) {
        JmhCell cell = JmhCell.run(p.target().benchmark(), p.target().params(), p.jdk() == null ? null : p.jdk().java().getPath(),
                settings.shape(), jmhOut, jmhLog);
        if (cell.error() != null) {
            return failed(rep, cell.error());
        }
        Result<?> primary = cell.result().getPrimaryResult();
        Map<String, Result> sec = cell.result().getSecondaryResults();
        Disturbance.Reading reading = Disturbance.reading(sec).orElse(null);
        return new CompareResults.Sample(rep, primary.getScore(), primary.getScoreError(), JmhCell.score(sec, "ctxsw.voluntary.norm"),
                JmhCell.score(sec, "ctxsw.involuntary.norm"), JmhCell.score(sec, "ctxsw.total.norm"), "", null, reading, Interleaved.kept(reading, settings.keepDisturbed()));
    }

    private static CompareResults.Sample failed(int rep, String why) {
        return new CompareResults.Sample(rep, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "", why);
    }
}
