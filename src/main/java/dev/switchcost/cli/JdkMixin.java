package dev.switchcost.cli;

import dev.switchcost.launch.JdkDiscovery;
import dev.switchcost.launch.Jdk;
import dev.switchcost.SwitchcostException;
import dev.switchcost.launch.JdkPolicy;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --jdk PATH} (repeatable): the JDKs whose forks run the benchmarks, side by side, in every
 * subcommand that runs them ({@code run}, {@code compare}). Each is resolved and checked by
 * {@link JdkPolicy}, the one owner of which JDK runs what.
 */
public final class JdkMixin {

    @Option(names = "--jdk", paramLabel = "PATH",
            description = "Run the benchmarks' forks on this JDK (its java or its home); repeat it to put JDKs side by side, "
                    + "one after another into one results directory, every row carrying its JDK. Instead of JMH's -jvm.")
    List<String> given = new ArrayList<>();

    /**
     * The JDKs given, resolved: each a java or a JDK home that runs switchcost, each once; empty when
     * none was given (the forks then run on the JDK running switchcost).
     *
     * @throws SwitchcostException (usage) naming the one that is not
     */
    public List<Jdk> chosen() {
        List<Jdk> out = new ArrayList<>();
        for (String g : given) {
            Jdk j = JdkDiscovery.resolve(g);
            if (j == null) {
                throw SwitchcostException.usage("--jdk " + g + " is neither a java that runs nor a JDK home (bin/java and a release file)");
            }
            if (!j.runsSwitchcost()) {
                throw SwitchcostException.usage("--jdk " + g + " is Java " + j.version + "; switchcost needs " + JdkPolicy.min() + "+");
            }
            if (out.contains(j)) {
                throw SwitchcostException.usage("--jdk " + g + " names " + j + " a second time");
            }
            out.add(j);
        }
        return out;
    }
}
