package dev.switchcost.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: switchcost's version (from the jar manifest when packaged), the JDK running it. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = SwitchcostCommand.class.getPackage().getImplementationVersion();
        return new String[] {
            "switchcost " + (v == null ? "(development build)" : v),
            "JDK " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ", " + System.getProperty("java.home") + ")"
        };
    }
}
