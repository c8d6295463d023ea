package dev.switchcost.derive;

import dev.switchcost.derive.Headline.Figure;
import dev.switchcost.derive.Like.Aspect;
import dev.switchcost.derive.Like.Side;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Issue 18, like with like: a ratio between rows of unlike kind is refused. */
class LikeTest {

    static final Side ONE_CPU = new Side(Like.ONE_CPU, "LOCK_SUPPORT", "25.0.3", "vm · AMD EPYC · 6.18");

    static Figure figure(double ns, Side side) {
        return new Figure("x", new Estimate(ns, ns / 100, 19), 2, "src", null, 1, side);
    }

    @Test
    void aRatioBetweenLikeRowsIsTheirQuotient() {
        Estimate r = Like.ratio(figure(3000, ONE_CPU), figure(300, ONE_CPU));
        assertNotNull(r);
        assertEquals(10, r.value(), 1e-9);
    }

    @Test
    void aRatioBetweenUnlikeRowsIsRefused() {
        Figure a = figure(3000, ONE_CPU);
        for (Side other : Set.of(new Side(Like.UNPINNED, "LOCK_SUPPORT", "25.0.3", ONE_CPU.machine()),
                new Side(Like.ONE_CPU, "FUTEX", "25.0.3", ONE_CPU.machine()),
                new Side(Like.ONE_CPU, "LOCK_SUPPORT", "21.0.8", ONE_CPU.machine()),
                new Side(Like.ONE_CPU, "LOCK_SUPPORT", "25.0.3", "other · Xeon · 6.8"))) {
            assertNull(Like.ratio(a, figure(300, other)), "refused: " + other);
            assertEquals(1, Like.differences(ONE_CPU, other).size(), other.toString());
        }
        assertNull(Like.ratio(a, new Figure("no side", new Estimate(300, 3, 19), 2, "src", null, 1, null)), "a side not known is unlike");
        assertEquals(EnumSet.allOf(Aspect.class), Like.differences(ONE_CPU, null));
    }

    @Test
    void onlyTheComparedAspectMayDiffer() {
        Side twoCpus = new Side("CROSS_CPU", "FUTEX", "25.0.3", "m");
        Side oneCpu = new Side(Like.ONE_CPU, "FUTEX", "25.0.3", "m");
        assertNotNull(Like.ratio(figure(9000, twoCpus), figure(3000, oneCpu), Aspect.PLACEMENT));
        assertNull(Like.ratio(figure(9000, twoCpus), figure(3000, oneCpu)));
        Side otherJdk = new Side("CROSS_CPU", "FUTEX", "21.0.8", "m");
        assertNull(Like.ratio(figure(9000, otherJdk), figure(3000, oneCpu), Aspect.PLACEMENT), "placement varies, the JDK may not");
    }

    /** The committed quick run: virtual on one carrier, platform unpinned; neither pair is whole, so no ratio. */
    @Test
    void theQuickRunsVirtualAndPlatformRowsAreUnlike() {
        Headline h = Findings.of(Results.load(Fixtures.results("quick-paired-cache-epyc-kvm-jdk25"))).headlines().get(0);
        assertEquals(Like.ONE_CPU, h.virtual().side().placement());
        assertNull(h.platform());
        assertEquals(Like.UNPINNED, h.platformUnpinned().side().placement());
        assertNull(h.virtualUnpinned());
        assertNull(h.virtualGain());
        assertNull(h.virtualGainUnpinned());
        assertNotNull(h.pinning(), "futex on two CPUs / on one CPU varies the placement only");
        // no size-0 row in this run: no direct cost of its own to set the cache figure against (never the futex row)
        assertNull(h.cacheShare());
    }

    /** A directory with both pairs: each ratio is between rows of one placement and one mechanism. */
    @Test
    void bothPairsOfAFullerRunAreEachLikeWithLike() {
        Headline h = Findings.of(Results.load(Fixtures.results("suite-haltpoll-epyc-kvm-jdk25"))).headlines().get(0);
        assertEquals(Set.of(), Like.differences(h.virtual().side(), h.platform().side()));
        assertEquals(Set.of(), Like.differences(h.virtualUnpinned().side(), h.platformUnpinned().side()));
        assertEquals(Like.ONE_CPU, h.platform().side().placement());
        assertEquals(Like.UNPINNED, h.virtualUnpinned().side().placement());
        assertEquals(h.platform().perSwitch().value() / h.virtual().perSwitch().value(), h.virtualGain().value(), 1e-9);
        assertEquals(h.platformUnpinned().perSwitch().value() / h.virtualUnpinned().perSwitch().value(),
                h.virtualGainUnpinned().value(), 1e-9);
    }
}
