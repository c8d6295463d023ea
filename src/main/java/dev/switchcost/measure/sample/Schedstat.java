package dev.switchcost.measure.sample;

/**
 * A {@code /proc/<pid>/task/<tid>/schedstat} line (Linux {@code fs/proc/base.c}, {@code proc_pid_schedstat}):
 * three numbers from the scheduler's {@code sched_info}.
 *
 * @param runNanos   time spent on a CPU, ns
 * @param waitNanos  time spent runnable but waiting for a CPU (the run-queue delay), ns
 * @param timeslices times the task was scheduled in
 */
public record Schedstat(long runNanos, long waitNanos, long timeslices) {

    /** @throws IllegalArgumentException quoting the text when it is not three numbers */
    public static Schedstat parse(String text) {
        String[] f = text.trim().split("\\s+");
        if (f.length != 3) {
            throw new IllegalArgumentException("schedstat is not three numbers: '" + text.trim() + "'");
        }
        try {
            return new Schedstat(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("schedstat is not three numbers: '" + text.trim() + "'");
        }
    }
}
