package dev.switchcost.launch;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * Entry point of {@code benchmarks.jar}, compiled for Java 8 so that it loads on any old {@code java}
 * and can say what to do instead of failing with {@code UnsupportedClassVersionError}.
 *
 * <p>On Java 21 or newer it hands over to {@code dev.switchcost.jmh.BenchmarkMain}. On an older
 * {@code java} it looks for an installed JDK 21+ ({@code -jvm} given to JMH, {@code JAVA_HOME},
 * {@code SWITCHCOST_JAVA_HOME}, and the usual install directories), re-runs the same command on it
 * and passes its exit code through; if there is none it stops at once with the fix.
 */
public final class Launcher {

    static final int REQUIRED = 21;
    static final int EXIT_ENVIRONMENT = 3;
    /** Set on the re-run JVM only (a system property, so the processes it starts do not inherit it). */
    private static final String RELAUNCHED = "switchcost.relaunched";

    private Launcher() {
    }

    public static void main(String[] args) {
        launch("dev.switchcost.jmh.BenchmarkMain", "java -jar target/benchmarks.jar", args);
    }

    static void launch(String mainClass, String command, String[] args) {
        int running = feature(System.getProperty("java.specification.version"));
        String jvm = jvmOption(args);
        if (jvm != null) {
            File bin = new File(jvm).getAbsoluteFile().getParentFile();
            String forkVersion = bin == null || bin.getParentFile() == null ? null : releaseVersion(bin.getParentFile());
            if (forkVersion != null && feature(forkVersion) < REQUIRED) {
                die("-jvm " + jvm + " is Java " + forkVersion + "; switchcost's benchmarks need Java " + REQUIRED
                        + "+ in the forks. Pass -jvm /path/to/jdk21+/bin/java, or drop -jvm to use the java running JMH.");
            }
        }
        if (running >= REQUIRED) {
            invoke(mainClass, args);
            return;
        }
        String here = System.getProperty("java.home");
        if (System.getProperty(RELAUNCHED) != null) {
            die("switchcost: re-ran on " + here + " but it is still Java " + running + "; set JAVA_HOME to a JDK " + REQUIRED + "+.");
        }
        Jdk jdk = findJdk(jvm);
        if (jdk == null) {
            die("switchcost needs Java " + REQUIRED + " or newer (virtual threads); this java is " + running + " (" + here + ")\n"
                    + "and no JDK " + REQUIRED + "+ was found in JAVA_HOME, SWITCHCOST_JAVA_HOME or /usr/lib/jvm.\n"
                    + "Fix: install one (Debian/Ubuntu: apt-get install openjdk-21-jdk; or Temurin 21/25), then either run\n"
                    + "  /path/to/jdk21+/bin/java -jar target/benchmarks.jar ...\n"
                    + "or set JAVA_HOME=/path/to/jdk21+ and run " + command + " again.");
        }
        System.err.println("switchcost: java " + running + " is too old (needs " + REQUIRED + "+); using JDK "
                + jdk.version + " at " + jdk.home + " (set JAVA_HOME to choose)");
        List<String> cmd = new ArrayList<String>();
        cmd.add(new File(jdk.home, "bin/java").getPath());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        if (feature(jdk.version) >= 23) {
            // JMH 1.37 calls sun.misc.Unsafe, which JDK 24+ warns about on every start
            cmd.add("--sun-misc-unsafe-memory-access=allow");
        }
        cmd.add("-D" + RELAUNCHED + "=true");
        // keep the user's JVM options (-D..., -Xmx...), which JMH also hands on to its forks
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!arg.startsWith("-agentlib:jdwp") && !arg.startsWith("--enable-native-access")
                    && !arg.startsWith("--sun-misc-unsafe-memory-access")) {
                cmd.add(arg);
            }
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        try {
            final Process p = pb.start();
            Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
                @Override
                public void run() {
                    p.destroy();
                }
            }));
            System.exit(p.waitFor());
        } catch (IOException e) {
            die("switchcost: cannot start " + cmd.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(130);
        }
    }

    private static void invoke(String mainClass, String[] args) {
        try {
            Method m = Class.forName(mainClass).getMethod("main", String[].class);
            m.invoke(null, (Object) args);
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

    /** A JDK found on disk. */
    static final class Jdk {
        final File home;
        final String version;

        Jdk(File home, String version) {
            this.home = home;
            this.version = version;
        }
    }

    /** @return the newest JDK 21+ among the candidates, preferring an explicit -jvm, or null */
    static Jdk findJdk(String jvmOption) {
        List<File> candidates = new ArrayList<File>();
        if (jvmOption != null) {
            File bin = new File(jvmOption).getAbsoluteFile().getParentFile();
            if (bin != null && bin.getParentFile() != null) {
                Jdk explicit = inspect(bin.getParentFile());
                if (explicit != null) {
                    return explicit;
                }
            }
        }
        for (String env : new String[] {"SWITCHCOST_JAVA_HOME", "JAVA_HOME"}) {
            String v = System.getenv(env);
            if (v != null && !v.isEmpty()) {
                candidates.add(new File(v));
            }
        }
        String userHome = System.getProperty("user.home");
        String[] roots = {"/usr/lib/jvm", "/usr/java", "/opt/java", "/opt", userHome + "/.jdks",
                userHome + "/.sdkman/candidates/java", "/Library/Java/JavaVirtualMachines"};
        for (String root : roots) {
            File[] children = new File(root).listFiles();
            if (children == null) {
                continue;
            }
            Arrays.sort(children);
            for (File c : children) {
                candidates.add(c);
                candidates.add(new File(c, "Contents/Home"));
            }
        }
        Jdk best = null;
        for (File home : candidates) {
            Jdk jdk = inspect(home);
            if (jdk != null && (best == null || feature(jdk.version) > feature(best.version))) {
                best = jdk;
            }
        }
        return best;
    }

    /** @return the JDK at {@code home} if it has bin/java and a release file saying 21+, else null */
    static Jdk inspect(File home) {
        String version = releaseVersion(home);
        return version != null && feature(version) >= REQUIRED && new File(home, "bin/java").canExecute()
                ? new Jdk(home, version) : null;
    }

    /** @return JAVA_VERSION from {@code home/release}, or null when there is no readable release file */
    public static String releaseVersion(File home) {
        File release = new File(home, "release");
        if (!release.isFile()) {
            return null;
        }
        Properties p = new Properties();
        InputStream in = null;
        try {
            in = new FileInputStream(release);
            p.load(in);
        } catch (IOException e) {
            return null;
        } finally {
            if (in != null) {
                try {
                    in.close();
                } catch (IOException ignored) {
                    // nothing to do
                }
            }
        }
        String version = p.getProperty("JAVA_VERSION");
        return version == null ? null : version.replace("\"", "").trim();
    }

    /** @return the feature release of "1.8", "17", "21.0.2" or "25-ea"; 0 if unreadable */
    public static int feature(String version) {
        if (version == null) {
            return 0;
        }
        String v = version.startsWith("1.") ? version.substring(2) : version;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
    }
}
