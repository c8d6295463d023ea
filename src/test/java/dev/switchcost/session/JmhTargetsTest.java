package dev.switchcost.session;

import dev.switchcost.results.Column;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What compare runs for each JVM column, read from this build's benchmark list without running it: the end-to-end
 * compare tests run a few columns ({@code --only}), this covers the rest.
 */
class JmhTargetsTest {

    @Test
    void everyJvmColumnFindsItsBenchmarkWithEveryParameterItFixes() {
        JmhTargets targets = JmhTargets.current();
        Arrays.stream(Column.values()).filter(c -> !c.isNative() && c != Column.VIRTUAL).forEach(c -> {
            JmhTargets.Target t = targets.fixed(c).orElseThrow(() -> new AssertionError(c + ": no benchmark " + c.benchmark()));
            assertEquals(c.benchmark(), t.benchmark(), c.name());
            assertEquals(c.params(), t.params(), c + ": a parameter the benchmark does not declare with that value is dropped");
        });
        assertTrue(targets.virtual().isPresent(), "the virtual-thread column's benchmark is in the build");
    }
}
