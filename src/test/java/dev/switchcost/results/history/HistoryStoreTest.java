package dev.switchcost.results.history;

import dev.switchcost.results.Results;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ResourceLock(Measures.HISTORY)
class HistoryStoreTest {

    static final Path FIXTURES = Path.of("src/test/resources/fixtures/results");
    static final Path QUICK = FIXTURES.resolve("epyc-kvm-2vcpu-jdk25");
    static final Path PINNING = FIXTURES.resolve("pinning-gc-pinned-jdk21-jdk25");

    @TempDir
    Path tmp;

    @Test
    void figuresOutAreTheFiguresIn() {
        Bundle in = Bundle.of(Results.load(QUICK));
        assertTrue(in.figures().size() > 10, "the quick fixture has JMH rows and compare cells");
        assertTrue(in.figures().stream().anyMatch(f -> f.benchmark().startsWith("compare.")));
        try (HistoryStore s = HistoryStore.open(tmp.resolve("h.duckdb"))) {
            s.add(List.of(in));
            assertEquals(List.of(in.run()), s.runs());
            assertEquals(in.figures(), s.figures(in.run().id()).stream().map(HistoryStore.Point::figure).toList());
        }
    }

    @Test
    void reimportAddsNothingAndSurvivesReopening() {
        Path file = tmp.resolve("sub/dir/h.duckdb");
        Bundle a = Bundle.of(Results.load(QUICK));
        Bundle b = Bundle.of(Results.load(PINNING));
        try (HistoryStore s = HistoryStore.open(file)) {
            assertEquals(-1, s.migratedFrom(), "made on first use");
            assertTrue(s.add(List.of(a, b)).stream().allMatch(HistoryStore.Added::added));
        }
        try (HistoryStore s = HistoryStore.open(file)) {
            assertEquals(Schema.CURRENT, s.migratedFrom());
            assertTrue(s.add(List.of(a, Bundle.of(Results.load(PINNING)))).stream().noneMatch(HistoryStore.Added::added));
            assertEquals(2, s.runs().size());
            assertEquals(a.figures().size() + b.figures().size(), s.points().size());
        }
    }

    @Test
    void theIdIsTheContentNotThePath() throws Exception {
        Path copy = tmp.resolve("copy");
        java.nio.file.Files.createDirectories(copy);
        for (String f : List.of("jmh.json", "machine.json", "compare.json")) {
            java.nio.file.Files.copy(QUICK.resolve(f), copy.resolve(f));
        }
        assertEquals(Bundle.of(Results.load(QUICK)).run().id(), Bundle.of(Results.load(copy)).run().id());
        assertFalse(Bundle.of(Results.load(QUICK)).run().id().equals(Bundle.of(Results.load(PINNING)).run().id()));
    }

    @Test
    void aSchemaZeroStoreIsMigrated() throws Exception {
        Path file = tmp.resolve("old.duckdb");
        // the first layout, by hand: no version table, a figure with its value and 99.9% error only
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE runs (id VARCHAR PRIMARY KEY, source VARCHAR, measured_at VARCHAR, hostname VARCHAR,"
                    + " kernel VARCHAR, jdk VARCHAR, commit_id VARCHAR, status VARCHAR)");
            s.execute("CREATE TABLE figures (run_id VARCHAR NOT NULL, benchmark VARCHAR NOT NULL, params VARCHAR NOT NULL,"
                    + " mode VARCHAR NOT NULL, unit VARCHAR NOT NULL, value DOUBLE, error DOUBLE)");
            s.execute("INSERT INTO runs VALUES ('old1', '/old/run', '2026-01-02T03:04:05Z', 'h', '6.1.0', '21.0.2', 'abc', 'complete')");
            s.execute("INSERT INTO figures VALUES ('old1', 'FutexPingPong.roundTrip', 'placement=SAME_CPU', 'avgt', 'ns/op', 1000, 32.905267314919)");
        }
        try (HistoryStore s = HistoryStore.open(file)) {
            assertEquals(0, s.migratedFrom());
            HistoryStore.Point p = s.points().get(0);
            assertEquals("unknown machine", p.run().machineType());
            assertEquals(1000, p.figure().estimate().value());
            assertEquals(32.905, p.figure().estimate().halfWidth(), 1e-3, "the old 99.9% error reads back as it was");
            assertTrue(p.figure().errorBasis().contains("schema 0"));
            s.add(List.of(Bundle.of(Results.load(QUICK))));
            assertEquals(2, s.runs().size(), "the migrated store takes new runs");
        }
        try (HistoryStore s = HistoryStore.open(file)) {
            assertEquals(Schema.CURRENT, s.migratedFrom(), "migrated once");
        }
    }

    @Test
    void aNewerStoreIsRefusedInOneLine() throws Exception {
        Path file = tmp.resolve("new.duckdb");
        HistoryStore.open(file).close();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
            s.execute("UPDATE schema_version SET version = 99");
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> HistoryStore.open(file));
        assertTrue(e.getMessage().contains("newer switchcost (schema 99"), e.getMessage());
    }

    @Test
    void baselinesNameRuns() {
        Bundle a = Bundle.of(Results.load(QUICK));
        try (HistoryStore s = HistoryStore.open(tmp.resolve("h.duckdb"))) {
            s.add(List.of(a));
            s.saveBaseline("before-upgrade", a.run().id());
            assertEquals(a.run(), s.baseline("before-upgrade").orElseThrow());
            assertEquals(a.run(), s.run(a.run().id().substring(0, 8)).orElseThrow(), "a short id finds the run");
            assertTrue(s.baseline("other").isEmpty());
        }
    }

    @Test
    void theStoreLivesInTheUsersDataDirectory() {
        Path home = Path.of("/home/u");
        assertEquals(Path.of("/home/u/.local/share/switchcost/history.duckdb"), HistoryStore.defaultFile(Map.of(), home));
        assertEquals(Path.of("/x/switchcost/history.duckdb"), HistoryStore.defaultFile(Map.of("XDG_DATA_HOME", "/x"), home));
        assertEquals(Path.of("/y/h.duckdb"), HistoryStore.defaultFile(Map.of(HistoryStore.ENV, "/y/h.duckdb", "XDG_DATA_HOME", "/x"), home));
    }
}
