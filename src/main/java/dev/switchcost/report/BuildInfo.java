package dev.switchcost.report;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.jar.Manifest;

/** switchcost's version and commit, from the jar manifest (Implementation-Version, and a commit attribute if the build adds one). */
public final class BuildInfo {

    private BuildInfo() {
    }

    /** {@code 0.1.0 (commit abc1234)}, or {@code (development build)}. */
    public static String describe() {
        String v = BuildInfo.class.getPackage().getImplementationVersion();
        String commit = null;
        try {
            Enumeration<URL> manifests = BuildInfo.class.getClassLoader().getResources("META-INF/MANIFEST.MF");
            while (manifests.hasMoreElements() && commit == null) {
                try (InputStream in = manifests.nextElement().openStream()) {
                    Manifest m = new Manifest(in);
                    if (!"switchcost".equals(m.getMainAttributes().getValue("Implementation-Title"))
                            && m.getMainAttributes().getValue("Git-Commit") == null) {
                        continue;
                    }
                    for (String key : new String[] {"Git-Commit", "SCM-Revision", "Implementation-Build"}) {
                        if (commit == null) {
                            commit = m.getMainAttributes().getValue(key);
                        }
                    }
                }
            }
        } catch (IOException e) {
            commit = null;
        }
        return (v == null ? "(development build)" : v) + (commit == null ? "" : " (commit " + commit + ")");
    }
}
