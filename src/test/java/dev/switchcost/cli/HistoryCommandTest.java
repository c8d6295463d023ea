package dev.switchcost.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.switchcost.results.history.HistoryStore;
import dev.switchcost.results.history.SyntheticBundles;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ResourceLock(Measures.HISTORY)
class HistoryCommandTest {

    static final Path QUICK = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
    static final Path PINNING = Path.of("src/test/resources/fixtures/results/pinning-gc-pinned-jdk21-jdk25");

    @TempDir
    Path tmp;

    String store() {
        return tmp.resolve("h.duckdb").toString();
    }

    int runs() {
        try (HistoryStore s = HistoryStore.open(Path.of(store()))) {
            return s.runs().size();
        }
    }

    /** {@code n} runs of one invented machine, the futex figures 20% dearer from run {@code step} on. */
    List<Path> series(int n, int step) throws IOException {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(SyntheticBundles.write(tmp.resolve("run" + i), new SyntheticBundles.Spec("Acme X1", 8, i < step ? "6.6.1" : "6.12.3",
                    "25.0.1", "intel_idle", null, String.format("2026-10-%02dT10:00:00Z", i + 1), "c0ffee" + i,
                    i < step ? 1.0 : 1.2, b -> b.contains("FutexPingPong"), 100 + i)));
        }
        return out;
    }

    @Test
    void importIsIdempotentAndSaysSo() {
        CliResult first = CliResult.run("history", "import", QUICK.toString(), PINNING.toString(), "--store", store());
        assertEquals(ExitCodes.OK, first.exit(), first.err());
        assertTrue(first.out().contains("Added 2 of 2 runs"), first.out());
        CliResult again = CliResult.run("history", "import", QUICK.toString(), PINNING.toString(), "--store", store());
        assertEquals(ExitCodes.OK, again.exit(), again.err());
        assertTrue(again.out().contains("Nothing added"), again.out());
        assertEquals(2, runs());
    }

    /** The default store's run count, 0 while it does not exist (the tests' default is SWITCHCOST_HISTORY). */
    static int defaultRuns() {
        Path def = new StoreMixin().file();
        if (!Files.exists(def)) {
            return 0;
        }
        try (HistoryStore s = HistoryStore.open(def)) {
            return s.runs().size();
        }
    }

    @Test
    void aStoreGivenBeforeTheSubcommandIsTheOneWritten() {
        int before = defaultRuns();
        CliResult r = CliResult.run("history", "--store", store(), "import", PINNING.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("to " + store()), r.out());
        assertEquals(1, runs());
        assertEquals(before, defaultRuns(), "the default store is left alone");
        CliResult listed = CliResult.run("history", "--store", store(), "export", "--bencher", tmp.resolve("b.json").toString());
        assertEquals(ExitCodes.OK, listed.exit(), listed.err());
    }

    @Test
    void anOptionOfHistoryBeforeASubcommandIsRefusedNotIgnored() {
        CliResult r = CliResult.run("history", "--store", store(), "--figure", "Futex", "fleet");
        assertEquals(ExitCodes.USAGE, r.exit(), r.out());
        assertTrue(r.oneLineError() && r.err().contains("--figure is an option of 'switchcost history'"), r.err());
    }

    @Test
    void historyDiffHelpStatesTheRuleItApplies() {
        String h = String.join(" ", HelpExamplesTest.help("history diff").lines().map(String::strip).toList());
        assertTrue(!h.contains("Welch") && !h.contains("B - A") && h.contains("interval of B/A excludes 1"), h);
    }

    @Test
    void aMalformedBundleIsRefusedAndNothingIsAdded() throws IOException {
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        Files.copy(QUICK.resolve("machine.json"), bad.resolve("machine.json"));
        Files.writeString(bad.resolve("jmh.json"), Files.readString(QUICK.resolve("jmh.json")).substring(0, 500));
        CliResult r = CliResult.run("history", "import", QUICK.toString(), bad.toString(), "--store", store());
        assertEquals(ExitCodes.USAGE, r.exit(), r.out());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains("nothing imported"), r.err());
        assertEquals(0, runs(), "the good bundle before it was not added either");
    }

    @Test
    void aSeriesShowsWhereTheFigureMoved() throws IOException {
        List<String> args = new ArrayList<>(List.of("history", "import", "--store", store()));
        series(12, 6).forEach(p -> args.add(p.toString()));
        assertEquals(ExitCodes.OK, CliResult.run(args.toArray(String[]::new)).exit());
        Path png = tmp.resolve("futex.png");
        CliResult r = CliResult.run("history", "--store", store(), "--figure", "FutexPingPong.roundTrip placement=SAME_CPU",
                "--by", "machine", "--chart", png.toString());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("Acme X1 × 8"), r.out());
        assertTrue(r.out().contains("moved at run"), r.out());
        assertTrue(r.out().contains("commit c0ffee6"), "the run where it moved: " + r.out());
        assertTrue(Files.size(png) > 1000);
        CliResult park = CliResult.run("history", "--store", store(), "--figure", "ParkUnparkPingPong.roundTrip_park placement=SAME_CPU");
        assertTrue(park.out().contains("no change point in 12 runs"), park.out());
        CliResult svg = CliResult.run("history", "--store", store(), "--figure", "FutexPingPong.roundTrip placement=SAME_CPU",
                "--by", "kernel", "--chart", tmp.resolve("k.svg").toString());
        assertEquals(ExitCodes.OK, svg.exit(), svg.err());
        assertTrue(svg.out().contains("Linux 6.12.3"), svg.out());
        assertTrue(Files.readString(tmp.resolve("k.svg")).contains("<svg"));
    }

    @Test
    void anAmbiguousFigureIsAUsageError() {
        CliResult.run("history", "import", QUICK.toString(), "--store", store());
        CliResult r = CliResult.run("history", "--store", store(), "--figure", "PingPong");
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.oneLineError(), r.err());
        assertTrue(r.err().contains("figures match 'PingPong'"), r.err());
    }

    @Test
    void aBaselineIsComparedByDiffsRule() throws IOException {
        List<Path> runs = series(2, 1);
        CliResult.run("history", "import", runs.get(0).toString(), "--store", store());
        CliResult saved = CliResult.run("history", "--save-baseline", "before", "--store", store());
        assertEquals(ExitCodes.OK, saved.exit(), saved.err());
        CliResult d = CliResult.run("history", "diff", "--against", "before", runs.get(1).toString(), "--store", store());
        assertEquals(ExitCodes.OK, d.exit(), d.err());
        String futex = d.out().lines().filter(l -> l.startsWith("FutexPingPong.roundTrip placement=SAME_CPU")).findFirst().orElseThrow();
        assertTrue(futex.contains("B slower"), d.out());
        String park = d.out().lines().filter(l -> l.startsWith("ParkUnparkPingPong.roundTrip_park placement=SAME_CPU")).findFirst().orElseThrow();
        assertTrue(!park.contains("slower") && !park.contains("faster"), park);
        CliResult none = CliResult.run("history", "diff", "--against", "nope", runs.get(1).toString(), "--store", store());
        assertEquals(ExitCodes.USAGE, none.exit());
        assertTrue(none.err().contains("saved: before"), none.err());
    }

    @Test
    void theFleetRanksOnlyMachinesMeasuredAlike() throws IOException {
        List<String> args = new ArrayList<>(List.of("history", "import", "--store", store()));
        String[][] machines = {{"Acme X1", "intel_idle", "1.0"}, {"Acme X2", "intel_idle", "0.8"}, {"Borealis", "haltpoll", "0.5"}};
        int seed = 0;
        for (String[] m : machines) {
            for (int i = 0; i < 2; i++) {
                double level = Double.parseDouble(m[2]);
                args.add(SyntheticBundles.write(tmp.resolve(m[0] + i), new SyntheticBundles.Spec(m[0], 4, "6.12.3", "25.0.1", m[1],
                        "KVM", "2026-10-0" + (i + 1) + "T00:00:00Z", "abc", level, b -> true, seed++)).toString());
            }
        }
        assertEquals(ExitCodes.OK, CliResult.run(args.toArray(String[]::new)).exit());
        CliResult r = CliResult.run("history", "fleet", "--figure", "FutexPingPong.roundTrip placement=CROSS_CPU", "--store", store());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        List<String> rows = r.out().lines().filter(l -> l.startsWith("Acme") || l.startsWith("Borealis")).toList();
        assertEquals(3, rows.size(), r.out());
        assertTrue(rows.get(0).startsWith("Borealis") && rows.get(0).contains("other conditions: cpuidle haltpoll"), r.out());
        assertTrue(rows.get(1).startsWith("Acme X2") && rows.get(1).contains("1 of 2"), r.out());
        assertTrue(rows.get(2).startsWith("Acme X1") && rows.get(2).contains("2 of 2"), r.out());
    }

    /** Zen 1 and Zen 4 in a VM both say "AMD EPYC": family and model tell them apart in the fleet and the Parquet. */
    @Test
    void machinesThatDifferOnlyInFamilyAndModelAreTwoMachineTypes() throws IOException {
        List<String> args = new ArrayList<>(List.of("history", "import", "--store", store()));
        for (String[] fm : new String[][] {{"23", "1"}, {"25", "17"}}) {
            Path d = Files.createDirectories(tmp.resolve("zen-" + fm[0]));
            for (String f : List.of("jmh.json", "compare.json")) {
                Files.copy(QUICK.resolve(f), d.resolve(f));
            }
            JsonObject m = JsonParser.parseString(Files.readString(QUICK.resolve("machine.json"))).getAsJsonObject();
            m.getAsJsonObject("cpu").addProperty("family", fm[0]);
            m.getAsJsonObject("cpu").addProperty("modelNumber", fm[1]);
            Files.writeString(d.resolve("machine.json"), m.toString());
            args.add(d.toString());
        }
        assertEquals(ExitCodes.OK, CliResult.run(args.toArray(String[]::new)).exit());
        CliResult r = CliResult.run("history", "fleet", "--figure", "FutexPingPong.roundTrip placement=SAME_CPU", "--store", store());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().contains("AMD EPYC (AuthenticAMD; family 23, model 1) × 2")
                && r.out().contains("AMD EPYC (AuthenticAMD; family 25, model 17) × 2"), r.out());
        Path out = tmp.resolve("parquet");
        assertEquals(ExitCodes.OK, CliResult.run("history", "export", "--parquet", out.toString(), "--store", store()).exit());
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(2, s.count(), "one partition per machine type");
        }
    }

    @Test
    void theParquetExportIsReadBackByDuckDb() throws Exception {
        CliResult.run("history", "import", QUICK.toString(), PINNING.toString(), "--store", store());
        Path out = tmp.resolve("parquet");
        CliResult r = CliResult.run("history", "export", "--parquet", out.toString(), "--store", store());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        try (Stream<Path> s = Files.list(out)) {
            assertTrue(s.allMatch(p -> p.getFileName().toString().startsWith("machine=")), "partitioned by machine");
        }
        int figures;
        try (HistoryStore s = HistoryStore.open(Path.of(store()))) {
            figures = s.points().size();
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT run_id), min(date), sum(value)"
                     + " FROM read_parquet('" + out + "/*/*/*.parquet', hive_partitioning = true)"
                     + " WHERE benchmark = 'FutexPingPong.roundTrip' OR true")) {
            assertTrue(rs.next());
            assertEquals(figures, rs.getInt(1), "every figure, once");
            assertEquals(2, rs.getInt(2));
            assertTrue(rs.getString(3).startsWith("2026-"), rs.getString(3));
        }
        CliResult again = CliResult.run("history", "export", "--parquet", out.toString(), "--store", store());
        assertEquals(ExitCodes.USAGE, again.exit(), "an export never overwrites");
    }

    @Test
    void theBencherExportParsesBack() throws IOException {
        CliResult.run("history", "import", QUICK.toString(), "--store", store());
        Path json = tmp.resolve("bmf.json");
        CliResult r = CliResult.run("history", "export", "--bencher", json.toString(), "--store", store());
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        JsonObject root = JsonParser.parseString(Files.readString(json)).getAsJsonObject();
        JsonObject futex = root.getAsJsonObject("FutexPingPong.roundTrip placement=SAME_CPU [avgt] JDK 25.0.3").getAsJsonObject("latency-ns-per-switch");
        double v = futex.get("value").getAsDouble();
        assertTrue(v > 100 && v < 100_000, "ns per switch: " + v);
        assertTrue(futex.get("lower_value").getAsDouble() <= v && v <= futex.get("upper_value").getAsDouble());
        assertTrue(root.keySet().stream().anyMatch(k -> k.startsWith("compare.")), "compare cells too");
        root.entrySet().forEach(e -> assertTrue(e.getValue().getAsJsonObject().entrySet().stream()
                .allMatch(m -> m.getValue().getAsJsonObject().has("value")), "BMF requires value: " + e.getKey()));
    }

    @Test
    void aFinishedRunIsRecordedUnlessAskedNotTo() {
        HistoryMixin on = new HistoryMixin();
        on.store = new StoreMixin();
        on.store.store = Path.of(store());
        StringWriter err = new StringWriter();
        on.record(QUICK, new PrintWriter(err, true));
        assertTrue(err.toString().contains("recorded in the history"), err.toString());
        on.record(QUICK, new PrintWriter(err, true));
        assertTrue(err.toString().contains("already in the history"), err.toString());
        assertEquals(1, runs());
        HistoryMixin off = new HistoryMixin();
        off.off = true;
        off.store = on.store;
        off.record(PINNING, new PrintWriter(err, true));
        assertEquals(1, runs());
    }
}
