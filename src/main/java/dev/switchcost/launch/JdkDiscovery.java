package dev.switchcost.launch;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * Which JDKs this machine has and what version a {@code java} is (its {@code release} file, found after
 * resolving symbolic links, else the java's own answer): the running one, the homes named by the
 * policy's environment variables, the children of its search roots and of the JDK cache. What a version
 * may do is {@link JdkPolicy}'s. Compiled for Java 8 with the rest of this package.
 */
public final class JdkDiscovery {

    private JdkDiscovery() {
    }

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

    /**
     * @param javaOrHome what a user gives as a JDK ({@code --jdk}): a {@code java} executable or a JDK home
     * @return its JDK, or null when it is neither
     */
    public static Jdk resolve(String javaOrHome) {
        File f = new File(javaOrHome);
        return f.isDirectory() ? ofHome(f) : ofJava(javaOrHome);
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
        JdkPolicy.list("switchcost.jdk.env").stream().map(System::getenv).filter(v -> v != null && !v.isEmpty())
                .forEach(v -> add(found, new File(v)));
        List<File> roots = new ArrayList<File>();
        for (String root : JdkPolicy.list("switchcost.jdk.roots")) {
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
        return found.values().stream().sorted(NEWEST_FIRST).collect(Collectors.toList());
    }

    /** @return the newest JDK that runs switchcost, or null */
    public static Jdk newest() {
        return discover().stream().filter(Jdk::runsSwitchcost).findFirst().orElse(null);
    }

    /** @return the first of {@code newestFirst} that can build switchcost (one that runs it and has javac), or null */
    static Jdk firstBuilder(List<Jdk> newestFirst) {
        return newestFirst.stream().filter(j -> j.runsSwitchcost() && j.hasJavac()).findFirst().orElse(null);
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
        try (InputStream in = new FileInputStream(release)) {
            p.load(in);
        } catch (IOException e) {
            return null;
        }
        String version = p.getProperty("JAVA_VERSION");
        return version == null ? null : version.replace("\"", "").trim();
    }

    static final Comparator<Jdk> NEWEST_FIRST = (a, b) -> {
        int[] x = JdkPolicy.numbers(a.version);
        int[] y = JdkPolicy.numbers(b.version);
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int u = i < x.length ? x[i] : 0;
            int w = i < y.length ? y[i] : 0;
            if (u != w) {
                return w - u;
            }
        }
        return a.home.compareTo(b.home);
    };

    private static void add(Map<File, Jdk> found, File home) {
        Jdk j = ofHome(home);
        if (j != null) {
            found.putIfAbsent(j.home, j);
        }
    }

    /** Asks the java itself, for one without a release file (some distributions' layouts). */
    private static String probeVersion(File java) {
        // java -version ends by itself, and discovery runs before anything long starts
        List<String> lines = ParentDeath.probe(20, java.getPath(), "-XshowSettings:properties", "-version");
        String key = "java.version = ";
        return lines == null ? null : lines.stream().map(String::trim).filter(t -> t.startsWith(key))
                .map(t -> t.substring(key.length()).trim()).reduce((first, last) -> last).orElse(null);
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
}
