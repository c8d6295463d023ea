package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile thread names, captured on Linux 6.18 (KVM guest) from {@code sleep} started through a symlink
 * of each name (the kernel takes {@code comm} from the file name, cut at 15 bytes):
 * {@code fixtures/proc-task/hostile-names-kvm-linux-6.18/<name>-stat} and {@code -status}.
 */
class ProcTextTest {

    private static final String DIR = "/fixtures/proc-task/hostile-names-kvm-linux-6.18/";

    @TempDir
    Path tmp;

    private static Path fixture(String name) {
        try {
            return Path.of(ProcTextTest.class.getResource(DIR + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static TaskStat stat(String name) throws IOException {
        return TaskStat.parse(1, ProcText.read(fixture(name + "-stat")));
    }

    @Test
    void aCommCutInsideAUtf8CharacterReadsWithTheHalfReplaced() throws IOException {
        assertThrows(MalformedInputException.class, () -> Files.readString(fixture("split-utf8-stat")),
                "the strict read that broke every trial");
        TaskStat t = stat("split-utf8");
        assertEquals("ééééééé\uFFFD", t.comm());
        assertEquals(1, t.ppid(), "the fields after the name are read (its shell had ended: init adopted it)");
        assertEquals("ééééééé\uFFFD", ProcStatus.parse(ProcText.lines(fixture("split-utf8-status"))).name());
    }

    @Test
    void controlAndBidiCharactersInANameAreEscaped() throws IOException {
        assertEquals("\\x1b]0;pwned\\x07x", stat("esc-osc").comm());
        assertEquals("\\x1b]0;pwned\\x07x", ProcStatus.parse(ProcText.lines(fixture("esc-osc-status"))).name());
        assertEquals("a\\x0ab", stat("newline").comm(), "a raw newline inside stat's parentheses");
        assertEquals("a\\nb", ProcStatus.parse(ProcText.lines(fixture("newline-status"))).name(), "status escapes it itself");
        assertEquals("\\u202eexe.txt", stat("rlo").comm());
        assertEquals("x) R 1 2 3", stat("paren").comm(), "the name ends at the last parenthesis");
        assertEquals(1, stat("paren").ppid());
        assertEquals("S", TaskStat.state(ProcText.read(fixture("paren-stat"))), "the state after the last parenthesis, not the name's R");
        assertEquals(null, TaskStat.state("10677 (x"), "no state in a cut line");
        assertEquals("ksoftirqd/0", ProcText.name("ksoftirqd/0"), "kernel thread names stay as they are");
    }

    @Test
    void aTaskThatCannotBeReadOrParsedIsLeftOutAndTheOthersAreRead() throws IOException {
        Path proc = tmp.resolve("proc");
        Files.createDirectories(proc.resolve("7/task/7"));
        Files.copy(fixture("split-utf8-stat"), proc.resolve("7/task/7/stat"));
        Files.createDirectories(proc.resolve("8/task/8/stat"));   // a directory where the file should be
        Files.createDirectories(proc.resolve("9/task/9"));
        Files.writeString(proc.resolve("9/task/9/stat"), "not a stat line");
        Files.createDirectories(proc.resolve("10"));               // no task directory: hidden or gone
        Map<Integer, TaskStat> all = TaskStat.scan(proc);
        assertEquals(1, all.size(), all.toString());
        assertEquals("ééééééé\uFFFD", all.get(10669).comm());
        assertEquals(-1, all.get(10669).runNs(), "no schedstat: its run time in ns is not known");
        Files.writeString(proc.resolve("7/task/7/schedstat"), "3172862 51040 12\n");
        assertEquals(3172862, TaskStat.scan(proc).get(10669).runNs(), "schedstat's first number");
        Files.writeString(proc.resolve("7/task/7/schedstat"), "garbage");
        assertEquals(-1, TaskStat.scan(proc).get(10669).runNs(), "an odd schedstat leaves the task read, its ns unknown");
    }

    /** A live process named with each hostile name beside a scan of the whole machine, as every trial makes. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aScanOfTheMachineBesideHostileNamesReadsThemEscaped() throws Exception {
        HostileNames names = HostileNames.start(tmp);
        try {
            Map<Integer, TaskStat> all = TaskStat.scanAll();
            for (Map.Entry<Long, String> e : names.expected().entrySet()) {
                TaskStat t = all.get((int) (long) e.getKey());
                assertTrue(t != null, "pid " + e.getKey() + " seen");
                assertEquals(e.getValue(), t.comm());
                assertFalse(t.comm().chars().anyMatch(c -> c < 0x20 || c == 0x202e), t.comm());
                assertTrue(t.runNs() >= 0, "its run time read from schedstat: " + t);
            }
        } finally {
            names.close();
        }
    }
}
