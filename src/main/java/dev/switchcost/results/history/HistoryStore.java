package dev.switchcost.results.history;

import dev.switchcost.results.Estimate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The history: every run's facts and figures in one embedded DuckDB file ({@link Schema}), opened through JDBC, made
 * on first use. One process writes it at a time (DuckDB locks the file); {@link #open} says so in one line.
 */
public final class HistoryStore implements AutoCloseable {

    public record Point(Run run, Figure figure) {
    }

    /** What {@link #add} did with each bundle: added, or already held (the same content hash). */
    public record Added(Bundle bundle, boolean added) {
    }

    /** The environment variable naming the store file ({@link #defaultFile}). */
    public static final String ENV = "SWITCHCOST_HISTORY";

    private static final String RUN_COLUMNS = "id, source, measured_at, hostname, machine_type, kernel, jdk, hypervisor,"
            + " cpuidle, mitigations, commit_id, status, machine_json";
    private static final String FIGURE_COLUMNS = "benchmark, params, mode, f.jdk, unit, value, standard_error, df,"
            + " error_basis, forks, switches_per_op, disturbance";

    private final Path file;
    private final Connection connection;
    private final int migratedFrom;

    private HistoryStore(Path file, Connection connection, int migratedFrom) {
        this.file = file;
        this.connection = connection;
        this.migratedFrom = migratedFrom;
    }

    /** How long opening waits for another process that holds the store, ms, unless {@code -Dswitchcost.history.waitMs} says. */
    static final long WAIT_MS = 10_000;

    private static long waitMs() {
        return Long.getLong("switchcost.history.waitMs", WAIT_MS);
    }

    /**
     * Opens (or makes) the store at {@code file} for writing, migrated to the current schema; a store another process
     * holds is waited for, up to {@link #WAIT_MS} ms.
     *
     * @throws IllegalStateException one line: the file is still held by another process, not a store, or newer
     */
    public static HistoryStore open(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot make the history's directory for " + file + ": " + e.getMessage(), e);
        }
        return connect(file, false, false);
    }

    /**
     * Opens the store at {@code file} for reading only (DuckDB's read-only access): works on a read-only file system,
     * makes no file (a store not made yet reads as empty) and never writes; waited for like {@link #open}.
     *
     * @throws IllegalStateException one line: the file is held by a writer, not a store, or of another schema
     */
    public static HistoryStore openReadOnly(Path file) {
        if (!Files.exists(file)) {
            return connect(file, false, true);
        }
        return connect(file, true, false);
    }

    /** {@code file} (or, {@code empty}, an empty store in memory named after it), retried while another process holds it. */
    private static HistoryStore connect(Path file, boolean readOnly, boolean empty) {
        long wait = waitMs();
        long deadline = System.nanoTime() + wait * 1_000_000;
        while (true) {
            Connection c = null;
            try {
                java.util.Properties p = new java.util.Properties();
                if (readOnly) {
                    p.setProperty("duckdb.read_only", "true");
                }
                c = DriverManager.getConnection("jdbc:duckdb:" + (empty ? "" : file.toAbsolutePath()), p);
                unlinkExtractedLibrary();
                if (!readOnly) {
                    return new HistoryStore(file, c, Schema.migrate(c));
                }
                int v = Schema.version(c);
                if (v != Schema.CURRENT) {
                    throw new SQLException("its schema is " + v + ", this switchcost reads " + Schema.CURRENT
                            + ": record a run or `switchcost history import` with the switchcost that reads it, then try again");
                }
                return new HistoryStore(file, c, v);
            } catch (SQLException | RuntimeException e) {
                close(c);
                String m = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
                boolean held = m.contains("lock");
                if (held && System.nanoTime() - deadline < 0) {
                    pause();
                    continue;
                }
                if (e instanceof IllegalStateException i && !held) {
                    throw i;
                }
                throw new IllegalStateException("cannot open the history store " + file + (held
                        ? ": another switchcost is still using it after waiting " + wait + " ms (try again when it ends, or give another --store)"
                        : ": " + m), e);
            }
        }
    }

    private static final java.util.concurrent.atomic.AtomicBoolean UNLINKED = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * DuckDB's driver unpacks its native library into the temporary directory and deletes it only at a normal exit: a
     * {@code kill -9} would leave it behind. Once loaded, the library stays mapped without its file, so the file this
     * process mapped ({@code /proc/self/maps}) is deleted at once; on a system without that file nothing changes.
     */
    static void unlinkExtractedLibrary() {
        if (!UNLINKED.compareAndSet(false, true)) {
            return;
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
        try (java.util.stream.Stream<String> maps = java.nio.file.Files.lines(Path.of("/proc/self/maps"))) {
            maps.map(l -> l.substring(l.lastIndexOf(' ') + 1)).filter(f -> f.contains("libduckdb_java") && f.endsWith(".so"))
                    .map(Path::of).filter(f -> f.startsWith(tmp)).distinct().forEach(f -> f.toFile().delete());
        } catch (java.io.IOException | RuntimeException e) {
            // no /proc here: the driver's own deleteOnExit is all there is
        }
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the history store", e);
        }
    }

    /**
     * Where the history lives when no {@code --store} is given: {@code $SWITCHCOST_HISTORY}, else
     * {@code $XDG_DATA_HOME/switchcost/history.duckdb}, else {@code ~/.local/share/switchcost/history.duckdb} (the XDG
     * base directory rule for a user's data), from {@code env} and the user's {@code home}.
     */
    public static Path defaultFile(Map<String, String> env, Path home) {
        String named = env.get(ENV);
        if (named != null && !named.isBlank()) {
            return Path.of(named);
        }
        String data = env.get("XDG_DATA_HOME");
        Path base = data != null && !data.isBlank() && Path.of(data).isAbsolute() ? Path.of(data) : home.resolve(".local/share");
        return base.resolve("switchcost").resolve("history.duckdb");
    }

    /** The schema the store had when opened: -1 new, 0 the first layout, {@link Schema#CURRENT} current. */
    public int migratedFrom() {
        return migratedFrom;
    }

    public Path file() {
        return file;
    }

    /** The JDBC connection, for the exports, which hand whole queries to DuckDB. */
    Connection connection() {
        return connection;
    }

    /** Adds the bundles in one transaction: all or none; a bundle already held (same id) is left as it is. */
    public List<Added> add(List<Bundle> bundles) {
        List<Added> out = new ArrayList<>();
        try {
            connection.setAutoCommit(false);
            try {
                for (Bundle b : bundles) {
                    boolean added = query("SELECT 1 FROM runs WHERE id = ?", List.of(b.run().id()), r -> 1).isEmpty();
                    if (added) {
                        insert(b);
                    }
                    out.add(new Added(b, added));
                }
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write the history store " + file + ": " + e.getMessage(), e);
        }
        return out;
    }

    private void insert(Bundle b) throws SQLException {
        Run r = b.run();
        try (PreparedStatement p = connection.prepareStatement("INSERT INTO runs (" + RUN_COLUMNS
                + ", imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            Object[] v = {r.id(), r.source(), r.measuredAt(), r.hostname(), r.machineType(), r.kernel(), r.jdk(),
                r.hypervisor(), r.cpuidle(), r.mitigations(), r.commit(), r.status(), r.machineJson(), Instant.now().toString()};
            for (int i = 0; i < v.length; i++) {
                p.setObject(i + 1, v[i], Types.VARCHAR);
            }
            p.executeUpdate();
        }
        try (PreparedStatement p = connection.prepareStatement("INSERT INTO figures (run_id, benchmark, params, mode, jdk,"
                + " unit, value, error, standard_error, df, error_basis, forks, switches_per_op, disturbance)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (Figure f : b.figures()) {
                Estimate e = f.estimate();
                Object[] v = {r.id(), f.benchmark(), f.params(), f.mode(), f.jdk(), f.unit(), e.value(), e.halfWidth(),
                    e.standardError(), e.df(), f.errorBasis(), f.forks(), f.switchesPerOp(), f.disturbance()};
                for (int i = 0; i < v.length; i++) {
                    set(p, i + 1, v[i]);
                }
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** NaN is stored as NULL (unknown), so that Parquet readers see no NaN; infinities are kept (a normal df). */
    private static void set(PreparedStatement p, int i, Object v) throws SQLException {
        if (v instanceof Double d) {
            if (d.isNaN()) {
                p.setNull(i, Types.DOUBLE);
            } else {
                p.setDouble(i, d);
            }
        } else if (v instanceof Integer n) {
            p.setInt(i, n);
        } else {
            p.setString(i, (String) v);
        }
    }

    private static double getDouble(ResultSet r, String column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? Double.NaN : v;
    }

    /** Every run, oldest measured first. */
    public List<Run> runs() {
        return query("SELECT " + RUN_COLUMNS + " FROM runs ORDER BY measured_at NULLS FIRST, id", List.of(), this::run);
    }

    /** The run with this id, or whose id starts with it (a short id), if exactly one. */
    public Optional<Run> run(String idOrPrefix) {
        List<Run> r = query("SELECT " + RUN_COLUMNS + " FROM runs WHERE id LIKE ? ORDER BY id", List.of(idOrPrefix + "%"), this::run);
        return r.size() == 1 ? Optional.of(r.get(0)) : Optional.empty();
    }

    /** The figures of one run, in the order they were added. */
    public List<Point> figures(String runId) {
        return query("SELECT r." + RUN_COLUMNS.replace(", ", ", r.") + ", " + FIGURE_COLUMNS
                + " FROM figures f JOIN runs r ON r.id = f.run_id WHERE r.id = ? ORDER BY f.rowid", List.of(runId), this::point);
    }

    /** Every figure of every run, oldest run first. */
    public List<Point> points() {
        return query("SELECT r." + RUN_COLUMNS.replace(", ", ", r.") + ", " + FIGURE_COLUMNS
                + " FROM figures f JOIN runs r ON r.id = f.run_id ORDER BY r.measured_at NULLS FIRST, r.id, f.rowid", List.of(), this::point);
    }

    /** Saves (or moves) the baseline {@code name} to a run. */
    public void saveBaseline(String name, String runId) {
        try (PreparedStatement p = connection.prepareStatement("INSERT OR REPLACE INTO baselines VALUES (?, ?, ?)")) {
            p.setString(1, name);
            p.setString(2, runId);
            p.setString(3, Instant.now().toString());
            p.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write the history store " + file + ": " + e.getMessage(), e);
        }
    }

    /** The run a baseline names. */
    public Optional<Run> baseline(String name) {
        List<String> ids = query("SELECT run_id FROM baselines WHERE name = ?", List.of(name), r -> r.getString(1));
        return ids.isEmpty() ? Optional.empty() : run(ids.get(0));
    }

    /** The names of the saved baselines. */
    public List<String> baselines() {
        return query("SELECT name FROM baselines ORDER BY name", List.of(), r -> r.getString(1));
    }

    private Run run(ResultSet r) throws SQLException {
        return new Run(r.getString("id"), r.getString("source"), r.getString("measured_at"), r.getString("hostname"),
                r.getString("machine_type"), r.getString("kernel"), r.getString("jdk"), r.getString("hypervisor"),
                r.getString("cpuidle"), r.getString("mitigations"), r.getString("commit_id"), r.getString("status"),
                r.getString("machine_json"));
    }

    private Point point(ResultSet r) throws SQLException {
        Run run = run(r);
        Estimate e = new Estimate(getDouble(r, "value"), getDouble(r, "standard_error"), getDouble(r, "df"),
                basis(r.getString("error_basis")), r.getInt("forks"));
        Figure f = new Figure(r.getString("benchmark"), r.getString("params"), r.getString("mode"), r.getString(17),
                r.getString("unit"), e, r.getString("error_basis"), r.getInt("forks"), getDouble(r, "switches_per_op"),
                r.getString("disturbance"));
        return new Point(run, f);
    }

    /**
     * The basis of a stored error: its {@link Estimate.Basis} name; a store written before figures carried one held words
     * ("within run: …", "between runs: …"), read as the basis they described.
     */
    static Estimate.Basis basis(String stored) {
        return Arrays.stream(Estimate.Basis.values()).filter(b -> b.name().equals(stored)).findFirst().orElse(
                stored != null && stored.startsWith("between") ? Estimate.Basis.BETWEEN_FORKS : Estimate.Basis.WITHIN_ONE_FORK);
    }

    interface Row<T> {
        T read(ResultSet r) throws SQLException;
    }

    <T> List<T> query(String sql, List<Object> args, Row<T> row) {
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.size(); i++) {
                p.setObject(i + 1, args.get(i));
            }
            List<T> out = new ArrayList<>();
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(row.read(r));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the history store " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        close(connection);
    }

    private static void close(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                throw new UncheckedIOException(new IOException("cannot close the history store: " + e.getMessage(), e));
            }
        }
    }
}
