package dev.switchcost.results;

import java.util.Arrays;

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
        return isRoundTrip(r.shortName());
    }

    /**
     * Whether a figure of benchmark {@code benchmark} ({@code FutexPingPong.roundTrip}, as the history keeps it, or a
     * figure key that starts with it) times a ping-pong round trip: its method is {@code roundTrip...}; a compare cell
     * ({@code compare.NATIVE_FUTEX}) when its column is a handoff's.
     */
    public static boolean isRoundTrip(String benchmark) {
        int space = benchmark.indexOf(' ');
        String name = space < 0 ? benchmark : benchmark.substring(0, space);
        String method = name.substring(name.lastIndexOf('.') + 1);
        if (name.startsWith(COMPARE_PREFIX)) {
            return isRoundTrip(Arrays.stream(Column.values()).filter(c -> c.name().equals(method)).findFirst().orElse(null));
        }
        return method.startsWith(Bench.Names.ROUND_TRIP_METHOD);
    }

    /** Whether a compare column times a round trip: a handoff's does, a syscall's ({@code gettid}, the empty op) not. */
    public static boolean isRoundTrip(Column c) {
        return c != null && c.group() == Column.Group.HANDOFF;
    }

    /** The factor from a compare column's own unit to switchcost's: ½ for a handoff's round trip, 1 for a syscall's. */
    public static double factor(Column c) {
        return isRoundTrip(c) ? 1.0 / SWITCHES_PER_ROUND_TRIP : 1;
    }

    /** How the history names a compare cell's figure: {@code compare.COLUMN}. */
    public static final String COMPARE_PREFIX = "compare.";

    /** Whether a figure of {@code benchmark} in {@code unit} is shown per switch: a round trip timed per op. */
    public static boolean converts(String benchmark, String unit) {
        return isRoundTrip(benchmark) && unit.endsWith("/op");
    }

    /**
     * A figure as shown, kept as recorded (per op: per round trip for a round trip): per switch for a round trip
     * timed per op, else as it is. Ratios of two figures of one benchmark are the same either way.
     */
    public static Estimate shown(String benchmark, String unit, Estimate recorded) {
        return recorded == null || !converts(benchmark, unit) ? recorded : ofRoundTrip(recorded);
    }

    /** The unit a figure is shown in: {@code ns/switch (round trip ÷ 2)} for a round trip timed in ns/op, else its own. */
    public static String shownUnit(String benchmark, String unit) {
        return converts(benchmark, unit) ? unit.substring(0, unit.length() - "/op".length()) + ROUND_TRIP_UNIT : unit;
    }

    /** {@code r}'s figure as shown: per switch for a round trip ({@link #shown(String, String, Estimate)}). */
    public static Estimate shown(JmhRow r) {
        return shown(r.shortName(), r.primary().unit(), r.estimate());
    }

    /** {@code r}'s unit as shown ({@link #shownUnit(String, String)}). */
    public static String shownUnit(JmhRow r) {
        return shownUnit(r.shortName(), r.primary().unit());
    }

    /** What follows the time unit of a round trip shown per switch: {@code ns} + this. */
    public static final String ROUND_TRIP_UNIT = "/switch (round trip ÷ 2)";

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
