package dev.switchcost.results.history;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.PerSwitch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * The history for other engines: Parquet files partitioned by machine and date (Hive style, which DuckDB, Spark,
 * Trino and BigQuery read as they are; written by DuckDB's {@code COPY}), and one run in Bencher Metric Format (BMF)
 * JSON, for {@code bencher run --adapter json}. Both schemas are documented in docs/history.md.
 */
public final class Exports {

    /** The Parquet files' columns, in order: every run fact beside each figure. */
    static final String PARQUET_SELECT = "SELECT regexp_replace(lower(r.machine_type), '[^a-z0-9]+', '-', 'g') AS machine,"
            + " coalesce(substr(r.measured_at, 1, 10), 'unknown') AS date, r.id AS run_id, r.measured_at, r.machine_type,"
            + " r.hostname, r.kernel, r.jdk AS run_jdk, r.hypervisor, r.cpuidle, r.mitigations, r.commit_id, r.status,"
            + " f.benchmark, f.params, f.mode, f.jdk, f.unit, f.value, f.error, f.standard_error, f.df, f.error_basis,"
            + " f.forks, f.switches_per_op, f.disturbance"
            + " FROM figures f JOIN runs r ON r.id = f.run_id ORDER BY r.measured_at, r.id, f.rowid";

    private Exports() {
    }

    /**
     * Writes every figure to {@code dir/machine=M/date=D/*.parquet}.
     *
     * @throws IllegalArgumentException when {@code dir} exists and is not an empty directory (nothing is overwritten)
     */
    public static void parquet(HistoryStore store, Path dir) {
        try {
            if (Files.exists(dir) && (!Files.isDirectory(dir) || Files.list(dir).findAny().isPresent())) {
                throw new IllegalArgumentException(dir + " exists and is not an empty directory: give a new one");
            }
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot make " + dir + ": " + e.getMessage(), e);
        }
        String target = dir.toAbsolutePath().toString().replace("'", "''");
        try (Statement s = store.connection().createStatement()) {
            s.execute("COPY (" + PARQUET_SELECT + ") TO '" + target + "' (FORMAT PARQUET, PARTITION_BY (machine, date),"
                    + " OVERWRITE_OR_IGNORE)");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write Parquet to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * One run's figures as BMF JSON: benchmark = the figure's key (and its JDK when it names one), measure
     * {@value #PER_SWITCH} (ns per switch, the round trip's recorded figure ÷ 2, as the card shows it) for a round trip,
     * {@code latency} (ns) for another time per op in ns/op, {@code throughput} for ops/s, else the unit itself; value
     * with its 99.9% interval as {@code lower_value}/{@code upper_value} when the error is known.
     */
    public static String bencher(List<HistoryStore.Point> figures) {
        JsonObject root = new JsonObject();
        for (HistoryStore.Point p : figures) {
            Figure f = p.figure();
            Estimate e = PerSwitch.shown(f.benchmark(), f.unit(), f.estimate());
            if (!Double.isFinite(e.value())) {
                continue;
            }
            JsonObject metric = new JsonObject();
            metric.addProperty("value", e.value());
            if (e.errorKnown()) {
                metric.addProperty("lower_value", e.lower());
                metric.addProperty("upper_value", e.upper());
            }
            JsonObject measures = new JsonObject();
            measures.add(PerSwitch.converts(f.benchmark(), f.unit()) && f.unit().equals("ns/op") ? PER_SWITCH : measure(f.unit()), metric);
            root.add(f.key() + (f.jdk() == null ? "" : " JDK " + f.jdk()), measures);
        }
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root) + "\n";
    }

    /** The Bencher measure of a round trip shown per switch: its value is ns per switch (round trip ÷ 2). */
    static final String PER_SWITCH = "latency-ns-per-switch";

    /** Bencher's built-in measures: latency in ns, throughput in ops/s; any other unit its own slug. */
    static String measure(String unit) {
        return switch (unit) {
            case "ns/op" -> "latency";
            case "ops/s" -> "throughput";
            default -> unit.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        };
    }
}
