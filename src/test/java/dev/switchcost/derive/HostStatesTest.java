package dev.switchcost.derive;

import dev.switchcost.results.AbResults;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Head against base within the host's states: on a real captured {@code ab} run whose host ran in two, and on simulated
 * rounds whose host state, code and noise are known.
 */
class HostStatesTest {

    static final Path CAPTURED = Path.of("src/test/resources/fixtures/ab/futex-host-states-xeon-kvm-jdk25");
    static final double MIN_EFFECT = 0.05;

    /**
     * The captured run: a +10 % head, on a host in two states. Whole rounds leave it unresolved (one round in three
     * met different states on its two sides); within the fast state it is resolved near +10 %.
     */
    @Test
    void aCapturedRunOnAHostInTwoStatesIsResolvedWithinOne() throws IOException {
        AbResults r = AbResults.read(CAPTURED.resolve(AbResults.FILE_NAME));
        List<AbResults.Row> rows = r.rows(CAPTURED);
        assertEquals(1, rows.size());
        HostStates s = HostStates.of(rows.get(0));
        assertTrue(s.found(), "two states on both sides: " + s.base() + " " + s.head());
        assertTrue(s.byState(), "shares agree: " + s.shareDifference());
        assertFalse(s.whole().differsFromOne(MIN_EFFECT), "whole rounds: " + s.whole());
        assertTrue(s.judged().differsFromOne(MIN_EFFECT) && s.judged().value() > 1.05 && s.judged().value() < 1.15,
                "within a state: " + s.judged());
        assertTrue(s.judgedFast(), "more rounds met the fast state on both sides: " + s.fast() + " " + s.slow());
        assertTrue(s.judged().halfWidth() < s.whole().halfWidth());
    }

    @Test
    void aKnownChangeOnAHostInTwoStatesIsFound() {
        HostStates s = HostStates.of(simulate(1.10, 0, 40, 1));
        assertTrue(s.byState());
        assertTrue(s.judged().differsFromOne(MIN_EFFECT), s.judged().toString());
        assertTrue(Math.abs(s.judged().value() - 1.10) < 0.02, s.judged().toString());
    }

    @Test
    void identicalCodeOnAHostInTwoStatesIsTheSame() {
        for (int seed = 1; seed <= 5; seed++) {
            HostStates s = HostStates.of(simulate(1.0, 0, 40, seed));
            assertTrue(s.byState(), "seed " + seed);
            assertFalse(s.judged().differsFromOne(MIN_EFFECT), "seed " + seed + ": " + s.judged());
            assertTrue(s.judged().equivalentToOne(MIN_EFFECT), "seed " + seed + ": " + s.judged());
        }
    }

    /** A head whose own code sends some rounds into a slower mode: its share differs, so whole rounds judge it. */
    @Test
    void aSlowModeOfTheHeadsOwnIsNotTakenForTheHosts() {
        HostStates s = HostStates.of(simulate(1.0, 0.4, 40, 3));
        assertTrue(s.found());
        assertTrue(s.notTheHostsAlone(), s.shareDifference() + " " + s.fast() + " " + s.whole());
        assertFalse(s.byState());
        assertSame(s.whole(), s.judged());
    }

    /** On a host in one state, a head that sends 40 % of its rounds into a slow mode of its own is judged on whole rounds. */
    @Test
    void aSlowModeOfTheHeadsOwnOnAQuietHostIsNotTakenForTheHosts() {
        Random random = new Random(5);
        int rounds = 40;
        double[][] base = new double[rounds][];
        double[][] head = new double[rounds][];
        for (int i = 0; i < rounds; i++) {
            base[i] = iterations(random, 2_330, 1);
            head[i] = iterations(random, 2_330, random.nextDouble() < 0.4 ? 1.6 : 1);
        }
        HostStates s = HostStates.of(row(base, head));
        assertTrue(s.found() && !s.base().mixed() && s.head().mixed());
        assertTrue(s.notTheHostsAlone(), s.shareDifference() + " " + s.fast() + " " + s.whole());
        assertSame(s.whole(), s.judged());
        assertTrue(s.judged().differsFromOne(MIN_EFFECT), s.judged().toString());
    }

    /** A host in one state: no states, and the verdict is the paired rule on whole rounds. */
    @Test
    void aHostInOneStateIsJudgedOnWholeRounds() {
        Random random = new Random(7);
        int rounds = 30;
        double[][] base = new double[rounds][];
        double[][] head = new double[rounds][];
        for (int i = 0; i < rounds; i++) {
            base[i] = iterations(random, 2_330, 1);
            head[i] = iterations(random, 2_330 * 1.1, 1);
        }
        HostStates s = HostStates.of(row(base, head));
        assertFalse(s.found());
        assertSame(s.whole(), s.judged());
        assertTrue(s.judged().differsFromOne(MIN_EFFECT));
    }

    /**
     * Rounds of three iterations a side, in a random order, on a host that stays in its state from one iteration to the
     * next with probability 0.9 and runs 1.45× slower in its slow state (about a quarter of the time); the head is
     * {@code change}× the base, and with probability {@code headOwnSlow} a round of the head runs 1.6× slower by itself.
     */
    static AbResults.Row simulate(double change, double headOwnSlow, int rounds, long seed) {
        Random random = new Random(seed);
        double[][] base = new double[rounds][];
        double[][] head = new double[rounds][];
        boolean[] slow = {false};
        for (int i = 0; i < rounds; i++) {
            boolean headFirst = random.nextBoolean();
            double own = random.nextDouble() < headOwnSlow ? 1.6 : 1;
            double[] first = hostIterations(random, slow, headFirst ? 2_330 * change * own : 2_330);
            double[] second = hostIterations(random, slow, headFirst ? 2_330 : 2_330 * change * own);
            base[i] = headFirst ? second : first;
            head[i] = headFirst ? first : second;
        }
        return row(base, head);
    }

    private static double[] hostIterations(Random random, boolean[] slow, double value) {
        double[] out = new double[3];
        for (int k = 0; k < 3; k++) {
            if (random.nextDouble() < (slow[0] ? 0.3 : 0.1)) {
                slow[0] = !slow[0];
            }
            out[k] = value * (slow[0] ? 1.45 : 1) * Math.exp(0.01 * random.nextGaussian());
        }
        return out;
    }

    private static double[] iterations(Random random, double value, double factor) {
        double[] out = new double[3];
        for (int k = 0; k < 3; k++) {
            out[k] = value * factor * Math.exp(0.03 * random.nextGaussian());
        }
        return out;
    }

    private static AbResults.Row row(double[][] base, double[][] head) {
        return new AbResults.Row("Bench.op [avgt]", "ns/op", means(base), means(head), base, head);
    }

    private static double[] means(double[][] rounds) {
        double[] m = new double[rounds.length];
        for (int i = 0; i < rounds.length; i++) {
            m[i] = Arrays.stream(rounds[i]).average().orElse(Double.NaN);
        }
        return m;
    }
}
