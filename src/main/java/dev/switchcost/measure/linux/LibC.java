package dev.switchcost.measure.linux;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * Direct-mapped libc functions. Direct mapping ({@code static native} + {@link Native#register})
 * is deliberate: the binding's own overhead is part of what the benchmarks measure, and it is the
 * cheapest way JNA offers to cross into C.
 *
 * <p>Only fixed-arity overloads exist, because direct mapping has no varargs. {@code syscall} takes
 * every argument as a {@code long} (register-sized on x86-64 and aarch64), so addresses are passed
 * as numbers and no {@link Pointer} object is created per call.
 *
 * <p>Loading is probed once; use {@link #isAvailable()} / {@link #unavailableReason()} before the
 * first call. Nothing here logs: callers decide what to print.
 */
public final class LibC {

    private static final String UNAVAILABLE_REASON;

    static {
        String reason = null;
        if (!Platform.isLinux()) {
            reason = "switchcost needs Linux (futex, gettid, /proc); this is " + System.getProperty("os.name");
        } else {
            try {
                Native.register(LibC.class, Platform.C_LIBRARY_NAME);
                getpid(); // probe by use, as OpenHFT does
            } catch (LinkageError | RuntimeException e) {
                reason = "cannot bind libc through JNA: " + e;
            }
        }
        UNAVAILABLE_REASON = reason;
    }

    private LibC() {
    }

    public static boolean isAvailable() {
        return UNAVAILABLE_REASON == null;
    }

    /** @return why {@link #isAvailable()} is false, or null when it is true */
    public static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    /** @throws UnsupportedOperationException with the reason, when libc could not be bound */
    public static void ensureAvailable() {
        if (UNAVAILABLE_REASON != null) {
            throw new UnsupportedOperationException(UNAVAILABLE_REASON);
        }
    }

    /** {@code long syscall(long number, ...)} with one argument. */
    public static native long syscall(long number);

    /** {@code syscall} with six register arguments (futex takes six). */
    public static native long syscall(long number, long a1, long a2, long a3, long a4, long a5, long a6);

    /** {@code int getpid(void)} (used as the load probe). */
    public static native int getpid();

    /** {@code int abs(int)}: a libc function that certainly does not enter the kernel. */
    public static native int abs(int value);

    /** {@code int sched_getcpu(void)}: vDSO/rseq backed, usually no kernel entry. */
    public static native int sched_getcpu();

    public static native int getrusage(int who, Pointer usage);

    public static int errno() {
        return Native.getLastError();
    }
}
