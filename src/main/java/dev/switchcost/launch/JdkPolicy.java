package dev.switchcost.launch;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * switchcost's one JDK policy: which JDKs there are (discovery), what version a {@code java} is (its
 * {@code release} file, found after resolving symbolic links), the oldest JDK that runs switchcost, what
 * each version enables, and which JVM flags a JVM of a given version gets. The launcher, {@code run},
 * {@code compare}, the partner processes of {@code ProcessPingPong}, {@code doctor} and the tests all ask
 * here; the data (oldest version, environment variables, search roots) lives in
 * {@code jdk-policy.properties} beside this class, which the build's enforcer rule reads too.
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
        List<String> out = new ArrayList<String>();
        for (String arg : hostArgs) {
            boolean unknown = (arg.startsWith(flagName(UNSAFE_ALLOW)) && feature < UNSAFE_FLAG)
                    || (arg.startsWith(flagName(NATIVE_ACCESS)) && feature < NATIVE_ACCESS_FLAG);
            if (!unknown) {
                out.add(arg);
            }
        }
        return out;
    }

    private static String flagName(String flag) {
        return flag.substring(0, flag.indexOf('='));
    }

    /** A JDK (or JRE) on disk. */
    public static final class Jdk {
        /** The home directory, with every symbolic link resolved. */
        public final File home;
        /** The full version, e.g. {@code 21.0.8}. */
        public final String version;
        /** The feature release, e.g. 21. */
        public final int feature;

        Jdk(File home, String version) {
            this.home = home;
            this.version = version;
            this.feature = feature(version);
        }

        public File java() {
            return new File(home, "bin/java");
        }

        /** @return whether it can compile (a runtime made by jlink has no javac) */
        public boolean hasJavac() {
            return new File(home, "bin/javac").canExecute();
        }

        public boolean runsSwitchcost() {
            return feature >= min();
        }

        public boolean hasVirtualThreads() {
            return feature >= VIRTUAL_THREADS;
        }

        public boolean hasFfm() {
            return feature >= FFM;
        }

        /** @return whether a virtual thread blocking in {@code synchronized} leaves its carrier free (JEP 491) */
        public boolean synchronizedUnpinned() {
            return feature >= NO_PINNING;
        }

        public List<String> jvmFlags() {
            return JdkPolicy.jvmFlags(feature);
        }

        /** @return what this JDK enables for switchcost, one short phrase each */
        public List<String> enables() {
            List<String> e = new ArrayList<String>();
            e.add(hasVirtualThreads() ? "virtual threads" : "no virtual threads (needs " + VIRTUAL_THREADS + "+)");
            e.add(hasFfm() ? "FFM binding" : "no FFM binding (needs " + FFM + "+)");
            if (hasVirtualThreads()) {
                e.add(synchronizedUnpinned() ? "synchronized does not pin (JEP 491)" : "synchronized pins the carrier (JEP 491 needs " + NO_PINNING + "+)");
            }
            if (feature >= UNSAFE_FLAG) {
                e.add(flagName(UNSAFE_ALLOW));
            }
            if (!hasJavac()) {
                e.add("runtime only (no javac: runs switchcost, cannot build it)");
            }
            return e;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Jdk && ((Jdk) o).home.equals(home);
        }

        @Override
        public int hashCode() {
            return home.hashCode();
        }

        @Override
        public String toString() {
            return "JDK " + version + " at " + home;
        }
    }

    /** @return the JDK this code runs on */
    public static Jdk running() {
        File home = canonical(new File(System.getProperty("java.home")));
        String v = releaseVersion(home);
        return new Jdk(home, v != null ? v : System.getProperty("java.version"));
    }

    /**
     * @param java a {@code java} executable: a path (symbolic links such as {@code /usr/bin/java} are
     *             resolved) or a bare name looked up on {@code PATH}
     * @return its JDK, or null when it does not exist or its version cannot be told (neither a
     *         {@code release} file nor {@code java -version} says)
     */
    public static Jdk ofJava(String java) {
        File f = new File(java);
        if (!f.isAbsolute() && f.getParentFile() == null && !f.exists()) {
            f = onPath(java);
            if (f == null) {
                return null;
            }
        }
        f = canonical(f);
        if (!f.isFile() || !f.canExecute()) {
            return null;
        }
        File bin = f.getParentFile();
        File home = bin == null ? null : bin.getParentFile();
        String version = home == null ? null : releaseVersion(home);
        if (version == null) {
            version = probeVersion(f);
        }
        return version == null ? null : new Jdk(home != null ? home : f.getParentFile(), version);
    }

    /** @return the JDK at {@code home} (links resolved) if it has an executable bin/java and a release file, else null */
    public static Jdk ofHome(File home) {
        File h = canonical(home);
        String version = releaseVersion(h);
        return version != null && new File(h, "bin/java").canExecute() ? new Jdk(h, version) : null;
    }

    /**
     * Every JDK found: the running one, the homes named by the environment variables of the policy, the
     * children of its search roots and of the JDK cache ({@link #cacheDir()}); each once (by resolved
     * home), newest first.
     */
    public static List<Jdk> discover() {
        Map<File, Jdk> found = new LinkedHashMap<File, Jdk>();
        Jdk here = running();
        found.put(here.home, here);
        for (String env : list("switchcost.jdk.env")) {
            String v = System.getenv(env);
            if (v != null && !v.isEmpty()) {
                add(found, new File(v));
            }
        }
        List<File> roots = new ArrayList<File>();
        for (String root : list("switchcost.jdk.roots")) {
            roots.add(new File(root.startsWith("~/") ? System.getProperty("user.home") + root.substring(1) : root));
        }
        roots.add(cacheDir());
        for (File root : roots) {
            File[] children = root.listFiles();
            if (children == null) {
                continue;
            }
            Arrays.sort(children);
            for (File c : children) {
                add(found, c);
                add(found, new File(c, "Contents/Home"));
            }
        }
        List<Jdk> all = new ArrayList<Jdk>(found.values());
        Collections.sort(all, NEWEST_FIRST);
        return all;
    }

    /** @return the newest JDK that runs switchcost, or null */
    public static Jdk newest() {
        for (Jdk j : discover()) {
            if (j.runsSwitchcost()) {
                return j;
            }
        }
        return null;
    }

    /** @return the newest JDK of exactly this feature release, or null */
    public static Jdk withFeature(int feature) {
        for (Jdk j : discover()) {
            if (j.feature == feature) {
                return j;
            }
        }
        return null;
    }

    /** @return the newest JDK of at least this feature release, or null */
    public static Jdk atLeast(int feature) {
        for (Jdk j : discover()) {
            if (j.feature >= feature) {
                return j;
            }
        }
        return null;
    }

    /** @return where scripts/jdk21.sh keeps JDKs: $SWITCHCOST_CACHE, else $XDG_CACHE_HOME/switchcost, else ~/.cache/switchcost */
    public static File cacheDir() {
        String own = System.getenv("SWITCHCOST_CACHE");
        if (own != null && !own.isEmpty()) {
            return new File(own);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        return xdg != null && !xdg.isEmpty() ? new File(xdg, "switchcost")
                : new File(System.getProperty("user.home"), ".cache/switchcost");
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
            closeQuietly(in);
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

    /**
     * {@code java -cp benchmarks.jar dev.switchcost.launch.JdkPolicy flags}: the flags for the running JVM,
     * one per line (what {@code scripts/switchcost} starts the CLI with); {@code list}: every JDK found.
     */
    public static void main(String[] args) {
        String what = args.length == 0 ? "list" : args[0];
        if ("flags".equals(what)) {
            for (String f : jvmFlags(feature(System.getProperty("java.specification.version")))) {
                System.out.println(f);
            }
        } else if ("list".equals(what)) {
            for (Jdk j : discover()) {
                System.out.println(j.version + "\t" + j.home + "\t" + join(j.enables()));
            }
        } else {
            System.err.println("usage: JdkPolicy flags|list");
            System.exit(2);
        }
    }

    static final Comparator<Jdk> NEWEST_FIRST = new Comparator<Jdk>() {
        @Override
        public int compare(Jdk a, Jdk b) {
            int[] x = numbers(a.version);
            int[] y = numbers(b.version);
            for (int i = 0; i < Math.max(x.length, y.length); i++) {
                int u = i < x.length ? x[i] : 0;
                int w = i < y.length ? y[i] : 0;
                if (u != w) {
                    return w - u;
                }
            }
            return a.home.compareTo(b.home);
        }
    };

    private static int[] numbers(String version) {
        String v = version.startsWith("1.") ? version.substring(2) : version;
        String[] parts = v.split("[^0-9]+");
        List<Integer> n = new ArrayList<Integer>();
        for (String p : parts) {
            if (!p.isEmpty()) {
                try {
                    n.add(Integer.parseInt(p));
                } catch (NumberFormatException e) {
                    break;
                }
            }
        }
        int[] out = new int[n.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = n.get(i);
        }
        return out;
    }

    private static void add(Map<File, Jdk> found, File home) {
        Jdk j = ofHome(home);
        if (j != null && !found.containsKey(j.home)) {
            found.put(j.home, j);
        }
    }

    /** Asks the java itself, for one without a release file (some distributions' layouts). */
    private static String probeVersion(File java) {
        Process p = null;
        try {
            p = new ProcessBuilder(java.getPath(), "-XshowSettings:properties", "-version").redirectErrorStream(true).start();
            p.getOutputStream().close();
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), Charset.defaultCharset()));
            String version = null;
            for (String line; (line = r.readLine()) != null; ) {
                String t = line.trim();
                if (t.startsWith("java.version = ")) {
                    version = t.substring("java.version = ".length()).trim();
                }
            }
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                return null;
            }
            return version;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (p != null) {
                p.destroy();
            }
        }
    }

    private static File onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            File f = new File(dir, name);
            if (f.isFile() && f.canExecute()) {
                return f;
            }
        }
        return null;
    }

    private static File canonical(File f) {
        try {
            return f.getCanonicalFile();
        } catch (IOException e) {
            return f.getAbsoluteFile();
        }
    }

    private static List<String> list(String key) {
        List<String> out = new ArrayList<String>();
        for (String s : DATA.getProperty(key, "").split(",")) {
            if (!s.trim().isEmpty()) {
                out.add(s.trim());
            }
        }
        return out;
    }

    private static String join(List<String> parts) {
        StringBuilder b = new StringBuilder();
        for (String s : parts) {
            b.append(b.length() == 0 ? "" : ", ").append(s);
        }
        return b.toString();
    }

    private static Properties load() {
        Properties p = new Properties();
        InputStream in = JdkPolicy.class.getResourceAsStream("jdk-policy.properties");
        if (in == null) {
            throw new IllegalStateException("jdk-policy.properties is missing beside " + JdkPolicy.class.getName() + " (a broken build)");
        }
        try {
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read jdk-policy.properties: " + e, e);
        } finally {
            closeQuietly(in);
        }
        return p;
    }

    private static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // nothing to do
            }
        }
    }
}
