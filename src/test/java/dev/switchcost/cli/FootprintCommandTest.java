package dev.switchcost.cli;

import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@EnabledOnOs(OS.LINUX)
@Measures
class FootprintCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return SwitchcostCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
    }

    @Test
    void exitsWithUsageOnAnUnknownKind() {
        assertEquals(ExitCodes.USAGE, run("footprint", "--kind", "foo"));
        assertTrue(err.toString().startsWith("switchcost: Invalid value for option '--kind': expected virtual or platform, got 'foo'"),
                err.toString());
        assertFalse(err.toString().contains("\tat "), "no stack trace");
    }

    @Test
    void exitsWithUsageOnNonNumericCounts() {
        assertEquals(ExitCodes.USAGE, run("footprint", "--kind", "virtual", "--counts", "abc"));
        assertTrue(err.toString().contains("'abc' is not a long"), err.toString());
    }

    @Test
    void exitsWithUsageOnTooFewCounts() {
        assertEquals(ExitCodes.USAGE, run("footprint", "--kind", "virtual", "--counts", "100"));
        assertTrue(err.toString().contains("at least two different counts"), err.toString());
    }

    @Test
    void fitsBytesPerVirtualThread() {
        assertEquals(ExitCodes.OK, run("footprint", "--kind", "VIRTUAL", "--counts", "200,2000"));
        String o = out.toString();
        assertTrue(o.contains("heap_used") && o.contains("bytes/task") && o.contains("R²") && o.matches("(?s).*heap_used +-?[0-9.,]+ ± ([0-9.,]+|\\?) bytes/task.*"), o);
        assertTrue(o.lines().anyMatch(l -> l.startsWith("2000\t")), o);
    }

    @Test
    void maxProbeReportsTheCapAndCleansUp() {
        assertEquals(ExitCodes.OK, run("footprint", "--kind", "platform", "--max", "--cap", "200"));
        assertTrue(out.toString().contains("max\tplatform\t200\tlimit\tcap"), out.toString());
        assertTrue(out.toString().contains("cleaned up"), out.toString());
    }
}
