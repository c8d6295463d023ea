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

    @Test
    void aBimodalMixHasExactlyItsShareOfLongDelaysSpreadThroughTheTable() {
        ReplyDelay d = ReplyDelay.parse("bimodal:5:500000");
        int longOnes = 0;
        int firstHalf = 0;
        for (int i = 0; i < ReplyDelay.TABLE; i++) {
            long x = d.next();
            assertTrue(x == 0 || x == 500_000, "only the two delays: " + x);
            if (x > 0) {
                longOnes++;
                firstHalf += i < ReplyDelay.TABLE / 2 ? 1 : 0;
            }
        }
        assertEquals(205, longOnes, "round(5 % of 4096)");
        assertTrue(firstHalf > 60 && firstHalf < 145, "shuffled, not in a block: " + firstHalf + " of 205 in the first half");
        assertEquals(500_000.0 * 205 / ReplyDelay.TABLE, d.meanNs(), 1e-9);
        assertEquals("bimodal:5:500000", ReplyDelay.parse(" BIMODAL:5:500000 ").toString(), "read in one canonical spelling");
        assertEquals(new ReplyDelay.Shape(ReplyDelay.Kind.BIMODAL, 500_000, 5), ReplyDelay.shape("bimodal:5:500000"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-1", "1e4", "exp:", "exp:0", "exp:-5", "exp:abc", "uniform:100", "2000000000",
        "bimodal:", "bimodal:5", "bimodal:0:1000", "bimodal:100:1000", "bimodal:5:0", "bimodal:5:1000:3", "bimodal:x:1000"})
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
