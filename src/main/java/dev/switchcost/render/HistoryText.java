package dev.switchcost.render;

import dev.switchcost.derive.ChangePoints;
import dev.switchcost.derive.Fleet;
import dev.switchcost.derive.HistorySeries;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.history.Figure;
import dev.switchcost.results.history.HistoryStore.Point;
import dev.switchcost.results.history.Run;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The history's words, tables and chart: the runs, a figure's series with its change points, the fleet, a baseline diff. */
public final class HistoryText {

    private HistoryText() {
    }

    /** {@code 1a2b3c4d}: a run's short id. */
    public static String shortId(Run r) {
        return r.id().substring(0, Math.min(8, r.id().length()));
    }

    private static String commit(Run r) {
        return r.commit() == null ? "–" : r.commit().substring(0, Math.min(12, r.commit().length()));
    }

    /** Every run: id, date, machine, kernel, JDK, commit, status. */
    public static String runs(List<Run> runs) {
        Table.Builder t = new Table.Builder("lllllll", "run", "date", "machine", "kernel", "JDK", "commit", "status");
        for (Run r : runs) {
            t.row(shortId(r), r.date(), r.machineType(), String.valueOf(r.kernel()), String.valueOf(r.jdk()), commit(r),
                    r.status());
        }
        return runs.size() + " run" + (runs.size() == 1 ? "" : "s") + " in the history.\n" + t.build().text();
    }

    /**
     * A figure's series through the history as a chart (XChart): one line per series, the run's 99.9% error as bars, and
     * each change point's before and after means drawn as steps; x is the run's place in its series (oldest first).
     */
    public static Charts.Chart chart(String key, List<HistorySeries.Series> series) {
        XYChart xy = new XYChartBuilder().width(ChartFrame.WIDTH).height(520).title(key)
                .xAxisTitle("run, oldest first").yAxisTitle(series.isEmpty() ? "" : unit(series.get(0).points().get(0).figure()))
                .build();
        xy.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        xy.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        Map<String, String> keys = new TreeMap<>();
        for (HistorySeries.Series s : series) {
            int n = s.points().size();
            double[] x = new double[n];
            double[] y = new double[n];
            double[] err = new double[n];
            for (int i = 0; i < n; i++) {
                Point p = s.points().get(i);
                x[i] = i + 1;
                y[i] = shown(p.figure()).value();
                double h = shown(p.figure()).halfWidth();
                err[i] = Double.isFinite(h) ? h : 0;
            }
            XYSeries line = xy.addSeries(s.label(), x, y, err);
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            keys.put(s.label(), s.label());
            for (ChangePoints.Shift c : s.shifts()) {
                XYSeries step = xy.addSeries(s.label() + ": moved at run " + (c.index() + 1),
                        new double[] {c.index() + 0.5, c.index() + 0.5}, new double[] {shown(s, c.before()).value(), shown(s, c.after()).value()});
                step.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
                step.setLineStyle(ChartFrame.STROKES[1]);
            }
        }
        return new Charts.Chart("history", key, xy, keys, List.of());
    }

