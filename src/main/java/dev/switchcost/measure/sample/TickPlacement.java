package dev.switchcost.measure.sample;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The placement of a program's handoffs where the scheduler's trace cannot be had (not root, no tracefs): at every
 * sampling tick, the CPU each sampled thread last ran on ({@code /proc/<pid>/task/<tid>/stat} field 39,
 * {@link TaskStat#processor}) and its voluntary switches. In each process, the two threads that blocked most since the last
 * tick (their voluntary switches grew most) are taken for a pair handing off to each other, and the interval's handoffs
 * (the fewer switches of the two) count as same-CPU when both last ran on one CPU at the tick, else as cross-CPU.
 *
 * <p>Its limits: it sees where the threads were at the ticks, not each wake-up, so a pair that moves between CPUs within a
 * tick is counted where the tick found it; in each process one pair per tick is counted (the busiest), other threads' wake-ups
 * are not; two threads that block on something other than each other are taken for a pair all the same.
 */
public final class TickPlacement {

    /**
     * One thread at one tick.
     *
     * @param pid       its process
     * @param processor the CPU it last ran on (stat field 39)
     * @param voluntary its voluntary switches so far
     */
    public record Reading(long pid, int processor, long voluntary) {
    }

    private Map<Integer, Reading> last = Map.of();
    private long sameCpu;
    private long crossCpu;

    /** Counts the interval since the previous tick from {@code now}, each sampled thread by tid. */
    public synchronized void tick(Map<Integer, Reading> now) {
        Map<Long, Map<Integer, Long>> handingOff = new HashMap<>();
        now.forEach((tid, r) -> {
            Reading before = last.get(tid);
            if (before != null && r.voluntary() > before.voluntary()) {
                handingOff.computeIfAbsent(r.pid(), p -> new HashMap<>()).put(tid, r.voluntary() - before.voluntary());
            }
        });
        for (Map<Integer, Long> threads : handingOff.values()) {
            if (threads.size() < 2) {
                continue;
            }
            List<Map.Entry<Integer, Long>> busiest = threads.entrySet().stream()
                    .sorted(Map.Entry.<Integer, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                    .limit(2).toList();
            long handoffs = busiest.get(1).getValue();
            if (now.get(busiest.get(0).getKey()).processor() == now.get(busiest.get(1).getKey()).processor()) {
                sameCpu += handoffs;
            } else {
                crossCpu += handoffs;
            }
        }
        last = Map.copyOf(now);
    }

    /** Handoffs counted on one CPU. */
    public synchronized long sameCpu() {
        return sameCpu;
    }

    /** Handoffs counted across CPUs. */
    public synchronized long crossCpu() {
        return crossCpu;
    }
}
