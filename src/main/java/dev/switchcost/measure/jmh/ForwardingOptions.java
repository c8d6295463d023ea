package dev.switchcost.measure.jmh;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.runner.options.WarmupMode;
import org.openjdk.jmh.util.Optional;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * JMH {@link Options} that answer with another's, but for the result file, which they can leave out, or the
 * profilers, which they can replace (JMH's {@code OptionsBuilder} can add to a parent's options but not take any away
 * or replace them; JMH hands options to its forks serialized, so this is a named class).
 */
final class ForwardingOptions implements Options {
    private static final long serialVersionUID = 1L;

    private final Options o;
    /** The profilers answered with instead of {@code o}'s, or null. */
    private final ArrayList<ProfilerConfig> profilers;
    private final boolean withoutResultFile;
    /** The one trial answered with instead of {@code o}'s selection ({@link #only}), or null: its benchmark, mode, params. */
    private final String benchmark;
    private final Mode mode;
    private final HashMap<String, String> params;

    private ForwardingOptions(Options o, List<ProfilerConfig> profilers, boolean withoutResultFile) {
        this(o, profilers, withoutResultFile, null);
    }

    private ForwardingOptions(Options o, List<ProfilerConfig> profilers, boolean withoutResultFile, TrialPlan.Trial only) {
        this.o = o;
        this.profilers = profilers == null ? null : new ArrayList<>(profilers);
        this.withoutResultFile = withoutResultFile;
        this.benchmark = only == null ? null : only.benchmark();
        this.mode = only == null ? null : only.mode();
        this.params = only == null ? null : new HashMap<>(only.params());
    }

    /**
     * {@code options} selecting one trial, its benchmark, mode and parameters, and nothing else: an added round of
     * {@code run --precision} runs only the trials still short of it ({@code Rounds}).
     */
    static Options only(Options options, TrialPlan.Trial trial) {
        return new ForwardingOptions(options, null, false, trial);
    }

    /**
     * {@code options} with the result file ({@code -rf}, {@code -rff}) taken out, so that JMH's {@code Runner} does not
     * write it: JMH's writer keeps the rows of a failed trial and swallows write errors, so {@code launch.BenchmarkMain}
     * writes the file itself (complete trials only, to a temporary file then renamed, a failed write reported).
     */
    static Options withoutResultFile(Options options) {
        return new ForwardingOptions(options, null, true);
    }

    /** {@code options} with their profilers replaced by {@code profilers}. */
    static Options withProfilers(Options options, List<ProfilerConfig> profilers) {
        return new ForwardingOptions(options, profilers, false);
    }

    @Override public List<String> getIncludes() { return benchmark == null ? o.getIncludes() : List.of("^" + Pattern.quote(benchmark) + "$"); }
    @Override public List<String> getExcludes() { return benchmark == null ? o.getExcludes() : List.of(); }
    @Override public Optional<String> getOutput() { return o.getOutput(); }
    @Override public Optional<ResultFormatType> getResultFormat() { return withoutResultFile ? Optional.none() : o.getResultFormat(); }
    @Override public Optional<String> getResult() { return withoutResultFile ? Optional.none() : o.getResult(); }
    @Override public Optional<Boolean> shouldDoGC() { return o.shouldDoGC(); }
    @Override public List<ProfilerConfig> getProfilers() { return profilers == null ? o.getProfilers() : List.copyOf(profilers); }
    @Override public Optional<VerboseMode> verbosity() { return o.verbosity(); }
    @Override public Optional<Boolean> shouldFailOnError() { return o.shouldFailOnError(); }
    @Override public Optional<Integer> getThreads() { return o.getThreads(); }
    @Override public Optional<int[]> getThreadGroups() { return o.getThreadGroups(); }
    @Override public Optional<Boolean> shouldSyncIterations() { return o.shouldSyncIterations(); }
    @Override public Optional<Integer> getWarmupIterations() { return o.getWarmupIterations(); }
    @Override public Optional<TimeValue> getWarmupTime() { return o.getWarmupTime(); }
    @Override public Optional<Integer> getWarmupBatchSize() { return o.getWarmupBatchSize(); }
    @Override public Optional<WarmupMode> getWarmupMode() { return o.getWarmupMode(); }
    @Override public List<String> getWarmupIncludes() { return o.getWarmupIncludes(); }
    @Override public Optional<Integer> getMeasurementIterations() { return o.getMeasurementIterations(); }
    @Override public Optional<TimeValue> getMeasurementTime() { return o.getMeasurementTime(); }
    @Override public Optional<Integer> getMeasurementBatchSize() { return o.getMeasurementBatchSize(); }
    @Override public Collection<Mode> getBenchModes() { return mode == null ? o.getBenchModes() : List.of(mode); }
    @Override public Optional<TimeUnit> getTimeUnit() { return o.getTimeUnit(); }
    @Override public Optional<Integer> getOperationsPerInvocation() { return o.getOperationsPerInvocation(); }
    @Override public Optional<Integer> getForkCount() { return o.getForkCount(); }
    @Override public Optional<Integer> getWarmupForkCount() { return o.getWarmupForkCount(); }
    @Override public Optional<String> getJvm() { return o.getJvm(); }
    @Override public Optional<Collection<String>> getJvmArgs() { return o.getJvmArgs(); }
    @Override public Optional<Collection<String>> getJvmArgsAppend() { return o.getJvmArgsAppend(); }
    @Override public Optional<Collection<String>> getJvmArgsPrepend() { return o.getJvmArgsPrepend(); }
    @Override public Optional<Collection<String>> getParameter(String name) {
        return params != null && params.containsKey(name) ? Optional.of(List.of(params.get(name))) : o.getParameter(name);
    }
    @Override public Optional<TimeValue> getTimeout() { return o.getTimeout(); }
}
