package dev.switchcost.measure.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AsyncProfilerTest {

    @TempDir
    Path tmp;

    private static String fixture(String name) {
        return String.join("\n", Fixtures.lines("jcmd/" + name)) + "\n";
    }

    /** jcmd exits 0 whether or not the agent started: the agent's return code says (captured from JDK 25's jcmd). */
    @Test
    void jcmdAnswersAreReadFromCapturedOutput() {
        assertNull(AsyncProfiler.jcmdFailure(0, fixture("agent-load-started.txt")));
        String refused = AsyncProfiler.jcmdFailure(0, fixture("agent-load-refused.txt"));
        assertNotNull(refused);
        assertTrue(refused.contains("return code: 200"), refused);
        String notJvm = AsyncProfiler.jcmdFailure(1, fixture("agent-load-not-a-jvm.txt"));
        assertTrue(notJvm.startsWith("com.sun.tools.attach.AttachNotSupportedException: pid: "), notJvm);
        assertTrue(!notJvm.contains("\tat "), notJvm);
    }

    @Test
    void refusedWhereTheEventCannotBeProfiled() throws IOException {
        Path lib = Files.createFile(tmp.resolve("libasyncProfiler.so"));
        assertNull(AsyncProfiler.refusal(lib, "amd64", 2, true), "root profiles whatever the paranoia");
        assertNull(AsyncProfiler.refusal(lib, "amd64", 1, false));
        String paranoid = AsyncProfiler.refusal(lib, "amd64", 2, false);
        assertTrue(paranoid.contains("perf_event_paranoid=2") && paranoid.contains("sysctl kernel.perf_event_paranoid=1"), paranoid);
        assertTrue(AsyncProfiler.refusal(tmp.resolve("none.so"), "amd64", 1, true).contains("async-profiler not found"));
        assertTrue(AsyncProfiler.refusal(lib, "aarch64", 1, true).contains("linux-x64"));
    }

    @Test
    void theAgentGoesAfterTheUsersToolOptions() {
        AsyncProfiler p = new AsyncProfiler(Path.of("/opt/ap/libasyncProfiler.so"));
        String agent = p.agentOption(Path.of("/tmp/fg.html"));
        assertEquals("-agentpath:/opt/ap/libasyncProfiler.so=start,event=context-switches,threads,collapsed,"
                + "file=/tmp/.fg.html.%p.partial", agent);
        assertEquals(agent, AsyncProfiler.javaToolOptions(null, agent));
        assertEquals("-Xmx1g " + agent, AsyncProfiler.javaToolOptions(" -Xmx1g ", agent));
        assertNotNull(AsyncProfiler.unusableName(Path.of("/tmp/a b.html")));
        assertNotNull(AsyncProfiler.unusableName(Path.of("/tmp/a,b.html")));
        assertNull(AsyncProfiler.unusableName(Path.of("/tmp/fg.html")));
    }

    /** The largest JVM's stacks become STEM.collapsed, another JVM's STEM.PID.collapsed; other files are left alone. */
    @Test
    void collectRenamesWhatTheJvmsWrote() throws IOException {
        Path fg = tmp.resolve("fg.html");
        Files.writeString(AsyncProfiler.partialName(fg, "123"), "small");
        Files.writeString(AsyncProfiler.partialName(fg, "456"), "the larger graph");
        Files.writeString(tmp.resolve(".fg.html.x.partial"), "not a pid");
        assertEquals(List.of(tmp.resolve("fg.collapsed"), tmp.resolve("fg.123.collapsed")), AsyncProfiler.collect(fg));
        assertEquals("the larger graph", Files.readString(tmp.resolve("fg.collapsed")));
        assertEquals("small", Files.readString(tmp.resolve("fg.123.collapsed")));
        assertTrue(Files.exists(tmp.resolve(".fg.html.x.partial")));
        assertEquals(List.of(), AsyncProfiler.collect(tmp.resolve("other.html")));
    }
}
