package dev.switchcost.measure.nativebaseline;

import dev.switchcost.launch.ParentDeath;
import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.footprint.CpuLimit;
import dev.switchcost.measure.sample.Interference;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Finds and runs the native baseline programs. They live in {@code target/native}, beside
 * {@code target/benchmarks.jar} (or {@code target/classes} in a development build); override with
 * {@code -Dswitchcost.native.dir} or {@code SWITCHCOST_NATIVE_DIR}.
 */
public final class NativeRunner {

    public static final String DIR_PROPERTY = "switchcost.native.dir";
    public static final String DIR_ENV = "SWITCHCOST_NATIVE_DIR";

    private final Path dir;

    public NativeRunner(Path dir) {
        this.dir = dir;
    }

    public static NativeRunner locate() {
        String chosen = System.getProperty(DIR_PROPERTY, System.getenv(DIR_ENV));
        if (chosen != null && !chosen.isBlank()) {
            return new NativeRunner(Path.of(chosen));
        }
        try {
            Path codeSource = Path.of(NativeRunner.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // target/benchmarks.jar or target/classes -> target/native
            return new NativeRunner(codeSource.toAbsolutePath().getParent().resolve("native"));
        } catch (URISyntaxException | RuntimeException e) {
            return new NativeRunner(Path.of("target", "native"));
        }
    }

    public Path dir() {
        return dir;
    }

    /** Why the programs cannot run here, or empty when all are built and executable. */
    public Optional<String> unavailableReason() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return Optional.of("the native baseline needs Linux; this is " + System.getProperty("os.name"));
        }
        List<String> missing = Arrays.stream(NativeProgram.values()).map(NativeProgram::executable)
                .filter(exe -> !Files.isExecutable(dir.resolve(exe))).toList();
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        Path why = dir.resolve("UNAVAILABLE");
        if (Files.isReadable(why)) {
            try {
                return Optional.of(Files.readString(why).trim());
            } catch (IOException e) {
                // fall through to the generic reason
            }
        }
        return Optional.of("native programs " + missing + " not built in " + dir
                + "; build them with scripts/build-native.sh (needs a C compiler)");
    }

    /** @return the compiler that built the programs (the first line of its {@code --version}, written by build-native.sh) */
    public Optional<String> builtWith() {
        try {
            return Optional.of(Files.readString(dir.resolve("COMPILER")).strip()).filter(line -> !line.isEmpty());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** @return the compiler scripts/build-native.sh uses: {@code $CC}, else {@code cc} */
    public static String compilerName() {
        String cc = System.getenv("CC");
        return cc == null || cc.isBlank() ? "cc" : cc;
    }

    /** @return where {@link #compilerName()} is: itself when it is a path, else the first PATH entry holding it */
    public static Optional<Path> compilerOnPath() {
        String cc = compilerName();
        if (cc.contains("/")) {
            return Files.isExecutable(Path.of(cc)) ? Optional.of(Path.of(cc)) : Optional.empty();
        }
        String path = System.getenv("PATH");
        return Arrays.stream((path == null ? "" : path).split(File.pathSeparator)).filter(d -> !d.isEmpty())
                .map(d -> Path.of(d, cc)).filter(Files::isExecutable).findFirst();
    }

    /**
     * Runs one program and parses its lines. The placement is resolved here, with
     * {@link Placement#assignHere()} as the JVM rows resolve theirs, and the program is given the
     * CPUs ({@link #command}). Its output is read on other threads, so the timeout fires even when a
     * hung program keeps stdout open; on timeout, interruption or JVM shutdown the program and its
     * children are killed ({@code SIGKILL}).
     *
     * @throws NativeRunException when the placement is unavailable here (exit code 3), or the program exits
     *                            non-zero (with its stderr), times out, is interrupted, or prints no result
     */
    public List<NativeResult> run(NativeProgram program, Placement placement, long roundTrips, int repetitions,
                                  long timeoutSeconds) {
        return runParsed(program.executable(), placement, roundTrips, repetitions, program.extraArgs(), timeoutSeconds,
                NativeResultParser::parse, false);
    }

    /**
     * One run of a program with what others took of the CPUs it ran on meanwhile.
     *
     * @param result       a {@link NativeResult}, or a program's own line that holds one ({@link NativeSpinResult})
     * @param interference from {@code /proc/stat} and every task's {@code stat} just before the program started
     *                     and just after it ended, less the program's own CPU time
     *                     ({@link Interference#ofProgram}); null when the program did not report that time
     *                     (built before {@code process_cpu_ns} existed)
     * @param throttling   what a CPU quota of this JVM's cgroup (which the program inherits) did over the same window
     *                     ({@link CpuLimit#between}); null when no cgroup sets a quota or it could not be read
     */
    public record Measured<R>(R result, Interference.Figures interference, CpuLimit.Throttling throttling) {
    }

    /**
     * Runs one repetition of a program as {@link #run} does, between two readings of the machine, so that
     * the same rule as a JVM trial's can judge it ({@code measure.jmh.Disturbance}).
     *
     * @throws NativeRunException as {@link #run}
     */
    public Measured<NativeResult> runMeasured(NativeProgram program, Placement placement, long roundTrips, long timeoutSeconds) {
        return measured(() -> run(program, placement, roundTrips, 1, timeoutSeconds).get(0), r -> r);
    }

    /** One repetition run by {@code once} between two readings of the machine, with its {@link Measured#interference}. */
    private static <R> Measured<R> measured(Supplier<R> once, Function<R, NativeResult> common) {
        CpuLimit limit = CpuLimit.ofThisProcess();
        Interference.Snapshot before = Interference.Snapshot.machine();
        Map<String, CpuLimit.Counters> throttleBefore = throttleCounters(limit);
        R r = once.get();
        Map<String, CpuLimit.Counters> throttleAfter = throttleCounters(limit);
        Interference.Snapshot after = Interference.Snapshot.machine();
        CpuLimit.Throttling throttling = throttleBefore == null || throttleAfter == null ? null
                : limit.between(throttleBefore, throttleAfter).orElse(null);
        return new Measured<>(r, interference(common.apply(r), before, after, CpuPinning.allowedCpus(), ProcessHandle.current().pid()),
                throttling);
    }

    /** The quota's counters now; null without a quota or when a {@code cpu.stat} cannot be read. */
    private static Map<String, CpuLimit.Counters> throttleCounters(CpuLimit limit) {
        try {
            return limit.quotas().isEmpty() ? null : limit.counters();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The interference figures of one program run: the measured CPUs are the ones it reports it was pinned
     * to, or every CPU it was allowed on ({@code allowed}, its parent's) when unpinned.
     *
     * @param selfPid the process that ran it: its threads are not others
     * @return null when the program did not report its own CPU time
     */
    static Interference.Figures interference(NativeResult r, Interference.Snapshot before, Interference.Snapshot after,
                                             CpuSet allowed, long selfPid) {
        if (r.processCpuNanos() < 0) {
            return null;
        }
        Set<Integer> measured = new TreeSet<>();
        (r.cpus().isBlank() ? allowed : CpuSet.parse(r.cpus())).stream().forEach(measured::add);
        return Interference.ofProgram(before, after, measured, r.processCpuNanos(), selfPid, r.roundTrips());
    }

    /**
     * One cell of {@code spin_futex}: the waiting strategy, the spin budget and the partner's reply delay.
     *
     * @param strategy PARK, SPIN or SPIN_THEN_PARK
     * @param budgetNs the spin budget, ns (0 for PARK and SPIN)
     * @param reply    the reply delay: ns, or {@code exp:MEAN}
     */
    public record SpinArgs(String strategy, long budgetNs, String reply) {
        List<String> args() {
            return List.of(strategy, Long.toString(budgetNs), reply);
        }
    }

    /** {@link #run} for one {@code spin_futex} cell, its lines parsed by {@link NativeResultParser#parseSpin}. */
    public List<NativeSpinResult> runSpin(Placement placement, long roundTrips, int repetitions, SpinArgs cell, long timeoutSeconds) {
        return runParsed(NativeProgram.SPIN_FUTEX.executable(), placement, roundTrips, repetitions, cell.args(), timeoutSeconds,
                NativeResultParser::parseSpin, true);
    }

    /** {@link #runMeasured} for one {@code spin_futex} cell. */
    public Measured<NativeSpinResult> runSpinMeasured(Placement placement, long roundTrips, SpinArgs cell, long timeoutSeconds) {
        return measured(() -> runSpin(placement, roundTrips, 1, cell, timeoutSeconds).get(0), NativeSpinResult::result);
    }

    /**
     * Runs one of the working-set programs ({@code ws_threads}, {@code ws_pipe_processes}, {@code ws_single}:
     * {@code [--cpus A,B] PLACEMENT ROUND_TRIPS REPETITIONS SIZE_KIB STRIDE_BYTES WALK}) as {@link #run} does,
     * and parses its lines with {@link NativeResultParser#parseWorkingSet}.
     */
    public List<NativeWorkingSetResult> runWorkingSet(String executable, Placement placement, long roundTrips, int repetitions,
                                                      long sizeKiB, long strideBytes, String walk, long timeoutSeconds) {
        return runParsed(executable, placement, roundTrips, repetitions,
                List.of(Long.toString(sizeKiB), Long.toString(strideBytes), walk), timeoutSeconds,
                NativeResultParser::parseWorkingSet, true);
    }

    /**
     * {@code executable PLACEMENT ROUND_TRIPS REPETITIONS extraArgs...}, parsed, one result per repetition; output
     * {@code parse} refuses is a {@link NativeRunException} if {@code wrapBadOutput} (spin, working set), else as thrown.
     */
    private <T> List<T> runParsed(String executable, Placement placement, long roundTrips, int repetitions, List<String> extraArgs,
                                  long timeoutSeconds, Function<List<String>, List<T>> parse, boolean wrapBadOutput) {
        List<String> args = new ArrayList<>(List.of(Long.toString(roundTrips), Integer.toString(repetitions)));
        args.addAll(extraArgs);
        List<String> command = command(dir.resolve(executable), placement.assignHere(), args);
        List<T> results;
        try {
            results = parse.apply(exec(executable, placement, command, timeoutSeconds));
        } catch (IllegalArgumentException e) {
            throw wrapBadOutput ? new NativeRunException(executable + ": " + e.getMessage(), 0) : e;
        }
        if (results.size() != repetitions) {
            throw new NativeRunException(executable + " printed " + results.size() + " results for " + repetitions + " repetitions", 0);
        }
        return results;
    }

    /**
     * A program's command line for a resolved placement: {@code EXE [--cpus A,B] PLACEMENT ARGS...}, the
     * CPUs those {@link Placement#assign} chose for side A and side B ({@code --cpus} left out when unpinned).
     *
     * @param args the arguments after the placement ({@code ROUND_TRIPS REPETITIONS ...})
     * @throws NativeRunException with exit code 3 when the placement is unavailable on this machine
     */
    static List<String> command(Path exe, Placement.Assignment where, List<String> args) {
        if (!where.isAvailable()) {
            throw new NativeRunException(exe.getFileName() + ": " + where, 3);
        }
        List<String> command = new ArrayList<>(List.of(exe.toString()));
        if (where.isPinned()) {
            command.addAll(List.of("--cpus", where.cpuA() + "," + where.cpuB()));
        }
        command.add(where.placement().name());
        command.addAll(args);
        return command;
    }

    /** Runs {@code command} to its end and returns its stdout lines; kills it (and its children) on timeout or interrupt. */
    private List<String> exec(String name, Placement placement, List<String> command, long timeoutSeconds) {
        Path exe = Path.of(command.get(0));
        // dies with this JVM whatever kills it (this thread waits for it: it lives as long as the program);
        // started from a thread confined to the allowed CPUs, so that every thread of the program,
        // UNPINNED or before it pins itself, may run on those only
        ProcessBuilder pb = new ProcessBuilder(ParentDeath.ofChild(command)).redirectInput(new File("/dev/null"));
        Process p;
        try (CpuPinning confined = CpuPinning.confineCurrentThread()) {
            p = pb.start();
        } catch (IOException e) {
            throw new NativeRunException(name + ": cannot start " + exe + ": " + e.getMessage(), -1);
        }
        Thread reaper = new Thread(() -> kill(p), "native-reaper-" + p.pid());
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            CompletableFuture<String> stderr = readAsync(p.getErrorStream(), "native-stderr-" + p.pid());
            CompletableFuture<String> stdout = readAsync(p.getInputStream(), "native-stdout-" + p.pid());
            try {
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    kill(p);
                    throw new NativeRunException(name + " " + placement + " did not finish within "
                            + timeoutSeconds + " s; killed", -1);
                }
            } catch (InterruptedException e) {
                kill(p);
                Thread.currentThread().interrupt();
                throw new NativeRunException(name + " interrupted; killed", -1);
            }
            int code = p.exitValue();
            if (code != 0) {
                String err = stderr.join().trim();
                String first = err.isEmpty() ? "(no message)" : err.lines().findFirst().orElse(err);
                throw new NativeRunException(first + " (" + name + " exit " + code + ")", code);
            }
            return stdout.join().lines().toList();
        } finally {
            if (p.isAlive()) {
                kill(p);
            }
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs (or ran) and kills it
            }
        }
    }

    /** SIGKILL to the program and everything it started, then a bounded wait for it to be gone (also {@code ab}'s runs). */
    public static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads a stream to its end on a daemon thread of its own (not the common pool, which a hung read would tie up). */
    private static CompletableFuture<String> readAsync(InputStream in, String name) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, read -> Thread.ofPlatform().name(name).daemon(true).start(read));
    }

    /** A native program failed; {@link #exitCode()} 3 means the placement is unavailable on this machine. */
    public static final class NativeRunException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int exitCode;

        public NativeRunException(String message, int exitCode) {
            super(message);
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }
}
