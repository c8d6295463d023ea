package dev.switchcost.derive;

import dev.switchcost.measure.jmh.Disturbance;
import dev.switchcost.render.GapTable;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Column;
import dev.switchcost.results.Estimate;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GapDecompositionTest {

    /** The plain text under the compare table, from this run's derived rows. */
    static String gapText(CompareResults r) {
        return GapTable.text(GapDecomposition.of(r), GapDecomposition.afterSwitch(r, GapDecomposition.of(r)));
    }


    /** A cell whose repetitions all say the same: ns per round trip and voluntary switches per round trip. */
    private static CompareResults.Cell cell(Column c, String placement, double ns, double voluntary) {
        List<CompareResults.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            samples.add(new CompareResults.Sample(i + 1, ns, Double.NaN, voluntary, 2 - voluntary, 2.0, "", null));
        }
        return new CompareResults.Cell(c.name(), c.group().name(), c.label(), placement, "test", null, samples);
    }

    private static CompareResults results(List<CompareResults.Cell> cells) {
        return new CompareResults(1, "t", 3, true, List.of("UNPINNED", "SAME_CPU"), "s", cells);
    }

    private static final List<CompareResults.Cell> RUN = List.of(
            cell(Column.NATIVE_FUTEX, "SAME_CPU", 3800, 1.2),
            cell(Column.NATIVE_FUTEX_TIMED, "SAME_CPU", 4500, 1.2),
            cell(Column.FFM_FUTEX, "SAME_CPU", 4100, 1.0),
            cell(Column.JNA_FUTEX, "SAME_CPU", 5000, 1.5),
            cell(Column.JNA_FUTEX_TIMED, "SAME_CPU", 5800, 1.5),
            cell(Column.LOCK_SUPPORT, "SAME_CPU", 5400, 1.2),
            cell(Column.NATIVE_GETTID, "UNPINNED", 100, 0),
            cell(Column.JMH_EMPTY, "UNPINNED", 2, 0),
            cell(Column.FFM_GETTID, "UNPINNED", 110, 0),
            cell(Column.FFM_GETTID_NOT_CRITICAL, "UNPINNED", 130, 0),
            cell(Column.JNA_GETTID, "UNPINNED", 220, 0));

    private static GapDecomposition.Row row(List<GapDecomposition.Row> rows, Column c) {
        return rows.stream().filter(r -> r.label().equals(c.label())).findFirst().orElseThrow();
    }

    /**
     * BindingAfterSwitch: the call after each wake costs (row − no-call row) / 2; FFM's equals its warm
     * loop, JNA's is 150 ns dearer, which over the JNA futex row's 3.5 calls is 525 ns of its residual.
     */
    @Test
    void aBindingsCallRightAfterASwitchIsSetAgainstTheSameCallWarm() {
        List<CompareResults.Cell> cells = new ArrayList<>(RUN);
        cells.add(cell(Column.FFM_AS_FUTEX_WAIT, "UNPINNED", 130, 0));
        cells.add(cell(Column.JNA_AS_FUTEX_CALL, "UNPINNED", 250, 0));
        cells.add(cell(Column.AFTER_SWITCH_NONE, "SAME_CPU", 4100, 1.0));
        cells.add(cell(Column.AFTER_SWITCH_FFM, "SAME_CPU", 4100 + 2 * 130, 1.0));
        cells.add(cell(Column.AFTER_SWITCH_JNA, "SAME_CPU", 4100 + 2 * 400, 1.0));
        CompareResults compared = results(cells);
        List<GapDecomposition.AfterSwitch> after = GapDecomposition.afterSwitch(compared, GapDecomposition.of(compared));
        assertEquals(List.of("FFM", "JNA"), after.stream().map(GapDecomposition.AfterSwitch::binding).toList());

        GapDecomposition.AfterSwitch ffm = after.get(0);
        assertEquals(130, ffm.afterSwitch().value(), 1e-9);
        assertEquals(0, ffm.difference().value(), 1e-9);
        assertEquals("the same as warm within the error", ffm.reading());

        GapDecomposition.AfterSwitch jna = after.get(1);
        assertEquals(400, jna.afterSwitch().value(), 1e-9);
        assertEquals(150, jna.difference().value(), 1e-9);
        assertEquals(1.5 + 2, jna.callsPerRoundTrip(), 1e-9);
        assertEquals(150 * 3.5, jna.perRoundTrip().value(), 1e-9);
        assertEquals(row(GapDecomposition.of(results(cells)), Column.JNA_FUTEX).residual().value(), jna.residual().value(), 1e-9);
        assertEquals("dearer right after a switch", jna.reading());

        String text = gapText(results(cells));
        assertTrue(text.contains(GapTable.AFTER_SWITCH_LEGEND) && text.contains("dearer right after a switch"), text);
        // a run without BindingAfterSwitch says nothing about it
        assertFalse(gapText(results(RUN)).contains(GapTable.AFTER_SWITCH_LEGEND));
    }

    /**
     * Issue 16: a repetition the disturbance rule calls disturbed is left out of every figure (the cell's mean,
     * its ratio to native, the gap and its shares), JVM or native; kept ({@code --allow-disturbed}) it counts.
     */
    @Test
    void aDisturbedRepetitionIsLeftOutOfTheGapUnlessKept() {
        Disturbance.Reading yes = new Disturbance.Reading(48, 0, new Disturbance.Intruder(4242, "yes", 47, false), 0, null, null, null);
        Disturbance.Reading quiet = new Disturbance.Reading(0.3, 0, null, 0, null, null, null);
        for (Column disturbedColumn : List.of(Column.NATIVE_FUTEX, Column.FFM_FUTEX)) {
            List<CompareResults.Cell> cells = new ArrayList<>();
            for (CompareResults.Cell c : RUN) {
                if (!c.column().equals(disturbedColumn.name()) || !c.placement().equals("SAME_CPU")) {
                    cells.add(c);
                    continue;
                }
                List<CompareResults.Sample> samples = new ArrayList<>();
                for (CompareResults.Sample s : c.samples()) {
                    samples.add(new CompareResults.Sample(s.repetition(), s.nsPerRoundTrip(), s.scoreError(), s.voluntaryPerRoundTrip(),
                            s.involuntaryPerRoundTrip(), s.switchesPerRoundTrip(), s.cpus(), null, quiet, false));
                }
                // a fourth repetition, doubled by a yes on its CPU
                samples.add(new CompareResults.Sample(4, 2 * c.samples().get(0).nsPerRoundTrip(), Double.NaN, 1.0, 1.0, 2.0, "1",
                        null, yes, false));
                cells.add(new CompareResults.Cell(c.column(), c.group(), c.label(), c.placement(), c.source(), null, samples));
            }
            GapDecomposition.Row left = row(GapDecomposition.of(results(cells)), Column.FFM_FUTEX);
            assertEquals(300, left.gap().value(), 1e-9, disturbedColumn + ": the disturbed repetition is left out");
            assertEquals(row(GapDecomposition.of(results(RUN)), Column.FFM_FUTEX).residual().value(), left.residual().value(), 1e-9);

            List<CompareResults.Cell> kept = cells.stream().map(c -> new CompareResults.Cell(c.column(), c.group(), c.label(),
                    c.placement(), c.source(), c.unavailable(), c.samples().stream().map(s -> new CompareResults.Sample(s.repetition(),
                    s.nsPerRoundTrip(), s.scoreError(), s.voluntaryPerRoundTrip(), s.involuntaryPerRoundTrip(), s.switchesPerRoundTrip(),
                    s.cpus(), s.error(), s.interference(), true)).toList())).toList();
            assertFalse(Math.abs(row(GapDecomposition.of(results(kept)), Column.FFM_FUTEX).gap().value() - 300) < 1,
                    disturbedColumn + ": kept (--allow-disturbed), it counts");
        }
    }

    @Test
    void sharesAreMeasuredAndAddUpToTheGap() {
        List<GapDecomposition.Row> rows = GapDecomposition.of(results(RUN));
        assertEquals(4, rows.size());

        GapDecomposition.Row ffm = row(rows, Column.FFM_FUTEX);
        assertEquals(300, ffm.gap().value(), 1e-9);
        assertEquals(1.0 * 30 + 2 * 10, ffm.binding().value(), 1e-9);   // 1 wait × (130 − 100) + 2 wakes × (110 − 100)
        assertEquals(0, ffm.timer().value(), 1e-9);
        assertEquals(2, ffm.harness().value(), 1e-9);
        assertEquals(300 - 50 - 2, ffm.residual().value(), 1e-9);

        GapDecomposition.Row jna = row(rows, Column.JNA_FUTEX);
        assertEquals((1.5 + 2) * 120, jna.binding().value(), 1e-9);     // 3.5 calls × (220 − 100)
        assertEquals(1200 - 420 - 2, jna.residual().value(), 1e-9);

        GapDecomposition.Row timed = row(rows, Column.JNA_FUTEX_TIMED);
        assertEquals(700, timed.timer().value(), 1e-9);                  // C timed − C untimed
        assertEquals(2000 - 420 - 700 - 2, timed.residual().value(), 1e-9);
        for (GapDecomposition.Row r : rows) {
            assertEquals(r.gap().value(), r.binding().value() + r.timer().value() + r.harness().value() + r.residual().value(), 1e-9, r.label());
        }

        GapDecomposition.Row park = row(rows, Column.LOCK_SUPPORT);
        assertEquals(0, park.binding().value(), 1e-9);
        assertEquals(1600 - 2, park.residual().value(), 1e-9);
        assertEquals(5400 / 3800.0, park.ratio().value(), 1e-9);
        assertTrue(park.residualNeedsExplaining());
        assertFalse(park.accounted());
        assertTrue(gapText(results(RUN)).lines().anyMatch(l -> l.contains(Column.LOCK_SUPPORT.label()) && l.contains("unexplained: 42 % of C")),
                gapText(results(RUN)));
    }

    @Test
    void theFutexShapedSyscallRowsPriceTheBindingWhenTheyRan() {
        List<CompareResults.Cell> withShaped = new ArrayList<>(RUN);
        withShaped.add(cell(Column.FFM_AS_FUTEX_WAIT, "UNPINNED", 140, 0));
        withShaped.add(cell(Column.FFM_AS_FUTEX_WAKE, "UNPINNED", 112, 0));
        withShaped.add(cell(Column.JNA_AS_FUTEX_CALL, "UNPINNED", 300, 0));
        List<GapDecomposition.Row> rows = GapDecomposition.of(results(withShaped));
        assertEquals(1.0 * 40 + 2 * 12, row(rows, Column.FFM_FUTEX).binding().value(), 1e-9);   // not the plain gettid rows' 50
        assertEquals((1.5 + 2) * 200, row(rows, Column.JNA_FUTEX).binding().value(), 1e-9);
        assertEquals((1.5 + 2) * 200, row(rows, Column.JNA_FUTEX_TIMED).binding().value(), 1e-9);
    }

    @Test
    void missingInputsGiveNaNSharesNotInventedOnes() {
        List<CompareResults.Cell> noSyscalls = RUN.stream().filter(c -> !c.group().equals(Column.Group.SYSCALL.name())).toList();
        GapDecomposition.Row jna = row(GapDecomposition.of(results(noSyscalls)), Column.JNA_FUTEX);
        assertTrue(Double.isNaN(jna.binding().value()));
        assertTrue(Double.isNaN(jna.residual().value()));
        assertFalse(jna.residualNeedsExplaining());
        assertEquals(GapTable.NOT_MEASURED + "\n", gapText(results(noSyscalls)), "no table of blanks, one line saying why");
    }

    @Test
    void aResidualInsideItsErrorIsAccountedForAndAResolvedSmallOneIsNotCalledUnexplained() {
        List<CompareResults.Cell> noisy = new ArrayList<>(RUN);
        // FFM: a gap of 300 ± a wide error from repetitions 3,900 / 4,100 / 4,300 / 4,500 / 3,700 (mean 4,100)
        List<CompareResults.Sample> samples = new ArrayList<>();
        double[] ns = {3900, 4100, 4300, 4500, 3700};
        for (int i = 0; i < ns.length; i++) {
            samples.add(new CompareResults.Sample(i + 1, ns[i], Double.NaN, 1.0, 1.0, 2.0, "", null));
        }
        noisy.replaceAll(c -> c.column().equals(Column.FFM_FUTEX.name())
                ? new CompareResults.Cell(c.column(), c.group(), c.label(), c.placement(), c.source(), null, samples) : c);
        GapDecomposition.Row ffm = row(GapDecomposition.of(results(noisy)), Column.FFM_FUTEX);
        assertEquals(248, ffm.residual().value(), 1e-9);
        assertTrue(ffm.residual().halfWidth() > 248, ffm.residual().toString());
        assertFalse(ffm.accounted(), "an interval wider than 5 % of C accounts for nothing");
        assertTrue(ffm.undecided());
        assertFalse(ffm.residualNeedsExplaining());
        assertTrue(GapTable.reading(ffm).startsWith("undecided: error ± 32 % of C"), GapTable.reading(ffm));

        // a tight spread around the shares' sum: 3,850 ± a few ns per repetition (mean 3,852 = C + binding + harness)
        List<CompareResults.Sample> tight = new ArrayList<>();
        double[] close = {3850, 3853, 3852, 3854, 3851};
        for (int i = 0; i < close.length; i++) {
            tight.add(new CompareResults.Sample(i + 1, close[i], Double.NaN, 1.0, 1.0, 2.0, "", null));
        }
        noisy.replaceAll(c -> c.column().equals(Column.FFM_FUTEX.name())
                ? new CompareResults.Cell(c.column(), c.group(), c.label(), c.placement(), c.source(), null, tight) : c);
        GapDecomposition.Row fits = row(GapDecomposition.of(results(noisy)), Column.FFM_FUTEX);
        assertEquals(0, fits.residual().value(), 1e-9);
        assertTrue(fits.accounted());
        assertTrue(gapText(results(noisy)).contains("accounted for within the error"));

        // exact figures: a residual of 2 % of C is resolved but under the 5 % line
        List<CompareResults.Cell> small = new ArrayList<>(RUN);
        small.replaceAll(c -> c.column().equals(Column.FFM_FUTEX.name()) ? cell(Column.FFM_FUTEX, "SAME_CPU", 3800 + 52 + 76, 1.0) : c);
        GapDecomposition.Row near = row(GapDecomposition.of(results(small)), Column.FFM_FUTEX);
        assertEquals(76, near.residual().value(), 1e-9);
        assertFalse(near.accounted());
        assertFalse(near.residualNeedsExplaining());
        assertEquals("residual 2 % of C (under 5 %)", GapTable.reading(near));
    }

    @Test
    void anOldCompareJsonWithoutTheNewCellsSaysWhyInsteadOfATableOfBlanks() throws IOException {
        // 2026-11-21: C and JNA rows, no empty-op row, so no harness share and no residual
        CompareResults old = CompareResults.read(Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25/compare.json"));
        assertFalse(GapDecomposition.of(old).isEmpty());
        for (GapDecomposition.Row r : GapDecomposition.of(old)) {
            assertTrue(Double.isFinite(r.jvm().value()) && Double.isFinite(r.c().value()), r.toString());
            assertTrue(Double.isNaN(r.residual().value()), r.toString());
        }
        assertEquals(GapTable.NOT_MEASURED + "\n", gapText(old));
    }
    static final Path PARKER_FIXTURE = Path.of("src/test/resources/fixtures/hand-written/parker-split/compare.json");

    /**
     * Issue 17, on a hand-written compare.json: park()'s gap = harness + Parker's protocol (C Parker − C futex) + the
     * JVM's own part (park() − C Parker − harness), each with its error; the shares add up to the gap within its
     * error, and the reading names the share that is resolved (Parker's protocol on SAME_CPU, the JVM's part on UNPINNED).
     */
    @Test
    void parksGapSplitsIntoParkersProtocolAndTheJvmsOwnPart() throws IOException {
        CompareResults r = CompareResults.read(PARKER_FIXTURE);
        List<GapDecomposition.Row> rows = GapDecomposition.of(r);
        assertEquals(2, rows.size(), rows.toString());
        for (GapDecomposition.Row x : rows) {
            assertTrue(x.throughParker(), x.toString());
            assertEquals(0, x.binding().value(), 0);
            assertEquals(0, x.timer().value(), 0);
            // the shares add up to the gap: exactly in value, and the sum lies within the gap's own interval
            assertEquals(x.gap().value(), x.harness().value() + x.parkerProtocol().value() + x.residual().value(), 1e-9);
            Estimate sumOfShares = x.binding().plus(x.timer()).plus(x.harness()).plus(x.parkerProtocol()).plus(x.residual());
            assertEquals(x.gap().value(), sumOfShares.value(), 1e-9);
            assertTrue(Math.abs(sumOfShares.value() - x.gap().value()) <= x.gap().halfWidth(), x.toString());
            // C's error is not counted twice: the JVM's part is priced against the C Parker alone
            assertEquals(Math.hypot(x.jvm().standardError(), x.cParker().standardError()), x.residual().standardError(), 1e-9);
        }

        GapDecomposition.Row same = rows.stream().filter(x -> x.placement().equals("SAME_CPU")).findFirst().orElseThrow();
        assertEquals(4450 - 3800, same.gap().value(), 1e-9);
        assertEquals(4400 - 3800, same.parkerProtocol().value(), 1e-9);
        assertEquals(4450 - 4400 - 2, same.residual().value(), 1e-9);
        assertTrue(same.parkerProtocol().resolved());
        assertFalse(same.residual().resolved());
        String sameReading = GapTable.reading(same);
        assertTrue(sameReading.startsWith("Parker's protocol 16 % of C (resolved); the JVM's own part within the error"), sameReading);

        GapDecomposition.Row unpinned = rows.stream().filter(x -> x.placement().equals("UNPINNED")).findFirst().orElseThrow();
        assertEquals(5050 - 5000, unpinned.parkerProtocol().value(), 1e-9);
        assertEquals(6000 - 5050 - 2, unpinned.residual().value(), 1e-9);
        assertFalse(unpinned.parkerProtocol().resolved());
        assertTrue(unpinned.residual().resolved());
        String unpinnedReading = GapTable.reading(unpinned);
        assertTrue(unpinnedReading.startsWith("the JVM's own part 19 % of C (resolved); Parker's protocol within the error"), unpinnedReading);

        String text = gapText(r);
        assertTrue(text.contains(GapTable.PARKER_LEGEND) && text.contains("Parker's protocol"), text);
    }

    /** Without the C Parker (older runs) park()'s whole gap stays residual and the table has no Parker column. */
    @Test
    void withoutTheCParkerParksGapIsResidualAsBefore() {
        GapDecomposition.Row park = row(GapDecomposition.of(results(RUN)), Column.LOCK_SUPPORT);
        assertFalse(park.throughParker());
        assertEquals(0, park.parkerProtocol().value(), 0);
        assertEquals(1600 - 2, park.residual().value(), 1e-9);
        assertFalse(gapText(results(RUN)).contains("Parker"), gapText(results(RUN)));
    }
}
