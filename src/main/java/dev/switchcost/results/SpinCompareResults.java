package dev.switchcost.results;

import dev.switchcost.measure.jmh.Disturbance;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The raw data of one {@code switchcost compare --spin} run, written as {@code spin-compare.json}: per cell of the
 * {@link SpinGrid}, the C twin's and the JVM's repetitions.
 *
 * @param schema      format version (1)
 * @param createdAt   when the run started (ISO-8601, UTC)
 * @param repetitions interleaved repetitions asked for
 * @param quick       whether {@code --quick} shortened each measurement
 * @param jmhSettings the JMH warmup/measurement of every JVM cell and the C cells' length, in words
 * @param cells       two per grid cell (C, then JVM), in table order
 */
public record SpinCompareResults(int schema, String createdAt, int repetitions, boolean quick, String jmhSettings,
                                 List<Cell> cells) {

    public static final String FILE_NAME = "spin-compare.json";
    /** {@link Cell#impl()} of the C twin's cells. */
    public static final String C = "C";
    /** {@link Cell#impl()} of the JVM's cells. */
    public static final String JVM = "JVM";

    /**
     * One implementation on one grid cell.
     *
     * @param impl        {@link #C} or {@link #JVM}
     * @param strategy    a {@link SpinGrid.Strategy} name
     * @param budgetNs    the spin budget, ns (0 for PARK and SPIN)
     * @param reply       the reply delay: ns, {@code exp:MEAN} or {@code bimodal:PCT:NS}
     * @param placement   SAME_CPU or CROSS_CPU
     * @param source      the program and its arguments, or the JMH benchmark and its parameters
     * @param unavailable why the cell has no samples (not built, placement unavailable), else null
     * @param samples     one per repetition that ran
     */
    public record Cell(String impl, String strategy, long budgetNs, String reply, String placement, String source,
                       String unavailable, List<Sample> samples) {

        /** The repetitions that count: neither failed nor disturbed (unless kept, marked: {@code --allow-disturbed}). */
        public List<Sample> usable() {
            return samples.stream().filter(Sample::usable).toList();
        }

        /** The repetitions the disturbance rule called disturbed, kept or not. */
        public List<Sample> disturbed() {
            return samples.stream().filter(Sample::disturbed).toList();
        }

        public long failed() {
            return samples.stream().filter(s -> s.error() != null).count();
        }

        /** Mean of one figure over the usable repetitions with its 99.9% error (the one rule, {@link Estimate}). */
        public Estimate estimate(ToDoubleFunction<Sample> figure) {
            return Estimate.ofSamples(usable().stream().mapToDouble(figure).toArray());
        }

        /** Whether this is the same grid cell as {@code o} (of either implementation). */
        public boolean sameCell(Cell o) {
            return strategy.equals(o.strategy) && budgetNs == o.budgetNs && reply.equals(o.reply) && placement.equals(o.placement);
        }
    }

    /**
     * One repetition of one cell.
     *
     * @param repetition              1-based
     * @param nsPerRoundTrip          time per round trip
     * @param cpuNsPerRoundTrip       CPU time of both threads per round trip (C: {@code CLOCK_THREAD_CPUTIME_ID}; JVM: the
     *                                pair's schedstat run time, {@code cpu.pair}); NaN when not reported
     * @param switchesPerRoundTrip    voluntary + involuntary switches of both threads per round trip
     * @param futexWaitsPerRoundTrip  the C twin's FUTEX_WAIT calls per round trip; NaN for the JVM
     * @param error                   why this repetition failed, else null (then the figures are NaN)
     * @param interference            what the disturbance rule read of its CPUs ({@link Disturbance}); null when not measured
     * @param disturbedKept           a disturbed repetition kept in the figures, marked ({@code --allow-disturbed})
     */
    public record Sample(int repetition, double nsPerRoundTrip, double cpuNsPerRoundTrip, double switchesPerRoundTrip,
                         double futexWaitsPerRoundTrip, String error, Disturbance.Reading interference, boolean disturbedKept) {

        public static Sample failed(int repetition, String why) {
            return new Sample(repetition, Double.NaN, Double.NaN, Double.NaN, Double.NaN, why, null, false);
        }

        public boolean disturbed() {
            return interference != null && interference.disturbed();
        }

        public boolean usable() {
            return error == null && (!disturbed() || disturbedKept);
        }
    }

    /** The other implementation's cell on the same grid cell. */
    public Optional<Cell> twin(Cell c) {
        return cells.stream().filter(o -> o != c && !o.impl().equals(c.impl()) && o.sameCell(c)).findFirst();
    }

    public boolean anyFailed() {
        return cells.stream().anyMatch(c -> c.failed() > 0);
    }

    public boolean anyLeftOut() {
        return cells.stream().flatMap(c -> c.samples().stream()).anyMatch(s -> s.disturbed() && !s.disturbedKept());
    }

    /**
     * Reads a {@code spin-compare.json}, as {@code switchcost report} and {@code history import} do.
     *
     * @throws IllegalArgumentException one line naming the file when it is not one
     */
    public static SpinCompareResults read(Path file) throws IOException {
        String what = "a switchcost spin-compare.json";
        SpinCompareResults r = JsonFields.read(InputFiles.read(file), SpinCompareResults.class,
                Set.of("cells.samples.interference", "cells.samples.interference.intruder",
                        "cells.samples.interference.throttling"),
                Set.of("cells.impl", "cells.strategy", "cells.reply", "cells.placement"), file, what);
        if (r.schema() != 1) {
            throw new IllegalArgumentException(file + " is not " + what + " (schema 1 with cells)");
        }
        return r;
    }

    /** Writes {@code dir/}{@value #FILE_NAME} atomically; @throws ResultWriteException naming the file when it cannot be written. */
    public Path write(Path dir) {
        return JsonFields.write(dir, FILE_NAME, this);
    }
}
