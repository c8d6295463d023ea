package dev.switchcost.render;

import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Stats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompareTableTest {

    private static final Path FIXTURE = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25/compare.json");

    @Test
    void readsCapturedCompareJsonAndRendersEveryCell() throws IOException {
        CompareResults r = CompareResults.read(FIXTURE);
        String text = CompareTable.text(r);
        for (CompareResults.Cell c : r.cells()) {
            assertTrue(text.lines().anyMatch(l -> l.startsWith(c.placement()) && l.contains(c.label())), "row for " + c.label() + " " + c.placement());
        }
        // The baseline of each row group is its own reference: ratio 1.00.
        String nativeSame = text.lines().filter(l -> l.startsWith("SAME_CPU") && l.contains("native futex, threads")).findFirst().orElseThrow();
        assertTrue(nativeSame.contains(" 1 (baseline)"), nativeSame);
        String md = CompareTable.table(r).markdown();
        assertTrue(md.contains("|placement|implementation|"), md);
    }

    @Test
    void ratioIsOfMeansToTheNativeCellOfTheSamePlacement() {
        CompareResults.Cell nat = cell(Column.NATIVE_FUTEX, "SAME_CPU", null, 195, 205, 200);
        CompareResults.Cell jna = cell(Column.JNA_FUTEX, "SAME_CPU", null, 210, 230, 220);
        CompareResults.Cell vt = cell(Column.VIRTUAL, "SAME_CPU", "benchmark not built");
        CompareResults r = new CompareResults(1, "t", 3, true, List.of("SAME_CPU"), "s", List.of(nat, jna, vt));
        String text = CompareTable.text(r);
        String line = text.lines().filter(l -> l.contains("JNA futex")).findFirst().orElseThrow();
        assertTrue(line.contains("1.1 ± "), line);             // 220 / 200 (means), to the digits its error supports
        // round trips of 210–230 ns, per switch (÷ 2) as on the card
        assertTrue(line.contains("105–115"), line);
        assertTrue(text.lines().anyMatch(l -> l.contains(" n/a ") && l.endsWith("not run: benchmark not built")), text);
    }

    /**
     * Issue 16: a disturbed repetition, JVM or native, is marked in its row and left out of the mean and the ratio;
     * one line names the cell, the repetition and the intruder; compare.json keeps the reading.
     */
    @Test
    void aDisturbedRepetitionIsMarkedLeftOutAndNamedWithItsIntruder(@TempDir Path tmp) throws IOException {
        Disturbance.Reading yes = new Disturbance.Reading(49.6, 0, new Disturbance.Intruder(4242, "yes", 48.2, false), 0, null, null, null);
        List<CompareResults.Sample> nativeSamples = new ArrayList<>(cell(Column.NATIVE_FUTEX, "SAME_CPU", null, 100, 300, 200).samples());
        nativeSamples.add(new CompareResults.Sample(4, 900, Double.NaN, 1.2, 0.8, 2.0, "1", null, yes, false));
        CompareResults.Cell nat = new CompareResults.Cell(Column.NATIVE_FUTEX.name(), Column.NATIVE_FUTEX.group().name(),
                Column.NATIVE_FUTEX.label(), "SAME_CPU", "test", null, nativeSamples);
        CompareResults.Cell jna = new CompareResults.Cell(Column.JNA_FUTEX.name(), Column.JNA_FUTEX.group().name(), Column.JNA_FUTEX.label(),
                "SAME_CPU", "test", null, List.of(new CompareResults.Sample(1, 5000, Double.NaN, 1, 1, 2, "", null, yes, false)));
        CompareResults r = new CompareResults(1, "t", 4, true, List.of("SAME_CPU"), "s", List.of(nat, jna));
        assertEquals(200, nat.estimate().value(), 1e-9, "the disturbed 900 is left out of the mean");
        String text = CompareTable.text(r);
        String natLine = text.lines().filter(l -> l.contains(Column.NATIVE_FUTEX.label())).findFirst().orElseThrow();
        assertTrue(natLine.contains("(1 disturbed, left out)") && natLine.contains("50–150"), natLine); // 100–300 per round trip
        String jnaLine = text.lines().filter(l -> l.contains(Column.JNA_FUTEX.label())).findFirst().orElseThrow();
        assertTrue(jnaLine.contains("DISTURBED") && jnaLine.contains("largest: yes (pid 4242) took 48%"), jnaLine);
        assertEquals(List.of(Column.NATIVE_FUTEX.label() + ", SAME_CPU, repetition 4: disturbed: other tasks took 50% of the measured"
                        + " CPUs' time (limit 5%); largest: yes (pid 4242) took 48% (left out of every figure)",
                Column.JNA_FUTEX.label() + ", SAME_CPU, repetition 1: disturbed: other tasks took 50% of the measured"
                        + " CPUs' time (limit 5%); largest: yes (pid 4242) took 48% (left out of every figure)"),
                CompareTable.disturbances(r));

        CompareResults back = CompareResults.read(r.write(tmp));
        assertEquals(yes, back.cells().get(0).samples().get(3).interference(), "compare.json keeps the reading");
        assertEquals(200, back.cells().get(0).estimate().value(), 1e-9);
        CompareResults old = CompareResults.read(FIXTURE);
        assertTrue(old.cells().stream().flatMap(c -> c.samples().stream()).allMatch(s -> s.interference() == null && s.usable() == (s.error() == null)),
                "a file written before the rule reads as not judged");
    }

    /** A native cell a CPU quota throttled is disturbed, named so, and compare.json keeps the throttling; older readings read without it. */
    @Test
    void aThrottledNativeRepetitionIsNamedAndItsThrottlingKept(@TempDir Path tmp) throws IOException {
        Disturbance.Reading throttled = new Disturbance.Reading(0.4, 0, null, 40, 0.0, 0.3, 0.1,
                new Disturbance.Throttling(4, 5, 212.4, 20, "/switchcost-test-1"));
        List<CompareResults.Sample> samples = new ArrayList<>(cell(Column.NATIVE_FUTEX, "SAME_CPU", null, 100, 300, 200).samples());
        samples.add(new CompareResults.Sample(4, 4000, Double.NaN, 1.2, 0.8, 2.0, "1", null, throttled, false));
        CompareResults.Cell nat = new CompareResults.Cell(Column.NATIVE_FUTEX.name(), Column.NATIVE_FUTEX.group().name(),
                Column.NATIVE_FUTEX.label(), "SAME_CPU", "test", null, samples);
        CompareResults r = new CompareResults(1, "t", 4, true, List.of("SAME_CPU"), "s", List.of(nat));
        assertEquals(200, nat.estimate().value(), 1e-9, "the throttled 4000 is left out of the mean");
        assertEquals(List.of(Column.NATIVE_FUTEX.label() + ", SAME_CPU, repetition 4: disturbed: throttled by a CPU quota (20% of one"
                + " CPU, cgroup /switchcost-test-1): 4 of 5 periods, 212 ms (left out of every figure)"), CompareTable.disturbances(r));
        CompareResults back = CompareResults.read(r.write(tmp));
        assertEquals(throttled, back.cells().get(0).samples().get(3).interference(), "compare.json keeps the throttling");
        Disturbance.Reading yes = new Disturbance.Reading(49.6, 0, new Disturbance.Intruder(4242, "yes", 48.2, false), 0, null, null, null);
        samples.set(3, new CompareResults.Sample(4, 900, Double.NaN, 1.2, 0.8, 2.0, "1", null, yes, false));
        Path older = new CompareResults(1, "t", 4, true, List.of("SAME_CPU"), "s", List.of(nat)).write(Files.createDirectory(tmp.resolve("older")));
        assertTrue(!Files.readString(older).contains("throttling"), "a reading without a quota writes none");
        assertEquals(yes, CompareResults.read(older).cells().get(0).samples().get(3).interference(), "and reads back without it");
    }

    @Test
    void statsAreMedianAndRange() {
        Stats s = Stats.of(List.of(3.0, 1.0, 2.0, 10.0));
        assertEquals(2.5, s.median());
        assertEquals(1.0, s.min());
        assertEquals(10.0, s.max());
        assertEquals(0, Stats.of(List.of(Double.NaN)).n());
    }

    @Test
    void rejectsOtherJson(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("compare.json");
        Files.writeString(f, "{\"schema\": 2}");
        assertThrows(IllegalArgumentException.class, () -> CompareResults.read(f));
        Files.writeString(f, "not json");
        assertThrows(IllegalArgumentException.class, () -> CompareResults.read(f));
    }

    private static CompareResults.Cell cell(Column c, String placement, String unavailable, double... ns) {
        List<CompareResults.Sample> samples = new ArrayList<>();
        for (int i = 0; i < ns.length; i++) {
            samples.add(new CompareResults.Sample(i + 1, ns[i], Double.NaN, 1.2, 0.8, 2.0, "1", null));
        }
        return new CompareResults.Cell(c.name(), c.group().name(), c.label(), placement, "test", unavailable, samples);
    }
    /**
     * Issue 17: compare.json keeps {@code --simulate}'s counts and reads back with them; a file written before they
     * existed reads without (and its table has no instructions column); without valgrind the counted rows say so.
     */
    @Test
    void simulatedInstructionsRoundTripAndOlderFilesStillRead(@TempDir Path tmp) throws IOException {
        CompareResults old = CompareResults.read(FIXTURE);
        assertEquals(null, old.simulation(), "a compare.json written before --simulate has no simulation");
        assertTrue(!CompareTable.text(old).contains(CompareTable.INSTRUCTIONS_HEADER));

        CompareResults.Simulation sim = new CompareResults.Simulation(null, List.of(
                new CompareResults.Instructions(Column.NATIVE_FUTEX.name(), "futex_threads UNPINNED",
                        "simulated (callgrind), user space only", 2200, 117.845)));
        CompareResults withSim = old.withSimulation(sim);
        withSim.write(tmp);
        CompareResults back = CompareResults.read(tmp.resolve(CompareResults.FILE_NAME));
        assertEquals(sim, back.simulation());
        assertEquals(old.cells(), back.cells());
        String text = CompareTable.text(back);
        assertTrue(text.contains(CompareTable.INSTRUCTIONS_HEADER), text);
        String futexRow = text.lines().filter(l -> l.startsWith("SAME_CPU") && l.contains("native futex, threads")).findFirst().orElseThrow();
        assertTrue(futexRow.stripTrailing().endsWith("118"), futexRow);
        String jnaRow = text.lines().filter(l -> l.startsWith("SAME_CPU") && l.contains("JNA futex")).findFirst().orElseThrow();
        assertTrue(!jnaRow.contains("118"), "only the counted native rows carry a count: " + jnaRow);

        CompareResults none = old.withSimulation(new CompareResults.Simulation("not simulated (no valgrind)", List.of()));
        String noneText = CompareTable.text(none);
        assertTrue(noneText.lines().filter(l -> l.contains("native futex, threads")).allMatch(l -> l.contains("not simulated (no valgrind)")),
                noneText);
    }
}
