package dev.switchcost.session;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The order compare and the working-set sweep share: plan order, then reversed, skipping cells that cannot run. */
class InterleavedTest {

    @Test
    void reversesEveryOtherRepetitionAndSkipsCellsThatCannotRun() {
        List<String> ran = new ArrayList<>();
        Interleaved.run(List.of("a", "b", "-", "c"), 3, c -> !c.equals("-"), (c, rep) -> ran.add(c + rep));
        assertEquals(List.of("a1", "b1", "c1", "c2", "b2", "a2", "a3", "b3", "c3"), ran);
    }
}
