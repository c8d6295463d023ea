package dev.switchcost.measure.linux.ffm;

import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.NativeCalls;
import dev.switchcost.measure.linux.Syscalls;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * {@link NativeCalls} through the JDK's FFM API (Java 22+; compiled with {@code --release 22} from
 * {@code src/main/java22}, loaded by name from {@link Binding#calls()}).
 *
 * <p>libc's {@code syscall(long number, ...)} is variadic: every handle says so
 * ({@code firstVariadicArg(1)}) and passes register-sized {@code long}s, as the kernel reads them.
 * Calls that never block ({@code gettid}, {@code abs}, {@code FUTEX_WAKE}) are linked
 * {@code critical(false)}: no Java→native thread-state transition, which is allowed only for calls
 * that are short and cannot block. The futex wait blocks, so it is a normal downcall, with
 * {@code errno} captured into a per-thread segment ({@code captureCallState}). A critical call's
 * failure is rare (a bad address or operation): its errno is learnt by repeating it through a
 * normal, capturing handle.
 */
public final class FfmCalls implements NativeCalls {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG;
    private static final FunctionDescriptor SYSCALL0 = FunctionDescriptor.of(L, L);
    private static final FunctionDescriptor SYSCALL6 = FunctionDescriptor.of(L, L, L, L, L, L, L, L);

    private static final MethodHandle GETTID = LINKER.downcallHandle(find("syscall"), SYSCALL0,
            Linker.Option.firstVariadicArg(1), Linker.Option.critical(false));
    private static final MethodHandle GETTID_NOT_CRITICAL = LINKER.downcallHandle(find("syscall"), SYSCALL0,
            Linker.Option.firstVariadicArg(1));
    private static final MethodHandle SYSCALL0_CAPTURING = LINKER.downcallHandle(find("syscall"), SYSCALL0,
            Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));
    private static final MethodHandle ABS = LINKER.downcallHandle(find("abs"),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), Linker.Option.critical(false));
    private static final MethodHandle FUTEX_CRITICAL = LINKER.downcallHandle(find("syscall"), SYSCALL6,
            Linker.Option.firstVariadicArg(1), Linker.Option.critical(false));
    private static final MethodHandle FUTEX_CAPTURING = LINKER.downcallHandle(find("syscall"), SYSCALL6,
            Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));

    private static final long NR_GETTID = Syscalls.numbers().gettid();
    private static final long NR_FUTEX = Syscalls.numbers().futex();

    /** errno capture space, one per thread (allocated once per thread, reused). */
    private static final ThreadLocal<MemorySegment> ERRNO_SEGMENT = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(CAPTURE));

    public FfmCalls() {
    }

    private static MemorySegment find(String name) {
        return LIBC.find(name).orElseThrow(() -> new UnsupportedOperationException("libc has no " + name));
    }

    @Override
    public Binding binding() {
        return Binding.FFM;
    }

    @Override
    public long gettid() {
        try {
            long rc = (long) GETTID.invokeExact(NR_GETTID);
            return rc < 0 ? -errnoOf0(NR_GETTID) : rc;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long gettidNotCritical() {
        try {
            long rc = (long) GETTID_NOT_CRITICAL.invokeExact(NR_GETTID);
            return rc < 0 ? -errnoOf0(NR_GETTID) : rc;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long gettidAsFutexWait() {
        try {
            MemorySegment capture = ERRNO_SEGMENT.get();
            long rc = (long) FUTEX_CAPTURING.invokeExact(capture, NR_GETTID, 0L, 0L, 0L, 0L, 0L, 0L);
            return rc < 0 ? -(int) ERRNO.get(capture, 0L) : rc;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long gettidAsFutexWake() {
        try {
            long rc = (long) FUTEX_CRITICAL.invokeExact(NR_GETTID, 0L, 0L, 0L, 0L, 0L, 0L);
            return rc < 0 ? -errnoOf0(NR_GETTID) : rc;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public int abs(int value) {
        try {
            return (int) ABS.invokeExact(value);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long futexWait(long address, int op, int value, long timeoutAddress) {
        try {
            MemorySegment capture = ERRNO_SEGMENT.get();
            long rc = (long) FUTEX_CAPTURING.invokeExact(capture, NR_FUTEX, address, (long) op, (long) value, timeoutAddress, 0L, 0L);
            return rc < 0 ? -(int) ERRNO.get(capture, 0L) : rc;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long futexWake(long address, int op, int count) {
        try {
            long rc = (long) FUTEX_CRITICAL.invokeExact(NR_FUTEX, address, (long) op, (long) count, 0L, 0L, 0L);
            if (rc >= 0) {
                return rc;
            }
            // rare: learn errno by repeating through the capturing handle (a wake has no lasting effect)
            MemorySegment capture = ERRNO_SEGMENT.get();
            rc = (long) FUTEX_CAPTURING.invokeExact(capture, NR_FUTEX, address, (long) op, (long) count, 0L, 0L, 0L);
            return rc < 0 ? -(int) ERRNO.get(capture, 0L) : rc;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static int errnoOf0(long number) throws Throwable {
        MemorySegment capture = ERRNO_SEGMENT.get();
        long rc = (long) SYSCALL0_CAPTURING.invokeExact(capture, number);
        return rc < 0 ? (int) ERRNO.get(capture, 0L) : 0;
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException("FFM downcall failed", t);
    }
}
