package dev.switchcost.measure.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replyNs spelling: numbers and exp:MEAN read, anything else refused with the two right spellings. */
class ReplyDelayTest {

    @Test
    void aNumberIsThatDelayEveryTime() {
        ReplyDelay d = ReplyDelay.parse("10000");
        for (int i = 0; i < 10; i++) {
            assertEquals(10_000, d.next());
        }
        assertEquals(0, ReplyDelay.parse(" 0 ").next());
        assertEquals("10000", d.toString());
    }

    @Test
    void anExponentialMixIsAFixedTableWithThatMean() {
        ReplyDelay a = ReplyDelay.parse("exp:20000");
        ReplyDelay b = ReplyDelay.parse("exp:20000");
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < ReplyDelay.TABLE; i++) {
            long x = a.next();
            assertEquals(x, b.next(), "the same seed, the same delays");
            assertTrue(x >= 0);
            seen.add(x);
        }
        assertTrue(seen.size() > ReplyDelay.TABLE / 2, "a mix, not a constant: " + seen.size() + " distinct");
        // 4096 draws of an exponential: the mean's standard error is 1/64 of the mean
        assertEquals(20_000, a.meanNs(), 20_000 * 0.1);
        assertNotEquals(a.next(), a.next());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-1", "1e4", "exp:", "exp:0", "exp:-5", "exp:abc", "uniform:100", "2000000000"})
    void badSpellingsAreRefusedWithTheRightOnes(String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReplyDelay.parse(spec));
        assertTrue(e.getMessage().startsWith("replyNs '" + spec + "'"), e.getMessage());
        assertTrue(e.getMessage().contains("-p replyNs=exp:20000"), e.getMessage());
    }

    @Test
    void nullIsRefusedToo() {
        assertThrows(IllegalArgumentException.class, () -> ReplyDelay.parse(null));
    }
}
