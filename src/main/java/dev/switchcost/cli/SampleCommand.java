package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;
import dev.switchcost.derive.SampledThreads;
import dev.switchcost.measure.footprint.CpuLimit;
import dev.switchcost.measure.sample.AsyncProfiler;
import dev.switchcost.measure.sample.CarrierStacks;
import dev.switchcost.measure.sample.CommandUsage;
import dev.switchcost.measure.sample.JvmThreadNames;
import dev.switchcost.measure.sample.MachineSampler;
import dev.switchcost.measure.sample.PerfStatSampler;
import dev.switchcost.measure.sample.ThreadRole;
import dev.switchcost.measure.sample.ThreadSampler;
import dev.switchcost.measure.sample.VirtualThreads;
import dev.switchcost.render.ForecastText;
import dev.switchcost.render.SampleChart;
import dev.switchcost.render.SampleLimits;
import dev.switchcost.render.SampleLiveView;
import dev.switchcost.render.SampleTables;
import dev.switchcost.render.SampleVirtual;
import dev.switchcost.results.AtomicFiles;
import dev.switchcost.results.Bench;
import dev.switchcost.results.SampleCpuLimit;
import dev.switchcost.results.Results;
import dev.switchcost.results.SamplePlacement;
import dev.switchcost.session.SampleProfiler;
import dev.switchcost.session.SampleRecording;
import dev.switchcost.session.SampleStop;
import dev.switchcost.session.SampledCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * {@code switchcost sample -- COMMAND...} or {@code sample --pid PID}: every interval, samples the
 * machine ({@code /proc/stat}: cs, in, r, CPU split), every thread of the target's process tree
 * ({@code /proc/<pid>/task/<tid>/{status,schedstat}}: switches, CPU time, run-queue delay) and, for a
 * command where perf can count, {@code perf stat -I} counters. Prints a live view on stderr, then a
 * summary; writes CSV. Sampling ends when the command or process ends, at {@code --duration}, or on
 * Ctrl-C/SIGTERM (which stops a command, never a process given by {@code --pid}); what was sampled
 * is written in every case.
 */
@Command(name = "sample",
        footer = {
            "  switchcost sample -- sleep 2",
            "  switchcost sample --csv s.csv -- java -jar target/benchmarks.jar " + Bench.Names.FUTEX,
            "  switchcost sample --pid 4242 --duration 10s --flamegraph /tmp/fg.html"},
        versionProvider = VersionProvider.class,
        header = "Sample a command's or a running process's context switches, per thread, and the machine's.",
        description = {SampleHelp.WHAT, "", SampleHelp.COUNTS, "", SampleHelp.COMMAND, "", SampleHelp.FLAMEGRAPH, "",
                SampleHelp.COST, "", SampleHelp.LIMIT, "", SampleHelp.VIRTUAL})
public final class SampleCommand extends BaseCommand {

