package dev.switchcost.measure.sample;

import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.linux.NativeCallException;
import dev.switchcost.measure.linux.Rusage;

import java.util.Map;
import java.util.Optional;

/**
 * A command's switches and CPU time counted whole, start to end, which {@link ThreadSampler}'s readings of
 * {@code /proc} cannot give: a thread's counters go with it, so what it did after its last reading is lost, and
 * a command shorter than an interval is barely seen. Two exact counts, one per way the command runs:
 *
 * <ul>
 *   <li>run directly: {@code getrusage(RUSAGE_CHILDREN)} of this process, read just before it starts the command
 *       and again once it has reaped it. The kernel adds a child's counters to its parent's when the parent waits
 *       for it, so the difference holds the command and every descendant the command waited for. It would hold
 *       any other child this process reaped in between too; {@code sample} starts none while a command runs.</li>
 *   <li>run under {@code perf stat -I} ({@link PerfStatSampler}): perf counts {@code context-switches} and
 *       {@code task-clock} in every process of the command, inherited at fork. getrusage cannot be used here:
 *       in interval mode perf does not hand its child's counters on (docs/results/2026-11-23f-epyc-kvm/perf-rusage: a
 *       command of 42 voluntary switches read as perf's own 13 through {@code perf stat -I}, 44 through plain
 *       {@code perf stat}).</li>
 * </ul>
 * A process the command left running and never waited for is in neither.
 */
public final class CommandUsage {

    public enum Source {
        /** getrusage(RUSAGE_CHILDREN) around the command: voluntary and involuntary apart, CPU time. */
        GETRUSAGE,
        /** perf stat's context-switches (and task-clock where counted) summed over every interval. */
        PERF
    }

    /**
     * The command's counts.
     *
     * @param voluntary   voluntary switches, or -1 where the source does not tell them apart
     * @param involuntary involuntary switches, or -1 where the source does not tell them apart
     * @param cpuSeconds  user + system CPU time, s; NaN where not counted
     * @param seconds     wall time from just before the start to the exit, s
     */
    public record Totals(long switches, long voluntary, long involuntary, double cpuSeconds, double seconds, Source source) {

        /** @return switches per second of the command's wall time */
        public double switchesPerSecond() {
            return switches / seconds;
        }

        /** @return CPU time per second of wall time (1.0 = one CPU busy); NaN where not counted */
        public double cpus() {
            return cpuSeconds / seconds;
        }

        /** @return whether voluntary and involuntary switches are told apart */
        public boolean split() {
            return voluntary >= 0 && involuntary >= 0;
        }
    }

    private final Rusage before;
    private final long startNanos;
    private volatile long endNanos;

    private CommandUsage(Rusage before, long startNanos) {
        this.before = before;
        this.startNanos = startNanos;
    }

    /** Call just before starting the command: reads getrusage where libc is loaded, and the clock. */
    public static CommandUsage start() {
        Rusage b = null;
        if (LibC.isAvailable()) {
            try {
                b = Rusage.children();
            } catch (NativeCallException e) {
                // no getrusage count; perf's may still come
            }
        }
        return new CommandUsage(b, System.nanoTime());
    }

    /** Call when the command has exited (its {@code onExit}); the first call counts. */
    public void exited() {
        if (endNanos == 0) {
            endNanos = System.nanoTime();
        }
    }

    /** @return seconds from the start to the exit, or NaN when the exit was not seen */
    public double seconds() {
        long end = endNanos;
        return end == 0 || end <= startNanos ? Double.NaN : (end - startNanos) / 1e9;
    }

    /**
     * The getrusage count: call once the command has been reaped ({@link Process#waitFor} returned), and only for a
     * command not run under perf stat -I.
     *
     * @return the counts since {@link #start}, or empty when the exit was not seen or getrusage could not be read
     */
    public Optional<Totals> fromGetrusage() {
        double s = seconds();
        if (before == null || Double.isNaN(s)) {
            return Optional.empty();
        }
        try {
            Rusage d = Rusage.children().minus(before);
            return Optional.of(new Totals(d.total(), d.voluntary(), d.involuntary(), d.cpuNanos() / 1e9, s,
                    Source.GETRUSAGE));
        } catch (NativeCallException e) {
            return Optional.empty();
        }
    }

    /**
     * The perf count, from perf stat's totals over the whole run ({@link PerfStatSampler#totals()}).
     *
     * @param perfTotals event (without modifiers) → sum over every interval; task-clock in ms
     * @return the counts, or empty when perf did not count context-switches or the exit was not seen
     */
    public Optional<Totals> fromPerf(Map<String, Double> perfTotals) {
        Double cs = perfTotals.get("context-switches");
        double s = seconds();
        if (cs == null || Double.isNaN(s)) {
            return Optional.empty();
        }
        Double ms = perfTotals.get("task-clock");
        return Optional.of(new Totals(Math.round(cs), -1, -1, ms == null ? Double.NaN : ms / 1e3, s, Source.PERF));
    }
}
