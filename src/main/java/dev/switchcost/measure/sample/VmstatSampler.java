package dev.switchcost.measure.sample;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Machine-wide readings from {@code vmstat -n SECONDS}: context switches and interrupts per second,
 * runnable tasks, and the CPU split (us/sy/id/wa/st). vmstat runs on its own clock, so a
 * interval row's values are per second or percentages; its since-boot row is dropped. vmstat runs on its own clock, so {@link #sample()}
 * returns the mean of the rows vmstat printed since the previous call, or NaN when it printed none
 * (never a stale row twice). Parsing is {@link VmstatParser}'s.
 */
public final class VmstatSampler implements Sampler {

    private static final List<String> COLUMNS = List.of("r", "in", "cs", "us", "sy", "id", "wa", "st");

    private final int seconds;
    private Process process;
    private Thread reader;
    private final List<VmstatParser.Row> pending = new java.util.ArrayList<>();

    /** @param seconds vmstat's delay (whole seconds, at least 1) */
    public VmstatSampler(int seconds) {
        if (seconds < 1) {
            throw new IllegalArgumentException("vmstat interval must be at least 1 s, got " + seconds);
        }
        this.seconds = seconds;
    }

    @Override
    public String name() {
        return "vmstat";
    }

    @Override
    public List<String> columns() {
        return COLUMNS;
    }

    @Override
    public void start() throws IOException {
        try {
            process = new ProcessBuilder("vmstat", "-n", String.valueOf(seconds)).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run vmstat (install procps): " + e.getMessage(), e);
        }
        reader = new Thread(this::read, "switchcost-vmstat-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String header = null;
            boolean sinceBoot = true;
            String line;
            while ((line = r.readLine()) != null) {
                if (line.contains(" cs ") && line.trim().startsWith("r ")) {
                    header = line;
                    continue;
                }
                if (header == null) {
                    continue;
                }
                VmstatParser.Row row;
                try {
                    row = VmstatParser.parseRow(header, line);
                } catch (IllegalArgumentException e) {
                    continue;
                }
                if (row == null) {
                    continue;
                }
                if (sinceBoot) {
                    sinceBoot = false; // vmstat's first row averages since boot
                    continue;
                }
                synchronized (pending) {
                    pending.add(row);
                }
            }
        } catch (IOException e) {
            // vmstat ended or was closed
        }
    }

    @Override
    public Sample sample() {
        List<VmstatParser.Row> rows;
        synchronized (pending) {
            rows = List.copyOf(pending);
            pending.clear();
        }
        Map<String, Double> v = new LinkedHashMap<>();
        for (String c : COLUMNS) {
            v.put(c, rows.stream().mapToDouble(r -> value(r, c)).average().orElse(Double.NaN));
        }
        return new Sample(name(), v);
    }

    private static double value(VmstatParser.Row row, String c) {
        return switch (c) {
            case "r" -> row.runnable();
            case "in" -> row.interrupts();
            case "cs" -> row.switches();
            case "us" -> row.user();
            case "sy" -> row.system();
            case "id" -> row.idle();
            case "wa" -> row.ioWait();
            case "st" -> row.stolen() < 0 ? Double.NaN : row.stolen();
            default -> Double.NaN;
        };
    }

    @Override
    public void close() {
        if (process != null) {
            process.destroy();
        }
    }
}