    static final Duration MIN_INTERVAL = Duration.ofMillis(100);

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
            description = "Results directory whose cost per switch prices the switches; repeat it to take the rows of several"
                    + " (default: " + CostRun.DEFAULT + ").")
    List<Path> costs = new ArrayList<>();

    @Option(names = "--other-machine", description = "Price with --costs results measured on another machine (CPU or kernel).")
    boolean otherMachine;

    @Option(names = "--working-set", paramLabel = "KiB",
            description = "Add what a switch costs through the caches, measured at this working set (KiB touched per thread "
                    + "between handoffs; the whole cost, in the switch and after it, where the results have it).")
    long workingSetKiB;

    @Option(names = "--flamegraph", paramLabel = "FILE",
            description = "Also write a flame graph of the CPU time the JVM's context switches cost, by stack (an HTML file,"
                    + " and STEM.counts.html in switches, STEM.json); JVMs only.")
    Path flamegraph;

    @Option(names = "--serve", paramLabel = "ADDR", description = "While sampling, serve the switch bill as OpenMetrics text at "
            + "http://ADDR/metrics for Prometheus (ADDR: 127.0.0.1:9464, or :9464 for every interface; port 0 picks a free one)."
            + " Prints the address first, and one line at the end instead of the live view and the summary.")
    String serve;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10",
            description = "Threads shown in the table of the busiest (default: ${DEFAULT-VALUE}).")
    int top;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command to run (after --).")
    List<String> command = new ArrayList<>();

    private final SampleRecording recording = new SampleRecording();
    /** When sampling stops: the command or process ended, --duration, or Ctrl-C/SIGTERM. */
    private SampleStop stop;
    private MachineSampler machine;
    private ThreadSampler tree;
    private PerfStatSampler perf;
    /** The command, once started; null for a --pid process. */
    private SampledCommand child;
    private ProcessHandle target;
    private final SampleLiveView liveView = new SampleLiveView(recording);
    private SampledThreads sampledThreads;
    /** The command's whole counts once the command was reaped (getrusage) or perf's output read (perf), or null. */
    private CommandUsage.Totals commandTotals;
    private SampleCost cost;
    private int allowedCpus;
    /** The profiler behind --flamegraph, or null. */
    private SampleProfiler profiler;
    @Mixin
    OutputDirMixin output;
    /** The scheduler's trace of wake-ups while sampling: the placement mix. */
    private SampleWakeups wakeups;
    /** The CPU limit of the target's cgroup, watched from the first /proc reading to the last; null until then. */
    private CpuLimit.Window limitWindow;
    private long limitStart;
    private CpuLimit.Watched limit;
    /** The server behind --serve, or null. */
    private SampleServe server;

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
        // Ctrl-C or SIGTERM: stop sampling, stop the command (never a --pid process), wait until all is written
        stop = new SampleStop(this::stopCommand);
        stop.takeSignals(serve != null ? this::stopCommand : null); // a server asked to stop exits 0, after its last line
        int exit;
        try {
            exit = sampleUntilEnd();
        } finally {
            stopCommand();
            Optional.ofNullable(server).ifPresent(SampleServe::close);
            recording.closeSamplers();
            if (wakeups != null) {
                wakeups.stop(tree, pid != null ? target.info().commandLine().orElse(null) : String.join(" ", command));
            }
            if (perf != null && !recording.has(perf)) {
                perf.close();
            }
        }
        try {
            if (server != null) {
                out().println("Stopped serving " + server.url() + ": " + end(exit, recording.rows()));
            } else {
                summary(exit);
            }
            // each file only when the one before was written
            int written = ExitCodes.OK;
            try {
                if (csv != null) {
                    AtomicFiles.writeString(csv.toAbsolutePath(), recording.csv());
                    writePlot();
                }
            } catch (SwitchcostException e) {
                err().println("switchcost: " + e.getMessage());
                written = ExitCodes.of(e.kind());
            }
            written = written == ExitCodes.OK ? collectFlameGraph() : written;
            if (written == ExitCodes.OK && output.dir() != null && limit != null) {
                Path file = AtomicFiles.writeString(Files.createDirectories(output.dir()).resolve(SampleCpuLimit.FILE),
                        SampleCpuLimit.of(limit).json());
                out().println("CPU limit and throttling: " + file);
            }
            if (written == ExitCodes.OK && output.dir() != null && placement() != null) {
                Path mix = AtomicFiles.writeString(Files.createDirectories(output.dir()).resolve(SamplePlacement.FILE), placement().json());
                out().println("Placement mix for forecast --sample " + output.dir() + ": " + mix + ", " + ForecastText.window(placement()));
            }
            return exit != 0 ? exit : written;
        } finally {
            stop.close();
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
        if (serve != null) {
            SampleServe.address(serve);
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
            SampledCommand.requireExecutable(command.get(0));
        }
        cost = SampleCost.load(costs, workingSetKiB, otherMachine);
        if (flamegraph != null) {
            profiler = SampleProfiler.check(flamegraph, pid);
        }
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

    /** @return the command's exit code, or 0 for a --pid process */
    private int sampleUntilEnd() throws Exception {
        machine = new MachineSampler();
        try {
            machine.start();
        } catch (IOException e) {
            throw SwitchcostException.environment(e.getMessage() + " (sample needs Linux /proc)");
        }
        recording.add(machine, "machine");
        recording.startClock();
        if (pid == null) {
            startCommand();
            if (child == null) {
                return 130; // Ctrl-C during the baseline: nothing was started
            }
        } else {
            target.onExit().thenRun(stop::stop);
            if (profiler != null) {
                profiler.attach(pid);
            }
        }
        allowedCpus = SampledCommand.allowedCpus(target.pid());
        tree = new ThreadSampler(target);
        limitWindow = CpuLimit.Window.start(Path.of("/"), String.valueOf(target.pid()));
        limitStart = System.nanoTime();
        tree.start();
        wakeups = SampleWakeups.start();
        recording.add(tree, "tree");
        if (serve != null) {
            Map.Entry<Double, String> price = cost.perSwitchNs(allowedCpus);
            server = SampleServe.start(SampleServe.address(serve), new SampleServe.Bills(SampleServe.MOST_THREADS, price.getKey(),
                    price.getValue(), CpuLimit.read(Path.of("/"), String.valueOf(target.pid()))), tree);
            out().println("Serving the switch bill of process " + target.pid() + " at " + server.url());
            out().flush();
        }
        if (perf != null) {
            perf.start();
            recording.add(perf, "perf");
        }
        loop();
        stopProfiler();
        if (perf != null && !stop.interrupted()) {
            Thread.sleep(100); // perf's last lines, written as the command ended
        }
        printRow(recording.add("run", recording.sampleAll())); // the last, partial interval
        limit = limitWindow.end((System.nanoTime() - limitStart) / 1e9);
        return child == null ? 0 : child.reap(tree.processesSeen(), left -> out().println("Stopped " + left.count()
                + " process" + (left.count() == 1 ? "" : "es") + " the command left running"
                + " (no process outlives sample): " + left.names()), totals -> commandTotals = totals);
    }

    private void startCommand() throws Exception {
        SampledCommand.Plan plan = SampledCommand.Plan.of(command, noPerf, interval);
        perf = plan.perf();
        if (plan.perfUnavailable() != null) {
            err().println("# " + plan.perfUnavailable());
        }
        if (!noBaseline) {
            Duration b = baselineLength(baseline, interval);
            err().println("# idle baseline: " + b.toMillis() / 1000.0 + " s of /proc/stat before starting the command");
            if (stop.await(b.toMillis(), TimeUnit.MILLISECONDS)) {
                return; // interrupted during the baseline
            }
            recording.add("baseline", List.of(machine.sample()));
        }
        child = SampledCommand.start(plan, command.get(0), env -> {
            if (profiler != null) {
                profiler.addAgent(env);
            }
        }, stop::stop);
        target = child.target();
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
            printRow(recording.add("run", recording.sampleAll()));
            if (server != null) {
                server.publish(tree);
            }
        }
    }

    /** SIGTERM to the command's tree, SIGKILL to whatever is left after the grace period. Safe to call twice. */
    private void stopCommand() {
        SampledCommand c = child;
        if (c != null) {
            c.stop();
        }
    }

    private void printRow(SampleRecording.Row r) {
        if (stop.interrupted() || server != null) {
            return; // the terminal is the user's again; a server has no live view
        }
        liveView.lines(r).forEach(this::live);
    }

    private void live(String line) {
        if (child != null) {
            child.output().println(err(), line);
        } else {
            err().println(line);
        }
    }

    private void summary(int exit) {
        List<SampleRecording.Row> rows = recording.rows();
        out().print(SampleTables.machineRates(rows, recording.column("machine.cs/s")));
        long[] totals = tree != null ? tree.totals() : new long[2];
        if (child != null && child.underPerf() && !stop.interrupted()) {
            commandTotals = child.usage().fromPerf(perf.totals()).orElse(null); // perf's output is read whole once it is closed
        }
        CommandUsage.Totals whole = commandTotals;
        long ms = interval.toMillis(); // the interval as said: "100 ms", "1 s"
        out().println(SampleTables.tree(whole, totals, pid != null ? "Process " + pid + " and its children" : "Command's process tree",
                ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms"));
        if (limit != null) {
            out().println(SampleLimits.cpuLimit(limit));
        }
        // the busiest threads, and the threads by role where a JVM was recognised
        if (tree != null && tree.seconds() > 0) {
            Map<Integer, VirtualThreads.Result> virtual = VirtualThreads.ofProcesses(tree.threads());
            Map<Integer, String> names = JvmThreadNames.ofProcesses(tree.threads());
            Map<Integer, Set<String>> seen = CarrierStacks.byProcess(tree.threads(), names,
                    profiler == null ? Set.of() : SampleFlame.mountedTids(flamegraph));
            sampledThreads = SampledThreads.of(tree.threads(), tree.seconds(), names, VirtualThreads.carriers(virtual, seen));
            out().print(SampleTables.busiest(sampledThreads, top));
            SampleVirtual.lines(virtual, seen, profiler != null).forEach(out()::println);
        }
        if (whole != null) {
            cost.print(out(), whole.switchesPerSecond(), Double.isNaN(whole.cpus()) && sampledThreads != null
                    ? sampledThreads.total().cpuSeconds() / sampledThreads.seconds() : whole.cpus(), allowedCpus, placement(), waitMs());
        } else if (sampledThreads != null && sampledThreads.threads().stream().anyMatch(l -> l.switches() > 0)) {
            cost.print(out(), sampledThreads.total().switches(), sampledThreads.total().cpuSeconds() / sampledThreads.seconds(),
                    allowedCpus, placement(), waitMs());
        }
        if (placement() == null) {
            out().println("  Placement of the wake-ups: " + (wakeups == null ? "not traced" : wakeups.why()) + ".");
        }
        String end = end(exit, rows);
        String what = end.substring(0, 1).toUpperCase(Locale.ROOT) + end.substring(1);
        out().println(what + (csv != null ? "; samples in " + csv : ""));
    }

    /** Why sampling ended, in a few words. */
    private String end(int exit, List<SampleRecording.Row> rows) {
        double sampled = rows.isEmpty() ? 0 : rows.get(rows.size() - 1).elapsed();
        return stop.interrupted() ? "interrupted" : pid != null
                ? (target.isAlive() ? "sampled for " + String.format(Locale.ROOT, "%.1f", sampled) + " s" : "process " + pid + " ended")
                : "command exited with " + exit;
    }

    private SamplePlacement placement() {
        return wakeups == null ? null : wakeups.placement();
    }

    private double waitMs() {
        return sampledThreads == null ? Double.NaN : sampledThreads.total().waitMsPerSec();
    }

    /** A --pid JVM writes its graph now (a command's JVMs write theirs as they exit). */
    private void stopProfiler() {
        if (profiler == null) {
            return;
        }
        try {
            profiler.detach(target);
        } catch (SwitchcostException e) {
            err().println("switchcost: " + e.getMessage()); // said again below: no graph
        }
    }

    /**
     * Draws the stacks the JVMs wrote: --flamegraph FILE priced (and STEM.PID.html for a second JVM), see {@link SampleFlame}.
     *
     * @return 0, or 3 when none was written (said on stderr in one line)
     */
    private int collectFlameGraph() {
        if (profiler == null) {
            return ExitCodes.OK;
        }
        double cpuNs = sampledThreads == null ? Double.NaN : sampledThreads.total().cpuSeconds() * 1e9;
        try {
            List<Path> written = AsyncProfiler.collect(flamegraph);
            if (written.isEmpty()) {
                err().println("switchcost: --flamegraph: no JVM wrote a flame graph: " + (pid != null
                        ? "async-profiler did not stop in process " + pid + " (see its stderr)"
                        : "'" + command.get(0) + "' started no JVM that ran to its end (async-profiler profiles JVMs only)"));
                return ExitCodes.ENVIRONMENT;
            }
            SampleFlame.write(written, flamegraph, SampleFlame.Price.of(cost.prices(), placement(),
                    wakeups == null ? Map.of() : wakeups.byThread(), wakeups == null ? "not traced" : wakeups.why()), cpuNs,
                    sampledThreads == null ? Set.of() : sampledThreads.tids(ThreadRole.CARRIERS), out());
        } catch (IOException e) {
            err().println("switchcost: cannot write " + flamegraph + ": " + e.getMessage());
            return ExitCodes.FAILURE;
        }
        return ExitCodes.OK;
    }

    /**
     * The plot beside the CSV ({@code F.csv} → {@code F.png}): switches/s and run-queue delay over time
     * of the busiest threads (at most 8: more lines are unreadable); one that cannot be drawn or written throws.
     */
    private void writePlot() {
        if (sampledThreads == null) {
            return;
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
        } catch (IOException e) {
            throw new SwitchcostException(SwitchcostException.Kind.FAILURE, "cannot draw " + png + ": " + e.getMessage(), e);
        }
    }
}
