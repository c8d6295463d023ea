package dev.switchcost.launch;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * switchcost's one JDK policy: the oldest JDK that runs switchcost, what each version enables, and which
 * JVM flags a JVM of a given version gets. Which JDKs there are, and what version a {@code java} is, is
 * {@link JdkDiscovery}'s. The launcher, {@code run},
 * {@code compare}, the partner processes of {@code ProcessPingPong}, {@code doctor} and the tests all ask
 * here, and so does the build ({@code main("build")}); the data (oldest version, environment variables,
 * search roots) lives in {@code jdk-policy.properties} beside this class.
 *
 * <p>Compiled for Java 8 with the rest of this package, so that it loads on an old {@code java}.
 */
public final class JdkPolicy {

    /** {@code Thread.ofVirtual()}: final in JDK 21 (JEP 444). */
    public static final int VIRTUAL_THREADS = 21;
    /** {@code java.lang.foreign} (FFM): final in JDK 22 (JEP 454). */
    public static final int FFM = 22;
    /** {@code --sun-misc-unsafe-memory-access}: exists from JDK 23 (JEP 471). */
    public static final int UNSAFE_FLAG = 23;
    /** A virtual thread blocked in {@code synchronized} or {@code Object.wait} no longer pins its carrier: JDK 24 (JEP 491). */
    public static final int NO_PINNING = 24;
    /** {@code --enable-native-access}: exists from JDK 17 (JEP 412). */
    public static final int NATIVE_ACCESS_FLAG = 17;

    public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    /** JMH 1.37 calls sun.misc.Unsafe; JDK 24+ prints a warning block in every JVM unless allowed. */
    public static final String UNSAFE_ALLOW = "--sun-misc-unsafe-memory-access=allow";

    private static final Properties DATA = load();

    private JdkPolicy() {
    }

    /** @return the oldest JDK feature release that runs switchcost */
    public static int min() {
        return Integer.parseInt(DATA.getProperty("switchcost.jdk.min").trim());
    }

    /**
     * The flags every switchcost JVM of feature release {@code feature} starts with: the launcher's
     * re-run, JMH forks, partner processes, the {@code switchcost} script.
     */
    public static List<String> jvmFlags(int feature) {
        List<String> flags = new ArrayList<String>();
        if (feature >= NATIVE_ACCESS_FLAG) {
            // JNA (and FFM) load native code; JMH forks start with -cp, so the jar manifest's entry does not reach them
            flags.add(NATIVE_ACCESS);
        }
        if (feature >= UNSAFE_FLAG) {
            flags.add(UNSAFE_ALLOW);
        }
        return flags;
    }

    /**
     * The arguments of a JVM that a JVM of feature release {@code feature} can be started with: without
     * the flags of this policy that such a JDK does not know (JMH hands its own JVM's arguments on to
     * its forks, which may run on an older JDK given with {@code -jvm}).
     */
    public static List<String> inheritable(List<String> hostArgs, int feature) {
        return hostArgs.stream().filter(arg -> !(arg.startsWith(flagName(UNSAFE_ALLOW)) && feature < UNSAFE_FLAG)
                && !(arg.startsWith(flagName(NATIVE_ACCESS)) && feature < NATIVE_ACCESS_FLAG)).collect(Collectors.toList());
    }

    static String flagName(String flag) {
        return flag.substring(0, flag.indexOf('='));
    }

    /** @return the feature release of "1.8", "17", "21.0.2" or "25-ea"; 0 if unreadable */
    public static int feature(String version) {
        int[] n = version == null || version.isEmpty() || !Character.isDigit(version.charAt(0)) ? new int[0] : numbers(version);
        return n.length == 0 ? 0 : n[0];
    }

    /** @return the numbers of a version, "1." dropped: 8, 0, 402 of "1.8.0_402"; 25 of "25-ea" */
    static int[] numbers(String version) {
        String v = version.startsWith("1.") ? version.substring(2) : version;
        List<Integer> n = new ArrayList<Integer>();
        for (String p : v.split("[^0-9]+")) {
            if (!p.isEmpty()) {
                try {
                    n.add(Integer.parseInt(p));
                } catch (NumberFormatException e) {
                    break;
                }
            }
        }
        return n.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * {@code java -cp benchmarks.jar dev.switchcost.launch.JdkPolicy flags}: the flags for the running JVM,
     * one per line (what {@code scripts/switchcost} starts the CLI with); {@code list}: every JDK found;
     * {@code build}: nothing when a JDK that can build switchcost is installed, else what to install and
     * exit 3 (the pom runs it right after compiling this package, before it selects the toolchain); {@code builder}: that
     * JDK's java (for scripts that run a source file against the build, e.g. scripts/studies/AaStudy.java).
     */
    public static void main(String[] args) {
        String what = args.length == 0 ? "list" : args[0];
        if ("flags".equals(what)) {
            jvmFlags(feature(System.getProperty("java.specification.version"))).forEach(System.out::println);
        } else if ("build".equals(what) || "builder".equals(what)) {
            Jdk b = JdkDiscovery.firstBuilder(JdkDiscovery.discover());
            if (b == null) {
                System.err.println(noBuildJdk());
                System.exit(3);
            }
            if ("builder".equals(what)) {
                System.out.println(b.java());
            }
        } else if ("list".equals(what)) {
            JdkDiscovery.discover().forEach(j -> System.out.println(j.version + "\t" + j.home + "\t"
                    + String.join(", ", j.enables())));
        } else {
            System.err.println("usage: JdkPolicy flags|list|build|builder");
            System.exit(2);
        }
    }

    /** What to do when no installed JDK can build switchcost. */
    static String noBuildJdk() {
        int min = min();
        return "switchcost needs a JDK " + min + " or newer with javac to build (virtual threads; compiled with --release " + min + "),\n"
                + "and none was found in " + DATA.getProperty("switchcost.jdk.env").trim() + " or "
                + DATA.getProperty("switchcost.jdk.roots").trim() + ". Install one, then run the same\n"
                + "command again; Maven may keep running on your current JDK, the build finds the new one by itself:\n"
                + "  Debian/Ubuntu:  sudo apt-get install openjdk-21-jdk-headless   (or a Temurin 21/25 package)\n"
                + "  SDKMAN:         sdk install java 21-tem";
    }

    static List<String> list(String key) {
        return Arrays.stream(DATA.getProperty(key, "").split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(Collectors.toList());
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = JdkPolicy.class.getResourceAsStream("jdk-policy.properties")) {
            if (in == null) {
                throw new IllegalStateException("jdk-policy.properties is missing beside " + JdkPolicy.class.getName() + " (a broken build)");
            }
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read jdk-policy.properties: " + e, e);
        }
        return p;
    }
}
