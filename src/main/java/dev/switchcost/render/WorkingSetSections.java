package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.Headline;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.IndirectSweepCurve;
import dev.switchcost.measure.jmh.PerfStatProfiler;
import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Metric;
import dev.switchcost.results.Results;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The report's working-set sections: the cost through the caches by size, and the interleaved JVM-and-C sweep. */
final class WorkingSetSections {

    private WorkingSetSections() {
    }

    static void workingSet(Doc doc, List<Findings> inputs) throws IOException {
        List<IndirectCost.Row> all = new ArrayList<>();
        MachineInfo machine = null;
        CacheSizes keyCaches = null;
        for (Findings f : inputs) {
            Results r = f.input();
            if (f.workingSetRefused() != null) {
                doc.p("Working-set rows of " + r.label() + " not derived: " + f.workingSetRefused());
                continue;
            }
            List<IndirectCost.Row> rows = f.workingSet();
            if (rows.isEmpty()) {
                continue;
            }
            machine = machine == null ? r.machine() : machine;
            CacheSizes caches = CurveChart.caches(r.machine());
            doc.input(r, inputs.size());
            for (Table t : IndirectTable.reportTables(rows, caches)) {
                doc.table(t.renamed(IndirectTable::words), IndirectTable.PARAMETERS.stream().map(IndirectTable::words).toList());
            }
            keyCaches = keyCaches == null ? caches : keyCaches;
            if (rows.stream().noneMatch(x -> Double.isFinite(x.missesPerSwitch()))) {
                doc.p("Cache misses per switch: not counted in these results (run with `switchcost run -prof " + PerfStatProfiler.class.getName()
                        + "` on a machine with hardware counters; this one " + (r.machine() != null && r.machine().perf() != null && !r.machine().perf().hardwareCounters()
                        ? "has none" : "may have none") + ").");
            }
            all.addAll(rows);
        }
        if (all.isEmpty()) {
            return;
        }
        doc.p(IndirectTable.reportKey(keyCaches)); // the key once, under every input's tables
        if (all.stream().anyMatch(IndirectCost.Row::disturbed)) {
            doc.p(AnswerCard.DISTURBED_LEGEND + ".");
        }
        if (all.stream().map(IndirectCost.Row::workingSetKiB).filter(k -> k > 0).distinct().count() < 2) {
            // one size above 0 is a point, not a curve: the table above says it all, no log axis spent on two points
            doc.p("One working-set size above 0 KiB: the table is the answer; `switchcost run --working-set` or"
                    + " `switchcost working-set` measures the curve over sizes.");
            return;
        }
        Headline.Figure oneCpu = inputs.stream().flatMap(f -> f.headlines().stream()).map(Headline::sameCpu)
                .filter(x -> x != null && x.perSwitch() != null).findFirst().orElse(null);
        doc.chart(WorkingSetChart.of(all, machine, oneCpu,
                "What does a switch cost through the caches, as the working set between switches grows?"),
                "No working-set size with a paired estimate (or two with the paper's): no curve to draw.");
        if (machine != null) {
            // the lines the chart draws (where they fall within its x axis)
            CacheSizes caches = CurveChart.caches(machine);
            Map<String, Long> marks = caches == null ? Map.of() : CurveChart.cacheMarks(caches);
            doc.p("Vertical lines: " + String.join(", ", marks.entrySet().stream()
                    .map(e -> e.getKey() + " = " + Fmt.num(e.getValue() / 1024.0) + " KiB").toList()) + " (cpu0, from machine.json).");
        }
    }

    /**
     * The JVM against C at each size, paired by repetition and judged by the one rule ({@link Diff#ratio}, ±10 %):
     * {@code 1,024 KiB: 1.36 ± 0.21×, JVM dearer}; empty without a size where a repetition has both.
     */
    static Optional<String> against(Findings f) {
        List<IndirectSweepCurve.Against> all = f.sweepAgainstC();
        // a run from before the threads' CPU time was read has no whole cost on any repetition: nothing to pair
        if (all.stream().allMatch(a -> a.pairs() == 0)) {
            return Optional.empty();
        }
        boolean several = all.stream().map(a -> a.strideBytes() + a.placement()).distinct().count() > 1;
        return Optional.of("JVM against C, the whole cost through the caches paired by repetition (JVM / C, 99.9 %; the"
                + " same within ±" + Math.round(Estimate.MIN_EFFECT * 100) + " % by the equivalence test): " + all.stream()
                .map(a -> Fmt.num(a.workingSetKiB()) + " KiB" + (several ? " (" + a.strideBytes() + " B, " + a.placement() + ")" : "")
                        + ": " + (a.jvmOverC() == null ? "no ratio (" + (a.pairs() < 2 ? "fewer than two repetitions with both"
                        : "a repetition's cost not above 0") + ")" : Fmt.times(a.jvmOverC()) + ", " + words(a.jvmOverC())))
                .collect(Collectors.joining("; ")) + ".");
    }

