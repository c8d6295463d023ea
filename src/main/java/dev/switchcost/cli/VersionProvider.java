package dev.switchcost.cli;

import dev.switchcost.results.Build;
import org.openjdk.jmh.util.Version;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code --version}: switchcost's version and the commit it was built from ({@link Build}), the JMH that runs its
 * benchmarks (JMH's own {@link Version}, read from its jar), and the JDK running it.
 */
public final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "switchcost " + Build.describe(),
            "JMH " + Version.getPlainVersion(),
            "JDK " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ", " + System.getProperty("java.home") + ")"
        };
    }
}
