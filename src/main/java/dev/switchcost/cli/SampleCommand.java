package dev.switchcost.cli;

import dev.switchcost.SwitchcostException;

import dev.switchcost.measure.sample.PerfStatSampler;
import dev.switchcost.measure.sample.PerfSupport;
import dev.switchcost.measure.sample.ProcStatusSampler;
import dev.switchcost.measure.sample.Sample;
import dev.switchcost.measure.sample.Sampler;
import dev.switchcost.measure.sample.VmstatSampler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
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
                "COMMAND runs under perf stat (when perf can count here), so its perf columns count COMMAND and every "
                        + "process it starts later, e.g. a JMH fork; --no-perf runs it directly.",
                "",
                "Example: switchcost sample --csv results/futex.csv -- java -jar target/benchmarks.jar FutexPingPong"})
public final class SampleCommand extends BaseCommand {

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
            description = "Sampling interval, whole seconds (vmstat's resolution) (default: ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(names = "--baseline", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Idle baseline sampled before COMMAND starts, in whole --interval steps "
                    + "(default: 2s, or one interval when that is longer).")
    Duration baseline;

    @Option(names = "--no-baseline", description = "Skip the idle baseline.")
    boolean noBaseline;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write every sample to this CSV file.")
    Path csv;

    @Option(names = "--no-perf", description = "Do not run COMMAND under perf stat.")
    boolean noPerf;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command to run (after --).")
    List<String> command = new ArrayList<>();

    /** One CSV/table row. */
    record Row(double elapsed, String phase, List<Double> values) {
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<String> header = new ArrayList<>();

    /**
     * The baseline's length: whole vmstat intervals (vmstat prints one row per interval), at least one.
     *
     * @throws SwitchcostException (usage) when an explicit baseline is shorter than one interval
     */
    static Duration baselineLength(Duration asked, Duration interval) {
        if (asked != null && asked.compareTo(interval) < 0) {
            throw SwitchcostException.usage("--baseline " + asked.toMillis() + "ms is shorter than --interval "
                    + interval.toSeconds() + "s: vmstat gives one row per interval; use --baseline " + interval.toSeconds()
                    + "s or more, or --no-baseline");
        }
        Duration wanted = asked != null ? asked : Duration.ofSeconds(2).compareTo(interval) > 0 ? Duration.ofSeconds(2) : interval;
        long steps = (wanted.toMillis() + interval.toMillis() - 1) / interval.toMillis();
        return interval.multipliedBy(Math.max(1, steps));
    }

    @Override
    protected int doCall() throws Exception {
        if (command.isEmpty()) {
            throw SwitchcostException.usage("no command to sample; put it after --, e.g. switchcost sample -- sleep 5");
        }
        if (interval.toMillis() % 1000 != 0) {
            throw SwitchcostException.usage("--interval " + interval.toMillis() + "ms: use whole seconds (vmstat counts per second), e.g. 1s or 2s");
        }
        Duration baselineFor = noBaseline ? Duration.ZERO : baselineLength(baseline, interval);
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
        PerfStatSampler perf = null;
        Process child = null;
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = null;
        int exit;
        try {
            header.addAll(List.of("elapsed_s", "phase"));
            vmstat.columns().forEach(c -> header.add("vmstat." + c));
            List<String> toRun = command;
            if (!noPerf) {
                PerfSupport support = PerfSupport.probe();
                if (support.available()) {
                    perf = new PerfStatSampler(support, (int) interval.toMillis());
                    toRun = perf.wrap(command);
                }
                String why = support.unavailableLine();
                if (why != null) {
                    out().println("# " + why);
                }
            }

            long t0 = System.nanoTime();
            double baselineMean = Double.NaN;
            if (!noBaseline) {
                out().println("# idle baseline: " + baselineFor.toSeconds() + " s of vmstat before starting the command"
                        + (baseline != null && !baselineFor.equals(baseline) ? " (--baseline rounded up to whole intervals)" : ""));
                out().flush();
                // vmstat prints its first interval row one interval after it starts
                Thread.sleep(baselineFor.toMillis() + 200);
                Sample s = vmstat.sample();
                baselineMean = s.get("cs");
                addRow(t0, "baseline", List.of(s), List.of(vmstat));
            }

            ProcessBuilder pb = new ProcessBuilder(toRun).inheritIO();
            try {
                child = pb.start();
            } catch (IOException e) {
                throw SwitchcostException.usage("cannot start '" + toRun.get(0) + "': " + e.getMessage());
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

            ProcStatusSampler tree = new ProcStatusSampler(perf != null ? workload(child) : child.toHandle());
            tree.start();
            samplers.add(tree);
            tree.columns().forEach(c -> header.add("tree." + c));
            if (perf != null) {
                perf.start();
                samplers.add(perf);
                perf.columns().forEach(c -> header.add("perf." + c));
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
            if (perf != null) {
                Thread.sleep(100); // perf's last lines, written as the command ended
            }
            // the last partial interval
            List<Sample> ss = new ArrayList<>();
            for (Sampler s : samplers) {
                ss.add(s.sample());
            }
            printRow(addRow(t0, "run", ss, samplers));
            exit = perf != null ? perf.commandExit(child.exitValue()) : child.exitValue();
            summary(baselineMean, tree.totals(), exit);
        } finally {
            for (Sampler s : samplers) {
                s.close();
            }
            if (perf != null && !samplers.contains(perf)) {
                perf.close();
            }
            done.countDown();
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl-C: the hook is running
                }
            }
        }
        boolean written = writeCsv();
        return exit != 0 ? exit : written ? ExitCodes.OK : ExitCodes.FAILURE;
    }

    /** The command perf runs (under a waiting shell): perf's child, once forked (perf itself if the command ended first). */
    private static ProcessHandle workload(Process perf) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (System.nanoTime() < deadline && perf.isAlive()) {
            java.util.Optional<ProcessHandle> c = perf.children().findFirst();
            if (c.isPresent()) {
                return c.get();
            }
            Thread.sleep(5);
        }
        return perf.toHandle();
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

    /** Writes the CSV (temporary file beside it, then renamed). @return false when it could not be written, said on stderr */
    private boolean writeCsv() {
        if (csv == null) {
            return true;
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
        Path target = csv.toAbsolutePath();
        Path tmp = null;
        try {
            tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
                java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    ch.write(bytes);
                }
                ch.force(true);
            }
            Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (IOException e) {
            String why = e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null ? fse.getReason() : e.getMessage();
            err().println("switchcost: cannot write " + csv + ": " + why);
            return false;
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // nothing more to do
                }
            }
        }
    }

}
