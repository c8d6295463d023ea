package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A thread's {@code /proc/<pid>/task/<tid>/schedstat}: three numbers, in nanoseconds where they are
 * times (kernel {@code proc_pid_schedstat}: {@code se.sum_exec_runtime}, {@code sched_info.run_delay},
 * {@code sched_info.pcount}).
 *
 * @param runNs      time spent running on a CPU
 * @param waitNs     time spent runnable on a run queue, waiting for a CPU
 * @param timeslices how many times it was given a CPU
 */
public record SchedStat(long runNs, long waitNs, long timeslices) {

    /** @throws IllegalArgumentException naming the text when it is not three numbers */
    public static SchedStat parse(String text) {
        String[] f = text.trim().split("\\s+");
        if (f.length != 3) {
            throw new IllegalArgumentException("schedstat is not three numbers: '" + text.strip() + "'");
        }
        try {
            return new SchedStat(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("schedstat is not three numbers: '" + text.strip() + "'");
        }
    }

    /** @return the thread's counters, or null when it has ended (ENOENT, or ESRCH while reading) */
    public static SchedStat read(long pid, int tid) {
        Path p = Path.of("/proc", String.valueOf(pid), "task", String.valueOf(tid), "schedstat");
        try {
            return parse(ProcText.read(p));
        } catch (IOException e) {
            if (ProcText.vanished(e)) {
                return null;
            }
            throw new UncheckedIOException("cannot read " + p, e);
        }
    }

    /** @return the calling thread's counters, from {@code /proc/thread-self/schedstat}, or null where unreadable */
    public static SchedStat readSelf() {
        try {
            return parse(ProcText.read(Path.of("/proc/thread-self/schedstat")));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The run time of this process's threads whose names the kernel keeps ({@code comm}, 15 bytes) start with one of
     * {@code prefixes}, by tid; a thread that ends while they are listed is left out.
     */
    public static Map<Integer, Long> runNsOfSelfThreads(List<String> prefixes) {
        Map<Integer, Long> out = new HashMap<>();
        for (ThreadCounters t : ThreadCounters.snapshotSelf().values()) {
            if (prefixes.stream().anyMatch(t.name()::startsWith)) {
                SchedStat s = read(ProcessHandle.current().pid(), t.tid());
                if (s != null) {
                    out.put(t.tid(), s.runNs());
                }
            }
        }
        return out;
    }

    public SchedStat minus(SchedStat before) {
        return new SchedStat(runNs - before.runNs, waitNs - before.waitNs, timeslices - before.timeslices);
    }
}
