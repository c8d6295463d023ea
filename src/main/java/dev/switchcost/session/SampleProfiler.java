package dev.switchcost.session;

import dev.switchcost.SwitchcostException;
import dev.switchcost.measure.footprint.SystemLimits;
import dev.switchcost.measure.sample.AsyncProfiler;
import dev.switchcost.measure.sample.PerfSupport;
import dev.switchcost.measure.sample.ProfilerWatchdog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code sample --flamegraph FILE}: async-profiler's context-switches flame graph. A command's JVMs get the
 * agent through {@code JAVA_TOOL_OPTIONS} ({@link #addAgent}) and write their graphs as they exit; a
 * {@code --pid} JVM is attached ({@link #attach}) and detached when sampling ends ({@link #detach}), writing its
 * graph then; {@code cli} collects ({@link AsyncProfiler#collect}), prices and draws them. An attached JVM is watched
 * by a {@link ProfilerWatchdog} that stops the profiler if sample ends without detaching ({@code kill -9}).
 */
public final class SampleProfiler {

    private final AsyncProfiler profiler;
    private final Path file;
    /** The attached --pid JVM, until it is detached; 0 when none. */
    private long attached;
    /** Stops the profiler in the attached JVM should sample end without {@link #detach}; null when none. */
    private ProfilerWatchdog watchdog;

    private SampleProfiler(AsyncProfiler profiler, Path file) {
        this.profiler = profiler;
        this.file = file;
    }

    /**
     * Checks that the graph can be made: a name the agent can carry, in a writable directory, a profiler that may
     * run here, and (for {@code pid}) a JVM to attach to.
     *
     * @param pid the --pid process, or null for a command
     * @throws SwitchcostException a usage mistake (the file) or the environment (no profiler, not allowed, not a JVM)
     */
    public static SampleProfiler check(Path file, Long pid) {
        String bad = AsyncProfiler.unusableName(file);
        if (bad != null) {
            throw SwitchcostException.usage(bad);
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent) || Files.isDirectory(file)) {
            throw SwitchcostException.usage("--flamegraph " + file + ": give a file name in an existing, writable directory");
        }
        Path library = AsyncProfiler.locate().orElse(null);
        String why = AsyncProfiler.refusal(library, System.getProperty("os.arch", ""), PerfSupport.readParanoid(),
                SystemLimits.runningAsRoot());
        if (why != null) {
            throw SwitchcostException.environment(why);
        }
        if (pid != null && !AsyncProfiler.isJvm(pid)) {
            throw SwitchcostException.environment("--flamegraph: process " + pid + " is not a JVM (no libjvm.so mapped);"
                    + " async-profiler profiles JVMs only");
        }
        return new SampleProfiler(new AsyncProfiler(library), file);
    }

    /** Gives a command's JVMs the agent, through {@code JAVA_TOOL_OPTIONS} (kept with what it held). */
    public void addAgent(Map<String, String> environment) {
        environment.merge("JAVA_TOOL_OPTIONS", profiler.agentOption(file), AsyncProfiler::javaToolOptions);
    }

    /** Starts profiling a running JVM, its {@link ProfilerWatchdog} started first. */
    public void attach(long pid) {
        try {
            watchdog = ProfilerWatchdog.start(profiler, pid, file);
        } catch (IOException e) {
            throw SwitchcostException.environment("--flamegraph: cannot start the watchdog that stops async-profiler should"
                    + " sample be killed (" + e.getMessage() + "); it needs bash and setsid");
        }
        try {
            profiler.start(pid);
        } catch (RuntimeException e) {
            closeWatchdog();
            throw e;
        }
        attached = pid;
    }

    private void closeWatchdog() {
        if (watchdog != null) {
            watchdog.close();
            watchdog = null;
        }
    }

    /**
     * An attached JVM writes its graph now (a command's JVMs write theirs as they exit); nothing when none is
     * attached or it has ended.
     *
     * @throws SwitchcostException when the JVM could not be stopped
     */
    public void detach(ProcessHandle target) {
        long pid = attached;
        if (pid == 0) {
            return;
        }
        attached = 0;
        if (target.isAlive()) {
            profiler.stop(pid, file); // when it fails, the watchdog left open tries again as sample ends
        }
        closeWatchdog();
    }
}
