package dev.switchcost.measure.linux;

import dev.switchcost.launch.JdkPolicy;

import java.util.Optional;

/**
 * How Java code calls into C: a benchmark parameter ({@code @Param binding}).
 * {@link #JNA}: JNA direct mapping ({@code static native} methods registered with
 * {@code Native.register}). {@link #FFM}: the JDK's Foreign Function &amp; Memory API
 * ({@code java.lang.foreign}, final from JDK 22), downcall handles on libc; the calls that never
 * block ({@code gettid}, {@code abs}, {@code FUTEX_WAKE}) are linked with
 * {@code Linker.Option.critical(false)} (no thread-state transition), the futex wait is not.
 *
 * <p>The FFM code is compiled for Java 22 in its own source root ({@code src/main/java22}) and
 * loaded by name only on a JDK that has the API, so switchcost still runs on JDK 21, where FFM rows
 * are skipped before JMH runs, with one line, like an unavailable placement.
 */
public enum Binding {
    JNA,
    FFM;

    /** The first JDK feature release in which FFM is final (JEP 454). */
    public static final int FFM_MIN_FEATURE = JdkPolicy.FFM;
    static final String FFM_CLASS = "dev.switchcost.measure.linux.ffm.FfmCalls";

    /** Why this binding cannot run on a JDK of feature release {@code jdkFeature}, or empty if it can. */
    public Optional<String> unavailableOn(int jdkFeature) {
        return this == FFM && jdkFeature < FFM_MIN_FEATURE ? Optional.of("FFM (java.lang.foreign) is final from JDK "
                + FFM_MIN_FEATURE + "; the benchmark JVM is JDK " + jdkFeature) : Optional.empty();
    }

    /**
     * @return the calls of this binding in this JVM
     * @throws UnsupportedOperationException with the reason when this JVM cannot provide it
     */
    public NativeCalls calls() {
        LibC.ensureAvailable();
        return this == JNA ? JnaCalls.INSTANCE : FfmHolder.get();
    }

    /** Loads the FFM implementation once, by name (it is Java 22 bytecode). */
    private static final class FfmHolder {
        private static final NativeCalls CALLS;
        private static final String REASON;

        static {
            NativeCalls calls = null;
            String reason = FFM.unavailableOn(Runtime.version().feature()).orElse(null);
            if (reason == null) {
                try {
                    calls = (NativeCalls) Class.forName(FFM_CLASS).getDeclaredConstructor().newInstance();
                } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                    Throwable cause = e.getCause() != null ? e.getCause() : e;
                    reason = "cannot load the FFM binding " + FFM_CLASS + ": " + cause;
                }
            }
            CALLS = calls;
            REASON = reason;
        }

        static NativeCalls get() {
            if (CALLS == null) {
                throw new UnsupportedOperationException(REASON);
            }
            return CALLS;
        }
    }
}
