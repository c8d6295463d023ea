package dev.switchcost.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The raw data of one {@code switchcost working-set} run (the JVM and C paired working-set walks in
 * interleaved repetitions), written as {@value #FILE_NAME} into the results directory and read back by
 * {@link Results#load}.
 *
 * @param schema      format version (1)
 * @param createdAt   when the run started (ISO-8601, UTC)
 * @param repetitions interleaved repetitions asked for
 * @param jmhSettings the JMH warmup/measurement of every JVM cell, in words
 * @param cells       one per implementation × size × stride × placement, in run order
 */
public record IndirectSweepResults(int schema, String createdAt, int repetitions, String jmhSettings, List<Cell> cells) {

    public static final String FILE_NAME = "indirect.json";

    /** The JVM cell's implementation name ({@code WorkingSetHandoff.roundTripPaired}). */
    public static final String JVM = "JVM";
    /** The C cell's implementation name ({@code ws_threads}). */
    public static final String C = "C";

    /**
     * One implementation at one size, stride and placement.
     *
     * @param impl          {@value #JVM} or {@value #C}
     * @param workingSetKiB each side's private array, KiB (0: no walk, the direct cost)
     * @param strideBytes   the walk's stride
     * @param placement     SAME_CPU, CROSS_CPU, ...
     * @param source        the JMH benchmark and parameters, or the C program and arguments
     * @param unavailable   why the cell has no samples (native not built, placement unavailable), else null
     * @param samples       one per repetition that ran
     */
    public record Cell(String impl, long workingSetKiB, long strideBytes, String placement, String source, String unavailable,
                       List<Sample> samples) {

        /** Repetitions that did not fail. */
        public List<Sample> usable() {
            return samples.stream().filter(s -> s.error() == null).toList();
        }
    }

    /**
     * One repetition of one cell. Walk times are per walk, the indirect cost per switch, all in ns.
     *
     * @param repetition             1-based
     * @param firstWalkNs            mean first walk after a switch in (JMH {@code walk.first}; C {@code first_walk_ns})
     * @param secondWalkNs           mean second walk, no switch between ({@code walk.second}; {@code second_walk_ns})
     * @param indirectNsPerSwitch    first − second ({@code indirect.paired}; {@code paired_indirect_ns_per_switch})
     * @param nsPerRoundTrip         the whole round trip, both sides' walks and clock reads included
     * @param switchesPerRoundTrip   context switches per round trip (ContextSwitchProfiler's {@code ctxsw.total.norm}; the C
     *                               program's own count); ≈ 2 on one CPU
     * @param error                  why this repetition failed, else null (then the numbers are NaN)
     * @param beyondNsPerSwitch      the threads' CPU time per switch less two second walks ({@code switch.beyond};
     *                               {@code beyond_ns_per_switch}), or null where not read (files written before it, a
     *                               program that does not read it)
     */
    public record Sample(int repetition, double firstWalkNs, double secondWalkNs, double indirectNsPerSwitch,
                         double nsPerRoundTrip, double switchesPerRoundTrip, String error, Double beyondNsPerSwitch) {

        public static Sample failed(int repetition, String why) {
            return new Sample(repetition, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, why, null);
        }
    }

    /** Whether any repetition of any cell failed. */
    public boolean anyFailed() {
        return cells.stream().flatMap(c -> c.samples().stream()).anyMatch(s -> s.error() != null);
    }

    /** Writes {@code dir/}{@value #FILE_NAME} atomically; @throws ResultWriteException naming the file when it cannot be written. */
    public Path write(Path dir) {
        return JsonFields.write(dir, FILE_NAME, this);
    }

    /** @throws IllegalArgumentException when the file is not a switchcost indirect.json */
    public static IndirectSweepResults read(Path file) throws IOException {
        IndirectSweepResults r = JsonFields.read(InputFiles.read(file), IndirectSweepResults.class, Set.of(),
                Set.of("cells.impl", "cells.placement"), file, "a switchcost indirect.json");
        if (r.schema() != 1) {
            throw new IllegalArgumentException(file + " is not a switchcost indirect.json (schema 1 with cells)");
        }
        return r;
    }
}
