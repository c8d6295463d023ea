package dev.switchcost.measure.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InjectedDelayTest {

    @Test
    void unsetOrZeroInjectsNothingSoTheHotPathHasNothingToCall() {
        assertSame(PingPong.NO_WORK, InjectedDelay.partnerWork(), "the property is not set in the tests");
        assertEquals(0, InjectedDelay.nanos(null));
        assertEquals(0, InjectedDelay.nanos(" "));
        assertEquals(450, InjectedDelay.nanos("450"));
    }

    @Test
    void aValueThatIsNotANumberOfNanosecondsNamesTheProperty() {
        for (String bad : new String[] {"-1", "1e3", "2000000000", "fast"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InjectedDelay.nanos(bad));
            assertTrue(e.getMessage().startsWith(InjectedDelay.PROPERTY + " must be"), e.getMessage());
        }
    }
}
