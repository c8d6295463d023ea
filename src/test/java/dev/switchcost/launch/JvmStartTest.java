package dev.switchcost.launch;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JvmStartTest {

    private static final String JAVA = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";

    @Test
    void aJvmThatStartsIsNotRefused() {
        assertNull(JvmStart.cannotStart(Collections.singletonList(JAVA)));
    }

    /** A flag this JDK refuses (biased locking is gone since JDK 18): one line with HotSpot's reason. */
    @Test
    void aJvmThatCannotStartIsOneLineWithHotSpotsReason() {
        String line = JvmStart.cannotStart(Arrays.asList(JAVA, "-XX:+UseBiasedLocking"));
        assertTrue(line != null && line.contains("Unrecognized VM option 'UseBiasedLocking'") && !line.contains("\n"),
                String.valueOf(line));
    }

    /** HotSpot's own output, captured from JDK 17 and 25 on 2026-11-23. */
    @Test
    void keepsTheFirstSpecificLineAndNamesTheFix() {
        List<String> unrecognized = Arrays.asList("Picked up JAVA_TOOL_OPTIONS: -Xfoo", "Unrecognized option: -Xfoo",
                "Error: Could not create the Java Virtual Machine.", "Error: A fatal exception has occurred. Program will exit.");
        assertEquals("Unrecognized option: -Xfoo", JvmStart.why(unrecognized));
        assertEquals("fix or unset JAVA_TOOL_OPTIONS='-Xfoo'",
                JvmStart.fix(unrecognized, Collections.singletonMap("JAVA_TOOL_OPTIONS", "-Xfoo")));
        List<String> reserve = Arrays.asList("Error occurred during initialization of VM",
                "Could not reserve enough space for code cache (245760K)");
        assertEquals("Could not reserve enough space for code cache (245760K)", JvmStart.why(reserve));
        assertTrue(JvmStart.fix(reserve, Collections.<String, String>emptyMap()).startsWith("raise the address-space limit (ulimit -v"));
        // issue 30: under ulimit -v 1500000 (KiB) HotSpot 25 says this, and the fix named was another JDK
        List<String> classSpace = Arrays.asList("Error occurred during initialization of VM",
                "Could not allocate compressed class space: 1073741824 bytes");
        assertTrue(JvmStart.fix(classSpace, Collections.<String, String>emptyMap()).startsWith("raise the address-space limit (ulimit -v"));
        assertFalse(JvmStart.fix(classSpace, Collections.<String, String>emptyMap()).contains("JAVA_HOME"));
        assertEquals("no reason given", JvmStart.why(Arrays.asList("Error: Could not create the Java Virtual Machine.", "")));
        Map<String, String> none = Collections.emptyMap();
        assertTrue(JvmStart.fix(Collections.<String>emptyList(), none).startsWith("set JAVA_HOME to a JDK "));
    }
}
