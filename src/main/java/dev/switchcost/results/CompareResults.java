package dev.switchcost.results;

import dev.switchcost.measure.jmh.Disturbance;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.Optional;

/**
 * The raw data of one {@code switchcost compare} run, written as {@code compare.json} into the
 * results directory and read back by {@code switchcost report}.
 *
 * @param schema      format version (1)
 * @param createdAt   when the run started (ISO-8601, UTC)
 * @param repetitions interleaved repetitions asked for
 * @param quick       whether {@code --quick} shortened each measurement
 * @param placements  placements compared, in order
 * @param jmhSettings the JMH warmup/measurement used for every JVM cell, in words
 * @param cells       one per column × placement, in table order
 * @param simulation  user-space instructions per round trip of native columns ({@code compare --simulate}); null when
 *                    not asked for, and in files written before it existed
 */
public record CompareResults(int schema, String createdAt, int repetitions, boolean quick, List<String> placements,
                             String jmhSettings, List<Cell> cells, Simulation simulation) {

    public CompareResults(int schema, String createdAt, int repetitions, boolean quick, List<String> placements,
                          String jmhSettings, List<Cell> cells) {
        this(schema, createdAt, repetitions, quick, placements, jmhSettings, cells, null);
    }

    /** The same run with these instruction counts. */
    public CompareResults withSimulation(Simulation s) {
        return new CompareResults(schema, createdAt, repetitions, quick, placements, jmhSettings, cells, s);
    }

    /**
     * Instructions per round trip of native columns without a PMU ({@code compare --simulate}).
     *
     * @param unavailable why nothing was counted (e.g. no valgrind), else null
     * @param counts      one per native column counted
     */
    public record Simulation(String unavailable, List<Instructions> counts) {

        public Optional<Instructions> count(Column c) {
            return counts == null ? Optional.empty() : counts.stream().filter(i -> i.column().equals(c.name())).findFirst();
        }
    }

    /**
     * User-space instructions per round trip of one native column, both sides.
     *
     * @param column               the {@link Column} name
     * @param program              the native program and its arguments
     * @param source               how it was counted: {@code NativeSimulation.CALLGRIND_SOURCE} (or, where a PMU exists, {@code perf stat instructions:u})
     * @param roundTrips           round trips the count is taken over (the difference of two runs: start-up cancels)
     * @param perRoundTrip         instructions per round trip
     */
    public record Instructions(String column, String program, String source, long roundTrips, double perRoundTrip) {
    }

    public static final String FILE_NAME = "compare.json";

    /**
     * One column on one placement.
     *
     * @param column      the {@link Column} name
     * @param group       the {@link Column.Group} name
     * @param placement   UNPINNED, SAME_CPU or CROSS_CPU
     * @param source      the native program and arguments, or the JMH benchmark and parameters
     * @param unavailable why the cell has no samples (no compiler, benchmark not built, placement unavailable), else null
     * @param samples     one per repetition that ran
     * @param jdk         the JDK version a JVM cell's fork ran on when {@code compare --jdk} put several side by side;
     *                    null for native cells and for a run on one JDK (the one in machine.json)
     */
    public record Cell(String column, String group, String label, String placement, String source, String unavailable,
                       List<Sample> samples, String jdk) {

        public Cell(String column, String group, String label, String placement, String source, String unavailable,
                    List<Sample> samples) {
            this(column, group, label, placement, source, unavailable, samples, null);
        }

        /** The repetitions that count: neither failed nor disturbed (unless kept, marked: {@code --allow-disturbed}). */
        public List<Sample> usable() {
            return samples.stream().filter(Sample::usable).toList();
        }

        /** The repetitions the disturbance rule called disturbed, kept or not. */
        public List<Sample> disturbed() {
            return samples.stream().filter(Sample::disturbed).toList();
        }

        public Stats nanos() {
            return Stats.of(usable().stream().map(Sample::nsPerRoundTrip).toList());
        }

        /** Mean over the usable repetitions, with its 99.9% error (the one rule, {@link Estimate}). */
        public Estimate estimate() {
            return Estimate.ofSamples(usable().stream().mapToDouble(Sample::nsPerRoundTrip).toArray());
        }

        public Stats switches() {
            return Stats.of(usable().stream().map(Sample::switchesPerRoundTrip).toList());
        }

        public Stats voluntary() {
            return Stats.of(usable().stream().map(Sample::voluntaryPerRoundTrip).toList());
        }

        public Stats involuntary() {
            return Stats.of(usable().stream().map(Sample::involuntaryPerRoundTrip).toList());
        }
    }

    /**
     * One repetition of one cell.
     *
     * @param repetition     1-based
     * @param nsPerRoundTrip time per round trip (per syscall for the syscall group)
     * @param scoreError     JMH's 99.9% error of that score; NaN for native programs and single-iteration runs
     * @param voluntaryPerRoundTrip   voluntary context switches per round trip (both sides)
     * @param involuntaryPerRoundTrip involuntary ones
     * @param switchesPerRoundTrip    total (JMH: {@code ctxsw.total.norm} of ContextSwitchProfiler)
     * @param cpus           CPUs used (native programs), empty when unpinned or unknown
     * @param error          why this repetition failed, else null (then the numbers are NaN)
     * @param interference   what the disturbance rule read of the CPUs it ran on ({@link Disturbance}); null when not
     *                       measured (a failed repetition, a native program without {@code process_cpu_ns}, files
     *                       written before it existed)
     * @param disturbedKept  a disturbed repetition kept in the figures, marked ({@code --allow-disturbed}); without it a
     *                       disturbed repetition is left out of every figure, like a failed one
     */
    public record Sample(int repetition, double nsPerRoundTrip, double scoreError, double voluntaryPerRoundTrip,
                         double involuntaryPerRoundTrip, double switchesPerRoundTrip, String cpus, String error,
                         Disturbance.Reading interference, boolean disturbedKept) {

        /** A repetition whose interference was not measured. */
        public Sample(int repetition, double nsPerRoundTrip, double scoreError, double voluntaryPerRoundTrip,
                      double involuntaryPerRoundTrip, double switchesPerRoundTrip, String cpus, String error) {
            this(repetition, nsPerRoundTrip, scoreError, voluntaryPerRoundTrip, involuntaryPerRoundTrip, switchesPerRoundTrip, cpus,
                    error, null, false);
        }

        /** Others took its CPUs, by the one rule. */
        public boolean disturbed() {
            return interference != null && interference.disturbed();
        }

        /** Whether it counts in the figures: not failed, and not disturbed unless kept. */
        public boolean usable() {
            return error == null && (!disturbed() || disturbedKept);
        }
    }

    /** The column's cell on this placement (the first JDK's, when several ran). */
    public Optional<Cell> cell(Column column, String placement) {
        return cells.stream().filter(c -> c.column().equals(column.name()) && c.placement().equals(placement)).findFirst();
    }

    /** The column's cells on this placement: one, or one per JDK of {@code compare --jdk}. */
    public List<Cell> cells(Column column, String placement) {
        return cells.stream().filter(c -> c.column().equals(column.name()) && c.placement().equals(placement)).toList();
    }

    /** Writes {@code dir/}{@value #FILE_NAME} atomically; @throws ResultWriteException naming the file when it cannot be written. */
    public Path write(Path dir) {
        return JsonFields.write(dir, FILE_NAME, this);
    }

    /** @throws IllegalArgumentException when the file is not a compare.json */
    public static CompareResults read(Path file) throws IOException {
        CompareResults r = JsonFields.read(InputFiles.read(file), CompareResults.class,
                Set.of("simulation", "simulation.counts", "cells.samples.interference", "cells.samples.interference.intruder",
                        "cells.samples.interference.throttling"),
                Set.of("cells.column", "cells.group", "cells.label", "cells.placement"), file, "a switchcost compare.json");
        if (r.schema() != 1) {
            throw new IllegalArgumentException(file + " is not a switchcost compare.json (schema 1 with placements and cells)");
        }
        return r;
    }
}
