package dev.switchcost.session;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.affinity.Topology;
import dev.switchcost.measure.jmh.Disturbance;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.ObjIntConsumer;
import java.util.function.Predicate;

/**
 * The order {@link CompareRunner}, {@link SpinCompareRunner} and {@link IndirectSweep} share: every cell that can run
 * once per repetition, in plan order on odd repetitions and reversed on even ones, so that drift (frequency,
 * noisy neighbours, thermal) hits every cell alike rather than whichever ran last; and the pieces of their skeleton
 * that are the same in all three (placements that cannot run, calibration, the line after a repetition).
 */
final class Interleaved {

    /** How long one run of a native program may take before it counts as failed. */
    static final long NATIVE_TIMEOUT_SECONDS = 300;

    private Interleaved() {
    }

    /**
     * @param cells       the plan, in table order
     * @param repetitions how many times each cell runs
     * @param runs        whether a cell can run at all (one that cannot is skipped every time)
     * @param run         runs one cell in repetition {@code rep} (1-based)
     */
    static <C> void run(List<C> cells, int repetitions, Predicate<C> runs, ObjIntConsumer<C> run) {
        for (int rep = 1; rep <= repetitions; rep++) {
            List<C> order = new ArrayList<>(cells);
            if (rep % 2 == 0) {
                Collections.reverse(order);
            }
            for (C c : order) {
                if (runs.test(c)) {
                    run.accept(c, rep);
                }
            }
        }
    }

    /** @return why each of {@code placements} that this machine cannot honour cannot run ("placement unavailable: …") */
    static Map<Placement, String> unavailablePlacements(Collection<Placement> placements) {
        Map<Placement, String> missing = new EnumMap<>(Placement.class);
        Topology topology = Topology.current();
        for (Placement p : placements) {
            Placement.Assignment a = p.assign(topology, CpuPinning.allowedCpus());
            if (!a.isAvailable()) {
                missing.put(p, "placement unavailable: " + a.unavailable());
            }
        }
        return missing;
    }

    /**
     * @return round trips that take about {@code targetNanos} at a probe run's {@code nsPerRoundTrip}: at least
     *         {@code min}, at most 500 million
     */
    static long calibrated(long targetNanos, double nsPerRoundTrip, long min) {
        long n = (long) (targetNanos / Math.max(1.0, nsPerRoundTrip));
        return Math.max(min, Math.min(n, 500_000_000L));
    }

    /** Whether a repetition that read so is kept in the figures though disturbed ({@code --allow-disturbed}). */
    static boolean kept(Disturbance.Reading reading, boolean keepDisturbed) {
        return reading != null && reading.disturbed() && keepDisturbed;
    }

    /**
     * The progress line after a repetition that failed or was disturbed (none after a clean one).
     *
     * @param reading what the disturbance rule read of it, or null when it was not measured
     */
    static void reportOutcome(PrintWriter progress, String command, String error, Disturbance.Reading reading, boolean disturbedKept) {
        if (error != null) {
            progress.println(command + ":   failed: " + error);
        } else if (reading != null && reading.disturbed()) {
            progress.println(command + ":   disturbed: " + (reading.throttled() ? "a CPU quota throttled it" : "other tasks took its CPUs")
                    + "; " + (disturbedKept
                    ? "kept, marked (--allow-disturbed)" : "left out of every figure"));
        }
    }
}
