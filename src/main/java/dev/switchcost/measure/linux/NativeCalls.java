package dev.switchcost.measure.linux;

/**
 * The few native calls switchcost measures, behind one interface so that a benchmark can take them
 * through either {@link Binding}: JNA direct mapping or the JDK's own FFM downcall handles. A fork
 * loads one implementation, so every call site stays monomorphic and is inlined.
 *
 * <p>Failures are returned as the kernel reports them, {@code -errno}, so no binding needs a
 * thread-local errno read on the success path.
 */
public interface NativeCalls {

    Binding binding();

    /** {@code syscall(SYS_gettid)}: one real kernel entry. @return the tid, or -errno */
    long gettid();

    /**
     * {@code syscall(SYS_gettid)} linked as a call that may block: for FFM without
     * {@code critical}, so it pays the Java→native thread-state transitions the futex wait pays; for
     * JNA the same as {@link #gettid()} (JNA has no other kind).
     */
    long gettidNotCritical();

    /**
     * {@code syscall(SYS_gettid, 0, 0, 0, 0, 0, 0)} shaped and linked exactly as {@link #futexWait}
     * (six arguments, the same linkage and errno handling): the binding's cost of one futex wait, less
     * the kernel's futex work. @return the tid, or -errno
     */
    long gettidAsFutexWait();

    /** {@code syscall(SYS_gettid, 0, 0, 0, 0, 0, 0)} shaped and linked exactly as {@link #futexWake}. @return the tid, or -errno */
    long gettidAsFutexWake();

    /** libc {@code abs(int)}: a call that never enters the kernel (the binding's own cost). */
    int abs(int value);

    /**
     * {@code syscall(SYS_futex, address, op, value, timeout, 0, 0)} for a wait: it blocks, so it is
     * never bound as a "critical" call (the JVM must know the thread is in native code).
     *
     * @param timeoutAddress address of a {@code struct timespec}, or 0 for none
     * @return 0, or -errno
     */
    long futexWait(long address, int op, int value, long timeoutAddress);

    /**
     * {@code syscall(SYS_futex, address, op, count, 0, 0, 0)} for a wake: it never blocks.
     *
     * @return how many waiters were woken, or -errno
     */
    long futexWake(long address, int op, int count);
}
