package dev.switchcost.sample;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code perf stat -x, -I MS -e EVENTS -p PID}: counters of a running process (and the children
 * and threads it creates afterwards: perf's counters are inherited), per second. Only events the
 * {@link PerfSupport} probe found countable are asked for; the others are simply not columns.
 * Lines are read as perf prints them and summed per event until the next {@link #sample()}.
 */
public final class PerfStatSampler implements Sampler {

    private final PerfSupport support;
    private final long pid;
    private final int intervalMs;
    private final List<String> columns = new ArrayList<>();
    private final Map<String, Double> pending = new HashMap<>();
    private Process process;
    private long prevNanos;

    public PerfStatSampler(PerfSupport support, long pid, int intervalMs) {
        this.support = support;
        this.pid = pid;
        this.intervalMs = Math.max(10, intervalMs);
        for (String e : support.supported()) {
            columns.add(PerfStatParser.baseEvent(e) + "/s");
        }
    }

    @Override
    public String name() {
        return "perf";
    }

    @Override
    public List<String> columns() {
        return columns;
    }

    @Override
    public void start() throws IOException {
        if (columns.isEmpty()) {
            return;
        }
        List<String> cmd = List.of(support.perf(), "stat", "-x,", "-I", String.valueOf(intervalMs), "-e",
                String.join(",", support.supported()), "-p", String.valueOf(pid));
        process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        prevNanos = System.nanoTime();
        Thread reader = new Thread(this::read, "switchcost-perf-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                PerfStatParser.Count c = PerfStatParser.parseLine(line, true);
                if (c != null && c.status() == PerfStatParser.Status.COUNTED) {
                    synchronized (pending) {
                        pending.merge(c.baseEvent() + "/s", c.value(), Double::sum);
                    }
                }
            }
        } catch (IOException e) {
            // perf ended
        }
    }

    @Override
    public Sample sample() {
        long now = System.nanoTime();
        double secs = (now - prevNanos) / 1e9;
        prevNanos = now;
        Map<String, Double> v = new LinkedHashMap<>();
        synchronized (pending) {
            for (String c : columns) {
                Double sum = pending.get(c);
                v.put(c, sum == null || secs <= 0 ? 0.0 : sum / secs);
            }
            pending.clear();
        }
        return new Sample(name(), v);
    }

    @Override
    public void close() {
        if (process != null) {
            process.destroy();
        }
    }
}
