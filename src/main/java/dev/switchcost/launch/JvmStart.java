package dev.switchcost.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Whether a JVM starts, and if not, the one line that says why and what to do. HotSpot explains a
 * failed start on stdout or stderr between generic lines ("Error: Could not create the Java Virtual
 * Machine."); this keeps the first specific one. {@code scripts/switchcost} applies the same filter in
 * bash to the first {@code java}, which may be too old or too broken to run this class.
 */
public final class JvmStart {

    /** The options every {@code java} takes from the environment. */
    static final String[] OPTION_VARIABLES = {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"};

    private static final String[] GENERIC = {"Picked up ", "Error: Could not create the Java Virtual Machine",
        "Error: A fatal exception has occurred", "Error occurred during initialization of VM"};

    private JvmStart() {
    }

    /**
     * Runs {@code javaAndFlags} with {@code -version}, in this process's environment.
     *
     * @return null when that JVM starts; else one line: why not, and the fix
     */
    public static String cannotStart(List<String> javaAndFlags) {
        List<String> cmd = new ArrayList<String>(javaAndFlags);
        cmd.add("-version");
        List<String> lines = new ArrayList<String>();
        int rc;
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), Charset.defaultCharset()))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    lines.add(l);
                }
            }
            rc = p.waitFor();
        } catch (IOException e) {
            return javaAndFlags.get(0) + " cannot start (" + e.getMessage() + "); set JAVA_HOME to a JDK " + JdkPolicy.min() + "+";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return javaAndFlags.get(0) + " did not start (interrupted)";
        }
        return rc == 0 ? null : javaAndFlags.get(0) + " cannot start (" + why(lines) + "); " + fix(lines, System.getenv());
    }

    /** @return the first line of HotSpot's output that is not one of its generic ones, or "no reason given" */
    static String why(List<String> output) {
        for (String l : output) {
            if (!l.trim().isEmpty() && Arrays.stream(GENERIC).noneMatch(l::startsWith)) {
                return l.trim();
            }
        }
        return "no reason given";
    }

    /** @return what to do: more memory when it could not reserve some, else the options from the environment, else another JDK */
    static String fix(List<String> output, Map<String, String> env) {
        String options = Arrays.stream(OPTION_VARIABLES).filter(v -> env.get(v) != null && !env.get(v).isEmpty())
                .map(v -> v + "='" + env.get(v) + "'").collect(Collectors.joining(", "));
        String why = why(output);
        if (why.contains("reserve") || why.contains("memory") || why.contains("heap") || why.contains("allocate")) {
            // a JVM reserves address space up front (heap, code cache, 1 GiB of compressed class space)
            return "raise the address-space limit (ulimit -v unlimited) or the container's memory limit, not the JDK: a JVM reserves "
                    + "its heap, code cache and class space at start" + (options.isEmpty() ? "" : "; or fix " + options);
        }
        if (!options.isEmpty()) {
            return "fix or unset " + options;
        }
        return "set JAVA_HOME to a JDK " + JdkPolicy.min() + "+";
    }
}
