package dev.switchcost.measure.linux;

import com.sun.jna.Memory;

/**
 * {@code getrusage(2)} context-switch counters and CPU time. {@link #process()} uses {@code RUSAGE_SELF}: every thread of the process,
 * including those that have ended; {@link #children()} uses {@code RUSAGE_CHILDREN}: every child this
 * process has waited for, with every descendant each of them waited for.
 *
 * @param voluntary   {@code ru_nvcsw}: the thread blocked (futex wait, I/O, sleep)
 * @param involuntary {@code ru_nivcsw}: the thread was preempted (time slice, a woken task of higher claim)
 * @param cpuNanos    {@code ru_utime + ru_stime}, ns (the kernel keeps them in µs)
 */
public record Rusage(long voluntary, long involuntary, long cpuNanos) {

    public static final int RUSAGE_SELF = 0;
    public static final int RUSAGE_CHILDREN = -1;

    /** {@code sizeof(struct rusage)} on 64-bit Linux; ru_nvcsw and ru_nivcsw are its last longs but two. */
    private static final int SIZE = 144;
    private static final int NVCSW_OFFSET = 128;
    private static final int NIVCSW_OFFSET = 136;
    /** ru_utime and ru_stime: two {@code struct timeval} (seconds, microseconds) at the start. */
    private static final int UTIME_OFFSET = 0;
    private static final int STIME_OFFSET = 16;

    public static Rusage process() {
        return read(RUSAGE_SELF, "RUSAGE_SELF");
    }

    /** @return the counters of every child waited for so far (and of what each of them waited for) */
    public static Rusage children() {
        return read(RUSAGE_CHILDREN, "RUSAGE_CHILDREN");
    }

    private static Rusage read(int who, String whoName) {
        try (Memory m = new Memory(SIZE)) {
            if (LibC.getrusage(who, m) != 0) {
                throw new NativeCallException("getrusage(" + whoName + ")", LibC.errno());
            }
            return new Rusage(m.getLong(NVCSW_OFFSET), m.getLong(NIVCSW_OFFSET), timeval(m, UTIME_OFFSET) + timeval(m, STIME_OFFSET));
        }
    }

    private static long timeval(Memory m, int offset) {
        return m.getLong(offset) * 1_000_000_000L + m.getLong(offset + 8) * 1_000L;
    }

    public long total() {
        return voluntary + involuntary;
    }

    public Rusage minus(Rusage earlier) {
        return new Rusage(voluntary - earlier.voluntary, involuntary - earlier.involuntary, cpuNanos - earlier.cpuNanos);
    }
}
