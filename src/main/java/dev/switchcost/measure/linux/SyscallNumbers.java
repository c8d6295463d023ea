package dev.switchcost.measure.linux;

import java.util.Locale;

/**
 * Linux syscall numbers for the calls switchcost makes through {@code syscall(2)}, chosen by
 * <em>architecture</em>. Word size is not enough: x86-64 and aarch64 are both 64-bit and number
 * their calls differently (the trap OpenHFT fell into).
 *
 * @param arch  the architecture name as JNA spells it ({@code Platform.ARCH})
 * @param gettid number of {@code gettid}
 * @param futex  number of {@code futex}
 */
public record SyscallNumbers(String arch, long gettid, long futex) {

    /**
     * @param arch an architecture name as JNA's {@code Platform.ARCH} or {@code os.arch} give it
     * @return the table for that architecture
     * @throws UnsupportedOperationException naming the architecture when it is not known
     */
    public static SyscallNumbers forArch(String arch) {
        return switch (arch == null ? "" : arch.toLowerCase(Locale.ROOT)) {
            case "x86-64", "x86_64", "amd64" -> new SyscallNumbers("x86-64", 186, 202);
            case "aarch64", "arm64" -> new SyscallNumbers("aarch64", 178, 98);
            default -> throw new UnsupportedOperationException(
                    "no syscall numbers for architecture '" + arch + "' (known: x86-64, aarch64)");
        };
    }
}
