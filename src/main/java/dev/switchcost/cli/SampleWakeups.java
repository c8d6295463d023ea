package dev.switchcost.cli;

import dev.switchcost.measure.sample.ThreadSampler;
import dev.switchcost.measure.sample.WakeupTrace;
import dev.switchcost.results.SamplePlacement;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code sample}'s placement mix: the scheduler's trace of the sampled threads' wake-ups (tracefs, mounted for the sample
 * where root finds it unmounted), else the threads' CPUs at each sampling tick ({@code TickPlacement}), or why there is none.
 */
final class SampleWakeups {

    private WakeupTrace trace;
    /** What the trace counted, or null. */
    private SamplePlacement placement;
    /** Each sampled thread's wake-ups by placement, by tid; empty without a trace. */
    private Map<Integer, SamplePlacement> byThread = Map.of();
    /** Why there is no {@link #placement}. */
    private String why = "not traced";
    /** When the trace began, for the mix's window. */
    private final Instant started = Instant.now();
    private final long startedNanos = System.nanoTime();

    /** Starts the trace where tracefs allows it; otherwise says why not. */
    static SampleWakeups start() {
        SampleWakeups w = new SampleWakeups();
        try {
            w.trace = WakeupTrace.start(WakeupTrace.TRACEFS);
        } catch (IOException | RuntimeException e) {
            w.why = "no scheduler trace: " + e.getMessage();
        }
        return w;
    }

    /**
     * Stops the trace, whatever ended sampling, and keeps the counts of the threads {@code tree} sampled, with the window
     * they were counted in; idempotent.
     *
     * @param command what was sampled, for people (the command line), or null
     */
    void stop(ThreadSampler tree, String command) {
        double seconds = (System.nanoTime() - startedNanos) / 1e9;
        List<Long> pids = tree == null ? null : tree.processesSeen().keySet().stream().sorted().toList();
        if (trace == null) {
            if (!stopped && tree != null) {
                ticked(new WakeupTrace.Counts(tree.ticks().sameCpu(), tree.ticks().crossCpu(), 0), seconds, command, pids);
            }
            stopped = true;
            return;
        }
        try (WakeupTrace t = trace) {
            Set<Integer> tids = tree == null ? Set.of() : tree.threads().stream().map(ThreadSampler.ThreadTotal::tid)
                    .collect(Collectors.toSet());
            source = t.mountedIt() ? SOURCE + " (tracefs mounted at " + WakeupTrace.TRACEFS + " for this sample and unmounted after it)" : SOURCE;
            counted(t.stop(tids::contains), t.byThread(), seconds, command, pids);
        } catch (IOException | RuntimeException e) {
            why = "the scheduler trace could not be read: " + e.getMessage();
        }
        trace = null;
        stopped = true;
    }

    private boolean stopped;
    private String source = SOURCE;

    /**
     * Keeps the mix counted from the threads' CPUs at each tick, where there was no trace; {@link #why} says why there was
     * none and what this source cannot see.
     */
    void ticked(WakeupTrace.Counts c, double seconds, String command, List<Long> pids) {
        if (c.sameCpu() + c.crossCpu() == 0) {
            why = why + "; the threads' CPUs at the sampling ticks showed no pair handing off either";
            return;
        }
        placement = new SamplePlacement(c.sameCpu(), c.crossCpu(), TICKS + " (" + why + ")").in(started, seconds, command, pids);
    }

    /** The fallback source, and what it cannot see. */
    static final String TICKS = "counted from each thread's CPU at every sampling tick (/proc/P/task/T/stat field 39), pairs of"
            + " threads handing off: where they were at the ticks, not each wake-up";

    /**
     * Keeps what the trace counted over {@code seconds} from its start, or why it cannot be kept.
     *
     * @param command what was sampled, or null
     * @param pids    the processes of the sampled tree, or null
     */
    void counted(WakeupTrace.Counts c, Map<Integer, WakeupTrace.Counts> perThread, double seconds, String command, List<Long> pids) {
        if (c.lost() > 0) {
            why = "the scheduler trace lost " + c.lost() + " events (a shorter --duration counts them all)";
        } else if (c.sameCpu() + c.crossCpu() == 0) {
            why = "the scheduler trace saw no wake-up of the sampled threads";
        } else {
            placement = new SamplePlacement(c.sameCpu(), c.crossCpu(), source).in(started, seconds, command, pids);
            byThread = perThread.entrySet().stream().collect(Collectors.toUnmodifiableMap(Map.Entry::getKey,
                    e -> new SamplePlacement(e.getValue().sameCpu(), e.getValue().crossCpu(), source)));
        }
    }

    private static final String SOURCE = "tracefs sched_waking/sched_wakeup";

    /** @return each sampled thread's counted mix, by tid; empty when there is no {@link #placement} */
    Map<Integer, SamplePlacement> byThread() {
        return placement == null ? Map.of() : byThread;
    }

    /** @return the counted mix, or null */
    SamplePlacement placement() {
        return placement;
    }

    /** @return why there is no mix */
    String why() {
        return why;
    }
}
