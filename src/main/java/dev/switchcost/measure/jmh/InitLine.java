package dev.switchcost.measure.jmh;

import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import org.openjdk.jmh.profile.ProfilerException;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;

/** A profiler's options: JMH's {@code key=value;key=value} init line, split as JMH's own profilers split it. */
final class InitLine {

    private InitLine() {
    }

    /**
     * @param profiler the profiler's short name, which starts each error
     * @param usage    the usage line shown above the options' help, on an error and for {@code help}
     * @throws ProfilerException naming the profiler, with its usage and options, when the line does not parse; the usage
     *                           and options alone for {@code help}
     */
    static OptionSet parse(OptionParser parser, String initLine, String profiler, String usage) throws ProfilerException {
        String[] args = Arrays.stream(initLine.split(";")).filter(s -> !s.isBlank()).map(s -> "--" + s.trim())
                .toArray(String[]::new);
        OptionSet set;
        try {
            set = parser.parse(args);
        } catch (OptionException e) {
            throw new ProfilerException(profiler + ": " + e.getMessage() + "\n" + help(parser, usage));
        }
        if (set.has("help")) {
            throw new ProfilerException(help(parser, usage));
        }
        return set;
    }

    private static String help(OptionParser parser, String usage) {
        StringWriter help = new StringWriter();
        help.write(usage + "\n");
        try {
            parser.printHelpOn(help);
        } catch (IOException never) {
            throw new UncheckedIOException(never);
        }
        return help.toString();
    }
}
