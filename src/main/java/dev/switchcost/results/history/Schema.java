package dev.switchcost.results.history;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The history's tables, and the migration of a store written by an older switchcost. The version is the one row of
 * {@code schema_version}; a store without that table but with {@code runs} is schema 0, the first layout (runs and
 * figures with a value and a 99.9% error only).
 *
 * <pre>
 * runs      (id PK: content hash of the bundle, source, measured_at, imported_at, hostname, machine_type, kernel, jdk,
 *            hypervisor, cpuidle, mitigations, commit_id, status, machine_json)
 * figures   (run_id, benchmark, params, mode, jdk, unit, value, error: 99.9% half-width, standard_error, df,
 *            error_basis, forks, switches_per_op, disturbance)
 * baselines (name PK, run_id, saved_at)
 * </pre>
 */
final class Schema {

    /** The layout this build writes. */
    static final int CURRENT = 1;

    private static final List<String> V1 = List.of(
            "CREATE TABLE runs (id VARCHAR PRIMARY KEY, source VARCHAR, measured_at VARCHAR, imported_at VARCHAR,"
                    + " hostname VARCHAR, machine_type VARCHAR, kernel VARCHAR, jdk VARCHAR, hypervisor VARCHAR, cpuidle VARCHAR,"
                    + " mitigations VARCHAR, commit_id VARCHAR, status VARCHAR, machine_json VARCHAR)",
            "CREATE TABLE figures (run_id VARCHAR NOT NULL, benchmark VARCHAR NOT NULL, params VARCHAR NOT NULL,"
                    + " mode VARCHAR NOT NULL, jdk VARCHAR, unit VARCHAR NOT NULL, value DOUBLE, error DOUBLE,"
                    + " standard_error DOUBLE, df DOUBLE, error_basis VARCHAR, forks INTEGER, switches_per_op DOUBLE,"
                    + " disturbance VARCHAR)",
            "CREATE TABLE baselines (name VARCHAR PRIMARY KEY, run_id VARCHAR NOT NULL, saved_at VARCHAR)");

    /** Schema 0 to 1: the facts and error terms schema 0 did not keep, null (unknown) in its rows. */
    private static final List<String> V0_TO_V1 = List.of(
            "ALTER TABLE runs ADD COLUMN imported_at VARCHAR",
            "ALTER TABLE runs ADD COLUMN machine_type VARCHAR DEFAULT 'unknown machine'",
            "ALTER TABLE runs ADD COLUMN hypervisor VARCHAR",
            "ALTER TABLE runs ADD COLUMN cpuidle VARCHAR",
            "ALTER TABLE runs ADD COLUMN mitigations VARCHAR",
            "ALTER TABLE runs ADD COLUMN machine_json VARCHAR",
            "ALTER TABLE figures ADD COLUMN jdk VARCHAR",
            "ALTER TABLE figures ADD COLUMN standard_error DOUBLE",
            "ALTER TABLE figures ADD COLUMN df DOUBLE",
            "ALTER TABLE figures ADD COLUMN error_basis VARCHAR",
            "ALTER TABLE figures ADD COLUMN forks INTEGER",
            "ALTER TABLE figures ADD COLUMN switches_per_op DOUBLE",
            "ALTER TABLE figures ADD COLUMN disturbance VARCHAR",
            // schema 0 kept the 99.9% half-width only: read as a normal interval, as Estimate's rule 4 reads a scoreError
            "UPDATE figures SET standard_error = error / 3.290526731491926, df = 'inf'::DOUBLE,"
                    + " error_basis = 'unrecorded (imported by schema 0): its 99.9% error read as a normal interval', forks = -1",
            "CREATE TABLE baselines (name VARCHAR PRIMARY KEY, run_id VARCHAR NOT NULL, saved_at VARCHAR)");

    private Schema() {
    }

    /**
     * Brings the store to {@link #CURRENT}: creates it when empty, migrates an older one, in one transaction.
     *
     * @return the version the store had (-1 when it was empty)
     * @throws IllegalStateException when a newer switchcost wrote it
     */
    static int migrate(Connection c) throws SQLException {
        int found = version(c);
        if (found > CURRENT) {
            throw new IllegalStateException("the history store was written by a newer switchcost (schema " + found
                    + "; this one reads up to " + CURRENT + "): use that switchcost, or another store (--store)");
        }
        if (found == CURRENT) {
            return found;
        }
        execute(c, "BEGIN TRANSACTION");
        try {
            for (String sql : found < 0 ? V1 : V0_TO_V1) {
                execute(c, sql);
            }
            execute(c, "CREATE TABLE schema_version (version INTEGER NOT NULL)");
            execute(c, "INSERT INTO schema_version VALUES (" + CURRENT + ")");
            execute(c, "COMMIT");
        } catch (SQLException e) {
            try {
                execute(c, "ROLLBACK");
            } catch (SQLException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        return found;
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** The store's version: -1 when empty, 0 for the first layout (no version table). */
    static int version(Connection c) throws SQLException {
        if (!table(c, "schema_version")) {
            return table(c, "runs") ? 0 : -1;
        }
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT max(version) FROM schema_version")) {
            return r.next() ? r.getInt(1) : -1;
        }
    }

    private static boolean table(Connection c, String name) throws SQLException {
        try (ResultSet r = c.getMetaData().getTables(null, null, name, null)) {
            return r.next();
        }
    }
}
