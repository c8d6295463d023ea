package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

/**
 * The machine as vmstat shows it, from {@code /proc/stat} read at every interval: context switches
 * and interrupts per second, runnable tasks, and the CPU split (user incl. nice, system incl. irq and
 * softirq, idle, iowait, steal) in percent of all CPUs.
 */
public final class MachineSampler implements Sampler {

    /**
     * The machine-wide counters of {@code /proc/stat} that {@code vmstat} prints as {@code cs}, {@code in},
     * {@code r} and the CPU split, read directly so that any interval works (vmstat counts whole seconds).
     *
     * @param contextSwitches the {@code ctxt} line: context switches since boot, all CPUs
     * @param interrupts      the first field of the {@code intr} line: interrupts since boot
     * @param running         {@code procs_running}: runnable tasks now (vmstat's {@code r})
     * @param cpuTicks        the aggregate {@code cpu} line in clock ticks: user, nice, system, idle, iowait,
     *                        irq, softirq, steal (missing trailing fields are 0)
     */
    record ProcStat(long contextSwitches, long interrupts, long running, long[] cpuTicks) {

        /** Indexes into {@link #cpuTicks}. */
        public static final int USER = 0, NICE = 1, SYSTEM = 2, IDLE = 3, IOWAIT = 4, IRQ = 5, SOFTIRQ = 6, STEAL = 7;

        /** @throws IllegalArgumentException naming the line that is missing or malformed */
        public static ProcStat parse(List<String> lines) {
            long ctxt = -1;
            long intr = -1;
            long running = -1;
            long[] cpu = null;
            for (String line : lines) {
                String[] f = line.trim().split("\\s+");
                try {
                    switch (f[0]) {
                        case "ctxt" -> ctxt = Long.parseLong(f[1]);
                        case "intr" -> intr = Long.parseLong(f[1]);
                        case "procs_running" -> running = Long.parseLong(f[1]);
                        case "cpu" -> {
                            cpu = new long[8];
                            for (int i = 0; i < cpu.length && i + 1 < f.length; i++) {
                                cpu[i] = Long.parseLong(f[i + 1]);
                            }
                        }
                        default -> {
                        }
                    }
                } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                    throw new IllegalArgumentException("malformed /proc/stat line: " + line);
                }
            }
            if (ctxt < 0 || cpu == null) {
                throw new IllegalArgumentException("no " + (ctxt < 0 ? "ctxt" : "cpu") + " line in /proc/stat (" + lines.size() + " lines)");
            }
            return new ProcStat(ctxt, intr, running, cpu);
        }

        public long totalTicks() {
            return Arrays.stream(cpuTicks).sum();
        }
    }

    private final Path file;
    private ProcStat prev;
    private long prevNanos;

    public MachineSampler() {
        this(Path.of("/proc/stat"));
    }

    MachineSampler(Path file) {
        this.file = file;
    }

    @Override
    public String name() {
        return "machine";
    }

    @Override
    public List<String> columns() {
        return List.of("cs/s", "in/s", "r", "us%", "sy%", "id%", "wa%", "st%");
    }

    @Override
    public void start() throws IOException {
        prev = read();
        prevNanos = System.nanoTime();
    }

    private ProcStat read() throws IOException {
        try {
            return ProcStat.parse(ProcText.lines(file));
        } catch (IllegalArgumentException e) {
            throw new IOException("cannot read " + file + ": " + e.getMessage());
        }
    }

    @Override
    public Sample sample() {
        ProcStat now;
        try {
            now = read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long nanos = System.nanoTime();
        Sample s = new Sample(name(), between(prev, now, (nanos - prevNanos) / 1e9));
        prev = now;
        prevNanos = nanos;
        return s;
    }

    /** The columns for the interval between two readings {@code seconds} apart. */
    static Map<String, Double> between(ProcStat a, ProcStat b, double seconds) {
        Map<String, Double> v = new LinkedHashMap<>();
        v.put("cs/s", seconds > 0 ? (b.contextSwitches() - a.contextSwitches()) / seconds : Double.NaN);
        v.put("in/s", seconds > 0 && a.interrupts() >= 0 ? (b.interrupts() - a.interrupts()) / seconds : Double.NaN);
        v.put("r", b.running() >= 0 ? (double) b.running() : Double.NaN);
        double total = b.totalTicks() - a.totalTicks();
        long[] x = a.cpuTicks();
        long[] y = b.cpuTicks();
        IntToDoubleFunction pct = i -> total > 0 ? 100.0 * (y[i] - x[i]) / total : Double.NaN;
        v.put("us%", pct.applyAsDouble(ProcStat.USER) + pct.applyAsDouble(ProcStat.NICE));
        v.put("sy%", pct.applyAsDouble(ProcStat.SYSTEM) + pct.applyAsDouble(ProcStat.IRQ) + pct.applyAsDouble(ProcStat.SOFTIRQ));
        v.put("id%", pct.applyAsDouble(ProcStat.IDLE));
        v.put("wa%", pct.applyAsDouble(ProcStat.IOWAIT));
        v.put("st%", pct.applyAsDouble(ProcStat.STEAL));
        return v;
    }
}