    /** A figure's series, one block per series, each run a row; a change point's row says where the figure moved. */
    public static String series(String key, HistorySeries.By by, List<HistorySeries.Series> series) {
        StringBuilder sb = new StringBuilder(key).append(", by ").append(by.word()).append('\n');
        sb.append("Change points: ").append(ChangePoints.RULE).append(".\n");
        for (HistorySeries.Series s : series) {
            sb.append('\n').append(s.label()).append('\n');
            Table.Builder t = new Table.Builder("lllllrrl", "run", "date", "commit", "kernel", "JDK", "figure ± 99.9%",
                    "sw/op", "change");
            for (int i = 0; i < s.points().size(); i++) {
                Point p = s.points().get(i);
                int at = i;
                String change = s.seamAt(at).isEmpty() ? s.shifts().stream().filter(c -> c.index() == at).findFirst()
                        .map(c -> "moved " + Fmt.times(c.ratio()) + " (p " + p(c.pValue()) + ")").orElse("") : seam(s.seamAt(at));
                t.row(shortId(p.run()), p.run().date(), commit(p.run()), String.valueOf(p.run().kernel()),
                        p.figure().jdk() != null ? p.figure().jdk() : String.valueOf(p.run().jdk()),
                        Fmt.pm(shown(p.figure())) + " " + unit(p.figure()), Fmt.count(p.figure().switchesPerOp()),
                        change + (p.figure().disturbance() == null ? "" : " disturbed"));
            }
            sb.append(t.build().text());
            for (ChangePoints.Shift c : s.shifts()) {
                Run r = s.points().get(c.index()).run();
                sb.append("  moved at run ").append(shortId(r)).append(" (").append(r.date()).append(", commit ")
                        .append(commit(r)).append(", Linux ").append(r.kernel()).append(", JDK ").append(r.jdk()).append("): ")
                        .append(Fmt.pm(shown(s, c.before()))).append(" → ").append(Fmt.pm(shown(s, c.after()))).append(' ')
                        .append(unit(s.points().get(0).figure())).append(", ").append(Fmt.times(c.ratio()))
                        .append(", p ").append(p(c.pValue())).append('\n');
            }
            if (s.shifts().isEmpty()) {
                sb.append("  no change point in ").append(s.points().size()).append(" runs").append(s.points().size()
                        < 2 * ChangePoints.MIN_SIZE ? " (too few to test: " + 2 * ChangePoints.MIN_SIZE + " needed)" : "").append('\n');
            }
        }
        return sb.toString();
    }

    /** A seam's words: {@code machine changed: X → Y}, where a series or a diff gives no verdict across. */
    static String seam(List<String> changes) {
        return "machine changed: " + String.join("; ", changes);
    }

    /**
     * A figure's change points as Markdown ({@link AbTable#markdown(String, List, String, Table, List, List)}): per series,
     * a row for each run where the figure moved, judged by the one rule on the mean after over the mean before (the
     * direction from the unit), and a row for each seam, where the machine changed and nothing is judged across.
     */
    public static String changePointsMarkdown(String key, HistorySeries.By by, List<HistorySeries.Series> series) {
        Table.Builder t = new Table.Builder("lllllrrl", "series", "run", "date", "commit", "JDK", "before → after ± 99.9%",
                "after/before", "verdict");
        List<Diff.Verdict> verdicts = new ArrayList<>();
        for (HistorySeries.Series s : series) {
            Figure f = s.points().get(0).figure();
            for (int i = 1; i < s.points().size(); i++) {
                int at = i;
                Run r = s.points().get(i).run();
                String jdk = s.points().get(i).figure().jdk() != null ? s.points().get(i).figure().jdk() : String.valueOf(r.jdk());
                if (!s.seamAt(i).isEmpty()) {
                    t.row(s.label(), shortId(r), r.date(), commit(r), jdk, seam(s.seamAt(i)), "", Diff.Verdict.MACHINE_CHANGED.text());
                    verdicts.add(Diff.Verdict.MACHINE_CHANGED);
                }
                for (ChangePoints.Shift c : s.shifts().stream().filter(c -> c.index() == at).toList()) {
                    Diff.Judged j = Diff.ratio(c.after().over(c.before()), f.unit(), Estimate.MIN_EFFECT);
                    t.row(s.label(), shortId(r), r.date(), commit(r), jdk, Fmt.pm(shown(s, c.before())) + " → "
                            + Fmt.pm(shown(s, c.after())) + " " + unit(f), Fmt.times(j.ratio()) + " (p " + p(c.pValue()) + ")",
                            j.verdict().text("").strip());
                    verdicts.add(j.verdict());
                }
            }
        }
        return AbTable.markdown("switchcost history: where " + key + " moved", verdicts, "change points and seams in "
                + series.size() + " series by " + by.word(), t.build(), List.of("Change points: " + ChangePoints.RULE
                + "; found within each stretch of runs on one machine under the same conditions, and judged by the rule: "
                + Diff.rule(Estimate.MIN_EFFECT) + ".", "Runs: " + series.stream().mapToInt(s -> s.points().size()).sum()
                + ", oldest first in each series."), List.of());
    }

