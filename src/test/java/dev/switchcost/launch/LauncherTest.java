package dev.switchcost.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher and {@code scripts/switchcost} refuse what cannot run, with exit 3 and one line (issue 11, items 3 and 4). */
@EnabledOnOs(OS.LINUX)
class LauncherTest {

    record Exit(int code, String out) {
    }

    static Exit exec(List<String> cmd, Map<String, String> env) throws IOException, InterruptedException {
        return exec(cmd, env, null);
    }

    static Exit exec(List<String> cmd, Map<String, String> env, File dir) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(dir);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "finished: " + cmd);
        return new Exit(p.exitValue(), out);
    }

    static String classesDir() throws URISyntaxException {
        return Path.of(JdkPolicy.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** The relaunch line is said on the first run from one java to one JDK, not before every command (issue 29). */
    @Test
    void theRelaunchIsNotedOncePerPair(@TempDir Path cache) throws IOException {
        assertTrue(Launcher.firstTime(cache.toFile(), 17, "25.0.3"), "first time");
        assertFalse(Launcher.firstTime(cache.toFile(), 17, "25.0.3"), "said already");
        assertTrue(Launcher.firstTime(cache.toFile(), 17, "21.0.8"), "another JDK is news");
        File blocked = Files.writeString(cache.resolve("a-file"), "").resolve("cache").toFile();
        assertTrue(Launcher.firstTime(blocked, 17, "25.0.3"));
        assertTrue(Launcher.firstTime(blocked, 17, "25.0.3"), "where nothing can be remembered it is said every time");
    }

    @Test
    void anOldJavaBehindASymlinkIsRefusedAsMinusJvm(@TempDir Path tmp) throws Exception {
        // -jvm /usr/bin/java where /usr/bin/java -> .../java-17/bin/java: before, only the link's own
        // directory was checked for a release file, so the run went on and every fork failed
        Path java17 = JdkPolicyTest.fakeJdk(tmp.resolve("jvm/java-17"), "17.0.15");
        Path link = Files.createDirectories(tmp.resolve("usr/bin")).resolve("java");
        Files.createSymbolicLink(link, java17);
        String refusal = Launcher.refuseJvm(link.toString(), JdkDiscovery.ofJava(link.toString()));
        assertTrue(refusal != null && refusal.contains("is Java 17.0.15") && refusal.contains(java17.toRealPath().toString()), refusal);

        // benchmarks.jar's main and the switchcost command's (switchcost run -jvm ...)
        for (List<String> main : List.of(List.of(Launcher.class.getName()), List.of(Cli.class.getName(), "run"))) {
            List<String> cmd = new ArrayList<>(List.of(new File(System.getProperty("java.home"), "bin/java").getPath(), "-cp", classesDir()));
            cmd.addAll(main);
            cmd.addAll(List.of("-jvm", link.toString(), "SyscallBaseline"));
            Exit e = exec(cmd, Map.of());
            assertEquals(Launcher.EXIT_ENVIRONMENT, e.code(), main + ": " + e.out());
            assertTrue(e.out().startsWith("-jvm " + link + " (") && e.out().contains("need Java 21+"), e.out());
            assertEquals(1, e.out().strip().lines().count(), "one line: " + e.out());
        }
    }

    @Test
    void aMinusJvmThatDoesNotExistIsRefused(@TempDir Path tmp) {
        String refusal = Launcher.refuseJvm(tmp.resolve("java").toString(), JdkDiscovery.ofJava(tmp.resolve("java").toString()));
        assertTrue(refusal != null && refusal.contains("not a java that runs"), refusal);
    }

    @Test
    void theRunningJdkIsAcceptedAsMinusJvm() {
        String java = new File(System.getProperty("java.home"), "bin/java").getPath();
        assertNull(Launcher.refuseJvm(java, JdkDiscovery.ofJava(java)));
    }

    @Test
    void aBadJavaHomeIsNamedAndExits3(@TempDir Path tmp) throws Exception {
        // before: exit 127 and not a word (set -euo pipefail ended the script at the version probe)
        for (String home : new String[] {tmp.resolve("missing").toString(), tmp.toString()}) {
            Exit e = exec(List.of("bash", "scripts/switchcost", "doctor"), Map.of("JAVA_HOME", home));
            assertEquals(3, e.code(), e.out());
            assertEquals("switchcost: JAVA_HOME=" + home + " has no executable bin/java; set JAVA_HOME to a JDK 21+ home"
                    + " (or unset it to use java from PATH)", e.out().strip());
        }
    }

    /** Issue 21 item 8: HotSpot's reason, not "(no reason given)" or its three generic lines. */
    @Test
    void aJvmOptionThatStopsJavaIsNamedInOneLineAndExits3() throws Exception {
        Exit e = exec(List.of("bash", "scripts/switchcost", "machine"), Map.of("JAVA_TOOL_OPTIONS", "-Xfoo",
                "SWITCHCOST_CLASSPATH", System.getProperty("java.class.path")));
        assertEquals(3, e.code(), e.out());
        String line = e.out().strip();
        assertEquals(1, line.lines().count(), e.out());
        assertTrue(line.startsWith("switchcost: ") && line.contains("cannot start (Unrecognized option: -Xfoo)")
                && line.endsWith("fix or unset JAVA_TOOL_OPTIONS='-Xfoo'"), line);
    }

    /** Issue 21 item 8: with LC_ALL=C a JVM could not name a non-ASCII directory and failed before main with a trace. */
    @Test
    void aNonAsciiDirectoryUnderTheCLocaleStillRuns(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("r\u00e9sultats-\u00fc"));
        Exit e = exec(List.of("bash", Path.of("scripts/switchcost").toAbsolutePath().toString(), "machine"),
                Map.of("LC_ALL", "C", "LANG", "C", "SWITCHCOST_CLASSPATH", System.getProperty("java.class.path")), dir.toFile());
        assertEquals(0, e.code(), e.out());
        assertTrue(e.out().contains("\"schema\"") && !e.out().contains("Exception"), e.out());
    }

    // Whether a JVM starts (cannotStart, why, fix)

    private static final String JAVA = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";

    @Test
    void aJvmThatStartsIsNotRefused() {
        assertNull(Launcher.cannotStart(Collections.singletonList(JAVA)));
    }

    /** A flag this JDK refuses (biased locking is gone since JDK 18): one line with HotSpot's reason. */
    @Test
    void aJvmThatCannotStartIsOneLineWithHotSpotsReason() {
        String line = Launcher.cannotStart(Arrays.asList(JAVA, "-XX:+UseBiasedLocking"));
        assertTrue(line != null && line.contains("Unrecognized VM option 'UseBiasedLocking'") && !line.contains("\n"),
                String.valueOf(line));
    }

    /** HotSpot's own output, captured from JDK 17 and 25 on 2026-11-23. */
    @Test
    void keepsTheFirstSpecificLineAndNamesTheFix() {
        List<String> unrecognized = Arrays.asList("Picked up JAVA_TOOL_OPTIONS: -Xfoo", "Unrecognized option: -Xfoo",
                "Error: Could not create the Java Virtual Machine.", "Error: A fatal exception has occurred. Program will exit.");
        assertEquals("Unrecognized option: -Xfoo", Launcher.why(unrecognized));
        assertEquals("fix or unset JAVA_TOOL_OPTIONS='-Xfoo'",
                Launcher.fix(unrecognized, Collections.singletonMap("JAVA_TOOL_OPTIONS", "-Xfoo")));
        List<String> reserve = Arrays.asList("Error occurred during initialization of VM",
                "Could not reserve enough space for code cache (245760K)");
        assertEquals("Could not reserve enough space for code cache (245760K)", Launcher.why(reserve));
        assertTrue(Launcher.fix(reserve, Collections.<String, String>emptyMap()).startsWith("raise the address-space limit (ulimit -v"));
        // issue 30: under ulimit -v 1500000 (KiB) HotSpot 25 says this, and the fix named was another JDK
        List<String> classSpace = Arrays.asList("Error occurred during initialization of VM",
                "Could not allocate compressed class space: 1073741824 bytes");
        assertTrue(Launcher.fix(classSpace, Collections.<String, String>emptyMap()).startsWith("raise the address-space limit (ulimit -v"));
        assertFalse(Launcher.fix(classSpace, Collections.<String, String>emptyMap()).contains("JAVA_HOME"));
        assertEquals("no reason given", Launcher.why(Arrays.asList("Error: Could not create the Java Virtual Machine.", "")));
        Map<String, String> none = Collections.emptyMap();
        assertTrue(Launcher.fix(Collections.<String>emptyList(), none).startsWith("set JAVA_HOME to a JDK "));
    }
}
