package dev.switchcost.session;

import dev.switchcost.SwitchcostException;
import dev.switchcost.launch.ParentDeath;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.sample.CommandUsage;
import dev.switchcost.measure.sample.PerfStatSampler;
import dev.switchcost.measure.sample.PerfSupport;
import dev.switchcost.measure.sample.ProcStatus;
import dev.switchcost.measure.sample.ProcText;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The command {@code switchcost sample} runs, from start to reaped: under perf stat where perf can count
 * ({@link Plan}), dying with switchcost ({@link ParentDeath}), its output forwarded between the live view's lines
 * ({@link ChildOutput}), its whole counts kept ({@link CommandUsage}); stopped with SIGTERM and, after
 * {@link #GRACE_SECONDS}, SIGKILL, with whatever it left running when it ended.
 *
 * @param target the process to sample: the command (perf's child where it runs under perf)
 * @param perf   the perf stat sampler the command runs under, or null
 */
public record SampledCommand(Process child, ProcessHandle target, CommandUsage usage, ChildOutput output, PerfStatSampler perf) {

    /** Seconds a command has to end after SIGTERM before it is killed. */
    public static final int GRACE_SECONDS = 3;

    /**
     * How the command will run.
     *
     * @param command         what to start: the command, under perf stat where perf counts, dying with switchcost
     * @param perf            the perf stat sampler the command runs under, or null
     * @param perfUnavailable why perf does not count here (one line), or null
     */
    public record Plan(List<String> command, PerfStatSampler perf, String perfUnavailable) {

        /** {@code command} under perf stat unless {@code noPerf} or perf cannot count here. */
        public static Plan of(List<String> command, boolean noPerf, Duration interval) throws IOException {
            List<String> toRun = command;
            PerfStatSampler perf = null;
            String why = null;
            if (!noPerf) {
                PerfSupport support = PerfSupport.probe();
                if (support.available()) {
                    perf = new PerfStatSampler(support, (int) interval.toMillis());
                    toRun = perf.wrap(ParentDeath.ofGrandchild(command)); // the command dies with perf's shell
                }
                why = support.unavailableLine();
            }
            return new Plan(ParentDeath.ofChild(toRun), perf, why); // and perf, or the command, with switchcost
        }
    }

    /**
     * Processes the command left running when it ended, stopped.
     *
     * @param names "name (pid N)", comma-separated
     */
    public record LeftRunning(int count, String names) {
    }

    /** The same answer with and without perf: a program that is not there is a usage error. */
    public static void requireExecutable(String program) {
        if (program.contains("/")) {
            if (!Files.isExecutable(Path.of(program)) || Files.isDirectory(Path.of(program))) {
                throw SwitchcostException.usage("cannot start '" + program + "': no such executable file");
            }
            return;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return;
            }
        }
        throw SwitchcostException.usage("cannot start '" + program + "': not found on PATH");
    }

    /** How many CPUs the process may run on (its Cpus_allowed_list), or this machine's count when unreadable. */
    public static int allowedCpus(long pid) {
        try {
            String list = ProcStatus.cpusAllowed(ProcText.lines(Path.of("/proc", String.valueOf(pid), "status")));
            if (list != null) {
                return CpuSet.parse(list).size();
            }
        } catch (IOException | IllegalArgumentException e) {
            // gone already, or a format we do not know: the machine's count
        }
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * The variable every process the command starts inherits, so that one it left running is found even when it
     * started and was orphaned between two readings ({@code bash -c 'sleep 302 & exit 0'}): Jenkins' process-tree
     * killer finds a build's leftovers the same way. A process that clears its environment escapes it.
     */
    static final String MARK = "SWITCHCOST_SAMPLE";
    private static final String mark = java.util.UUID.randomUUID().toString();

    /**
     * Starts {@code plan}'s command, its stdin the terminal's.
     *
     * @param name        the command's own name, for the one-line error when it cannot start
     * @param environment adds to the command's environment (the profiler's agent)
     * @param onExit      run once the command has exited
     */
    public static SampledCommand start(Plan plan, String name, Consumer<Map<String, String>> environment, Runnable onExit)
            throws InterruptedException {
        Process child;
        CommandUsage usage;
        try {
            ProcessBuilder pb = new ProcessBuilder(plan.command()).redirectInput(ProcessBuilder.Redirect.INHERIT);
            environment.accept(pb.environment());
            pb.environment().put(MARK, mark);
            usage = CommandUsage.start();
            child = pb.start();
        } catch (IOException e) {
            throw SwitchcostException.usage("cannot start '" + name + "': " + e.getMessage());
        }
        ChildOutput output = new ChildOutput(child, new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err));
        child.onExit().thenRun(() -> {
            usage.exited();
            onExit.run();
        });
        ProcessHandle target = plan.perf() != null ? workload(child) : child.toHandle();
        return new SampledCommand(child, target, usage, output, plan.perf());
    }

    /** Whether the command runs under perf stat (which then counts its switches whole). */
    public boolean underPerf() {
        return perf != null && perf.wraps();
    }

    /** The command perf runs (under a waiting shell): perf's child, once forked (perf itself if the command ended first). */
    private static ProcessHandle workload(Process perf) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (System.nanoTime() < deadline && perf.isAlive()) {
            Optional<ProcessHandle> c = perf.children().findFirst();
            if (c.isPresent()) {
                return c.get();
            }
            Thread.sleep(5);
        }
        return perf.toHandle();
    }

    /**
     * Once the command ended: stops what it left running, drains its output and reaps it.
     *
     * @param seen     every process the sampler saw in the tree, with its start time
     * @param leftOver told the processes the command left running, and that were stopped, when there were any
     * @param totals   given the command's whole counts from getrusage, when it was reaped and not under perf
     * @return the command's exit code (1 when it could not be reaped)
     */
    public int reap(Map<Long, Instant> seen, Consumer<LeftRunning> leftOver, Consumer<CommandUsage.Totals> totals) throws InterruptedException {
        stopLeftBehind(seen, leftOver);
        output.drain();
        boolean reaped = child.waitFor(GRACE_SECONDS + 2, TimeUnit.SECONDS);
        if (reaped && !underPerf()) {
            usage.fromGetrusage().ifPresent(totals);
        }
        int code = reaped ? child.exitValue() : 1;
        return perf != null ? perf.commandExit(code) : code;
    }

    /**
     * Processes the command started and left running when it ended (a background {@code &}, a daemon): they
     * were reparented away from its tree, so nothing would stop or sample them. Stopped as the tree is on
     * Ctrl-C, and named.
     */
    private void stopLeftBehind(Map<Long, Instant> seen, Consumer<LeftRunning> leftOver) {
        if (child.isAlive()) {
            return;
        }
        long root = target == null ? child.pid() : target.pid();
        // the same process, not a later one that got its pid: the start time the sampler saw must match
        long self = ProcessHandle.current().pid();
        List<ProcessHandle> left = Stream.concat(seen.entrySet().stream()
                .flatMap(e -> ProcessHandle.of(e.getKey()).filter(h -> h.isAlive()
                        && h.info().startInstant().map(e.getValue()::equals).orElse(false)).stream()), marked())
                .filter(h -> h.pid() != child.pid() && h.pid() != root && h.pid() != self)
                .collect(Collectors.toMap(ProcessHandle::pid, h -> h, (x, y) -> x, java.util.TreeMap::new)).values().stream()
                .toList();
        if (left.isEmpty()) {
            return;
        }
        String names = left.stream().map(h -> h.info().command().map(x -> Path.of(x).getFileName().toString()).orElse("?")
                + " (pid " + h.pid() + ")").collect(Collectors.joining(", "));
        stop(left);
        leftOver.accept(new LeftRunning(left.size(), names));
    }

    /** The live processes whose environment carries this sample's {@link #MARK}. */
    private static Stream<ProcessHandle> marked() {
        return ProcessHandle.allProcesses().filter(h -> {
            try {
                Path environ = Path.of("/proc", String.valueOf(h.pid()), "environ"); // NUL-terminated NAME=VALUE entries
                String env = "\0" + Files.readString(environ, StandardCharsets.ISO_8859_1);
                return env.contains("\0" + MARK + "=" + mark) && h.isAlive();
            } catch (IOException | RuntimeException e) {
                return false; // gone, or another user's: not ours
            }
        });
    }

    /** SIGTERM to the command's tree, SIGKILL to whatever is left after the grace period. Safe to call twice. */
    public void stop() {
        List<ProcessHandle> all;
        try (Stream<ProcessHandle> d = child.descendants()) {
            all = Stream.concat(d, Stream.of(child.toHandle())).toList();
        }
        stop(all);
    }

    /** SIGTERM to {@code all}, SIGKILL to whatever is left after the grace period. */
    private static void stop(List<ProcessHandle> all) {
        if (all.stream().noneMatch(ProcessHandle::isAlive)) {
            return;
        }
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
        while (System.nanoTime() < deadline && all.stream().anyMatch(ProcessHandle::isAlive)) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
