package dev.switchcost.cli;

import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.measure.machine.MachineProbe;
import dev.switchcost.results.Results;
import dev.switchcost.results.ResultsDir;
import dev.switchcost.results.history.Bundle;
import dev.switchcost.results.history.HistoryStore;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which results price sample's and forecast's switches: complete, undisturbed (or said), of this machine. */
class CostRunTest {

    private static final String QUICK = "quick-aa-run-1-epyc-kvm-jdk25";
    private static final String PAIRED_SAME_CPU = "dev.switchcost.bench.WorkingSetHandoff.roundTripPaired\thandoff=FUTEX"
            + " placement=SAME_CPU sharing=PRIVATE strideBytes=64 wait=UNTIMED walk=LI workingSetKiB=0";

    @TempDir
    Path tmp;

    MachineInfo here;
    Path results;

    @BeforeEach
    void machine() {
        here = MachineProbe.collect(Path.of("/"));
        results = tmp.resolve("results");
    }

    /** A fixture run as if measured here, its results written {@code hoursAgo}. */
    private Path run(String fixture, String name, int hoursAgo, String status) throws IOException {
        Path d = Fixtures.copy(fixture, results.resolve(name));
        ResultsDir.writeMachine(d, here);
        if (status != null) {
            Files.writeString(d.resolve(ResultsDir.STATUS), status);
        }
        Files.setLastModifiedTime(d.resolve(ResultsDir.JMH), FileTime.from(Instant.now().minusSeconds(3600L * hoursAgo)));
        return d;
    }

    @Test
    void theDefaultIsTheLatestCompleteRunWithAPriceNotALaterFailedOrDisturbedOne() throws IOException {
        Path good = run(QUICK, "good", 3, null);
        run("disturbed-every-trial-epyc-kvm-jdk25", "disturbed", 2, null);
        run(QUICK, "failed", 1, "failed: ERROR: Another JMH instance might be running. Unable to acquire the JMH lock\n");
        // the newest run under results/, which "the latest" meant before, is the failed one
        assertEquals(results.resolve("failed"), ResultsDir.newestFirst(results).get(0));

        CostRun c = CostRun.pick(List.of(), results, false, here).orElseThrow();
        assertEquals(good, c.found().input().source());
        assertTrue(c.said().startsWith("Priced from " + good + " (results of 20"), c.said());
        assertFalse(c.said().contains("disturbed"), c.said());
    }

    @Test
    void aRunThatLeftOutADisturbedTrialBesideItsPriceStillPricesByDefault() throws IOException {
        run(QUICK, "older", 3, null);
        Path newer = run(QUICK, "newer", 1, "failed: 1 of 15 trials disturbed\ntrial-disturbed\tdev.switchcost.bench.SyscallBaseline.gettid"
                + "\tbinding=FFM\tdisturbed: processes outside the run took 4.0%\tleft-out\n");
        assertEquals(newer, CostRun.pick(List.of(), results, false, here).orElseThrow().found().input().source(),
                "the run ended; its price trials are clean, only gettid was left out");
    }

    @Test
    void aPriceFromAKeptDisturbedTrialIsTakenOnlyWhenNamedAndSaidAndNoDefaultWithoutACompleteRun() throws IOException {
        Path good = run(QUICK, "good", 3, null);
        Path kept = run(QUICK, "kept", 1, "complete\ntrial-disturbed\t" + PAIRED_SAME_CPU + "\tdisturbed: yes took 40%\tkept\n");
        assertEquals(good, CostRun.pick(List.of(), results, false, here).orElseThrow().found().input().source(),
                "by default the newer run whose price comes from a kept disturbed trial is passed over");
        CostRun c = CostRun.pick(List.of(kept), results, false, here).orElseThrow();
        assertTrue(c.said().contains("a price comes from a disturbed trial the run kept (--allow-disturbed)"), c.said());

        // named second beside a clean run, its kept disturbed trial still marks the price: every input's status counts
        Path noPrice = run("quick-avgt-only-epyc-kvm-jdk25", "no-price", 4, null);
        CostRun both = CostRun.pick(List.of(noPrice, kept), results, false, here).orElseThrow();
        assertTrue(both.said().contains("a price comes from a disturbed trial the run kept (--allow-disturbed)"), both.said());
        assertEquals(1, both.found().input().status().failedTrials().size(), "the second input's status is read, not the first's alone");

        Path only = tmp.resolve("only");
        run(QUICK, "../only/failed", 1, "failed: 1 of 5 trials failed\n");
        assertTrue(CostRun.pick(List.of(), only, false, here).isEmpty(), "a failed run prices nothing by default");
    }

    @Test
    void anotherMachinesResultsAreRefusedUnlessAskedAndSeveralCostsAreRead() throws IOException {
        Path other = Fixtures.copy(QUICK, tmp.resolve("other"));
        String why = CostRun.otherMachine(dev.switchcost.results.Results.readMachine(other.resolve(ResultsDir.MACHINE)), here);
        org.junit.jupiter.api.Assumptions.assumeTrue(why != null, "the fixture's machine is this one");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CostRun.pick(List.of(other), results, false, here));
        assertTrue(e.getMessage().startsWith("--costs " + other + " was measured on another machine (")
                && e.getMessage().endsWith("--other-machine to price with them anyway"), e.getMessage());

