package dev.switchcost.derive;

import dev.switchcost.derive.Headline.Figure;
import dev.switchcost.results.Estimate;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Like with like: the one rule for which two figures may be divided. A ratio names the one aspect it compares
 * ({@code varied}: the placement for "pin communicating threads together"; none for virtual against platform threads,
 * whose thread kind is not an aspect here); every other aspect of its two sides (where the two threads ran, how they
 * hand off, the JDK, the machine) must be the same, or the ratio is refused: {@link #ratio} returns null and no
 * reading is made of it. A figure whose side is not known is unlike every other.
 */
public final class Like {

    /** What a figure's side is made of. */
    public enum Aspect {
        PLACEMENT(Side::placement), MECHANISM(Side::mechanism), JDK(Side::jdk), MACHINE(Side::machine);

        private final Function<Side, String> of;

        Aspect(Function<Side, String> of) {
            this.of = of;
        }
    }

    /** Two handoff sides pinned to one CPU, or two virtual threads on one carrier (they never run on two CPUs at once). */
    public static final String ONE_CPU = "SAME_CPU";
    /** Left to the scheduler: no pinning, or virtual threads on several carriers. */
    public static final String UNPINNED = "UNPINNED";

    /**
     * Where and on what one figure was measured.
     *
     * @param placement where the two sides of the handoff ran: {@link #ONE_CPU}, {@code CROSS_CPU}, {@link #UNPINNED}
     *                  (a benchmark's {@code placement} parameter, or what its carriers impose)
     * @param mechanism how they hand off: {@code FUTEX}, {@code LOCK_SUPPORT} (park/unpark), a compare column, ...
     * @param jdk       the JDK version, or null for a native program
     * @param machine   the machine (host, CPU model, kernel from machine.json), or null when not recorded
     */
    public record Side(String placement, String mechanism, String jdk, String machine) {

        /** The aspects in which this side and {@code other} differ ({@link Like#differences}). */
        public Set<Aspect> differences(Side other) {
            return Like.differences(this, other);
        }

        /** Whether this side and {@code other} differ in no aspect but {@code varied} ({@link Like#alike}). */
        public boolean alike(Side other, Aspect... varied) {
            return Like.alike(this, other, varied);
        }
    }

    private Like() {
    }

    /** The aspects in which {@code a} and {@code b} differ: every aspect when either is not known. */
    public static Set<Aspect> differences(Side a, Side b) {
        return a == null || b == null ? EnumSet.allOf(Aspect.class) : Arrays.stream(Aspect.values())
                .filter(x -> !Objects.equals(x.of.apply(a), x.of.apply(b)))
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Aspect.class)));
    }

    /**
     * {@code a / b} with the combined error ({@link Estimate#over}), or null when either is null, either is a mixture of
     * modes ({@link Modes#mixed}: a mixture is never one mean, so it enters no ratio), or their sides differ in an aspect
     * other than {@code varied}.
     */
    public static Estimate ratio(Figure a, Figure b, Aspect... varied) {
        return a != null && b != null && !a.modes().mixed() && !b.modes().mixed() && alike(a.side(), b.side(), varied)
                ? a.perSwitch().over(b.perSwitch()) : null;
    }

    /** Whether a ratio of figures on sides {@code a} and {@code b} that compares {@code varied} may be made: they differ in no other aspect. */
    public static boolean alike(Side a, Side b, Aspect... varied) {
        Set<Aspect> d = differences(a, b);
        d.removeAll(List.of(varied));
        return d.isEmpty();
    }
}
