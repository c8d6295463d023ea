package dev.switchcost.measure.linux;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Gate for tests that call into libc: they run on Linux with JNA, and say why they are skipped elsewhere. */
public final class LinuxTestSupport {
    private LinuxTestSupport() {
    }

    public static void assumeNative() {
        assumeTrue(LibC.isAvailable(), () -> "native calls unavailable: " + LibC.unavailableReason());
    }
}
