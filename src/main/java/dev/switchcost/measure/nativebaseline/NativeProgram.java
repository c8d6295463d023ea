package dev.switchcost.measure.nativebaseline;

import java.util.List;

/**
 * switchcost's native baseline programs ({@code src/main/c}, built into {@code target/native} by
 * {@code scripts/build-native.sh}). Each takes {@code [--cpus A,B] PLACEMENT ROUND_TRIPS REPETITIONS}
 * (the futex programs also {@code [UNTIMED|TIMED]}), the CPUs those
 * {@link dev.switchcost.measure.affinity.Placement#assign} chose ({@link NativeRunner} resolves them),
 * and prints one JSON line per repetition ({@link NativeResultParser}). An entry is one program with
 * fixed extra arguments.
 */
public enum NativeProgram {
    /** One {@code syscall(SYS_gettid)} per round trip: a mode switch, the floor under every switch. */
    GETTID("gettid_loop", "gettid"),
    /** Futex ping-pong between two threads ({@code FUTEX_*_PRIVATE}), untimed waits: the classic program, the twin of {@code FutexPingPong}. */
    FUTEX_THREADS("futex_threads", "futex-threads"),
    /** {@link #FUTEX_THREADS} with a 5 s timeout on every wait: what the timer costs in C. */
    FUTEX_THREADS_TIMED("futex_threads", "futex-threads-timed", "TIMED"),
    /** Futex ping-pong between two processes on a shared mapping (timectxsw). */
    FUTEX_PROCESSES("futex_processes", "futex-processes"),
    /** One byte through two pipes between two processes (lmbench lat_ctx, perf bench sched pipe). */
    PIPE_PROCESSES("pipe_processes", "pipe-processes"),
    /**
     * {@code ParkUnparkPingPong}'s protocol between two threads on a C replica of HotSpot's {@code Parker}
     * ({@code src/main/c/parker.h}): what park/unpark cost without the JVM around them.
     */
    PARKER_THREADS("parker_threads", "parker-threads"),
    /**
     * The spin-then-futex waiter, the C twin of {@code SpinOrPark.handoff}: {@code [STRATEGY [BUDGET_NS [REPLY]]]} after
     * the common arguments (default {@code PARK 0 0}); {@link NativeRunner#runSpin} gives them per cell.
     */
    SPIN_FUTEX("spin_futex", "spin-futex");

    private final String executable;
    private final String mechanism;
    private final List<String> extraArgs;

    NativeProgram(String executable, String mechanism, String... extraArgs) {
        this.executable = executable;
        this.mechanism = mechanism;
        this.extraArgs = List.of(extraArgs);
    }

    /** Arguments after {@code [--cpus A,B] PLACEMENT ROUND_TRIPS REPETITIONS}. */
    public List<String> extraArgs() {
        return extraArgs;
    }

    /** File name under {@code target/native}. */
    public String executable() {
        return executable;
    }

    /** The {@code mechanism} field of its output lines. */
    public String mechanism() {
        return mechanism;
    }
}
