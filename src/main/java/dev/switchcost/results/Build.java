package dev.switchcost.results;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The switchcost build that is running: its version and the commit it was built from (the jar
 * manifest's {@code Implementation-Version} and {@code Switchcost-Commit} when packaged; the build's
 * {@code version.properties} otherwise). Results record it as their provenance.
 */
public final class Build {

    private Build() {
    }

    /**
     * What this build knows of itself.
     *
     * @param version its version, or null when not built by Maven
     * @param commit  the commit it was built from, or null when unknown
     * @param dirty   whether the build had uncommitted changes, or null when not recorded
     */
    public record Info(String version, String commit, Boolean dirty) {
    }

    /** The version and commit of this build, e.g. {@code 0.1.0-SNAPSHOT (commit 1a2b3c4d5e6f)}. */
    public static String describe() {
        Info i = info();
        return describe(i.version(), i.commit(), i.dirty());
    }

    /** A build's version and commit in the words of {@link #describe()}. */
    static String describe(String version, String commit, Boolean dirty) {
        return (version == null ? "(version unknown: not built by Maven)" : version) + " ("
                + (commit == null || commit.isBlank() ? "unknown commit" : commit.startsWith("unknown") ? commit : "commit " + commit)
                + (Boolean.TRUE.equals(dirty) ? ", with uncommitted changes" : "") + ")";
    }

    /** This build's version, commit and dirty flag (the jar manifest, else version.properties). */
    public static Info info() {
        String version = null;
        String commit = null;
        String dirty = null;
        Manifest m = manifest();
        if (m != null) {
            Attributes a = m.getMainAttributes();
            version = a.getValue("Implementation-Version");
            commit = a.getValue("Switchcost-Commit");
            dirty = a.getValue("Switchcost-Commit-Dirty");
        }
        if (version == null || commit == null) {
            Properties p = new Properties();
            try (InputStream in = Build.class.getResourceAsStream("/dev/switchcost/version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                // fall through: unknown
            }
            version = usable(p.getProperty("version")) ? p.getProperty("version") : null;
            commit = usable(p.getProperty("commit")) ? p.getProperty("commit") : null;
            dirty = p.getProperty("dirty");
        }
        return new Info(version, commit == null || commit.isBlank() ? null : commit,
                usable(dirty) ? Boolean.valueOf(dirty.strip()) : null);
    }

    private static boolean usable(String v) {
        return v != null && !v.isBlank() && !v.startsWith("${");
    }

    /** The manifest of the jar this class was loaded from, or null when it runs from a directory. */
    private static Manifest manifest() {
        try {
            var src = Build.class.getProtectionDomain().getCodeSource();
            if (src == null || !src.getLocation().getPath().endsWith(".jar")) {
                return null;
            }
            try (JarFile jar = new JarFile(new File(src.getLocation().toURI()))) {
                return jar.getManifest();
            }
        } catch (IOException | URISyntaxException | SecurityException e) {
            return null;
        }
    }
}
