package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.SampledThreads;
import dev.switchcost.derive.SwitchCost;
import dev.switchcost.launch.ParentDeath;
import dev.switchcost.measure.affinity.CpuSet;
import dev.switchcost.measure.footprint.SystemLimits;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.measure.sample.AsyncProfiler;
import dev.switchcost.measure.sample.CommandUsage;
import dev.switchcost.measure.sample.MachineSampler;
import dev.switchcost.measure.sample.PerfStatSampler;
import dev.switchcost.measure.sample.PerfSupport;
import dev.switchcost.measure.sample.ProcStatus;
import dev.switchcost.measure.sample.ProcText;
import dev.switchcost.measure.sample.Sample;
import dev.switchcost.measure.sample.Sampler;
import dev.switchcost.measure.sample.ThreadSampler;
import dev.switchcost.render.SampleChart;
import dev.switchcost.render.SampleTables;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@code switchcost sample -- COMMAND...} or {@code sample --pid PID}: every interval, samples the
 * machine ({@code /proc/stat}: cs, in, r, CPU split), every thread of the target's process tree
 * ({@code /proc/<pid>/task/<tid>/{status,schedstat}}: switches, CPU time, run-queue delay) and, for a
 * command where perf can count, {@code perf stat -I} counters. Prints a live view on stderr, then a
 * summary; writes CSV. Sampling ends when the command or process ends, at {@code --duration}, or on
 * Ctrl-C/SIGTERM (which stops a command, never a process given by {@code --pid}); what was sampled
 * is written in every case.
 */
@Command(name = "sample", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Sample a command's or a running process's context switches, per thread, and the machine's.",
        description = {"Runs COMMAND (or watches the running process --pid PID) and, every --interval, samples the machine "
                + "(/proc/stat: cs/s, in/s, runnable, CPU split), every thread of the process tree (/proc: voluntary and "
                + "involuntary switches, CPU time, run-queue delay) and, for COMMAND where perf can count, perf stat -I "
                + "counters. Shows a live view on stderr (between COMMAND's lines, never inside one), then a summary. "
                + "Sampling ends when COMMAND or PID ends, after --duration, or on Ctrl-C/SIGTERM; what was sampled is "
                + "written in every case. Exits with COMMAND's exit code.",
                "",
                "The summary counts COMMAND's switches whole, start to end: getrusage of COMMAND and every process it "
                        + "waited for, or perf stat's sums where it runs under perf. The /proc readings cannot: a thread's "
                        + "counters go with it, so what it did after its last reading is missed. They price the switches; "
                        + "a --pid process is counted by its readings only.",
                "",
                "COMMAND's output is forwarded through switchcost (so its lines and the live view never mix; COMMAND sees "
                        + "pipes, not a terminal). It runs under perf stat when perf can count here, so its perf columns "
                        + "count COMMAND and every process it starts later; --no-perf runs it directly. On Ctrl-C, COMMAND "
                        + "gets SIGTERM, then SIGKILL after " + SampleCommand.GRACE_SECONDS + " s; a --pid process is left running.",
                "",
                "--flamegraph FILE adds async-profiler's flame graph of where the JVM's threads switched (the "
                        + "context-switches event, one tower per thread): COMMAND's JVMs get the agent through "
                        + "JAVA_TOOL_OPTIONS and write it as they exit (a second JVM's graph goes to FILE's stem.PID.html); "
                        + "a --pid JVM gets it through jcmd and writes it when sampling ends. It needs root or "
                        + "perf_event_paranoid <= 1; where it cannot be made, one line says why and sample exits 3.",
                "",
                "Examples: switchcost sample --csv results/futex.csv -- java -jar target/benchmarks.jar FutexPingPong",
                "          switchcost sample --pid 4242 --duration 10s --interval 250ms --flamegraph /tmp/fg.html"})
public final class SampleCommand extends BaseCommand {

