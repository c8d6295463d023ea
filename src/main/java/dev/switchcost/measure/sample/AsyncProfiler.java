package dev.switchcost.measure.sample;

import dev.switchcost.SwitchcostException;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * async-profiler's agent ({@code libasyncProfiler.so}, unpacked by the build into
 * {@code target/async-profiler/linux-x64/}) sampling the {@code context-switches} perf event of a JVM:
 * the Java (and native) stacks where threads gave up their CPU, per thread, as collapsed text ({@link CollapsedStacks}).
 * A command's JVMs get it through {@code JAVA_TOOL_OPTIONS} ({@code -agentpath:...=start,...}) and
 * write their stacks when they exit; a running JVM gets it through
 * {@code jcmd PID JVMTI.agent_load} and writes it when {@link #stop} loads it again with {@code stop}.
 *
 * <p>The stacks are written under a hidden name with the JVM's pid ({@link #partialName}) beside the
 * asked file and {@link #collect collected} by rename. The perf event needs root, CAP_PERFMON, or
 * {@code perf_event_paranoid} 1 or less ({@link #refusal}).
 */
public final class AsyncProfiler {

    /** Another libasyncProfiler.so to use (e.g. an installed async-profiler's lib/). */
    public static final String ENV = "SWITCHCOST_ASYNC_PROFILER";
    static final String LIBRARY = "async-profiler/linux-x64/libasyncProfiler.so";
    /** The event, the split by thread, and collapsed text (stacks with counts) for {@code sample} to price and draw. */
    static final String PROFILE = "event=context-switches,threads,collapsed";

    private final Path library;

    public AsyncProfiler(Path library) {
        this.library = library;
    }

    /** The library: {@code $SWITCHCOST_ASYNC_PROFILER}, else the build's beside benchmarks.jar (or target/classes). */
    public static Optional<Path> locate() {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return Optional.of(Path.of(env).toAbsolutePath());
        }
        try {
            Path code = Path.of(AsyncProfiler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Optional.of(code.toAbsolutePath().getParent().resolve(LIBRARY));
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Why a flame graph of context switches cannot be made here, or null when it can.
     *
     * @param library  where the library should be (null: unknown)
     * @param arch     {@code os.arch}
     * @param paranoid {@code perf_event_paranoid}, or null when unreadable
     * @param root     whether this user is root (the JVM profiled is assumed to run as the same user)
     */
    public static String refusal(Path library, String arch, Integer paranoid, boolean root) {
        if (!arch.equals("amd64") && !arch.equals("x86_64")) {
            return "--flamegraph: the async-profiler built in is for linux-x64, this is " + arch
                    + "; point " + ENV + " at a libasyncProfiler.so for " + arch;
        }
        if (library == null || !Files.isReadable(library)) {
            return "--flamegraph: async-profiler not found (" + library + "); build it with mvn -B package -DskipTests"
                    + " or point " + ENV + " at a libasyncProfiler.so";
        }
        if (!root && paranoid != null && paranoid > 1) {
            return "--flamegraph: perf_event_paranoid=" + paranoid + " forbids the context-switches event to a non-root user;"
                    + " fix: sudo sysctl kernel.perf_event_paranoid=1, or run as root";
        }
        return null;
    }

    /** The hidden name the JVM {@code pid} (or async-profiler's {@code %p}) writes {@code file} under. */
    public static Path partialName(Path file, String pid) {
        Path abs = file.toAbsolutePath();
        return abs.resolveSibling("." + abs.getFileName() + "." + pid + ".partial");
    }

    /** The agent for a command's JVMs: each writes its stacks to its own {@link #partialName} when it exits. */
    public String agentOption(Path file) {
        return "-agentpath:" + library + "=start," + PROFILE + ",file=" + partialName(file, "%p");
    }

    /** {@code JAVA_TOOL_OPTIONS} with the agent added to what was there. */
    public static String javaToolOptions(String existing, String agent) {
        return existing == null || existing.isBlank() ? agent : existing.strip() + " " + agent;
    }

    /**
     * The file name must survive the agent's option syntax: JAVA_TOOL_OPTIONS splits at white space,
     * the agent's options at commas.
     *
     * @return why {@code file} cannot be given to the agent, or null
     */
    public static String unusableName(Path file) {
        String s = file.toAbsolutePath().toString();
        return s.matches(".*[\\s,=].*") ? "--flamegraph " + file + ": the path has a space, comma or '=', which the agent's"
                + " options cannot carry; choose another name" : null;
    }

    /** Whether {@code pid} is a HotSpot JVM (libjvm.so mapped). */
    public static boolean isJvm(long pid) {
        try {
            return ProcText.lines(Path.of("/proc", String.valueOf(pid), "maps")).stream().anyMatch(l -> l.endsWith("/libjvm.so"));
        } catch (IOException e) {
            return false;
        }
    }

    /** Starts profiling the running JVM {@code pid} (see {@link #isJvm}). @throws SwitchcostException (environment) when refused */
    public void start(long pid) {
        jcmd(pid, jcmdCommand(pid, "start," + PROFILE));
    }

    /** Stops profiling {@code pid} and has it write the stacks to {@code partialName(file, pid)}. */
    public void stop(long pid, Path file) {
        jcmd(pid, stopCommand(pid, file));
    }

    /** The command that {@link #stop}s profiling {@code pid}, for a {@link ProfilerWatchdog} to run after sample. */
    public List<String> stopCommand(long pid, Path file) {
        return jcmdCommand(pid, "stop," + PROFILE + ",file=" + partialName(file, String.valueOf(pid)));
    }

    /** {@code jcmd PID JVMTI.agent_load LIB OPTIONS}, with this JDK's jcmd. */
    private List<String> jcmdCommand(long pid, String options) {
        return Jcmd.command(pid, List.of("JVMTI.agent_load", library.toString(), "\"" + options + "\"")); // unquoted, jcmd splits at '='
    }

    /** Runs a {@link #jcmdCommand}, bounded ({@link Jcmd}); a failure is an environment error. */
    private static void jcmd(long pid, List<String> command) {
        Jcmd.Answer a;
        try {
            a = Jcmd.run(command, 30);
        } catch (IOException e) {
            throw SwitchcostException.environment("--flamegraph: cannot run jcmd (" + e.getMessage() + "); it comes with the JDK");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SwitchcostException.environment("--flamegraph: interrupted while jcmd talked to " + pid);
        }
        if (a.timedOut()) {
            throw SwitchcostException.environment("--flamegraph: jcmd " + pid + " did not answer in 30 s");
        }
        String why = jcmdFailure(a.exit(), a.output());
        if (why != null) {
            throw SwitchcostException.environment("--flamegraph: jcmd " + pid + " JVMTI.agent_load failed: " + why);
        }
    }

    private static final Pattern RETURN_CODE = Pattern.compile("return code: (-?\\d+)");

    /** @return why {@code jcmd ... JVMTI.agent_load} failed, from its exit code and output, or null when it did not */
    static String jcmdFailure(int exit, String output) {
        Matcher m = RETURN_CODE.matcher(output);
        boolean agentFailed = m.find() && !m.group(1).equals("0");
        if (exit == 0 && !agentFailed) {
            return null;
        }
        if (agentFailed) {
            return "async-profiler answered " + m.group(0) + " (the JVM's stderr says why)";
        }
        List<String> lines = output.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.matches("\\d+:")).toList();
        return lines.stream().filter(l -> l.contains("Exception")).findFirst()
                .or(() -> lines.stream().findFirst()).orElse("exit code " + exit);
    }

    /**
     * Renames what the JVMs wrote: the largest to {@code STEM.collapsed}, any other to {@code STEM.PID.collapsed} beside
     * {@code file} ({@code STEM} is its name without {@code .html}).
     *
     * @return the files written, the largest first; empty when no JVM wrote one
     */
    public static List<Path> collect(Path file) throws IOException {
        Path abs = file.toAbsolutePath();
        String prefix = "." + abs.getFileName() + ".";
        List<Path> written = new ArrayList<>();
        for (Path p : partials(file)) {
            String n = p.getFileName().toString();
            String pid = n.substring(prefix.length(), n.length() - ".partial".length());
            Path to = collapsedName(abs, written.isEmpty() ? null : pid);
            Files.move(p, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            written.add(to);
        }
        return written;
    }

    /** The collapsed stacks the JVMs wrote for {@code file}, not yet collected, the largest first. */
    public static List<Path> partials(Path file) throws IOException {
        Path abs = file.toAbsolutePath();
        Pattern ours = Pattern.compile(Pattern.quote("." + abs.getFileName() + ".") + "\\d+\\.partial");
        try (Stream<Path> s = Files.list(abs.getParent())) {
            return s.filter(p -> ours.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparingLong(AsyncProfiler::size).reversed()).toList();
        }
    }

    /** {@code STEM.collapsed} beside {@code file} (its name without {@code .html}), or {@code STEM.PID.collapsed} for another JVM. */
    public static Path collapsedName(Path file, String pid) {
        Path abs = file.toAbsolutePath();
        String name = abs.getFileName().toString();
        String stem = name.endsWith(".html") ? name.substring(0, name.length() - 5) : name;
        return abs.resolveSibling(stem + (pid == null ? "" : "." + pid) + ".collapsed");
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }
}
