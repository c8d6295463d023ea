package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A JVM's own thread names read from real {@code jcmd PID Thread.print} output, JDK 25 (decimal nid) and 17 (hex). */
class JvmThreadNamesTest {

    private static String fixture(String name) throws IOException {
        return Files.readString(Path.of("src/test/resources/fixtures/jcmd", name));
    }

    @Test
    void jdk25NamesEveryThreadByItsDecimalNid() throws IOException {
        Map<Integer, String> names = JvmThreadNames.parse(fixture("thread-print-jdk25.txt"));
        assertEquals(23, names.size(), "every thread's header line, Java and VM threads alike");
        assertEquals("C2 CompilerThread0", names.get(16145));
        assertEquals("switchcost-fixture-worker-with-a-long-name", names.get(16150));
        assertEquals("ForkJoinPool-1-delayScheduler", names.get(16153));
        assertEquals("GC Thread#0", names.get(16132), "a VM thread has no #number");
    }

    @Test
    void jdk17NamesThemByAHexNid() throws IOException {
        Map<Integer, String> names = JvmThreadNames.parse(fixture("thread-print-jdk17.txt"));
        assertEquals(21, names.size());
        assertEquals("main", names.get(0x3f42));
        assertEquals("Reference Handler", names.get(0x3f49));
    }

    /** A name clean in its first 15 bytes (the kernel's) but with ESC and U+202E after them is escaped, not printed raw. */
    @Test
    void aHostileFullNameIsEscaped() {
        Map<Integer, String> names = JvmThreadNames.parse("\"worker-pool-one\u001b]0;pwn\u0007\u202e\" #31 prio=5 os_prio=0 cpu=1.2ms"
                + " elapsed=3.4s tid=0x00007f nid=4242 waiting on condition  [0x00007f]\n");
        assertEquals("worker-pool-one\\x1b]0;pwn\\x07\\u202e", names.get(4242));
    }

    @Test
    void aProcessThatIsNotAJvmGivesNoNames() {
        assertEquals(Map.of(), JvmThreadNames.of(1), "pid 1 is no JVM: jcmd fails, no name, no exception");
        assertEquals(Map.of(), JvmThreadNames.parse("12345:\ncom.sun.tools.attach.AttachNotSupportedException: Unable to open socket file\n"));
    }
}
