package dev.switchcost.results;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockingCallsTest {

    private static final Path FIXTURES = Path.of("src/test/resources/fixtures/async-profiler");

    @Test
    void tomcatsStaticFileChecksTheFileOncePerRequestAndItsPollerIsLeftOut() {
        BlockingCalls c = BlockingCalls.read(FIXTURES.resolve("blocker-calls-tomcat-static-jdk21.collapsed"));
        BlockingCalls.Site top = c.sites().get(0);
        assertEquals("org.apache.catalina.webresources.FileResource.canRead", top.caller());
        assertEquals("java.io.File.canRead", top.call());
        // 9,999 requests answered in the window: one File.canRead each, give or take the window's edges
        assertTrue(top.count() > 9_500 && top.count() < 10_500, "canRead calls: " + top.count());
        assertTrue(c.calls() >= top.count() && c.calls() < 10_500, "calls: " + c.calls());
        // the Poller's selects go through begin(boolean) then begin(): counted once, and apart
        assertTrue(c.selectors() > 1_000, "selector calls: " + c.selectors());
        assertTrue(c.sites().stream().noneMatch(s -> s.call().startsWith("sun.nio.ch")), c.sites().toString());
    }

    @Test
    void jettysStaticFileMakesTwoCallsPerRequest() {
        BlockingCalls c = BlockingCalls.read(FIXTURES.resolve("blocker-calls-jetty-static-jdk21.collapsed"));
        // 9,290 requests answered: Files.exists and a read of the file's attributes for each
        assertEquals(2.0, c.perUnit(9_290), 0.1);
        assertTrue(c.sites().stream().anyMatch(s -> s.call().equals("java.nio.file.Files.exists")), c.sites().toString());
    }

    @Test
    void countsOnlyTheBlockingBeginAndTheSiteOutsideTheJdk() {
        BlockingCalls c = BlockingCalls.parse(Path.of("x"), List.of(
                "[exec-1 tid=7];app/Servlet.get()V;java/io/File.canRead()Z;java/io/UnixFileSystem.checkAccess(Ljava/io/File|I)Z;"
                        + "jdk/internal/misc/Blocker.begin()J 5",
                "[exec-1 tid=7];app/Log.write()V;java/io/FileOutputStream.write([B)V;jdk/internal/misc/Blocker.begin(Z)J 3",
                "[exec-1 tid=7];app/Log.write()V;java/io/FileOutputStream.write([B)V;jdk/internal/misc/Blocker.begin(Z)J;"
                        + "jdk/internal/misc/Blocker.begin()J 2",
                "[poller tid=8];sun/nio/ch/SelectorImpl.lockAndDoSelect(X)I;sun/nio/ch/EPollSelectorImpl.doSelect(X)I;"
                        + "jdk/internal/misc/Blocker.begin(Z)J;jdk/internal/misc/Blocker.begin()J 4",
                ""));
        assertEquals(7, c.calls(), "5 checks and 2 of the 3 writes (begin(false) does not block)");
        assertEquals(4, c.selectors());
        assertEquals(List.of(new BlockingCalls.Site("app.Servlet.get", "java.io.File.canRead", 5),
                new BlockingCalls.Site("app.Log.write", "java.io.FileOutputStream.write", 2)), c.sites());
    }

    @Test
    void aRecordingWithoutSignaturesOrOfAnotherEventIsRefusedNamingTheFix() {
        IllegalArgumentException noSig = assertThrows(IllegalArgumentException.class, () -> BlockingCalls.parse(Path.of("x"),
                List.of("a/B.c;jdk/internal/misc/Blocker.begin 3")));
        assertTrue(noSig.getMessage().contains("sig"), noSig.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class, () -> BlockingCalls.read(
                FIXTURES.resolve("context-switches-threads.collapsed")));
        assertTrue(other.getMessage().contains("event=jdk.internal.misc.Blocker.begin"), other.getMessage());
        IllegalArgumentException notCollapsed = assertThrows(IllegalArgumentException.class, () -> BlockingCalls.parse(Path.of("x"),
                List.of("<html>")));
        assertTrue(notCollapsed.getMessage().contains("collapsed"), notCollapsed.getMessage());
    }
}
