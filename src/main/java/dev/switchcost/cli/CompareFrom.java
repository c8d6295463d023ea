package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.SpinCompareResults;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * {@code switchcost compare --from DIR}: the table of an earlier run, re-read from its {@code compare.json} (with
 * {@code --spin}, {@code spin-compare.json}) and printed as text, JSON or CSV; nothing is measured or written.
 */
final class CompareFrom {

    /** The options that still mean something without a measurement. */
    private static final Set<String> KEPT = Set.of("--from", "--format", "--spin");

    private CompareFrom() {
    }

    static int print(CompareCommand c, Path from) throws IOException {
        List<String> measuring = c.spec.commandLine().getParseResult().matchedOptions().stream()
                .map(OptionSpec::longestName).filter(n -> !KEPT.contains(n)).distinct().toList();
        if (!measuring.isEmpty()) {
            throw SwitchcostException.usage("--from re-prints an earlier run and measures nothing: drop " + String.join(", ", measuring));
        }
        String name = c.spin ? SpinCompareResults.FILE_NAME : CompareResults.FILE_NAME;
        Path file = Files.isDirectory(from) ? from.resolve(name) : from;
        if (!Files.isRegularFile(file)) {
            throw SwitchcostException.usage("--from " + from + ": no " + name + " there; give the directory a `switchcost compare"
                    + (c.spin ? " --spin" : "") + "` wrote, or the file itself");
        }
        try {
            if (c.spin) {
                CompareSpin.print(c, SpinCompareResults.read(file));
            } else {
                c.print(CompareResults.read(file), c.out());
            }
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage(e.getMessage());
        }
        return ExitCodes.OK;
    }
}