    /** Seconds a command has to end after SIGTERM before it is killed. */
    static final int GRACE_SECONDS = 3;
    static final Duration MIN_INTERVAL = Duration.ofMillis(100);
    /** Rows of the live view between repeated headers. */
    static final int HEADER_EVERY = 20;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
            description = "Sampling interval, 100ms or more (default: ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Stop sampling after this long (default: until the command or process ends, or Ctrl-C).")
    Duration duration;

    @Option(names = "--pid", paramLabel = "PID", description = "Sample this running process (and its children) instead of a command.")
    Long pid;

    @Option(names = "--baseline", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Idle baseline of the machine sampled before COMMAND starts (default: 2s; none with --pid).")
    Duration baseline;

    @Option(names = "--no-baseline", description = "Skip the idle baseline.")
    boolean noBaseline;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write every sample to this CSV file.")
    Path csv;

    @Option(names = "--no-perf", description = "Do not run COMMAND under perf stat.")
    boolean noPerf;

    @Option(names = "--costs", paramLabel = "DIR",
            description = "Results directory whose cost per switch prices the switches (default: the latest under results/).")
    Path costs;

    @Option(names = "--working-set", paramLabel = "KiB",
            description = "Add what a switch costs through the caches, measured at this working set (KiB touched per thread "
                    + "between handoffs; the whole cost, in the switch and after it, where the results have it).")
    long workingSetKiB;

    @Option(names = "--flamegraph", paramLabel = "FILE",
            description = "Also write async-profiler's flame graph of the JVM's context switches (an HTML file); JVMs only.")
    Path flamegraph;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10",
            description = "Threads shown in the table of the busiest (default: ${DEFAULT-VALUE}).")
    int top;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command to run (after --).")
    List<String> command = new ArrayList<>();

    /** One CSV/table row. */
    record Row(double elapsed, String phase, List<Double> values) {
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<String> header = new ArrayList<>();
    private final List<Sampler> samplers = new ArrayList<>();
    /** Counted down when the command or process ends, or on Ctrl-C/SIGTERM. */
    private final CountDownLatch stop = new CountDownLatch(1);
    /** Counted down once everything is written: the shutdown hook waits for it. */
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean interrupted;
    private MachineSampler machine;
    private ThreadSampler tree;
    private PerfStatSampler perf;
    private Process child;
    private ProcessHandle target;
    private ChildOutput childOutput;
    private long t0;
    private int liveRows;
    private SampledThreads sampledThreads;
    /** The command's whole counts, start to end, or null for a --pid process. */
    private CommandUsage usage;
    /** {@link #usage}'s counts once the command was reaped (getrusage) or perf's output read (perf), or null. */
    private CommandUsage.Totals commandTotals;
    /** The results that price the switches, or null when there are none. */
    private Results costResults;
    private int allowedCpus;
    /** The profiler behind --flamegraph, or null. */
    private AsyncProfiler profiler;
    /** Whether a --pid JVM is being profiled (and must be told to stop). */
    private boolean profiling;

    /** The baseline's length: the asked one, or 2 s; refused when shorter than one interval. */
    static Duration baselineLength(Duration asked, Duration interval) {
        if (asked != null && asked.compareTo(interval) < 0) {
            throw SwitchcostException.usage("--baseline " + asked.toMillis() + "ms is shorter than --interval "
                    + interval.toMillis() + "ms: use a longer --baseline, or --no-baseline");
        }
        return asked != null ? asked : Duration.ofSeconds(2);
    }

    @Override
    protected int doCall() throws Exception {
        check();
        Thread hook = new Thread(this::onSignal, "switchcost-sample-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        int exit;
        try {
            exit = sampleUntilEnd();
        } finally {
            stopCommand();
            for (Sampler s : samplers) {
                s.close();
            }
            if (perf != null && !samplers.contains(perf)) {
                perf.close();
            }
        }
        try {
            summary(exit);
            int written = writeCsv();
            if (written == ExitCodes.OK) {
                written = writePlot();
            }
            if (written == ExitCodes.OK) {
                written = collectFlameGraph();
            }
            return exit != 0 ? exit : written;
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and waits for `finished`
            }
        }
    }

    /** Every option checked before anything starts. */
    private void check() {
        if (pid == null && command.isEmpty()) {
            throw SwitchcostException.usage("no command to sample; put it after --, e.g. switchcost sample -- sleep 5,"
                    + " or give --pid PID");
        }
        if (pid != null && !command.isEmpty()) {
            throw SwitchcostException.usage("give either --pid " + pid + " or a command after --, not both");
        }
        if (interval.compareTo(MIN_INTERVAL) < 0) {
            throw SwitchcostException.usage("--interval " + interval.toMillis() + "ms is too short: /proc is read at "
                    + MIN_INTERVAL.toMillis() + "ms or more (e.g. --interval 250ms)");
        }
        if (top < 1) {
            throw SwitchcostException.usage("--top " + top + ": give 1 or more threads");
        }
        if (pid != null) {
            Optional<ProcessHandle> p = ProcessHandle.of(pid);
            if (p.isEmpty() || !p.get().isAlive()) {
                throw SwitchcostException.usage("--pid " + pid + ": no such process");
            }
            if (!Files.isReadable(Path.of("/proc", String.valueOf(pid), "task"))) {
                throw SwitchcostException.environment("--pid " + pid + ": cannot read /proc/" + pid + "/task; run as its user or root");
            }
            target = p.get();
        } else {
            baselineLength(baseline, interval);
            requireExecutable(command.get(0));
        }
        loadCosts();
        checkFlameGraph();
        if (csv != null) {
            Path parent = csv.toAbsolutePath().getParent();
            if (parent == null || !Files.isDirectory(parent)) {
                throw SwitchcostException.usage("--csv " + csv + ": directory " + parent + " does not exist");
            }
            if (Files.isDirectory(csv)) {
                throw SwitchcostException.usage("--csv " + csv + " is a directory; give a file name");
            }
            if (!Files.isWritable(parent) || (Files.exists(csv) && !Files.isWritable(csv))) {
                throw SwitchcostException.usage("--csv " + csv + " is not writable");
            }
        }
    }

    /** --flamegraph: a name the agent can carry, in a writable directory, and a profiler that may run here. */
    private void checkFlameGraph() {
        if (flamegraph == null) {
            return;
        }
        String bad = AsyncProfiler.unusableName(flamegraph);
        if (bad != null) {
            throw SwitchcostException.usage(bad);
        }
        Path parent = flamegraph.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent) || Files.isDirectory(flamegraph)) {
            throw SwitchcostException.usage("--flamegraph " + flamegraph + ": give a file name in an existing, writable directory");
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
        profiler = new AsyncProfiler(library);
    }

    /** The results that price the switches: --costs, or the latest under results/; checked before sampling. */
    private void loadCosts() {
        if (workingSetKiB < 0) {
            throw SwitchcostException.usage("--working-set " + workingSetKiB + ": give a size in KiB, e.g. 256");
        }
        Path dir = costs != null ? costs : ResultsDir.latest(Path.of("results")).orElse(null);
        if (dir == null) {
            if (workingSetKiB > 0) {
                throw SwitchcostException.usage("--working-set needs results with the indirect cost: run switchcost indirect first");
            }
            return;
        }
        try {
            costResults = Results.load(dir);
            if (workingSetKiB > 0) {
                SwitchCost.of(costResults, 0, 0, 2, workingSetKiB);
                SwitchCost.of(costResults, 0, 0, 1, workingSetKiB);
            }
        } catch (IllegalArgumentException e) {
            throw SwitchcostException.usage((costs != null ? "--costs " : "") + e.getMessage());
        }
    }

    /** The same answer with and without perf: a program that is not there is a usage error. */
    static void requireExecutable(String program) {
        if (program.contains("/")) {
            if (!Files.isExecutable(Path.of(program)) || Files.isDirectory(Path.of(program))) {
                throw SwitchcostException.usage("cannot start '" + program + "': no such executable file");
            }
            return;
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return;
            }
        }
        throw SwitchcostException.usage("cannot start '" + program + "': not found on PATH");
    }

    /** @return the command's exit code, or 0 for a --pid process */
    private int sampleUntilEnd() throws Exception {
        machine = new MachineSampler();
        try {
            machine.start();
        } catch (IOException e) {
            throw SwitchcostException.environment(e.getMessage() + " (sample needs Linux /proc)");
        }
        samplers.add(machine);
        header.addAll(List.of("elapsed_s", "phase"));
        machine.columns().forEach(c -> header.add("machine." + c));
        t0 = System.nanoTime();
        if (pid == null) {
            startCommand();
            if (child == null) {
                return 130; // Ctrl-C during the baseline: nothing was started
            }
        } else {
            target.onExit().thenRun(stop::countDown);
            if (profiler != null) {
                profiler.start(pid);
                profiling = true;
            }
        }
        allowedCpus = allowedCpus(target.pid());
        tree = new ThreadSampler(target);
        tree.start();
        samplers.add(tree);
        tree.columns().forEach(c -> header.add("tree." + c));
        if (perf != null) {
            perf.start();
            samplers.add(perf);
            perf.columns().forEach(c -> header.add("perf." + c));
        }
        loop();
        stopProfiler();
        if (perf != null && !interrupted) {
            Thread.sleep(100); // perf's last lines, written as the command ended
        }
        printRow(addRow("run", sampleAll())); // the last, partial interval
        if (child == null) {
            return 0;
        }
        stopLeftBehind();
        if (childOutput != null) {
            childOutput.drain();
        }
        boolean reaped = child.waitFor(GRACE_SECONDS + 2, TimeUnit.SECONDS);
        if (reaped && !underPerf()) {
            commandTotals = usage.fromGetrusage().orElse(null);
        }
        int code = reaped ? child.exitValue() : ExitCodes.FAILURE;
        return perf != null ? perf.commandExit(code) : code;
    }

    private void startCommand() throws Exception {
        List<String> toRun = command;
        if (!noPerf) {
            PerfSupport support = PerfSupport.probe();
            if (support.available()) {
                perf = new PerfStatSampler(support, (int) interval.toMillis());
                toRun = perf.wrap(ParentDeath.ofGrandchild(command)); // the command dies with perf's shell
            }
            String why = support.unavailableLine();
            if (why != null) {
                err().println("# " + why);
            }
        }
        toRun = ParentDeath.ofChild(toRun); // and perf, or the command, with switchcost
        if (!noBaseline) {
            Duration b = baselineLength(baseline, interval);
            err().println("# idle baseline: " + b.toMillis() / 1000.0 + " s of /proc/stat before starting the command");
            err().flush();
            if (stop.await(b.toMillis(), TimeUnit.MILLISECONDS)) {
                return; // interrupted during the baseline
            }
            addRow("baseline", List.of(machine.sample()));
        }
        try {
            ProcessBuilder pb = new ProcessBuilder(toRun).redirectInput(ProcessBuilder.Redirect.INHERIT);
            if (profiler != null) {
                pb.environment().merge("JAVA_TOOL_OPTIONS", profiler.agentOption(flamegraph), AsyncProfiler::javaToolOptions);
            }
            usage = CommandUsage.start();
            child = pb.start();
        } catch (IOException e) {
            throw SwitchcostException.usage("cannot start '" + command.get(0) + "': " + e.getMessage());
        }
        childOutput = new ChildOutput(child, new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err));
        CommandUsage u = usage;
        child.onExit().thenRun(() -> {
            if (u != null) {
                u.exited();
            }
            stop.countDown();
        });
        target = perf != null ? workload(child) : child.toHandle();
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

    /** How many CPUs the process may run on (its Cpus_allowed_list), or this machine's count when unreadable. */
    private static int allowedCpus(long pid) {
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

    /** Samples every interval until the target ends, --duration passes, or a signal comes. */
    private void loop() throws InterruptedException {
        long start = System.nanoTime();
        long deadline = duration == null ? Long.MAX_VALUE : start + duration.toNanos();
        long next = start + interval.toNanos();
        while (true) {
            long until = Math.min(next, deadline);
            if (stop.await(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS) || until == deadline) {
                return;
            }
            next += interval.toNanos();
            printRow(addRow("run", sampleAll()));
        }
    }

    private List<Sample> sampleAll() {
        List<Sample> ss = new ArrayList<>();
        for (Sampler s : samplers) {
            ss.add(s.sample());
        }
        return ss;
    }

    /** Ctrl-C or SIGTERM: stop sampling, stop the command (never a --pid process), wait until all is written. */
    private void onSignal() {
        interrupted = true;
        stop.countDown();
        stopCommand();
        try {
            finished.await(GRACE_SECONDS + 10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Processes the command started and left running when it ended (a background {@code &}, a daemon): they
     * were reparented away from its tree, so nothing would stop or sample them. Stopped as the tree is on
     * Ctrl-C, and named in one line.
     */
    private void stopLeftBehind() {
        Process c = child;
        if (c == null || tree == null || c.isAlive()) {
            return;
        }
        long root = target == null ? c.pid() : target.pid();
        // the same process, not a later one that got its pid: the start time the sampler saw must match
        List<ProcessHandle> left = tree.processesSeen().entrySet().stream()
                .filter(e -> e.getKey() != c.pid() && e.getKey() != root && e.getKey() != ProcessHandle.current().pid())
                .flatMap(e -> ProcessHandle.of(e.getKey()).filter(h -> h.isAlive()
                        && h.info().startInstant().map(e.getValue()::equals).orElse(false)).stream())
                .toList();
        if (left.isEmpty()) {
            return;
        }
        String names = left.stream().map(h -> h.info().command().map(x -> Path.of(x).getFileName().toString()).orElse("?")
                + " (pid " + h.pid() + ")").collect(Collectors.joining(", "));
        stop(left);
        out().println("Stopped " + left.size() + " process" + (left.size() == 1 ? "" : "es")
                + " the command left running (no process outlives sample): " + names);
    }

    /** SIGTERM to the command's tree, SIGKILL to whatever is left after the grace period. Safe to call twice. */
    private void stopCommand() {
        Process c = child;
        if (c == null) {
            return;
        }
        List<ProcessHandle> all;
        try (Stream<ProcessHandle> d = c.descendants()) {
            all = Stream.concat(d, Stream.of(c.toHandle())).toList();
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

    private Row addRow(String phase, List<Sample> samples) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            for (String c : samplers.get(i).columns()) {
                values.add(samples.get(i).get(c));
            }
        }
        Row r = new Row((System.nanoTime() - t0) / 1e9, phase, values);
        synchronized (rows) {
            rows.add(r);
        }
        return r;
    }

    /** The live view's columns: what a reader follows; the CSV has all. */
    private static final List<String> LIVE = List.of("machine.cs/s", "machine.r", "machine.us%", "machine.sy%", "tree.vol/s",
            "tree.invol/s", "tree.wait-ms/s", "tree.cpus", "tree.threads", "perf.context-switches/s");

    private void printRow(Row r) {
        if (interrupted) {
            return; // the terminal is the user's again
        }
        if (liveRows++ % HEADER_EVERY == 0) {
            live(line(String.format(Locale.ROOT, "%8s", "t(s)"), c -> String.format(Locale.ROOT, "%" + width(c) + "s", c)));
        }
        live(line(String.format(Locale.ROOT, "%8.1f", r.elapsed()), c -> {
            int i = header.indexOf(c) - 2;
            return String.format(Locale.ROOT, "%" + width(c) + "s", format(r.values().get(i)));
        }));
    }

    private String line(String first, Function<String, String> cell) {
        StringBuilder b = new StringBuilder(first);
        for (String c : LIVE) {
            if (header.contains(c)) {
                b.append(' ').append(cell.apply(c));
            }
        }
        return b.toString();
    }

    private void live(String line) {
        if (childOutput != null) {
            childOutput.println(err(), line);
        } else {
            err().println(line);
            err().flush();
        }
    }

    private static int width(String column) {
        return Math.max(9, column.length());
    }

    private static String format(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e12 ? String.valueOf((long) v)
                : String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%.1f", v);
    }

    private void summary(int exit) {
        int cs = header.indexOf("machine.cs/s") - 2;
        DoubleSummaryStatistics run = new DoubleSummaryStatistics();
        double baselineMean = Double.NaN;
        double sampled = 0;
        synchronized (rows) {
            for (Row r : rows) {
                if (r.phase().equals("baseline")) {
                    baselineMean = r.values().get(cs);
                } else if (!Double.isNaN(r.values().get(cs))) {
                    run.accept(r.values().get(cs));
                }
                sampled = r.elapsed();
            }
        }
        out().println();
        out().println("Summary (machine-wide context switches per second, from /proc/stat):");
        if (!Double.isNaN(baselineMean)) {
            out().printf(Locale.ROOT, "  idle baseline  %s%n", format(Math.round(baselineMean)));
        }
        if (run.getCount() > 0) {
            out().printf(Locale.ROOT, "  during run     mean %s, max %s (%d samples)%n", format(Math.round(run.getAverage())),
                    format(Math.round(run.getMax())), run.getCount());
        }
        long[] totals = tree != null ? tree.totals() : new long[2];
        if (underPerf() && usage != null && !interrupted) {
            commandTotals = usage.fromPerf(perf.totals()).orElse(null); // perf's output is read whole once it is closed
        }
        CommandUsage.Totals whole = commandTotals;
        if (whole != null) {
            out().printf(Locale.ROOT, "Command's process tree: %s%s in %.2f s (%s); /proc readings every %s saw %d of them%n",
                    whole.split() ? whole.voluntary() + " voluntary, " + whole.involuntary() + " involuntary switches"
                            : whole.switches() + " switches",
                    Double.isNaN(whole.cpuSeconds()) ? "" : String.format(Locale.ROOT, " and %.2f s of CPU", whole.cpuSeconds()),
                    whole.seconds(), whole.source() == CommandUsage.Source.GETRUSAGE
                            ? "getrusage: the command and every process it waited for"
                            : "perf stat: every process of the command, and the shell that keeps its exit code",
                    every(), totals[0] + totals[1]);
        } else {
            out().printf(Locale.ROOT, "%s: %d voluntary, %d involuntary switches (from /proc, read every %s: what a thread did"
                            + " after its last reading is not in them)%n",
                    pid != null ? "Process " + pid + " and its children" : "Command's process tree", totals[0], totals[1],
                    every());
        }
        threadTables();
        if (whole != null) {
            costLine(whole.switchesPerSecond(), Double.isNaN(whole.cpus()) && sampledThreads != null
                    ? sampledThreads.total().cpuSeconds() / sampledThreads.seconds() : whole.cpus());
        } else if (sampledThreads != null && sampledThreads.threads().stream().anyMatch(l -> l.switches() > 0)) {
            costLine(sampledThreads.total().switches(), sampledThreads.total().cpuSeconds() / sampledThreads.seconds());
        }
        String end = interrupted ? "interrupted" : pid != null
                ? (target.isAlive() ? "sampled for " + String.format(Locale.ROOT, "%.1f", sampled) + " s" : "process " + pid + " ended")
                : "command exited with " + exit;
        String what = end.substring(0, 1).toUpperCase(Locale.ROOT) + end.substring(1);
        out().println(what + (csv != null ? "; samples in " + csv : ""));
        out().flush();
    }

    /** Whether the command runs under perf stat (which then counts its switches whole). */
    private boolean underPerf() {
        return perf != null && perf.wraps();
    }

    /** The sampling interval as said: "100 ms", "1 s". */
    private String every() {
        long ms = interval.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }

    /** The busiest threads, and the threads by role where a JVM was recognised. */
    private void threadTables() {
        if (tree == null || !(tree.seconds() > 0)) {
            return;
        }
        SampledThreads threads = SampledThreads.of(tree.threads(), tree.seconds());
        out().println();
        long switched = threads.threads().stream().filter(l -> l.switches() > 0).count();
        this.sampledThreads = threads;
        if (switched == 0) {
            out().printf(Locale.ROOT, "No thread of the %d sampled was seen to switch between the /proc readings (%.1f s).%n",
                    threads.threads().size(), threads.seconds());
            return;
        }
        out().printf(Locale.ROOT, "Busiest threads by switches per second (%d of the %d that switched, of %d threads, over %.1f s;"
                + " run-queue ms/s: time runnable but waiting for a CPU):%n", Math.min(top, switched), switched,
                threads.threads().size(), threads.seconds());
        out().print(SampleTables.threads(threads, top).text());
        if (threads.anyJvm()) {
            out().println();
            out().println("By role (JVM threads recognised by name):");
            out().print(SampleTables.roles(threads).text());
        }
    }

    /**
     * Switches/s × the measured cost per switch, or what to do to get one.
     *
     * @param switchesPerSecond the process tree's switches per second
     * @param cpus              its CPU time per second (1.0 = one CPU busy)
     */
    private void costLine(double switchesPerSecond, double cpus) {
        out().println();
        if (costResults == null) {
            out().println("Cost: no results: run `switchcost run --quick` first (or give --costs DIR) to price these switches.");
            return;
        }
        Optional<SwitchCost> c;
        try {
            c = SwitchCost.of(costResults, switchesPerSecond, cpus, allowedCpus, workingSetKiB);
        } catch (IllegalArgumentException e) {
            out().println("Cost: " + e.getMessage());
            return;
        }
        if (c.isEmpty()) {
            out().println("Cost: " + costResults.source() + " has no futex handoff figure: run `switchcost run --quick` first.");
            return;
        }
        List<SwitchCost.Difference> diff = Optional.ofNullable(costResults.machine())
                .map(m -> SwitchCost.differences(m, MachineProbe.collect(Path.of("/")))).orElse(List.of());
        SampleTables.cost(c.get(), costResults.source().toString(), diff).forEach(out()::println);
    }

    /** A --pid JVM writes its graph now (a command's JVMs write theirs as they exit). */
    private void stopProfiler() {
        if (!profiling) {
            return;
        }
        profiling = false;
        if (target.isAlive()) {
            try {
                profiler.stop(pid, flamegraph);
            } catch (SwitchcostException e) {
                err().println("switchcost: " + e.getMessage()); // said again below: no graph
            }
        }
    }

    /**
     * Renames the graphs the JVMs wrote to --flamegraph FILE (and STEM.PID.html for a second JVM).
     *
     * @return 0, or 3 when none was written (said on stderr in one line)
     */
    private int collectFlameGraph() {
        if (profiler == null) {
            return ExitCodes.OK;
        }
        List<Path> written;
        try {
            written = AsyncProfiler.collect(flamegraph);
        } catch (IOException e) {
            err().println("switchcost: cannot write " + flamegraph + ": " + e.getMessage());
            return ExitCodes.FAILURE;
        }
        if (written.isEmpty()) {
            err().println("switchcost: --flamegraph: no JVM wrote a flame graph: " + (pid != null
                    ? "async-profiler did not stop in process " + pid + " (see its stderr)"
                    : "'" + command.get(0) + "' started no JVM that ran to its end (async-profiler profiles JVMs only)"));
            return ExitCodes.ENVIRONMENT;
        }
        out().println("Flame graph of where the JVM's threads switched (async-profiler, context-switches, by thread): "
                + written.get(0) + (written.size() > 1 ? "; other JVMs: " + String.join(", ",
                written.subList(1, written.size()).stream().map(Path::toString).toList()) : ""));
        return ExitCodes.OK;
    }

    /**
     * The plot beside the CSV ({@code F.csv} → {@code F.png}): switches/s and run-queue delay over time
     * of the busiest threads (at most 8: more lines are unreadable).
     */
    private int writePlot() {
        if (csv == null || sampledThreads == null) {
            return ExitCodes.OK;
        }
        Map<Long, String> top = new LinkedHashMap<>();
        sampledThreads.threads().stream().filter(l -> l.switches() > 0).limit(Math.min(this.top, 8))
                .forEach(l -> top.put(ThreadSampler.key(l.pid(), l.tid()), SampleTables.printable(l.name()) + " (" + l.tid() + ")"));
        String name = csv.getFileName().toString();
        Path png = csv.toAbsolutePath().resolveSibling((name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name) + ".png");
        try {
            Optional<byte[]> bytes = SampleChart.png(tree.history(), top);
            if (bytes.isPresent()) {
                AtomicFiles.writeBytes(png, bytes.get());
                out().println("Plot of the busiest threads over time: " + png);
            }
            return ExitCodes.OK;
        } catch (IOException e) {
            err().println("switchcost: cannot draw " + png + ": " + e.getMessage());
            return ExitCodes.FAILURE;
        } catch (SwitchcostException e) {
            err().println("switchcost: " + e.getMessage());
            return ExitCodes.of(e);
        }
    }

    /** Writes the CSV atomically. @return 0, or the exit code of why it could not be written, said on stderr */
    private int writeCsv() {
        if (csv == null) {
            return ExitCodes.OK;
        }
        StringBuilder b = new StringBuilder(String.join(",", header)).append('\n');
        synchronized (rows) {
            for (Row r : rows) {
                b.append(String.format(Locale.ROOT, "%.3f", r.elapsed())).append(',').append(r.phase());
                for (int i = 0; i < header.size() - 2; i++) {
                    double v = i < r.values().size() ? r.values().get(i) : Double.NaN;
                    b.append(',').append(Double.isNaN(v) ? "" : format(v));
                }
                b.append('\n');
            }
        }
        try {
            AtomicFiles.writeString(csv.toAbsolutePath(), b.toString());
            return ExitCodes.OK;
        } catch (SwitchcostException e) {
            err().println("switchcost: " + e.getMessage());
            return ExitCodes.of(e);
        }
    }
}
