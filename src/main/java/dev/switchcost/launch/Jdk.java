package dev.switchcost.launch;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/** A JDK (or JRE) on disk. */
public final class Jdk {
    /** The home directory, with every symbolic link resolved. */
    public final File home;
    /** The full version, e.g. {@code 21.0.8}. */
    public final String version;
    /** The feature release, e.g. 21. */
    public final int feature;

    Jdk(File home, String version) {
        this.home = home;
        this.version = version;
        this.feature = JdkPolicy.feature(version);
    }

    public File java() {
        return new File(home, "bin/java");
    }

    /** @return whether it can compile (a runtime made by jlink has no javac) */
    public boolean hasJavac() {
        return new File(home, "bin/javac").canExecute();
    }

    public boolean runsSwitchcost() {
        return feature >= JdkPolicy.min();
    }

    public boolean hasVirtualThreads() {
        return feature >= JdkPolicy.VIRTUAL_THREADS;
    }

    public boolean hasFfm() {
        return feature >= JdkPolicy.FFM;
    }

    /** @return whether a virtual thread blocking in {@code synchronized} leaves its carrier free (JEP 491) */
    public boolean synchronizedUnpinned() {
        return feature >= JdkPolicy.NO_PINNING;
    }

    public List<String> jvmFlags() {
        return JdkPolicy.jvmFlags(feature);
    }

    /** @return what this JDK enables for switchcost, one short phrase each */
    public List<String> enables() {
        List<String> e = new ArrayList<String>();
        e.add(hasVirtualThreads() ? "virtual threads" : "no virtual threads (needs " + JdkPolicy.VIRTUAL_THREADS + "+)");
        e.add(hasFfm() ? "FFM binding" : "no FFM binding (needs " + JdkPolicy.FFM + "+)");
        if (hasVirtualThreads()) {
            e.add(synchronizedUnpinned() ? "synchronized does not pin (JEP 491)" : "synchronized pins the carrier (JEP 491 needs " + JdkPolicy.NO_PINNING + "+)");
        }
        if (feature >= JdkPolicy.UNSAFE_FLAG) {
            e.add(JdkPolicy.flagName(JdkPolicy.UNSAFE_ALLOW));
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
