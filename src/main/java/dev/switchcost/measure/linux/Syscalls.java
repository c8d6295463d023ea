package dev.switchcost.measure.linux;

import com.sun.jna.Platform;

/** Typed wrappers for the raw syscalls: {@code gettid}, and the syscall table for this machine. */
public final class Syscalls {

    private static final SyscallNumbers NUMBERS = SyscallNumbers.forArch(Platform.ARCH);

    private Syscalls() {
    }

    public static SyscallNumbers numbers() {
        return NUMBERS;
    }

    /** @return the kernel thread id of the calling thread ({@code gettid(2)}, a real kernel entry) */
    public static int gettid() {
        long tid = LibC.syscall(NUMBERS.gettid());
        if (tid < 0) {
            throw new NativeCallException("syscall(SYS_gettid)", LibC.errno());
        }
        return (int) tid;
    }

    /** @return the CPU the calling thread runs on now ({@code sched_getcpu(3)}) */
    public static int currentCpu() {
        int cpu = LibC.sched_getcpu();
        if (cpu < 0) {
            throw new NativeCallException("sched_getcpu()", LibC.errno());
        }
        return cpu;
    }
}
