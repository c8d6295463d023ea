package dev.switchcost.cli;

import dev.switchcost.sample.PerfStatSampler;
import dev.switchcost.sample.PerfSupport;
import dev.switchcost.sample.ProcStatusSampler;
import dev.switchcost.sample.Sample;
import dev.switchcost.sample.Sampler;
import dev.switchcost.sample.VmstatSampler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code switchcost sample -- COMMAND...}: runs a command and, every interval, samples the machine
 * ({@code vmstat}: cs, in, r, us/sy/id/wa/st), the command's process tree (voluntary and involuntary
 * switches from {@code /proc}) and, where perf can count, {@code perf stat -I} counters of the
 * command. Prints a live table and a summary against an idle baseline taken first; writes CSV;
 * exits with the command's exit code. Ctrl-C stops the command and still writes what was sampled.
 */
@Command(name = "sample", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Run a command and sample vmstat, its threads' switches and perf counters.",
        description = {"Runs COMMAND and, every --interval, samples vmstat (machine-wide cs/s, in/s, runnable, CPU "
                + "split), the voluntary/involuntary context switches of COMMAND's process tree (/proc), and perf "
                + "stat -I counters of COMMAND where perf can count. Shows a live table, then a summary comparing "
                + "cs/s during the run with an idle baseline taken first. Exits with COMMAND's exit code; Ctrl-C "
                + "stops COMMAND and still writes what was sampled.",
                "",
                "Example: switchcost sample --csv results/futex.csv -- java -jar target/benchmarks.jar FutexPingPong"})
