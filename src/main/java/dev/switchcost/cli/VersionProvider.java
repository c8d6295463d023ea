package dev.switchcost.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: switchcost's version (from the jar manifest when packaged), the JDK running it. */
public final class VersionProvider implements IVersionProvider {

    /** The version of this build, e.g. {@code 0.1.0}, or {@code (development build)}; reports name it. */
    public static String describe() {
        String v = SwitchcostCommand.class.getPackage().getImplementationVersion();
        return v == null ? "(development build)" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "switchcost " + describe(),
            "JDK " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ", " + System.getProperty("java.home") + ")"
        };
    }
}
