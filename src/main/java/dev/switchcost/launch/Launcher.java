package dev.switchcost.launch;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Entry point of {@code benchmarks.jar}, compiled for Java 8 so that it loads on any old {@code java}
 * and can say what to do instead of failing with {@code UnsupportedClassVersionError}.
 *
 * <p>A {@code -jvm} given to JMH is checked first, through symbolic links ({@code /usr/bin/java}):
 * one older than {@link JdkPolicy#min()} is refused with exit 3 instead of failing every fork. On
 * Java 21 or newer it then hands over to {@code dev.switchcost.cli.BenchmarkMain}. On an older
 * {@code java} it re-runs the same command on the {@code -jvm} given, else on the newest JDK that
 * {@link JdkDiscovery#discover()} finds, with that JDK's flags, and passes its exit code through; if there
 * is none it stops at once with the fix.
 */
public final class Launcher {

    static final int EXIT_ENVIRONMENT = 3;
    /** Seconds the re-run JVM has after Ctrl-C/SIGTERM to write what it has (sample's grace and its writing fit). */
    static final int CHILD_GRACE_SECONDS = 20;
    /** Set on the re-run JVM only (a system property, so the processes it starts do not inherit it). */
    private static final String RELAUNCHED = "switchcost.relaunched";
    /** The options every {@code java} takes from the environment. */
    static final String[] OPTION_VARIABLES = {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"};

    private static final String[] GENERIC = {"Picked up ", "Error: Could not create the Java Virtual Machine",
        "Error: A fatal exception has occurred", "Error occurred during initialization of VM"};

    private Launcher() {
    }

    public static void main(String[] args) {
        launch("dev.switchcost.cli.BenchmarkMain", "java -jar target/benchmarks.jar", args);
    }

    static void launch(String mainClass, String command, String[] args) {
        int required = JdkPolicy.min();
        int running = JdkPolicy.feature(System.getProperty("java.specification.version"));
        String jvm = jvmOption(args);
        Jdk explicit = jvm == null ? null : JdkDiscovery.ofJava(jvm);
        String refusal = jvm == null ? null : refuseJvm(jvm, explicit);
        if (refusal != null) {
            die(refusal);
        }
        if (running >= required) {
            invoke(mainClass, args);
            return;
        }
        String here = System.getProperty("java.home");
        if (System.getProperty(RELAUNCHED) != null) {
            die("switchcost: re-ran on " + here + " but it is still Java " + running + "; set JAVA_HOME to a JDK " + required + "+.");
        }
        Jdk jdk = explicit != null ? explicit : JdkDiscovery.newest();
        if (jdk == null) {
            die("switchcost needs Java " + required + " or newer (virtual threads); this java is " + running + " (" + here + ")\n"
                    + "and no JDK " + required + "+ was found in JAVA_HOME, SWITCHCOST_JAVA_HOME, /usr/lib/jvm or " + JdkDiscovery.cacheDir() + ".\n"
                    + "Fix: install one (Debian/Ubuntu: apt-get install openjdk-21-jdk; or Temurin 21/25; or scripts/jdk21.sh), then either run\n"
                    + "  /path/to/jdk21+/bin/java -jar target/benchmarks.jar ...\n"
                    + "or set JAVA_HOME=/path/to/jdk21+ and run " + command + " again.");
        }
        if (firstTime(JdkDiscovery.cacheDir(), running, jdk.version)) {
            // said on the first run with this pair only ('switchcost doctor' says it any time): not before every command
            System.err.println("switchcost: java " + running + " is too old (needs " + required + "+); using JDK "
                    + jdk.version + " at " + jdk.home + " (set JAVA_HOME to choose; said once, 'switchcost doctor' repeats it)");
        }
        List<String> cmd = new ArrayList<String>();
        cmd.add(jdk.java().getPath());
        cmd.addAll(jdk.jvmFlags());
        cmd.add("-D" + RELAUNCHED + "=true");
        // keep the user's JVM options (-D..., -Xmx...), which JMH also hands on to its forks
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(arg -> !arg.startsWith("-agentlib:jdwp") && !arg.startsWith("--enable-native-access")
                        && !arg.startsWith("--sun-misc-unsafe-memory-access")).forEach(cmd::add);
        String broken = cannotStart(cmd);
        if (broken != null) {
            die("switchcost: " + broken);
        }
        cmd.addAll(Arrays.asList("-cp", System.getProperty("java.class.path"), mainClass));
        cmd.addAll(Arrays.asList(args));
        // the JVM dies with this one, kill -9 included; Ctrl-C/SIGTERM gives it its grace first
        try {
            final Process p = new ProcessBuilder(ParentDeath.ofChild(cmd)).inheritIO().start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> ParentDeath.stop(p, CHILD_GRACE_SECONDS)));
            System.exit(p.waitFor());
        } catch (IOException e) {
            die("switchcost: cannot start " + cmd.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(130);
        }
    }

    /**
     * Whether this is the first relaunch from Java {@code running} to JDK {@code version} (a marker in {@code cacheDir}
     * records it); true, every time, where the marker cannot be written.
     */
    static boolean firstTime(File cacheDir, int running, String version) {
        File marker = new File(cacheDir, "relaunch-noted-java" + running + "-to-" + version);
        if (marker.exists()) {
            return false;
        }
        try {
            cacheDir.mkdirs();
            marker.createNewFile();
        } catch (IOException | SecurityException e) {
            // cannot remember it: say it each time
        }
        return true;
    }

    /**
     * @param jvm  JMH's {@code -jvm} as given
     * @param jdk  what {@link JdkDiscovery#ofJava} made of it (links resolved), or null
     * @return why the forks could not run on it, or null when they can
     */
    static String refuseJvm(String jvm, Jdk jdk) {
        if (jdk == null) {
            return "-jvm " + jvm + " is not a java that runs (no such file, not executable, or it does not say its version)."
                    + " Pass -jvm /path/to/jdk" + JdkPolicy.min() + "+/bin/java.";
        }
        if (!jdk.runsSwitchcost()) {
            String link = jdk.java().getPath().equals(new File(jvm).getAbsolutePath()) ? "" : " (" + jdk.java() + ")";
            return "-jvm " + jvm + link + " is Java " + jdk.version + "; switchcost's benchmarks need Java " + JdkPolicy.min()
                    + "+ in the forks. Pass -jvm /path/to/jdk" + JdkPolicy.min() + "+/bin/java, or drop -jvm to use the java running JMH.";
        }
        return null;
    }

    private static void invoke(String mainClass, String[] args) {
        try {
            Class.forName(mainClass).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot start " + mainClass + ": " + e, e);
        }
    }

    private static void die(String message) {
        System.err.println(message);
        System.exit(EXIT_ENVIRONMENT);
    }

    /** @return the value of JMH's {@code -jvm} option, or null */
    static String jvmOption(String[] args) {
        for (int i = 0; i + 1 < args.length; i++) {
            if ("-jvm".equals(args[i])) {
                return args[i + 1];
            }
        }
        return null;
    }

    /**
     * Whether a JVM starts, and if not, the one line that says why and what to do: runs {@code javaAndFlags} with
     * {@code -version}, in this process's environment. HotSpot explains a failed start on stdout or stderr between
     * generic lines ("Error: Could not create the Java Virtual Machine."); this keeps the first specific one.
     * {@code scripts/switchcost} applies the same filter in bash to the first {@code java}, which may be too old or too
     * broken to run this class.
     *
     * @return null when that JVM starts; else one line: why not, and the fix
     */
    static String cannotStart(List<String> javaAndFlags) {
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
