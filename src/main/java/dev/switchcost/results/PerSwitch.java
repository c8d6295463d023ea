package dev.switchcost.results;

/**
 * switchcost's unit for a handoff, and the one conversion to it: ns per switch. A ping-pong round trip is two switches,
 * so a round-trip row's figure is halved here and nowhere else. A row that is not a round trip (a syscall such as
 * gettid, the empty op) keeps its own unit, ns per call.
 */
public final class PerSwitch {

    /** Switches in one ping-pong round trip: one handoff each way. */
    public static final int SWITCHES_PER_ROUND_TRIP = 2;

    private PerSwitch() {
    }

    /** Whether {@code r} times a ping-pong round trip (its method is {@code roundTrip...}), rather than one call. */
    public static boolean isRoundTrip(JmhRow r) {
        return r.method().startsWith(Bench.Names.ROUND_TRIP_METHOD);
    }

    /** The factor from {@code r}'s own unit to switchcost's: ½ for a round trip, 1 for a call. */
    public static double factor(JmhRow r) {
        return isRoundTrip(r) ? 1.0 / SWITCHES_PER_ROUND_TRIP : 1;
    }

    /** A figure per round trip (or per pair of walks), per switch. */
    public static Estimate ofRoundTrip(Estimate perRoundTrip) {
        return perRoundTrip.times(1.0 / SWITCHES_PER_ROUND_TRIP);
    }

    /** Round-trip percentiles, per switch. */
    public static Percentiles ofRoundTrip(Percentiles perRoundTrip) {
        return perRoundTrip.times(1.0 / SWITCHES_PER_ROUND_TRIP);
    }
}
