package dev.switchcost.nativebaseline;

import dev.switchcost.affinity.Placement;

import java.util.EnumSet;
import java.util.Set;

/**
 * switchcost's native baseline programs ({@code src/main/c}, built into {@code target/native} by
 * {@code scripts/build-native.sh}). Each takes {@code PLACEMENT ROUND_TRIPS REPETITIONS} and prints
 * one JSON line per repetition ({@link NativeResultParser}).
 */
public enum NativeProgram {
    /** One {@code syscall(SYS_gettid)} per round trip: a mode switch, the floor under every switch. */
    GETTID("gettid_loop", "gettid", EnumSet.of(Placement.UNPINNED, Placement.SAME_CPU)),
    /** Futex ping-pong between two threads ({@code FUTEX_*_PRIVATE}), the twin of {@code FutexPingPong}. */
    FUTEX_THREADS("futex_threads", "futex-threads", EnumSet.of(Placement.UNPINNED, Placement.SAME_CPU, Placement.CROSS_CPU)),
    /** Futex ping-pong between two processes on a shared mapping (timectxsw). */
    FUTEX_PROCESSES("futex_processes", "futex-processes", EnumSet.of(Placement.UNPINNED, Placement.SAME_CPU, Placement.CROSS_CPU)),
    /** One byte through two pipes between two processes (lmbench lat_ctx, perf bench sched pipe). */
    PIPE_PROCESSES("pipe_processes", "pipe-processes", EnumSet.of(Placement.UNPINNED, Placement.SAME_CPU, Placement.CROSS_CPU));

    private final String executable;
    private final String mechanism;
    private final Set<Placement> placements;

    NativeProgram(String executable, String mechanism, Set<Placement> placements) {
        this.executable = executable;
        this.mechanism = mechanism;
        this.placements = placements;
    }

    /** File name under {@code target/native}. */
    public String executable() {
        return executable;
    }

    /** The {@code mechanism} field of its output lines. */
    public String mechanism() {
        return mechanism;
    }

    public boolean supports(Placement p) {
        return placements.contains(p);
    }
}
