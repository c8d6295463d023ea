package dev.switchcost.cli;

import dev.switchcost.results.Build;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: switchcost's version and the commit it was built from ({@link Build}), and the JDK running it. */
public final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "switchcost " + Build.describe(),
            "JDK " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ", " + System.getProperty("java.home") + ")"
        };
    }
}
