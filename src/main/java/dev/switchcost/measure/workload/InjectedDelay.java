package dev.switchcost.measure.workload;

/**
 * A known effect for proving a verdict: with {@code -Dswitchcost.inject.partnerNs=N} in a fork's JVM options, the
 * partner of every placed handoff benchmark ({@code FutexPingPong}, {@code ParkUnparkPingPong}, {@code PrimitiveHandoff})
 * spins N ns each time it holds the turn, so each round trip takes N ns longer. The A/B study of {@code switchcost ab}
 * (scripts/ab-study.sh) injects it into one side; nothing else sets it. A fork that has it says so on stderr.
 */
public final class InjectedDelay {

    /** The system property: nanoseconds the partner spins per turn. */
    public static final String PROPERTY = "switchcost.inject.partnerNs";

    private InjectedDelay() {
    }

    /** The partner work the property asks for, or {@link PingPong#NO_WORK} when it is unset or 0. */
    public static Runnable partnerWork() {
        long ns = nanos(System.getProperty(PROPERTY));
        if (ns == 0) {
            return PingPong.NO_WORK;
        }
        System.err.println("# switchcost: " + PROPERTY + "=" + ns + ": the partner spins " + ns + " ns per turn (an injected effect)");
        return () -> spin(ns);
    }

    /** Spins for {@code ns} nanoseconds by the monotonic clock. */
    static void spin(long ns) {
        long end = System.nanoTime() + ns;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    /** The property's value: 0 when unset; a whole number of ns from 0 to 1 s, else an error naming the property. */
    static long nanos(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            long ns = Long.parseLong(value.strip());
            if (ns >= 0 && ns <= 1_000_000_000L) {
                return ns;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(PROPERTY + " must be a whole number of ns from 0 to 1000000000, got '" + value + "'");
    }
}
