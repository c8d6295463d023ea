package dev.switchcost.render;

import dev.switchcost.results.Estimate;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.SpinCompareResults;
import dev.switchcost.results.SpinGrid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.UnaryOperator;

/**
 * Renders {@link SpinCompareResults} ({@code compare --spin}) as one {@link Table}: per placement and reply delay D,
 * one row per strategy and spin budget B, with the C twin's and the JVM's round trip in ns per switch and CPU ns per round trip
 * (both threads) as means over repetitions ± 99.9% (the one rule, {@link Estimate}), the JVM judged against C by
 * {@link Diff#judge}, and the switches per round trip of each; and the same figures as numbers ({@link #json}, {@link #csv}).
 */
public final class SpinCompareTable {

    private SpinCompareTable() {
    }

    public static Table table(SpinCompareResults r) {
        // latency in the card's unit (a round trip is two handoffs: ÷ 2); CPU stays per round trip: it is the price of
        // the whole round trip (both threads, the reply's work D and the spinning that stands in for a switch), and a
        // spinning round trip makes no switch to divide it by
        Table.Builder t = new Table.Builder("lllrrlrrlrr", "placement", "reply D", "strategy", "C " + LATENCY + " ± 99.9%",
                "JVM " + LATENCY + " ± 99.9%", "JVM vs C", "C CPU ns/round trip", "JVM CPU ns/round trip", "JVM CPU vs C",
                "C switches/round trip", "JVM switches/round trip");
        for (SpinCompareResults.Cell c : r.cells()) {
            if (!c.impl().equals(SpinCompareResults.C)) {
                continue;
            }
            SpinCompareResults.Cell jvm = r.twin(c).orElse(null);
            t.row(c.placement(), c.reply(), strategy(c), latency(c), latency(jvm),
                    verdict(c, jvm, SpinCompareResults.Sample::nsPerRoundTrip, "JVM faster", "JVM slower"),
                    figure(c, SpinCompareResults.Sample::cpuNsPerRoundTrip), figure(jvm, SpinCompareResults.Sample::cpuNsPerRoundTrip),
                    verdict(c, jvm, SpinCompareResults.Sample::cpuNsPerRoundTrip, "JVM burns less", "JVM burns more"),
                    switches(c), switches(jvm));
        }
        return t.build();
    }

    static String strategy(SpinGrid.Strategy s, long budgetNs) {
        return s == SpinGrid.Strategy.SPIN_THEN_PARK ? "spin " + Fmt.num(budgetNs) + " ns, park" : s.name();
    }

    private static String strategy(SpinCompareResults.Cell c) {
        return strategy(SpinGrid.Strategy.valueOf(c.strategy()), c.budgetNs());
    }

    /** The latency's unit as shown: a round trip per switch, as {@code diff} and the card show it ({@link PerSwitch}). */
    static final String LATENCY = "ns" + PerSwitch.ROUND_TRIP_UNIT;

    /** A cell's mean round trip per switch ({@link PerSwitch}), with its marks, or why there is none. */
    static String latency(SpinCompareResults.Cell c) {
        return figure(c, SpinCompareResults.Sample::nsPerRoundTrip, PerSwitch::ofRoundTrip);
    }

    /** Mean ± error with the marks of left-out repetitions, or why there is none. */
    static String figure(SpinCompareResults.Cell c, ToDoubleFunction<SpinCompareResults.Sample> f) {
        return figure(c, f, e -> e);
    }

    /** As {@link #figure(SpinCompareResults.Cell, ToDoubleFunction)}, the mean shown through {@code shown}. */
    private static String figure(SpinCompareResults.Cell c, ToDoubleFunction<SpinCompareResults.Sample> f, UnaryOperator<Estimate> shown) {
        if (c == null) {
            return "n/a";
        }
        if (c.unavailable() != null) {
            return "not run";
        }
        if (c.usable().isEmpty()) {
            return c.failed() == 0 && !c.disturbed().isEmpty() ? "DISTURBED" : "FAILED";
        }
        boolean kept = !c.disturbed().isEmpty() && c.disturbed().get(0).disturbedKept();
        return Fmt.pm(shown.apply(c.estimate(f))) + AnswerCard.disturbed(kept) + Fmt.marks(c.failed(), c.disturbed().size(), kept);
    }

    /** The JVM's figure against C's by the one verdict rule; the words for "less" and "more" of a time. */
    static String verdict(SpinCompareResults.Cell c, SpinCompareResults.Cell jvm, ToDoubleFunction<SpinCompareResults.Sample> f,
                          String less, String more) {
        Diff.Judged j = judged(c, jvm, f);
        if (j == null) {
            return "";
        }
        return switch (j.verdict()) {
            case FASTER -> less + " (" + Fmt.times(j.ratio()) + ")";
            case SLOWER -> more + " (" + Fmt.times(j.ratio()) + ")";
            default -> j.verdict().text("JVM");
        };
    }

    /** The JVM's figure against C's by {@link Diff#judge}; null when either has none. */
    static Diff.Judged judged(SpinCompareResults.Cell c, SpinCompareResults.Cell jvm, ToDoubleFunction<SpinCompareResults.Sample> f) {
        if (c == null || jvm == null || c.usable().isEmpty() || jvm.usable().isEmpty()) {
            return null;
        }
        Estimate a = c.estimate(f);
        Estimate b = jvm.estimate(f);
        if (!Double.isFinite(a.value()) || !Double.isFinite(b.value())) {
            return null;
        }
        return Diff.judge(a, b, true);
    }

