package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.PrimitiveMatrix;
import dev.switchcost.derive.SpinBudget;
import dev.switchcost.derive.SpinTwin;
import dev.switchcost.measure.workload.ReplyDelay;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.SpinCompareResults;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The spin study's text: the primitive matrix's table, the wait-strategy sweep's table and chart, and the card's spin line
 * ({@link #cardLine}), all from {@link Findings#primitives()} and {@link Findings#spin()}.
 */
final class SpinSections {

    /** The placement whose budget the card names: across CPUs, where a spin can pay; else the first measured. */
    static final String CARD_PLACEMENT = "CROSS_CPU";

    private SpinSections() {
    }

    /**
     * The card's spin lines, or none when the input has no SpinOrPark rows (the card is then unchanged): the
     * 2-competitive budget, then a reading with the measured best budget and its verdict (two lines, so that
     * neither is cut at the card's width).
     */
    static List<String> cardLines(Findings f, int labelWidth) {
        if (f.spin().isEmpty()) {
            return List.of();
        }
        return List.of(String.format("%-" + labelWidth + "s", "Spin") + budgetText(f), "  → " + bestText(f));
    }

    /** The card's spin budget: "spin up to X µs, then park (2-competitive on two CPUs)"; null without SpinOrPark rows. */
    static String budgetText(Findings f) {
        SpinBudget s = cardBudget(f);
        if (s == null) {
            return null;
        }
        String where = CARD_PLACEMENT.equals(s.placement()) ? "two CPUs" : s.placement();
        return s.blockCostNs() == null ? "no PARK row at replyNs=0: no 2-competitive budget"
                : "spin up to " + us(s.blockCostNs().value()) + ", then park (2-competitive on " + where + ")";
    }

    /** The card's reading of the measured best budget and its verdicts; null without SpinOrPark rows. */
    static String bestText(Findings f) {
        SpinBudget s = cardBudget(f);
        if (s == null) {
            return null;
        }
        SpinBudget.Reply r = s.firstWin() != null ? s.firstWin()
                : s.replies().stream().filter(x -> x.best() != null).findFirst().orElse(null);
        return r == null ? "no SPIN_THEN_PARK curve" : "measured best at D=" + reply(r.replyNs()) + ": B=" + us(r.best().budgetNs())
                + (r.beatsBoth() == null ? " (not judged)" : r.beatsBoth() ? ", beats park & spin" : ", not resolved from park/spin")
                + (Boolean.TRUE.equals(r.agrees()) ? ", agrees" : Boolean.FALSE.equals(r.agrees()) ? ", disagrees" : "");
    }

    private static SpinBudget cardBudget(Findings f) {
        return f.spin().isEmpty() ? null : f.spin(CARD_PLACEMENT) != null ? f.spin(CARD_PLACEMENT) : f.spin().get(0);
    }

    private static String us(double ns) {
        return Fmt.num(ns / 1000) + " µs";
    }

    /** A reply delay as a reader says it: {@code 10 µs}, {@code exp(20 µs)}, {@code 5 % at 500 µs}. */
    static String reply(String replyNs) {
        ReplyDelay.Shape d = ReplyDelay.shape(replyNs);
        return switch (d.kind()) {
            case FIXED -> us(d.ns());
            case EXP -> "exp(" + us(d.ns()) + ")";
            case BIMODAL -> d.percent() + " % at " + us(d.ns());
        };
    }

    /** The primitive matrix: one row per primitive × kind × placement, disturbed cells marked. */
    static void primitives(Doc doc, List<Findings> found) {
        if (found.stream().allMatch(f -> f.primitives().isEmpty())) {
            return;
        }
        for (Findings f : found) {
            if (f.primitives().isEmpty()) {
                continue;
            }
            doc.input(f.input(), found.size());
            // time per switch, as the card (every row is a round trip: PrimitiveHandoff and VirtualThreadHandoff's
            // roundTrip); the CPU stays per round trip, both threads' price of one (see SpinCompareTable)
            Table.Builder t = new Table.Builder("lllrrrl", "primitive", "kind", "placement", "ns" + PerSwitch.ROUND_TRIP_UNIT,
                    "switches/round_trip", "cpu_ns/round_trip", "disturbed");
            for (PrimitiveMatrix.Cell c : f.primitives()) {
                t.row(c.primitive(), c.kind(), c.placement(), Fmt.pm(PerSwitch.ofRoundTrip(c.time())) + AnswerCard.disturbed(c.disturbed() != null),
                        Fmt.count(c.switches()), c.cpu() == null ? "n/a" : Fmt.pm(c.cpu()),
                        c.disturbed() == null ? "" : "DISTURBED: " + c.disturbed());
            }
            doc.table(t.build());
        }
        if (found.stream().flatMap(f -> f.primitives().stream()).anyMatch(c -> c.disturbed() != null)) {
            doc.p(AnswerCard.DISTURBED_LEGEND + ".");
        }
        doc.p("One round trip = two handoffs: its time is shown per switch (÷ 2), as on the card. cpu_ns is both threads'"
                + " schedstat run time per round trip (cpu.pair); for"
                + " virtual threads, the run time of the carriers that ran them and of the thread that drives them (n/a in"
                + " results made before 2026-11-26). A disturbed cell is marked and stays its own row. Errors: "
                + Estimate.RULE + ".");
    }

    /** The sweep: per placement and reply delay, each strategy's latency, p99, CPU, cost and switches; then the charts. */
    static void strategies(Doc doc, List<Findings> found) throws IOException {
        if (found.stream().allMatch(f -> f.spin().isEmpty())) {
            return;
        }
        for (Findings f : found) {
            for (SpinBudget s : f.spin()) {
                doc.p("**" + (found.size() > 1 ? f.input().label() + " · " : "") + s.placement() + "** · block cost (2-competitive"
                        + " budget): " + (s.blockCostNs() == null ? "n/a (no PARK row at replyNs=0)" : Fmt.pm(s.blockCostNs()) + " ns"));
                // latency per switch, as the card; CPU and latency + CPU per round trip, named: they are the price of the
                // whole round trip the budget is chosen by (both threads, the reply's work, spinning that makes no switch)
                Table.Builder t = new Table.Builder("llrrrrrl", "replyNs", "strategy", "budgetNs", "latency ns" + PerSwitch.ROUND_TRIP_UNIT,
                        "cpu_ns/round_trip", "latency+cpu_ns/round_trip", "switches/round_trip", "verdict");
                for (SpinBudget.Reply r : s.replies()) {
                    for (SpinBudget.Point p : Stream.of(Stream.of(r.park(), r.spin()).filter(Objects::nonNull), r.curve().stream(),
                            r.others().stream()).flatMap(x -> x).toList()) {
                        t.row(r.replyNs(), p.strategy(), Fmt.num(p.budgetNs()), Fmt.pm(PerSwitch.ofRoundTrip(p.latencyNs())), Fmt.pm(p.cpuNs()),
                                Fmt.pm(p.costNs()), Fmt.count(p.switches()), p == r.best() ? verdict(r) : "");
                    }
                }
                doc.table(t.build());
            }
        }
        doc.p("One op = one round trip: A hands the turn to B, B works for replyNs, hands it back. Both sides wait with the"
                + " strategy. latency: mean round trip ÷ 2, per switch as on the card (sample mode; the p99 is in the"
                + " distribution section and the rows);"
                + " cpu_ns: both threads' schedstat run time per round trip; best: the SPIN_THEN_PARK budget with the least"
                + " latency + CPU; it beats both when its interval lies below PARK's and SPIN's; it agrees when the block cost"
                + " lies between the grid budgets around its plateau. A disturbed row is left out of the sweep, kept or not."
                + " docs/spin-or-park.md says how to read it.");
        for (Findings f : found) {
            for (SpinBudget s : f.spin()) {
                for (SpinBudget.Reply r : s.replies()) {
                    doc.chart(SpinChart.of(s.placement(), r,
                            "Latency against CPU burned per round trip, " + s.placement() + ", reply delay " + reply(r.replyNs())), null);
                }
            }
        }
    }

    private static String verdict(SpinBudget.Reply r) {
        String beats = r.beatsBoth() == null ? "best (not judged)" : r.beatsBoth() ? "best, beats PARK and SPIN" : "best, not resolved from PARK/SPIN";
        String plateau = "[" + Fmt.num(r.plateauLow()) + ", " + (r.plateauHigh() == Long.MAX_VALUE ? "∞" : Fmt.num(r.plateauHigh())) + "]";
        return beats + (r.agrees() == null ? "" : (r.agrees() ? "; block cost within " : "; block cost outside ") + plateau);
    }

    /**
     * {@code compare --spin}'s run: its table (C beside the JVM, judged) and, per placement and reply delay, the two
     * spin-then-park curves on one chart; nothing without a spin-compare.json among the inputs.
     */
    static void twin(Doc doc, List<Findings> found) throws IOException {
        for (Findings f : found) {
            SpinCompareResults r = f.input().spinCompare();
            if (r == null) {
                continue;
            }
            doc.p((found.size() > 1 ? "**" + f.input().label() + "** · " : "") + SpinCompareTable.preamble(r).strip());
            doc.table(SpinCompareTable.table(r));
            SpinCompareTable.notRun(r).forEach(doc::p);
            for (SpinTwin t : f.spinTwin()) {
                doc.chart(SpinTwinChart.of(t), null);
            }
        }
    }
}
