package dev.switchcost.session;

import dev.switchcost.measure.jmh.TrialPlan;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The time a whole run plans to take, for its ETA: every JMH run, each trial's forks (its rounds), each fork's JVM start
 * and its warmup and measurement iterations, and the C comparison's cells. JMH's own ETA counts only the JMH run it is
 * in, which under rounds is one fork of each trial. What is done is counted in planned time, not the clock's: the ETA
 * is the plan less what of it ran.
 */
public final class PlannedTime {

    /** A forked JVM's start and JMH's setup before its first iteration, about a second on the machines measured. */
    public static final long JVM_START_NANOS = TimeUnit.SECONDS.toNanos(1);

    /**
     * One JMH run as planned.
     *
     * @param trials the trials it selects
     * @param forks  forks of each trial (rounds, under {@code --quick})
     */
    public record JmhRun(int trials, int forks, int warmupIterations, long warmupNanos, int iterations, long iterationNanos) {

        /** One fork of one trial: its JVM's start, its warmup, its measurement. */
        public long forkNanos() {
            return JVM_START_NANOS + warmupIterations * warmupNanos + iterations * iterationNanos;
        }

        public long nanos() {
            return (long) trials * forks * forkNanos();
        }

        /** {@code o}'s run with {@code forks} forks per trial; what it does not set, JMH's defaults. */
        static JmhRun of(Options o, int forks) {
            return new JmhRun(TrialPlan.of(o).size(), forks, o.getWarmupIterations().orElse(Defaults.WARMUP_ITERATIONS),
                    nanos(o.getWarmupTime().orElse(Defaults.WARMUP_TIME)), o.getMeasurementIterations().orElse(Defaults.MEASUREMENT_ITERATIONS),
                    nanos(o.getMeasurementTime().orElse(Defaults.MEASUREMENT_TIME)));
        }

        private static long nanos(TimeValue t) {
            return t.convertTo(TimeUnit.NANOSECONDS);
        }
    }

    private final long cellsNanos;
    private long plannedNanos;
    private long doneNanos;

    /**
     * @param runs      every JMH run of the whole run, on every JDK
     * @param cells     the C comparison's cells (repetitions × columns × placements), 0 without one
     * @param cellNanos one cell: a fork's JVM start and its iterations
     */
    public PlannedTime(List<JmhRun> runs, int cells, long cellNanos) {
        cellsNanos = cells * cellNanos;
        plannedNanos = runs.stream().mapToLong(JmhRun::nanos).sum() + cellsNanos;
    }

    /** The C comparison's cells ran. */
    public synchronized void cellsDone() {
        doneNanos += cellsNanos;
    }

    /** The whole plan, nanoseconds. */
    public synchronized long plannedNanos() {
        return plannedNanos;
    }

    /** A round the plan did not have ({@code run --precision}). */
    public synchronized void added(long nanos) {
        plannedNanos += nanos;
    }

    /** A fork started: its JVM's start is done. */
    public synchronized void forkStarted() {
        doneNanos += JVM_START_NANOS;
    }

    /** An iteration of {@code nanos} (warmup or measurement) ended, or a C comparison cell of that long. */
    public synchronized void done(long nanos) {
        doneNanos += nanos;
    }

    /** What is left of the plan, nanoseconds; never below zero. */
    public synchronized long remainingNanos() {
        return Math.max(0, plannedNanos - doneNanos);
    }
}
