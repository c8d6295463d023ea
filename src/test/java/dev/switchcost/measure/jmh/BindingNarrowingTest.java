package dev.switchcost.measure.jmh;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FFM rows are skipped before JMH runs when the benchmark JVM is older than 22, with one line, like
 * an unavailable placement; the benchmark JVM's version comes from {@code -jvm}'s JDK home.
 */
class BindingNarrowingTest {

    /** A JDK home whose release file says {@code version}; only bin/java's path matters. */
    private static String fakeJava(Path dir, String version) throws IOException {
        Files.createDirectories(dir.resolve("bin"));
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        Path java = dir.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\nexit 1\n");
        java.toFile().setExecutable(true);
        return java.toString();
    }

    @Test
    void anExplicitFfmOnJdk21IsSkippedWithOneLineAndNothingLeftIsAnError(@TempDir Path dir) throws IOException {
        Options user = new OptionsBuilder().include("FutexPingPong").jvm(fakeJava(dir, "21.0.8")).param("binding", "FFM").build();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ForkOptions.withAvailableBindings(user, user, new PrintStream(log, true, StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("none of the bindings [FFM] is available"), e.getMessage());
        String lines = log.toString(StandardCharsets.UTF_8);
        assertEquals(1, lines.lines().count(), lines);
        assertTrue(lines.contains("skipping binding FFM") && lines.contains("JDK 21"), lines);
    }

    @Test
    void defaultBindingsOnJdk21RunJnaAlone(@TempDir Path dir) throws IOException {
        Options user = new OptionsBuilder().include("FutexPingPong").jvm(fakeJava(dir, "21.0.8")).build();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Options o = ForkOptions.withAvailableBindings(user, user, new PrintStream(log, true, StandardCharsets.UTF_8));
        assertEquals(List.of("JNA"), List.copyOf(o.getParameter("binding").get()));
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("skipping binding FFM"));
    }

    @Test
    void onJdk25NothingChanges(@TempDir Path dir) throws IOException {
        Options user = new OptionsBuilder().include("FutexPingPong").jvm(fakeJava(dir, "25")).param("binding", "JNA", "FFM").build();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        assertSame(user, ForkOptions.withAvailableBindings(user, user, new PrintStream(log, true, StandardCharsets.UTF_8)));
        assertEquals("", log.toString(StandardCharsets.UTF_8));
    }
}
