package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends the async-profiler session {@code sample --pid J --flamegraph F} started inside J, whatever ends
 * {@code sample} — {@code kill -9} too, which no shutdown hook sees (the agent went on
 * profiling inside J, its perf_event fds open, until J exited).
 *
 * <p>A small bash process started in its own session ({@code setsid}: a Ctrl-C or a kill of sample's
 * process group does not reach it), and deliberately not through {@code launch.ParentDeath}: it must outlive
 * sample. Its stdin is a pipe whose only writer is sample, so sample's end, however it comes, is an EOF the
 * kernel delivers at once. Then:
 * <ul>
 *   <li>sample wrote {@code done} first ({@link #close}: it stopped the profiler itself): the watchdog exits;</li>
 *   <li>EOF without {@code done} (sample killed): it runs {@code jcmd J JVMTI.agent_load LIB stop,...} (bounded by
 *       {@code timeout} to {@link #STOP_SECONDS} s), renames the stacks J wrote to {@code STEM.collapsed} beside F (sample is gone, so nothing prices or draws them), and exits;</li>
 *   <li>J ends first: the watchdog sees {@code /proc/J} gone within a second and exits.</li>
 * </ul>
 * So no perf_event fd of the profiler stays in J longer than {@link #BOUND_SECONDS} s after sample ends
 * ({@code SampleCommandTest} kills sample with SIGKILL and counts them); jcmd usually answers in about a second.
 */
public final class ProfilerWatchdog implements AutoCloseable {

    /** How long the watchdog's jcmd may take before {@code timeout} ends it. */
    public static final int STOP_SECONDS = 30;
    /** The stated bound: after sample ends, no perf_event fd of the profiler remains in J after this many seconds. */
    public static final int BOUND_SECONDS = STOP_SECONDS + 2;

    static final String SCRIPT = """
            J=$1; PARTIAL=$2; FILE=$3; shift 3
            while [ -d /proc/"$J" ]; do
              read -r -t 1 line; rc=$?
              [ "$rc" -eq 0 ] && exit 0
              [ "$rc" -gt 128 ] && continue
              timeout %d "$@" >/dev/null 2>&1 && [ -s "$PARTIAL" ] && mv -f -- "$PARTIAL" "$FILE"
              exit 0
            done
            """.formatted(STOP_SECONDS);

    private final Process process;

    private ProfilerWatchdog(Process process) {
        this.process = process;
    }

    /**
     * Starts the watchdog of the session in {@code pid}; call before attaching, so no moment is unguarded.
     *
     * @throws IOException when bash or setsid cannot be started
     */
    public static ProfilerWatchdog start(AsyncProfiler profiler, long pid, Path file) throws IOException {
        List<String> cmd = new ArrayList<>(command(pid, AsyncProfiler.partialName(file, String.valueOf(pid)),
                AsyncProfiler.collapsedName(file, null)));
        cmd.addAll(profiler.stopCommand(pid, file));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return new ProfilerWatchdog(p);
    }

    /** The watchdog's command line, before the stop command's words. */
    static List<String> command(long pid, Path partial, Path file) {
        return List.of("setsid", "bash", "-c", SCRIPT, "switchcost-profiler-watchdog", String.valueOf(pid),
                partial.toString(), file.toString());
    }

    /** sample stopped the profiler itself (or never started it): the watchdog exits without acting. */
    @Override
    public void close() {
        try (OutputStream in = process.getOutputStream()) {
            in.write("done\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // the watchdog is gone already (J ended): nothing to tell
        }
    }
}
