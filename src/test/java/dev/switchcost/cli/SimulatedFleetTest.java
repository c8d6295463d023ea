package dev.switchcost.cli;

import dev.switchcost.derive.ChangePoints;
import dev.switchcost.derive.HistorySeries;
import dev.switchcost.results.history.HistoryStore;
import dev.switchcost.results.history.SyntheticBundles;
import dev.switchcost.testing.Fixtures;
import dev.switchcost.testing.Measures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fleet, simulated: every results directory of the test fixtures (real runs: copies and extracts of committed
 * results, and short runs made for the tests; src/test/resources/fixtures/results/README.md), plus 36 synthetic
 * bundles on three invented machine types with known injected steps; the change-point detector must find the injected
 * steps at the run they were injected, and nothing else in the synthetic series. Prints its hits, misses, false alarms
 * and the import's time (a figure for docs/history.md, never asserted).
 */
@ResourceLock(Measures.HISTORY)
class SimulatedFleetTest {

    /** One invented machine: its runs, and the step injected into the figures {@code stepped} selects. */
    record Machine(String model, int cpus, String hypervisor, String cpuidle, int stepAt, double step,
                   Predicate<String> stepped, String kernelAfter, String jdkAfter) {
    }

    static final int RUNS = 12;

    static final List<Machine> FLEET = List.of(
            // a kernel upgrade makes the futex handoff 25% dearer
            new Machine("Acme X1", 8, null, "intel_idle", 6, 1.25, b -> b.contains("FutexPingPong"), "6.12.3", null),
            // a JDK upgrade makes park/unpark 20% cheaper
            new Machine("Acme X2", 16, "KVM", "haltpoll", 5, 0.8, b -> b.contains("ParkUnparkPingPong"), null, "25.0.1"),
            // nothing moves
            new Machine("Borealis B4", 4, null, "acpi_idle", -1, 1, b -> false, null, null));

    @TempDir
    Path tmp;

    @Test
    void theInjectedStepsAreFoundAndNothingElse() throws IOException {
        List<String> args = new ArrayList<>(List.of("history", "import", "--store", tmp.resolve("fleet.duckdb").toString()));
        committedResults().forEach(p -> args.add(p.toString()));
        int committed = args.size() - 4;
        long seed = 1;
        for (Machine m : FLEET) {
            for (int i = 0; i < RUNS; i++) {
                boolean after = m.stepAt() >= 0 && i >= m.stepAt();
                args.add(SyntheticBundles.write(tmp.resolve(m.model() + "-" + i), new SyntheticBundles.Spec(m.model(), m.cpus(),
                        after && m.kernelAfter() != null ? m.kernelAfter() : "6.6.30", after && m.jdkAfter() != null ? m.jdkAfter() : "21.0.5",
                        m.cpuidle(), m.hypervisor(), String.format(Locale.ROOT, "2026-10-%02dT08:00:00Z", i + 1), "commit" + i,
                        after ? m.step() : 1.0, m.stepped(), seed++)).toString());
            }
        }
        long t0 = System.nanoTime();
        CliResult imported = CliResult.run(args.toArray(String[]::new));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(ExitCodes.OK, imported.exit(), imported.err());
        assertTrue(committed >= 9, "the fixtures hold results directories: " + committed);

        int expected = 0;
        int hits = 0;
        List<String> misses = new ArrayList<>();
        List<String> falseAlarms = new ArrayList<>();
        int series = 0;
        try (HistoryStore s = HistoryStore.open(tmp.resolve("fleet.duckdb"))) {
            assertEquals(committed + FLEET.size() * RUNS, s.runs().size(), imported.out());
            List<HistoryStore.Point> all = s.points();
            for (String key : HistorySeries.keys(all)) {
                for (HistorySeries.Series se : HistorySeries.of(all, key, HistorySeries.By.MACHINE)) {
                    Machine m = FLEET.stream().filter(f -> se.label().startsWith(f.model() + " ×")).findFirst().orElse(null);
                    if (m == null) {
                        continue; // a committed (real) series: reported in docs/history.md, not judged here
                    }
                    series++;
                    boolean stepped = m.stepAt() >= 0 && m.stepped().test(key);
                    List<Integer> found = se.shifts().stream().map(ChangePoints.Shift::index).toList();
                    if (stepped) {
                        expected++;
                        if (found.contains(m.stepAt())) {
                            hits++;
                        } else {
                            misses.add(se.label() + " " + key + ": found " + found);
                        }
                    }
                    found.stream().filter(i -> !(stepped && i == m.stepAt()))
                            .forEach(i -> falseAlarms.add(se.label() + " " + key + " at " + i));
                }
            }
        }
        System.out.printf(Locale.ROOT, "simulated fleet: %d committed + %d synthetic bundles imported in %.1f s; %d synthetic"
                        + " series, %d injected steps: %d found, %d missed, %d false alarms (%s)%n", committed,
                FLEET.size() * RUNS, seconds, series, expected, hits, misses.size(), falseAlarms.size(), ChangePoints.RULE);
        assertTrue(expected >= 6, "the fleet injects steps in several series: " + expected);
        assertEquals(List.of(), misses, "every injected step is found where it was injected");
        assertEquals(List.of(), falseAlarms, "no change point where none was injected");
    }

    /**
     * Every directory under the fixtures' results that holds a JSON file but those of {@link #NOT_RESULTS}: the real
     * runs. That JSON (a forecast, sample's placement mix, or {@code compare --spin}'s spin-compare.json, which
     * {@code report} renders but {@code history} keeps no figures of: docs/NOTES.md) is not a fleet's run.
     */
    static final java.util.Set<String> NOT_RESULTS = java.util.Set.of("forecast.json", "spin-compare.json", "placement.json",
            "provenance.json", "machine.json");

    static List<Path> committedResults() throws IOException {
        try (Stream<Path> s = Files.walk(Fixtures.RESULTS)) {
            return s.filter(Files::isDirectory).filter(d -> {
                try (Stream<Path> f = Files.list(d)) {
                    return f.map(x -> x.getFileName().toString()).anyMatch(n -> n.endsWith(".json") && !NOT_RESULTS.contains(n));
                } catch (IOException e) {
                    return false;
                }
            }).sorted().toList();
        }
    }
}
