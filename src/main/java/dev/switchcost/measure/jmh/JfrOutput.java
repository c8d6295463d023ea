package dev.switchcost.measure.jmh;

import org.openjdk.jmh.profile.JavaFlightRecorderProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.ProfilerConfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where JMH's Flight Recorder profiler ({@code -prof jfr}, {@link JavaFlightRecorderProfiler}) writes. Left to
 * itself it writes {@code <trial id>/profile.jfr} under the fork's working directory; its {@code dir=} option
 * ({@code -prof jfr:dir=DIR}) moves that. {@link #into} gives every {@code -prof jfr} without a {@code dir=} of its
 * own the directory switchcost chooses (a user's {@code dir=} wins), and {@link #reported} names the files JMH says
 * it wrote (its {@code jfr} result, one line per file).
 */
public final class JfrOutput {

    /** JMH's short name for {@link JavaFlightRecorderProfiler}, and the label of the result naming its files. */
    static final String NAME = "jfr";
    static final String DIR = "dir";

    private JfrOutput() {
    }

    public static boolean asked(Options options) {
        return options.getProfilers().stream().anyMatch(JfrOutput::isJfr);
    }

    /** The {@code dir=} a {@code -prof jfr} of {@code options} names, if one does. */
    public static Optional<String> userDir(Options options) {
        return options.getProfilers().stream().filter(JfrOutput::isJfr).map(p -> dirOf(p.getOpts())).flatMap(Optional::stream)
                .findFirst();
    }

    /**
     * {@code options} with {@code dir=} (absolute) added to every {@code -prof jfr} that has none; {@code options}
     * itself when none needs it.
     */
    public static Options into(Options options, Path dir) {
        List<ProfilerConfig> profilers = new ArrayList<>();
        String abs = dir.toAbsolutePath().normalize().toString();
        for (ProfilerConfig p : options.getProfilers()) {
            String opts = p.getOpts() == null || p.getOpts().isBlank() ? "" : p.getOpts() + ";";
            boolean withoutDir = isJfr(p) && dirOf(p.getOpts()).isEmpty();
            profilers.add(withoutDir ? new ProfilerConfig(p.getKlass(), opts + DIR + "=" + abs) : p);
        }
        return profilers.equals(options.getProfilers()) ? options : ForwardingOptions.withProfilers(options, profilers);
    }

    /** The files JMH's JFR profiler says it wrote for {@code results} (each named once, in order). */
    public static List<Path> reported(Collection<RunResult> results) {
        return results.stream().filter(r -> r.getAggregatedResult() != null)
                .map(r -> r.getAggregatedResult().getSecondaryResults().get(NAME)).filter(Objects::nonNull)
                // "JFR profiler results:" then one indented path per line
                .flatMap(jfr -> jfr.extendedInfo().lines()).map(String::strip).filter(l -> l.endsWith(".jfr"))
                .map(Path::of).distinct().toList();
    }

    static boolean isJfr(ProfilerConfig p) {
        return NAME.equals(p.getKlass()) || JavaFlightRecorderProfiler.class.getName().equals(p.getKlass());
    }

    /** The {@code dir} of a profiler's option line ({@code key=value;key=value}, as JMH splits it). */
    static Optional<String> dirOf(String opts) {
        return opts == null ? Optional.empty() : Arrays.stream(opts.split(";")).map(String::strip)
                .filter(t -> t.startsWith(DIR + "=")).map(t -> t.substring(DIR.length() + 1)).findFirst();
    }
}