    /**
     * A figure as shown: the history keeps it as recorded (per op, so per round trip for a round trip) and it is shown
     * per switch for a round trip, as the card shows it ({@link PerSwitch}).
     */
    static Estimate shown(Figure f) {
        return PerSwitch.shown(f.benchmark(), f.unit(), f.estimate());
    }

    /** A figure's unit as shown ({@link #shown(Figure)}). */
    static String unit(Figure f) {
        return PerSwitch.shownUnit(f.benchmark(), f.unit());
    }

    /** An estimate of series {@code s}'s figure (a change point's mean) as shown. */
    private static Estimate shown(HistorySeries.Series s, Estimate recorded) {
        Figure f = s.points().get(0).figure();
        return PerSwitch.shown(f.benchmark(), f.unit(), recorded);
    }

    private static String p(double p) {
        return String.format(Locale.ROOT, "%.3f", p);
    }

    /** The fleet view: per figure, machines cheapest first, ranked among those measured alike. */
    public static String fleet(List<Fleet.Row> rows) {
        StringBuilder sb = new StringBuilder("Which machine hands off cheapest: per figure, machine types cheapest first,"
                + " ranked only among machines measured under the same conditions (cpuidle, virtualisation, mitigations);"
                + " the interval is between runs when a machine has two or more, else its run's own; a round trip's figure"
                + " in ns per switch (round trip ÷ 2), as on the card.\n");
        List<Table.Column<Fleet.Row>> c = List.of(Table.col("machine", 'l', Fleet.Row::machineType),
                Table.col("figure ± 99.9%", 'r', r -> Fmt.pm(PerSwitch.shown(r.figure(), r.unit(), r.estimate()))), Table.col("runs", 'r', r -> String.valueOf(r.runs())),
                Table.col("rank", 'l', r -> r.rank() + " of " + r.ranked()),
                Table.col("measured under", 'l', r -> r.differs().isEmpty() ? "the same conditions"
                        : "other conditions: " + String.join(", ", r.differs()) + " (not ranked with the others)"));
        // Fleet.of lists each figure's rows together
        rows.stream().collect(Collectors.groupingBy(Fleet.Row::figure, LinkedHashMap::new, Collectors.toList()))
                .forEach((figure, rs) -> sb.append('\n').append(figure).append(", ")
                        .append(PerSwitch.shownUnit(figure, rs.get(0).unit())).append('\n').append(Table.of(c, rs).text()));
        return sb.toString();
    }

    /** One row of a baseline diff: the figure, its baseline and now, and the verdict's words. */
    public record DiffRow(String key, String unit, Estimate baseline, Estimate now, Estimate ratio, Diff.Verdict verdict) {
        /** Whether the rule found a difference beyond the error. */
        public boolean differs() {
            return verdict.flagged();
        }
    }

    /**
     * The figures of B against the baseline's, paired by key and JDK, each judged by {@code diff}'s one rule
     * ({@link Diff#judge}); across a seam (the machine changed: {@code machineChanges} not empty) a row both have shows
     * B/A but is not judged ({@link Diff.Verdict#MACHINE_CHANGED}).
     */
    public static List<DiffRow> baselineRows(List<Figure> a, List<Figure> b, List<String> machineChanges) {
        Map<String, Figure> byA = byKey(a);
        Map<String, Figure> byB = byKey(b);
        // the baseline's keys in its order, then those only B has
        return Stream.concat(byA.keySet().stream(), byB.keySet().stream()).distinct()
                .map(k -> diffRow(k, byA.get(k), byB.get(k)))
                .map(r -> machineChanges.isEmpty() || !r.verdict().judged() ? r
                        : new DiffRow(r.key(), r.unit(), r.baseline(), r.now(), r.ratio(), Diff.Verdict.MACHINE_CHANGED)).toList();
    }

