package dev.switchcost.bench;

import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.sample.SchedStat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The CPU time of the threads that carry a benchmark's work over one iteration, for {@link PairedWalkProfiler#CPU}:
 * the calling (JMH) thread and this process's threads whose kernel names ({@code comm}, 15 bytes) start with one of
 * the prefixes, their {@code schedstat} run time read at the iteration's set-up and tear-down, never per op.
 */
final class ThreadsCpu {

    private final List<String> prefixes;
    private Map<Integer, Long> atStart;

    ThreadsCpu(List<String> prefixes) {
        this.prefixes = List.copyOf(prefixes);
    }

    /** Before the iteration's first op. */
    void mark() {
        atStart = read();
    }

    /** After its last: hands the sum to {@link PairedWalkProfiler}, -1 when a thread ended meanwhile (its time is lost). */
    void record() {
        PairedWalkProfiler.recordPairRun(since(atStart, read()));
    }

    /** The run time added from {@code before} to {@code now}; a thread new in {@code now} counts from 0; -1 when one ended. */
    static long since(Map<Integer, Long> before, Map<Integer, Long> now) {
        long sum = 0;
        for (Map.Entry<Integer, Long> e : before.entrySet()) {
            Long end = now.get(e.getKey());
            if (end == null) {
                return -1;
            }
            sum += end - e.getValue();
        }
        for (Map.Entry<Integer, Long> e : now.entrySet()) {
            sum += before.containsKey(e.getKey()) ? 0 : e.getValue();
        }
        return sum;
    }

    private Map<Integer, Long> read() {
        Map<Integer, Long> out = new HashMap<>(SchedStat.runNsOfSelfThreads(prefixes));
        SchedStat self = SchedStat.readSelf();
        if (self != null) {
            out.put(-1, self.runNs()); // this thread, under a key no tid has
        }
        return out;
    }
}
