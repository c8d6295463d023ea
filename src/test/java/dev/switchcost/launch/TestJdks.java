package dev.switchcost.launch;

import dev.switchcost.testing.Needs;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.io.File;

/**
 * The JDKs the JDK-dependent tests run their forks on, chosen by {@link JdkPolicy}. JDK 21 comes from
 * {@code -Dswitchcost.jdk21=/path/to/java} (the build passes its {@code switchcost.jdk21} property;
 * {@code .ci/run} sets it to what {@code scripts/jdk21.sh} prints), else from discovery (which searches
 * the cache {@code scripts/jdk21.sh} fills). Where there is none the test is skipped with the reason,
 * unless {@code -Dswitchcost.jdk21.required=true} (CI), which makes that a failure.
 */
public final class TestJdks {

    public static final String JDK21_PROPERTY = "switchcost.jdk21";
    public static final String REQUIRED_PROPERTY = "switchcost.jdk21.required";

    private TestJdks() {
    }

    /** @return a JDK 21 (fails if the property names something else; skips or fails if there is none) */
    public static Jdk jdk21() {
        String given = System.getProperty(JDK21_PROPERTY, "").trim();
        if (!given.isEmpty()) {
            Jdk j = JdkDiscovery.ofJava(given);
            if (j == null) {
                j = JdkDiscovery.ofHome(new File(given));
            }
            Assertions.assertNotNull(j, "-D" + JDK21_PROPERTY + "=" + given + " is neither a java nor a JDK home");
            Assertions.assertEquals(21, j.feature, "-D" + JDK21_PROPERTY + "=" + given + " is " + j);
            return j;
        }
        return require(newest(j -> j.feature == 21), Needs.JDK21.prefix, "no JDK 21 found (JAVA_HOME, /usr/lib/jvm, "
                + JdkDiscovery.cacheDir() + "); scripts/jdk21.sh fetches one, or pass -D" + JDK21_PROPERTY + "=/path/to/java");
    }

    /** @return the newest JDK of at least {@code feature} (skips, or fails when JDK 21 is required, if none) */
    public static Jdk atLeast(int feature) {
        return require(newest(j -> j.feature >= feature), "needs a JDK " + feature + "+ (install one, e.g. Temurin)",
                "no JDK " + feature + "+ found");
    }

    /** @return the newest JDK found that {@code which} accepts, or null */
    private static Jdk newest(java.util.function.Predicate<Jdk> which) {
        return JdkDiscovery.discover().stream().filter(which).findFirst().orElse(null);
    }

    /** {@code j}; without one the test is skipped in {@code group} (a {@link Needs} prefix), or fails where required. */
    private static Jdk require(Jdk j, String group, String reason) {
        if (j == null) {
            if (Boolean.getBoolean(REQUIRED_PROPERTY)) {
                Assertions.fail(reason + " (and -D" + REQUIRED_PROPERTY + "=true: CI must run these tests)");
            }
            Assumptions.abort(group + ": " + reason);
        }
        return j;
    }
}
