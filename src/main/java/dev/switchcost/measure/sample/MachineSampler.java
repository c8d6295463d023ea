package dev.switchcost.measure.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
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

    @Override
    public void close() {
        // nothing to stop
    }
}
