package dev.switchcost.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutOfResourcesTest {

    @Command(name = "starve")
    static final class Starving implements Callable<Integer> {
        final OutOfMemoryError error;

        Starving(OutOfMemoryError error) {
            this.error = error;
        }

        @Override
        public Integer call() {
            throw error;
        }
    }

    private static String[] execute(OutOfMemoryError e) {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new Starving(e));
        cl.setErr(new PrintWriter(err, true));
        int rc = SwitchcostCommand.execute(cl, new String[0]);
        return new String[] {String.valueOf(rc), err.toString()};
    }

    /** HotSpot's message when a thread cannot be created (ulimit -u, threads-max, pids.max). */
    @Test
    void noThreadLeftIsOneLineNamingTheLimitsAndExit3() {
        String[] r = execute(new OutOfMemoryError("unable to create native thread: possibly out of memory or process/resource"
                + " limits reached"));
        assertEquals("3", r[0]);
        assertEquals(1, r[1].lines().count(), r[1]);
        assertTrue(r[1].startsWith("switchcost: cannot start another thread (") && r[1].contains("ulimit -u "), r[1]);
        assertFalse(r[1].contains("at dev.switchcost"), r[1]);
    }

    @Test
    void noHeapLeftIsOneLineNamingTheHeapAndExit3() {
        String[] r = execute(new OutOfMemoryError("Java heap space"));
        assertEquals("3", r[0]);
        assertEquals(1, r[1].lines().count(), r[1]);
        assertTrue(r[1].contains("out of memory (Java heap space; ") && r[1].contains("Java heap "), r[1]);
    }
}
