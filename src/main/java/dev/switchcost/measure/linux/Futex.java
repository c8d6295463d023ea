package dev.switchcost.measure.linux;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A 32-bit futex word with {@code FUTEX_WAIT}/{@code FUTEX_WAKE}, private (one process) or shared
 * (a {@code MAP_SHARED} mapping seen by several processes).
 *
 * <p>The word lives in a direct {@link ByteBuffer} (heap-allocated native memory, or a mapped file
 * for the shared case) and is read and written with volatile {@link VarHandle} accesses, so Java
 * code touches it without a native call; only the kernel entries go through the {@link Binding}
 * chosen at creation (JNA by default, or FFM).
 *
 * <p>Outcomes that are part of the protocol are values, not exceptions: {@link #await} returns
 * {@link WaitResult#VALUE_CHANGED} for {@code EAGAIN} (the word no longer held the expected value),
 * {@link WaitResult#TIMED_OUT} for {@code ETIMEDOUT} and {@link WaitResult#INTERRUPTED} for
 * {@code EINTR}. Every other failure throws {@link NativeCallException} naming the call, its
 * arguments and the errno.
 */
public final class Futex {

    public static final int FUTEX_WAIT = 0;
    public static final int FUTEX_WAKE = 1;
    public static final int FUTEX_PRIVATE_FLAG = 128;

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    /** What a {@code FUTEX_WAIT} came back with. */
    public enum WaitResult {
        /** Woken by a {@code FUTEX_WAKE} (or spuriously): re-check the word. */
        WOKEN,
        /** {@code EAGAIN}: the word did not hold the expected value, so the caller did not sleep. */
        VALUE_CHANGED,
        /** {@code ETIMEDOUT}: the relative timeout expired. */
        TIMED_OUT,
        /** {@code EINTR}: a signal arrived. */
        INTERRUPTED
    }

    private final ByteBuffer word;
    private final int index;
    private final long address;
    private final boolean shared;
    private final NativeCalls calls;
    /** struct timespec for the bounded waits, one per waiting thread, rewritten only when the timeout changes. */
    private final ThreadLocal<Timespec> timespec = ThreadLocal.withInitial(Timespec::new);

    private static final class Timespec {
        final Memory memory = new Memory(16);
        final long address = Pointer.nativeValue(memory);
        long nanos = -1;

        long of(long timeoutNanos) {
            if (timeoutNanos != nanos) {
                memory.setLong(0, timeoutNanos / 1_000_000_000L);
                memory.setLong(8, timeoutNanos % 1_000_000_000L);
                nanos = timeoutNanos;
            }
            return address;
        }
    }

    private Futex(ByteBuffer buffer, int index, boolean shared, NativeCalls calls) {
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("a futex word must live in a direct buffer");
        }
        this.word = buffer;
        this.index = index;
        this.address = Pointer.nativeValue(Native.getDirectBufferPointer(buffer)) + index;
        if ((address & 3) != 0) {
            throw new IllegalArgumentException("futex word at 0x" + Long.toHexString(address) + " is not 4-byte aligned");
        }
        this.shared = shared;
        this.calls = calls;
    }

    /**
     * A process-private futex word on its own cache line, initially 0, whose kernel calls go through {@code binding}.
     *
     * @throws UnsupportedOperationException when this JVM cannot provide the binding
     */
    public static Futex allocatePrivate(Binding binding) {
        NativeCalls calls = binding.calls();
        ByteBuffer line = ByteBuffer.allocateDirect(128).alignedSlice(64).order(ByteOrder.nativeOrder());
        return new Futex(line, 0, false, calls);
    }

    /**
     * A futex word inside a buffer several processes map ({@code FileChannel.map(READ_WRITE, ...)}),
     * used with the non-private operations.
     *
     * @param mapped the mapped buffer
     * @param offset byte offset of the word, a multiple of 4
     */
    public static Futex shared(ByteBuffer mapped, int offset) {
        return new Futex(mapped, offset, true, Binding.JNA.calls());
    }

    public Binding binding() {
        return calls.binding();
    }

    public boolean isShared() {
        return shared;
    }

    public int get() {
        return (int) INT.getVolatile(word, index);
    }

    public void set(int value) {
        INT.setVolatile(word, index, value);
    }

    public boolean compareAndSet(int expected, int value) {
        return INT.compareAndSet(word, index, expected, value);
    }

    private int op(int base) {
        return shared ? base : base | FUTEX_PRIVATE_FLAG;
    }

    /**
     * {@code FUTEX_WAIT}: sleep while the word holds {@code expected}, for at most {@code timeoutNanos}.
     *
     * @param expected     the value the caller saw; the kernel sleeps only if the word still holds it
     * @param timeoutNanos relative timeout, &gt; 0 (waits are always bounded)
     */
    public WaitResult await(int expected, long timeoutNanos) {
        if (timeoutNanos <= 0) {
            throw new IllegalArgumentException("timeoutNanos must be > 0, was " + timeoutNanos);
        }
        long ts = timespec.get().of(timeoutNanos);
        long rc = calls.futexWait(address, op(FUTEX_WAIT), expected, ts);
        if (rc >= 0) {
            return WaitResult.WOKEN;
        }
        int errno = (int) -rc;
        switch (errno) {
            case Errno.EAGAIN:
                return WaitResult.VALUE_CHANGED;
            case Errno.ETIMEDOUT:
                return WaitResult.TIMED_OUT;
            case Errno.EINTR:
                return WaitResult.INTERRUPTED;
            default:
                throw new NativeCallException(describe(FUTEX_WAIT, expected) + ", timeout=" + timeoutNanos + "ns", errno);
        }
    }

    /**
     * {@code FUTEX_WAIT} with no timeout: sleep while the word holds {@code expected}, until a
     * {@code FUTEX_WAKE} (or a signal). No timer is armed; whoever needs a bound changes the word
     * and wakes the waiter (see {@code dev.switchcost.measure.workload.FutexTurn#cancel}).
     *
     * @param expected the value the caller saw; the kernel sleeps only if the word still holds it
     * @return never {@link WaitResult#TIMED_OUT}
     */
    public WaitResult awaitUntimed(int expected) {
        long rc = calls.futexWait(address, op(FUTEX_WAIT), expected, 0);
        if (rc >= 0) {
            return WaitResult.WOKEN;
        }
        int errno = (int) -rc;
        switch (errno) {
            case Errno.EAGAIN:
                return WaitResult.VALUE_CHANGED;
            case Errno.EINTR:
                return WaitResult.INTERRUPTED;
            default:
                throw new NativeCallException(describe(FUTEX_WAIT, expected) + ", no timeout", errno);
        }
    }

    /**
     * {@code FUTEX_WAKE}: wake at most {@code count} waiters.
     *
     * @return how many waiters were woken
     */
    public int wake(int count) {
        long rc = calls.futexWake(address, op(FUTEX_WAKE), count);
        if (rc < 0) {
            throw new NativeCallException(describe(FUTEX_WAKE, count), (int) -rc);
        }
        return (int) rc;
    }

    private String describe(int baseOp, int val) {
        String name = (baseOp == FUTEX_WAIT ? "FUTEX_WAIT" : "FUTEX_WAKE") + (shared ? "" : "_PRIVATE") + " via " + calls.binding();
        return "futex(0x" + Long.toHexString(address) + ", " + name + ", " + val + ")";
    }
}