public final class SampleCommand extends BaseCommand {

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
            description = "Sampling interval, whole seconds (vmstat's resolution) (default: ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(names = "--baseline", paramLabel = "DURATION", defaultValue = "2s", converter = DurationConverter.class,
            description = "Idle baseline sampled before COMMAND starts (default: ${DEFAULT-VALUE}).")
    Duration baseline;

    @Option(names = "--no-baseline", description = "Skip the idle baseline.")
    boolean noBaseline;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write every sample to this CSV file.")
    Path csv;

    @Option(names = "--no-perf", description = "Do not attach perf stat to COMMAND.")
    boolean noPerf;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command to run (after --).")
    List<String> command = new ArrayList<>();

    /** One CSV/table row. */
    record Row(double elapsed, String phase, List<Double> values) {
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<String> header = new ArrayList<>();

    @Override
    protected int doCall() throws Exception {
        if (command.isEmpty()) {
            throw SwitchcostException.usage("no command to sample; put it after --, e.g. switchcost sample -- sleep 5");
        }
        if (interval.toMillis() % 1000 != 0) {
            throw SwitchcostException.usage("--interval " + interval.toMillis() + "ms: use whole seconds (vmstat counts per second), e.g. 1s or 2s");
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
        int seconds = (int) (interval.toMillis() / 1000);

        VmstatSampler vmstat = new VmstatSampler(seconds);
        try {
            vmstat.start();
        } catch (IOException e) {
            throw SwitchcostException.environment(e.getMessage());
        }
        List<Sampler> samplers = new ArrayList<>();
        samplers.add(vmstat);
        Process child = null;
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = null;
        try {
            header.addAll(List.of("elapsed_s", "phase"));
            vmstat.columns().forEach(c -> header.add("vmstat." + c));

            long t0 = System.nanoTime();
            double baselineMean = Double.NaN;
            if (!noBaseline) {
                out().println("# idle baseline: " + baseline.toMillis() + " ms of vmstat before starting the command");
                long end = System.nanoTime() + baseline.toNanos();
                // vmstat's first interval row arrives one interval after it starts
                Thread.sleep(Math.max(baseline.toMillis(), interval.toMillis()) + 100);
                DoubleSummaryStatistics base = new DoubleSummaryStatistics();
                Sample s = vmstat.sample();
                if (!Double.isNaN(s.get("cs"))) {
                    base.accept(s.get("cs"));
                }
                while (System.nanoTime() < end) {
                    Thread.sleep(50);
                }
                baselineMean = base.getCount() == 0 ? Double.NaN : base.getAverage();
                addRow(t0, "baseline", List.of(s), List.of(vmstat));
            }

            ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
            try {
                child = pb.start();
            } catch (IOException e) {
                throw SwitchcostException.usage("cannot start '" + command.get(0) + "': " + e.getMessage());
            }
            final Process running = child;
            hook = new Thread(() -> {
                // Ctrl-C: stop the child (and its tree), let the loop below write what it has.
                running.descendants().forEach(ProcessHandle::destroy);
                running.destroy();
                try {
                    done.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "switchcost-sample-interrupt");
            Runtime.getRuntime().addShutdownHook(hook);

            ProcStatusSampler tree = new ProcStatusSampler(child.toHandle());
            tree.start();
            samplers.add(tree);
            tree.columns().forEach(c -> header.add("tree." + c));
            if (!noPerf) {
                PerfSupport perf = PerfSupport.probe();
                if (perf.available()) {
                    PerfStatSampler ps = new PerfStatSampler(perf, child.pid(), (int) interval.toMillis());
                    try {
                        ps.start();
                        samplers.add(ps);
                        ps.columns().forEach(c -> header.add("perf." + c));
                    } catch (IOException e) {
                        out().println("# perf stat not attached: " + e.getMessage());
                    }
                }
                String why = perf.unavailableLine();
                if (why != null) {
                    out().println("# " + why);
                }
            }
            printHeader();
            long next = System.nanoTime() + interval.toNanos();
            while (true) {
                boolean exited = child.waitFor(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (exited) {
                    break;
                }
                next += interval.toNanos();
                List<Sample> ss = new ArrayList<>();
                for (Sampler s : samplers) {
                    ss.add(s.sample());
                }
                printRow(addRow(t0, "run", ss, samplers));
            }
            // the last partial interval
            List<Sample> ss = new ArrayList<>();
            for (Sampler s : samplers) {
                ss.add(s.sample());
            }
            printRow(addRow(t0, "run", ss, samplers));
            int exit = child.exitValue();
            summary(baselineMean, tree.totals(), exit);
            return exit;
        } finally {
            for (Sampler s : samplers) {
                s.close();
            }
            writeCsv();
            done.countDown();
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl-C: the hook is running
                }
            }
        }
    }

    private Row addRow(long t0, String phase, List<Sample> samples, List<Sampler> samplers) {
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

    private void printHeader() {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%8s", "t(s)"));
        for (String h : header.subList(2, header.size())) {
            b.append(' ').append(String.format(Locale.ROOT, "%" + width(h) + "s", h));
        }
        out().println(b);
        out().flush();
    }

    private void printRow(Row r) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%8.1f", r.elapsed()));
        for (int i = 0; i < r.values().size(); i++) {
            String h = header.get(i + 2);
            b.append(' ').append(String.format(Locale.ROOT, "%" + width(h) + "s", format(r.values().get(i))));
        }
        out().println(b);
        out().flush();
    }

    private static int width(String column) {
        return Math.max(9, column.length());
    }

    private static String format(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e12 ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private void summary(double baselineMean, long[] treeTotals, int exit) {
        int cs = header.indexOf("vmstat.cs") - 2;
        DoubleSummaryStatistics run = new DoubleSummaryStatistics();
        synchronized (rows) {
            for (Row r : rows) {
                if (r.phase().equals("run") && !Double.isNaN(r.values().get(cs))) {
                    run.accept(r.values().get(cs));
                }
            }
        }
        out().println();
        out().println("Summary (machine-wide context switches per second, from vmstat):");
        out().printf(Locale.ROOT, "  idle baseline  mean %s%n", Double.isNaN(baselineMean) ? "n/a" : format(Math.round(baselineMean)));
        if (run.getCount() > 0) {
            out().printf(Locale.ROOT, "  during run     mean %s, max %s (%d samples)%n", format(Math.round(run.getAverage())),
                    format(run.getMax()), run.getCount());
            if (!Double.isNaN(baselineMean)) {
                out().printf(Locale.ROOT, "  run - baseline mean %s cs/s%n", format(Math.round(run.getAverage() - baselineMean)));
            }
        } else {
            out().println("  during run     no vmstat interval completed (the command ended within one interval)");
        }
        out().printf(Locale.ROOT, "Command's process tree: %d voluntary, %d involuntary switches (from /proc)%n",
                treeTotals[0], treeTotals[1]);
        out().println("Command exited with " + exit + (csv != null ? "; samples in " + csv : ""));
        out().flush();
    }

    private void writeCsv() {
        if (csv == null) {
            return;
        }
        StringBuilder b = new StringBuilder(String.join(",", header)).append('\n');
        synchronized (rows) {
            for (Row r : rows) {
                b.append(String.format(Locale.ROOT, "%.3f", r.elapsed())).append(',').append(r.phase());
                for (int i = 0; i < header.size() - 2; i++) {
                    Double v = i < r.values().size() ? r.values().get(i) : Double.NaN;
                    b.append(',').append(Double.isNaN(v) ? "" : format(v));
                }
                b.append('\n');
            }
        }
        try {
            Files.writeString(csv, b.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            err().println("switchcost: cannot write " + csv + ": " + e.getMessage());
        }
    }

}