    private static String words(Estimate jvmOverC) {
        return switch (Diff.ratio(jvmOverC, Metric.NS_PER_OP, Estimate.MIN_EFFECT).verdict()) {
            case SLOWER -> "JVM dearer";
            case FASTER -> "JVM cheaper";
            case SAME -> "the same";
            default -> "not resolved";
        };
    }

    /**
     * The {@code switchcost working-set} results: a table per input, and the JVM-vs-C indirect-cost curve and the
     * replication seed's two figures from the first input that has one.
     */
    static void sweep(Doc doc, List<Findings> inputs) throws IOException {
        boolean charted = false;
        for (Findings f : inputs) {
            Results r = f.input();
            if (r.indirectSweep() == null) {
                continue;
            }
            List<IndirectSweepCurve.Point> pts = f.sweep();
            doc.input(r, inputs.size());
            doc.p("JMH cells: " + r.indirectSweep().jmhSettings() + "; " + r.indirectSweep().repetitions()
                    + " interleaved repetitions. Each figure is the mean over the repetitions that did not fail ± the half-width of"
                    + " its 99.9% Student-t interval. Indirect = first walk − second walk (paired), per switch; the paper's direct = the"
                    + " size-0 round trip / 2 of the same implementation (wall time; the card's direct cost is CPU time). Where the threads' CPU time was read: cache = beyond − beyond at"
                    + " size 0, the whole cost through the caches (in the switch and after it; beyond = CPU time per switch less two"
                    + " second walks); \"–\" where this cell or its size-0 cell switched fewer than "
                    + IndirectCost.MIN_SWITCHES_PER_ROUND_TRIP + " times per round trip (a handoff that did not switch is in its"
                    + " CPU time). Total = the paper's direct + cache where it was read, else + indirect (Li et al.'s cost per switch).");
            List<Table.Column<IndirectSweepCurve.Point>> cols = new ArrayList<>(List.of(Table.col("impl", 'l', IndirectSweepCurve.Point::impl),
                    Table.col("KiB", 'r', p -> Fmt.num(p.workingSetKiB())), Table.col("stride B", 'r', p -> Long.toString(p.strideBytes())),
                    Table.col("placement", 'l', IndirectSweepCurve.Point::placement)));
            if (pts.stream().anyMatch(p -> p.whole() != null)) {
                cols.add(Table.col("cache ns/switch ± 99.9%", 'r', p -> IndirectTable.fmt(p.whole())));
            }
            cols.addAll(List.of(Table.col("indirect ns/switch ± 99.9%", 'r', p -> Fmt.pm(p.indirect())),
                    Table.col("first walk ns", 'r', p -> Fmt.num(p.firstWalk().value())),
                    Table.col("second walk ns", 'r', p -> Fmt.num(p.secondWalk().value())),
                    Table.col("round trip / 2 ns", 'r', p -> Fmt.num(p.roundTripPerSwitch().value())),
                    Table.col("total ns/switch", 'r', p -> IndirectTable.fmt(p.total())),
                    Table.col("switches/rt", 'r', p -> Fmt.count(p.switchesPerRoundTrip())),
                    Table.col("reps", 'r', p -> Integer.toString(p.repetitions())), Table.col("failed", 'r', p -> Integer.toString(p.failed()))));
            doc.table(Table.of(cols, pts), List.of("stride B", "placement", "reps", "failed"));
            against(f).ifPresent(doc::p);
            r.indirectSweep().cells().stream().filter(c -> c.unavailable() != null).map(c -> c.impl() + " " + c.workingSetKiB()
                    + " KiB: " + c.unavailable()).distinct().limit(3).forEach(doc::p);
            if (charted) {
                doc.p("(Charts are drawn for the first input with working-set results only.)");
                continue;
            }
            charted = true;
            doc.chart(IndirectSweepChart.of(pts, r.machine(),
                    "What does a switch cost through the caches, in the JVM and in C, measured side by side?"),
                    "No working-set size above 0 with a result: no curve to draw.");
            doc.chart(SeedCostVsSizeChart.of(pts, r.machine(),
                    "Replication figure 1: total cost per switch against the array size, stride " + Charts.SEED_STRIDE + " B ("
                            + Charts.SEED_SIZE_MIN_KIB + " KiB to " + Fmt.num(Charts.SEED_SIZE_MAX_KIB) + " KiB)."),
                    "Replication figure 1 needs stride " + Charts.SEED_STRIDE + " B, size 0 and two sizes from "
                            + Charts.SEED_SIZE_MIN_KIB + " KiB to " + Fmt.num(Charts.SEED_SIZE_MAX_KIB) + " KiB.");
            doc.chart(SeedIndirectVsStrideChart.of(pts,
                    "Replication figure 2: indirect cost per switch against the stride (8–128 B), one line per size ("
                            + Charts.SEED_STRIDE_SIZE_MIN_KIB + " KiB to " + Fmt.num(Charts.SEED_STRIDE_SIZE_MAX_KIB) + " KiB)."),
                    "Replication figure 2 needs two strides from 8 to 128 B at a size from " + Charts.SEED_STRIDE_SIZE_MIN_KIB
                            + " KiB to " + Fmt.num(Charts.SEED_STRIDE_SIZE_MAX_KIB) + " KiB.");
        }
    }
}