    /** A row judged on the figures as recorded; its unit and figures as shown (per switch for a round trip). */
    private static DiffRow diffRow(String k, Figure fa, Figure fb) {
        if (fa == null || fb == null) {
            return new DiffRow(k, unit(fa != null ? fa : fb), fa == null ? null : shown(fa),
                    fb == null ? null : shown(fb), null, fb == null ? Diff.Verdict.ONLY_IN_A : Diff.Verdict.ONLY_IN_B);
        }
        if (!fa.unit().equals(fb.unit())) {
            return new DiffRow(k, unit(fa), shown(fa), shown(fb), null, Diff.Verdict.UNITS_DIFFER);
        }
        Diff.Judged j = Diff.judge(fa.estimate(), fb.estimate(), fa.timePerOp());
        return new DiffRow(k, unit(fa), shown(fa), shown(fb), j.ratio(), j.verdict());
    }

    /** The figures by key and JDK; of figures with one key, the first. */
    private static Map<String, Figure> byKey(List<Figure> figures) {
        Map<String, Figure> m = new LinkedHashMap<>();
        figures.forEach(f -> m.putIfAbsent(f.key() + (f.jdk() == null ? "" : " JDK " + f.jdk()), f));
        return m;
    }

    /** The baseline in words: {@code baseline 'NAME' = run 1a2b3c4d (date, machine, Linux ..., JDK ...)}. */
    private static String baselineWords(String name, Run baseline) {
        return "baseline '" + name + "' = run " + shortId(baseline) + " (" + baseline.date() + ", " + baseline.machineType()
                + ", Linux " + baseline.kernel() + ", JDK " + baseline.jdk() + ")";
    }

    /** A baseline diff's table; a seam's row first when the machine changed. */
    private static Table baselineTable(List<DiffRow> rows, List<String> machineChanges) {
        Table.Builder t = new Table.Builder("lrrlrl", "figure", "A ± 99.9%", "B ± 99.9%", "unit", "B/A", "verdict");
        if (!machineChanges.isEmpty()) {
            t.row(seam(machineChanges), "", "", "", "", "no verdict across it");
        }
        for (DiffRow r : rows) {
            t.row(r.key(), r.baseline() == null ? "—" : Fmt.pm(r.baseline()), r.now() == null ? "—" : Fmt.pm(r.now()),
                    r.unit(), r.ratio() == null ? "" : Fmt.times(r.ratio()), r.verdict().text());
        }
        return t.build();
    }

    /** A baseline diff as Markdown ({@link AbTable#markdown(String, List, String, Table, List, List)}). */
    public static String baselineMarkdown(String name, Run baseline, String now, List<DiffRow> rows, List<String> machineChanges) {
        return AbTable.markdown("switchcost history diff: B against baseline '" + name + "'",
                rows.stream().map(DiffRow::verdict).toList(), "rows", baselineTable(rows, machineChanges),
                List.of("Rule: " + Diff.rule(Estimate.MIN_EFFECT) + ".", "A: " + baselineWords(name, baseline) + ".", "B: " + now + "."),
                List.of());
    }

    /** A baseline diff as a table, a seam's row first when the machine changed, with a count of the rows that differ. */
    public static String baselineDiff(String name, Run baseline, String now, List<DiffRow> rows, List<String> machineChanges) {
        StringBuilder sb = new StringBuilder("A: ").append(baselineWords(name, baseline)).append("\nB: ").append(now)
                .append("\nRule: ").append(Diff.rule(Estimate.MIN_EFFECT)).append(".\n\n");
        sb.append(baselineTable(rows, machineChanges).text()).append('\n').append(rows.stream().filter(DiffRow::differs).count()).append(" of ").append(rows.size())
                .append(" rows differ (flagged by the rule).\n");
        return sb.toString();
    }
}