    private static String switches(SpinCompareResults.Cell c) {
        if (c == null || c.usable().isEmpty()) {
            return "";
        }
        return Fmt.count(c.estimate(SpinCompareResults.Sample::switchesPerRoundTrip).value());
    }

    /**
     * The fields of a row of {@code compare --spin --format json|csv}, in order: the CSV header and the JSON keys. A row is
     * one grid cell and implementation (C, JVM) as numbers: ns and CPU ns per round trip as means over repetitions with
     * their 99.9 % half-widths, the mean switches per round trip the table prints, and on JVM rows the ratio to C with its
     * error and the verdict of {@link Diff#judge} (the same call the table makes).
     */
    public static final List<String> EXPORT_COLUMNS = List.of("placement", "reply", "strategy", "budget_ns", "implementation", "unit",
            "status", "value", "error", "cpu_value", "cpu_error", "switches", "repetitions", "failed_repetitions",
            "disturbed_repetitions", "ratio_to_c", "ratio_error", "verdict", "cpu_ratio_to_c", "cpu_ratio_error", "cpu_verdict", "note");

    public static String json(SpinCompareResults r) {
        return Export.json(EXPORT_COLUMNS, exportRows(r));
    }

    public static String csv(SpinCompareResults r) {
        return Export.csv(EXPORT_COLUMNS, exportRows(r));
    }

    static List<List<Object>> exportRows(SpinCompareResults r) {
        List<List<Object>> out = new ArrayList<>();
        for (SpinCompareResults.Cell c : r.cells()) {
            boolean figure = c.unavailable() == null && !c.usable().isEmpty();
            String status = c.unavailable() != null ? "not_run" : figure ? "ok"
                    : c.failed() == 0 && !c.disturbed().isEmpty() ? "disturbed" : "failed";
            List<Object> o = new ArrayList<>(Arrays.asList(c.placement(), c.reply(), c.strategy(), c.budgetNs(), c.impl(),
                    "ns/round trip", status));
            Export.estimate(o, figure ? c.estimate(SpinCompareResults.Sample::nsPerRoundTrip) : null);
            Export.estimate(o, figure ? c.estimate(SpinCompareResults.Sample::cpuNsPerRoundTrip) : null);
            o.add(figure ? Export.finite(c.estimate(SpinCompareResults.Sample::switchesPerRoundTrip).value()) : null);
            o.addAll(Arrays.asList(c.usable().size(), c.failed(), c.disturbed().size()));
            SpinCompareResults.Cell base = c.impl().equals(SpinCompareResults.JVM) ? r.twin(c).orElse(null) : null;
            exportJudged(o, base == null ? null : judged(base, c, SpinCompareResults.Sample::nsPerRoundTrip));
            exportJudged(o, base == null ? null : judged(base, c, SpinCompareResults.Sample::cpuNsPerRoundTrip));
            o.add(c.unavailable() != null ? c.unavailable()
                    : c.samples().stream().map(SpinCompareResults.Sample::error).filter(e -> e != null).findFirst().orElse(null));
            out.add(o);
        }
        return out;
    }

    private static void exportJudged(List<Object> o, Diff.Judged j) {
        Export.estimate(o, j == null ? null : j.ratio());
        o.add(j == null ? null : j.verdict().name());
    }

    public static String preamble(SpinCompareResults r) {
        return r.repetitions() + " interleaved repetitions" + (r.quick() ? " (--quick)" : "") + "; " + r.jmhSettings() + ".\n"
                + "One round trip: A passes the turn, B waits for it, works D (busy, polling the clock), passes it back; both wait"
                + " with the strategy. CPU = both threads' CPU time per round trip. Mean over repetitions ± 99.9% interval;"
                + " JVM vs C by the one rule (" + Estimate.MIN_EFFECT_TEXT + " minimum effect).\n";
    }

    public static String text(SpinCompareResults r) {
        StringBuilder b = new StringBuilder("switchcost compare --spin: ").append(preamble(r)).append("\n").append(table(r).text());
        notRun(r).forEach(line -> b.append(line).append('\n'));
        return b.toString();
    }

    /** Why cells were not run, once per implementation and reason: "not run: JVM: benchmark ... not built". */
    public static List<String> notRun(SpinCompareResults r) {
        return r.cells().stream().filter(c -> c.unavailable() != null).map(c -> "not run: " + c.impl() + ": " + c.unavailable())
                .distinct().toList();
    }

    /** One line per disturbed repetition: the cell and why (the largest intruder named). */
    public static List<String> disturbances(SpinCompareResults r) {
        return r.cells().stream().flatMap(c -> c.disturbed().stream().map(s -> c.impl() + " " + strategy(c) + ", D=" + c.reply()
                + ", " + c.placement() + ", repetition " + s.repetition() + ": " + DisturbanceText.why(s.interference())
                + (s.disturbedKept() ? " (kept, marked: --allow-disturbed)" : " (left out of every figure)"))).toList();
    }
}
