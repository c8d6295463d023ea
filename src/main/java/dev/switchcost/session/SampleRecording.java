package dev.switchcost.session;

import dev.switchcost.measure.sample.Sample;
import dev.switchcost.measure.sample.Sampler;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code switchcost sample} recorded: its samplers, in order, their columns ({@code machine.cs/s}, ...
 * after {@code elapsed_s} and {@code phase}) and one row per reading, kept for the summary and the CSV
 * ({@link #csv}). Rows are added by the sampling thread and read by the writer, under one lock.
 */
public final class SampleRecording {

    /** One CSV/table row. */
    public record Row(double elapsed, String phase, List<Double> values) {
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<String> header = new ArrayList<>(List.of("elapsed_s", "phase"));
    private final List<Sampler> samplers = new ArrayList<>();
    private long t0;

    /** Starts the clock of {@link Row#elapsed}. */
    public void startClock() {
        t0 = System.nanoTime();
    }

    /** Adds a started sampler, its columns named {@code prefix.column}. */
    public void add(Sampler s, String prefix) {
        samplers.add(s);
        s.columns().forEach(c -> header.add(prefix + "." + c));
    }

    public boolean has(Sampler s) {
        return samplers.contains(s);
    }

    public void closeSamplers() {
        samplers.forEach(Sampler::close);
    }

    /** A reading of every sampler, in order. */
    public List<Sample> sampleAll() {
        return samplers.stream().map(Sampler::sample).toList();
    }

    /** Adds a row of {@code samples} (one per sampler, in order, or fewer: the first ones). */
    public Row add(String phase, List<Sample> samples) {
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

    /** The index of {@code column} in a row's values, or a negative number when it is not recorded. */
    public int column(String column) {
        return header.indexOf(column) - 2;
    }

    public boolean hasColumn(String column) {
        return header.contains(column);
    }

    public List<Row> rows() {
        synchronized (rows) {
            return List.copyOf(rows);
        }
    }

    /** The rows as CSV: the header, then a row per reading, an unknown value empty. */
    public String csv() {
        StringBuilder b = new StringBuilder(String.join(",", header)).append('\n');
        for (Row r : rows()) {
            b.append(String.format(Locale.ROOT, "%.3f", r.elapsed())).append(',').append(r.phase());
            for (int i = 0; i < header.size() - 2; i++) {
                double v = i < r.values().size() ? r.values().get(i) : Double.NaN;
                b.append(',').append(Double.isNaN(v) ? "" : format(v));
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** A value as the CSV and the live view write it: whole numbers plain, else 2 decimals below 10 and 1 above; NaN "-". */
    public static String format(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e12 ? String.valueOf((long) v)
                : String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%.1f", v);
    }
}
