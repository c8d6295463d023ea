package dev.switchcost.measure.jmh;

import dev.switchcost.measure.sample.PerfStatParser;
import dev.switchcost.measure.sample.PerfSupport;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.BenchmarkResultMetaData;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * {@code perf stat} counters per op, for machines where JMH's {@code perfnorm} gives up.
 *
 * <p>Like JMH's {@code LinuxPerfNormProfiler}, it runs the fork under
 * {@code perf stat --log-fd 2 -x, -e EVENTS -I INTERVAL}, keeps the interval lines that fall in
 * the measurement window (JMH's fork metadata: measurement start to stop, offset from the fork's
 * start) and divides each event's rate by the benchmark's op rate. Unlike {@code perfnorm}, which
 * exits when none of its events is supported, it probes each event first ({@link PerfSupport}),
 * counts those that work and reports the others as NaN, with one line per run saying why (no PMU,
 * perf missing, {@code perf_event_paranoid} too high) and how to fix it. It never aborts the run.
 *
 * <p>Results: {@code perf.<event>.norm} (#/op; {@code perf.task-clock.norm} in msec/op), e.g.
 * {@code perf.cache-misses.norm}, {@code perf.context-switches.norm}. Counts cover the whole fork
 * process (all its threads, JIT and GC included) during the window, unlike
 * {@link ContextSwitchProfiler}, which counts the benchmark's own threads.
 *
 * <p>Options: {@code events=a,b,c} (default: {@link PerfSupport#DEFAULT_EVENTS}), {@code interval=ms}
 * (default 100).
 */
public final class PerfStatProfiler implements ExternalProfiler {

    private static final AtomicBoolean WARNED = new AtomicBoolean();

    private final List<String> events;
    private final int intervalMs;
    /**
     * How perf is probed; the probe runs at the first use, not here: JMH instantiates every registered profiler
     * whenever it looks one up by name, in every fork, so probing in the constructor ran perf a few times a fork.
     */
    private final Function<List<String>, PerfSupport> probe;
    private PerfSupport support;

    public PerfStatProfiler() throws ProfilerException {
        this("");
    }

    public PerfStatProfiler(String initLine) throws ProfilerException {
        this(initLine, PerfSupport::probe);
    }

    /** @param support the probe result to use instead of probing (tests) */
    PerfStatProfiler(String initLine, PerfSupport support) throws ProfilerException {
        this(initLine, events -> support);
    }

    /** @param probe what probes perf for the asked events, called once, at the first use */
    PerfStatProfiler(String initLine, Function<List<String>, PerfSupport> probe) throws ProfilerException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> eventsOpt = parser.accepts("events", "Comma-separated perf events to count.")
                .withRequiredArg().ofType(String.class).withValuesSeparatedBy(",")
                .defaultsTo(PerfSupport.DEFAULT_EVENTS.toArray(new String[0]));
        OptionSpec<Integer> intervalOpt = parser.accepts("interval", "perf stat -I interval in ms (>= 10).")
                .withRequiredArg().ofType(Integer.class).defaultsTo(100);
        parser.accepts("help", "Print this help.");
        OptionSet set = InitLine.parse(parser, initLine, "perfstat",
                "Usage: -prof " + PerfStatProfiler.class.getName() + ":events=cache-misses,cycles;interval=100");
        this.events = List.copyOf(set.valuesOf(eventsOpt));
        this.intervalMs = set.valueOf(intervalOpt);
        if (intervalMs < 10) {
            throw new ProfilerException("perfstat: interval must be >= 10 ms (perf stat -I), got " + intervalMs);
        }
        this.probe = probe;
    }

    private PerfSupport support() {
        if (support == null) {
            support = probe.apply(events);
        }
        return support;
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        List<String> supported = support().supported();
        return supported.isEmpty() ? List.of() : List.of(support().perf(), "stat", "--log-fd", "2", "-x,", "-e",
                String.join(",", supported), "-I", String.valueOf(intervalMs));
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {
        String line = support().unavailableLine();
        if (line != null && WARNED.compareAndSet(false, true)) {
            System.out.println(System.lineSeparator() + "# perfstat: " + line);
        }
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        List<PerfStatParser.Count> counts = List.of();
        if (!support().supported().isEmpty() && stdErr != null && stdErr.isFile()) {
            try {
                counts = PerfStatParser.parse(Files.readAllLines(stdErr.toPath(), StandardCharsets.UTF_8), true);
            } catch (IOException e) {
                throw new UncheckedIOException("perfstat: cannot read the fork's stderr " + stdErr, e);
            }
        }
        BenchmarkResultMetaData md = br.getMetadata();
        Window w = md == null ? null : new Window((md.getMeasurementTime() - md.getStartTime()) / 1000.0,
                (md.getStopTime() - md.getStartTime()) / 1000.0, md.getMeasurementOps());
        return results(events, support(), counts, w, intervalMs / 1000.0);
    }

    /**
     * The measurement window, in seconds since the fork started, and the ops done in it.
     * perf's clock starts a little earlier (before the JVM boots), so the window is approximate by
     * the JVM's start-up time, as it is in JMH's {@code perfnorm}.
     */
    record Window(double from, double to, long ops) {
    }

    /**
     * The arithmetic, apart from files and processes: per event, counts of the interval lines
     * ending inside {@code (from, to + interval]}, as a rate over the time they cover, divided by the
     * op rate of the window. Unsupported or uncounted events give NaN.
     */
    static List<Result> results(List<String> events, PerfSupport support, List<PerfStatParser.Count> counts,
                                Window w, double intervalSec) {
        List<Result> out = new ArrayList<>();
        Map<String, PerfSupport.EventStatus> status = support.events();
        double opsPerSec = w == null || w.to() <= w.from() ? Double.NaN : w.ops() / (w.to() - w.from());
        for (String e : events) {
            String base = PerfStatParser.baseEvent(e);
            double value = Double.NaN;
            String unit = "#/op";
            if (status.get(e) == PerfSupport.EventStatus.SUPPORTED && w != null && opsPerSec > 0) {
                double sum = 0;
                double first = Double.POSITIVE_INFINITY;
                double last = Double.NEGATIVE_INFINITY;
                for (PerfStatParser.Count c : counts) {
                    if (c.baseEvent().equals(base) && c.status() == PerfStatParser.Status.COUNTED
                            && c.time() > w.from() && c.time() <= w.to() + intervalSec) {
                        sum += c.value();
                        first = Math.min(first, c.time());
                        last = Math.max(last, c.time());
                        unit = c.unit().isEmpty() ? unit : c.unit() + "/op";
                    }
                }
                if (first <= last) {
                    value = (sum / (last - first + intervalSec)) / opsPerSec;
                }
            }
            out.add(new ScalarResult("perf." + base + ".norm", value, unit, AggregationPolicy.AVG));
        }
        return out;
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        // perf's interval lines go to the fork's stderr; keep them out of the console.
        return support().supported().isEmpty();
    }

    @Override
    public String getDescription() {
        return "perf stat counters (cache misses, instructions, cycles, switches, faults) per op; "
                + "unsupported events reported as NaN instead of failing the run";
    }
}