        Path mine = run("workingset-paired-epyc-kvm-2vcpu-jdk25", "mine", 1, null);
        CostRun both = CostRun.pick(List.of(mine, other), results, true, here).orElseThrow();
        assertTrue(both.said().contains(mine.toString()) && both.said().contains(other.toString()), both.said());
        long rows = both.found().input().rows().size();
        assertTrue(rows > CostRun.pick(List.of(mine), results, false, here).orElseThrow().found().input().rows().size(), "rows of both");
    }

    /** Every run records itself in the history: the default takes the history's latest run of this machine with a price. */
    @Test
    void theDefaultTakesTheHistorysLatestRunWithAPriceBeforeResultsAndResultsWhenTheHistoryHasNone() throws IOException {
        Path elsewhere = Fixtures.copy(QUICK, tmp.resolve("elsewhere").resolve("run-a"));
        ResultsDir.writeMachine(elsewhere, here);
        Path newer = run(QUICK, "newer", 0, null);
        Path store = tmp.resolve("history.duckdb");
        try (HistoryStore s = HistoryStore.open(store)) {
            s.add(List.of(Bundle.of(Results.load(elsewhere))));
        }
        CostRun c = CostRun.pick(List.of(), store, results, false, here).orElseThrow();
        assertEquals(elsewhere, c.found().input().source(), "the history's run, not the newer one under results/");
        assertTrue(c.said().startsWith("Priced from " + elsewhere + " (results of 20") && c.said().contains(" of the history " + store + ")"),
                c.said());

        // another machine's run in the history is refused as under results/
        Path other = Fixtures.copy(QUICK, tmp.resolve("elsewhere").resolve("other"));
        org.junit.jupiter.api.Assumptions.assumeTrue(CostRun.otherMachine(Results.readMachine(other.resolve(ResultsDir.MACHINE)), here) != null,
                "the fixture's machine is this one");
        Path otherStore = tmp.resolve("other.duckdb");
        try (HistoryStore s = HistoryStore.open(otherStore)) {
            s.add(List.of(Bundle.of(Results.load(other))));
        }
        assertEquals(newer, CostRun.pick(List.of(), otherStore, results, false, here).orElseThrow().found().input().source());
        assertEquals(other, CostRun.pick(List.of(), otherStore, results, true, here).orElseThrow().found().input().source(),
                "--other-machine takes it");

        // a history run whose directory is gone, or no store at all: results/ as before
        try (var files = Files.walk(elsewhere)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
        assertEquals(newer, CostRun.pick(List.of(), store, results, false, here).orElseThrow().found().input().source());
        assertEquals(newer, CostRun.pick(List.of(), tmp.resolve("none.duckdb"), results, false, here).orElseThrow().found().input().source());
    }

    /** sample needs both platform prices: a later run with only the one-CPU price is passed over for one that has both. */
    @Test
    void theDefaultPrefersTheLatestRunWithBothPlatformPricesAndElseTakesAnyPrice() throws IOException {
        Path both = run(QUICK, "both", 3, null);
        // the quick run's paired row at its size becomes the row across CPUs at size 0: both prices
        Path jmh = both.resolve(ResultsDir.JMH);
        String text = Files.readString(jmh);
        String crossed = text.replaceFirst("\"placement\" : \"SAME_CPU\",(\\s+\"sharing\" : \"PRIVATE\",\\s+\"strideBytes\" : \"64\","
                + "\\s+\"wait\" : \"UNTIMED\",\\s+\"walk\" : \"LI\",\\s+)\"workingSetKiB\" : \"256\"",
                "\"placement\" : \"CROSS_CPU\",$1\"workingSetKiB\" : \"0\"");
        assertFalse(crossed.equals(text), "the fixture's paired row at 256 KiB");
        Files.writeString(jmh, crossed);
        Files.setLastModifiedTime(jmh, FileTime.from(Instant.now().minusSeconds(3600L * 3)));
        Path oneCpu = run(QUICK, "one-cpu", 1, null);

        CostRun c = CostRun.pick(List.of(), results, false, here).orElseThrow();
        assertEquals(both, c.found().input().source(), "the newer run has no price across CPUs");
        assertTrue(dev.switchcost.derive.SwitchPrices.of(c.found()).crossCpu() != null);

        Files.delete(jmh);
        assertEquals(oneCpu, CostRun.pick(List.of(), results, false, here).orElseThrow().found().input().source(),
                "no run has both: the latest with a price");
    }

    /** A later run with only the virtual threads' price cannot price sample's switches: the earlier one with a platform price does. */
    @Test
    void aRunWithOnlyTheVirtualThreadsPriceIsPassedOver() throws IOException {
        Path platform = run(QUICK, "platform", 3, null);
        Path virtualOnly = run(QUICK, "virtual-only", 1, null);
        Path jmh = virtualOnly.resolve(ResultsDir.JMH);
        com.google.gson.JsonArray rows = com.google.gson.JsonParser.parseString(Files.readString(jmh)).getAsJsonArray();
        com.google.gson.JsonArray kept = new com.google.gson.JsonArray();
        rows.forEach(r -> {
            if (!r.getAsJsonObject().get("benchmark").getAsString().endsWith("roundTripPaired")) {
                kept.add(r);
            }
        });
        assertTrue(kept.size() < rows.size(), "the fixture's paired rows");
        Files.writeString(jmh, kept.toString());
        Files.setLastModifiedTime(jmh, FileTime.from(Instant.now().minusSeconds(3600)));
        dev.switchcost.derive.SwitchPrices only = dev.switchcost.derive.SwitchPrices.of(dev.switchcost.derive.Findings.of(Results.load(virtualOnly)));
        assertTrue(only.virtual() != null && only.sameCpu() == null && only.crossCpu() == null, "the later run holds only the virtual price");

        assertEquals(platform, CostRun.pick(List.of(), results, false, here).orElseThrow().found().input().source());
        Files.delete(platform.resolve(ResultsDir.JMH));
        assertTrue(CostRun.pick(List.of(), results, false, here).isEmpty(), "no run can price platform switches: none, said as such");
    }
}
