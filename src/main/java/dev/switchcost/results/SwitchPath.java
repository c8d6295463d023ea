package dev.switchcost.results;

import dev.switchcost.measure.sample.CollapsedStacks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A program's own switch path, measured where it runs: the CPU time its threads spent in the JVM's park and unpark code
 * and its monitors' blocking code, with the C library's and the kernel's code beneath them (futex, the wake-up, the
 * switch itself), from an async-profiler CPU profile of the program on platform threads under its load.
 *
 * <p>What a switch costs a busy program can differ from what it costs two threads that do nothing else: the kernel's
 * and the JVM's code runs cold there, wake-ups cross CPUs that idled, a {@code Parker}'s lock is contended. On a
 * 2-vCPU KVM guest with cpuidle {@code none}, Jetty's and Tomcat's handoff requests spent three times the ping-pong's
 * price per recorded handoff there (docs/forecast-servers.md). {@code forecast --switch-path} prices the recording's
 * handoffs with this instead of the ping-pong's.
 *
 * <p>Read from async-profiler's collapsed output of {@code event=cpu} with sample counts (not {@code total}): a line is
 * {@code frame;frame;...;leaf count}. A sample is in the path when one of its frames is one of {@link #FRAMES}.
 *
 * @param source     the file read
 * @param samples    all samples in it
 * @param inPath     samples in the switch path
 * @param intervalNs CPU time per sample (the profile's interval)
 * @param units      the units of work the program did while profiled, such as requests
 */
public record SwitchPath(Path source, long samples, long inPath, long intervalNs, long units) {

    /**
     * The JVM's entries into the switch path, as async-profiler names them: {@code LockSupport.park} and {@code unpark}
     * (what a {@code jdk.ThreadPark} event records), and a monitor's blocking enter, its wait and its exit that wakes a
     * successor ({@code jdk.JavaMonitorEnter} and {@code jdk.JavaMonitorWait}), by their names before JDK 24 and from it.
     */
    public static final List<String> FRAMES = List.of("Unsafe_Park", "Unsafe_Unpark", "ObjectMonitor::EnterI",
            "ObjectMonitor::enter_internal", "ObjectMonitor::wait", "ObjectMonitor::ExitEpilog", "ObjectMonitor::exit_epilog");

    public SwitchPath {
        if (samples < 1 || inPath < 1 || inPath > samples || intervalNs < 1 || units < 1) {
            throw new IllegalArgumentException("--switch-path " + source + ": " + (units < 1 ? "give the units of work done while"
                    + " profiled (--switch-path-units N), 1 or more" : intervalNs < 1 ? "give the profile's interval"
                    + " (--switch-path-interval, such as 1ms)" : "no sample in the JVM's park, unpark or monitor code: record"
                    + " the program on platform threads with async-profiler's event=cpu under its load"));
        }
    }

    /**
     * An interval as async-profiler's {@code interval=} takes it: a whole number with {@code ns}, {@code us}, {@code ms}
     * or {@code s}.
     *
     * @throws IllegalArgumentException naming the forms (a user's mistake)
     */
    public static long intervalNs(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([1-9][0-9]{0,9})(ns|us|ms|s)").matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("--switch-path-interval " + text + ": give the profile's interval as async-profiler"
                    + " took it, such as 1ms or 250us");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ns" -> n;
            case "us" -> n * 1_000;
            case "ms" -> n * 1_000_000;
            default -> n * 1_000_000_000;
        };
    }

    /** @throws IllegalArgumentException naming the file and what is wrong with it (a user's mistake) */
    public static SwitchPath read(Path file, long intervalNs, long units) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("--switch-path " + file + ": cannot read it (" + e.getMessage() + ")");
        }
        List<CollapsedStacks.Stack> stacks;
        try {
            stacks = CollapsedStacks.parse(lines);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--switch-path " + file + ": " + e.getMessage());
        }
        long all = 0;
        long in = 0;
        for (CollapsedStacks.Stack s : stacks) {
            all += s.count();
            if (List.of(s.stack().split(";")).stream().anyMatch(FRAMES::contains)) {
                in += s.count();
            }
        }
        if (all < 1) {
            throw new IllegalArgumentException("--switch-path " + file + ": no sample in it");
        }
        return new SwitchPath(file, all, in, intervalNs, units);
    }

    /**
     * CPU time in the switch path per unit of work, ns. Its error is the sampling's only (a count's √n, normal): one
     * profile is one window, so how the path varies from window to window is not in it (the forecast's text and
     * docs/forecast.md say so). The basis is the one a forecast is judged on, as the prices it replaces are.
     */
    public Estimate perUnit() {
        double scale = (double) intervalNs / units;
        return new Estimate(inPath * scale, Math.sqrt(inPath) * scale, Double.POSITIVE_INFINITY, Estimate.Basis.BETWEEN_FORKS, 1);
    }

    /**
     * CPU time in the switch path per handoff: per unit of work, over the handoffs a unit made in a recording of the
     * same program under the same load.
     *
     * @param handoffs the recording's blocking events
     * @param units    the units of work done while recording
     */
    public Estimate perHandoff(long handoffs, long units) {
        if (handoffs < 1 || units < 1) {
            throw new IllegalArgumentException("--switch-path needs a recording with handoffs and its --units");
        }
        return perUnit().times((double) units / handoffs);
    }

    /** The share of the profile's CPU time in the switch path. */
    public double share() {
        return (double) inPath / samples;
    }
}
