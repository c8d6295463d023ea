package dev.switchcost.render;

import dev.switchcost.derive.Headline;
import dev.switchcost.derive.Headline.Figure;
import dev.switchcost.results.PrecisionResults;
import dev.switchcost.results.Results;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the card says of its figures' precision ({@code precision.json}): which stopped short of the precision asked, how
 * far, and what run would reach it.
 */
final class CardPrecision {

    private CardPrecision() {
    }

    /**
     * With {@code run --precision} (or the quick set's own): how many of the card's figures stopped short of the precision
     * asked, or that every one reached it; empty without {@code precision.json}.
     */
    static Optional<String> line(Results r, List<Headline> hs) {
        if (r.precision() == null) {
            return Optional.empty();
        }
        List<Figure> all = hs.stream().flatMap(HandoffSections::figures).toList();
        long missed = all.stream().filter(x -> missed(r, x).isPresent()).count();
        String pct = target(r);
        if (missed == 0) {
            return Optional.of("precision " + pct + ": every figure reached it");
        }
        String head = "! " + missed + " of " + all.size() + " figure" + (all.size() == 1 ? "" : "s") + " short of " + pct;
        return Optional.of(head + further(r, all.stream().flatMap(x -> missed(r, x).stream()).distinct().toList())
                .orElse(": " + AnswerCard.IMPRECISE + " ±x % is what each reached, with the forks its spread would need"));
    }

    /**
     * What would bring the card's figures that stopped on the budget ({@code missed}) within their precision: the same run
     * with the budget their forks need at the spread they show, {@code , marked ‡: run --budget 6m should reach 5 of them
     * here (+190 s)}; empty when none is within reach or a fork's time was not recorded.
     */
    private static Optional<String> further(Results r, List<PrecisionResults.Trial> missed) {
        List<PrecisionResults.Trial> reachable = PrecisionResults.reachable(missed);
        double more = PrecisionResults.secondsToReach(missed);
        if (reachable.isEmpty() || Double.isNaN(more)) {
            return Optional.empty();
        }
        PrecisionResults p = r.precision();
        long minutes = (long) Math.ceil((p.budgetSeconds() + more) / 60);
        // the quick set's own targets are kept by --budget alone; --precision PCT holds every figure to PCT
        String asked = p.twoTargets() ? "" : "--precision " + Fmt.percent(p.target()).substring(1).replace(" ", "") + " ";
        return Optional.of(", marked " + AnswerCard.IMPRECISE + ": run " + asked + "--budget " + minutes + "m should reach "
                + (reachable.size() == missed.size() ? "them" : reachable.size() + " of them") + " here (+"
                + Math.round(more) + " s)");
    }

    /** {@code 3 %}, or {@code 5 % (15 % across CPUs)}: the precision the run asked for. */
    private static String target(Results r) {
        PrecisionResults p = r.precision();
        return Fmt.percent(p.target()).substring(1) + (p.twoTargets() ? " (" + Fmt.percent(p.across()).substring(1)
                + " across CPUs)" : "");
    }

    /** {@code ‡ ±7.9 % (5 forks; 12 needed)} for a figure whose trial stopped short of its precision, else empty. */
    static String mark(Results r, Figure x) {
        return missed(r, x).map(CardPrecision::shortBy).orElse("");
    }

    /** How far a trial stopped from its precision, and why: the forks it ran and those its spread would need. */
    static String shortBy(PrecisionResults.Trial t) {
        String forks = t.forks() <= 0 ? ""
                : " (" + t.forks() + " forks; " + (t.forksNeeded() <= 0 ? "budget ended"
                : t.forksNeeded() > PrecisionResults.MAX_FORKS ? "over " + PrecisionResults.MAX_FORKS + " needed: forks differ too much"
                : t.forksNeeded() + " needed: budget ended") + ")";
        return AnswerCard.IMPRECISE + " ±" + Fmt.percent(t.relativeHalfWidth()).substring(1) + forks;
    }

    /** The trial of a figure's row, when it stopped on the budget before the precision asked ({@code precision.json}). */
    static Optional<PrecisionResults.Trial> missed(Results r, Figure x) {
        if (r.precision() == null || x == null) {
            return Optional.empty();
        }
        return r.rows().stream().filter(row -> row.key().equals(x.source())).findFirst().flatMap(r.precision()::missed);
    }

    /** A figure whose trial stopped on --budget before --precision: marked, with the precision it reached, after the cells. */
    static String marks(Results r, List<Headline> hs, Function<Headline, Figure> f) {
        return hs.stream().filter(h -> missed(r, f.apply(h)).isPresent()).map(h -> (hs.size() > 1 ? "JDK " + h.jdk() + " "
                : "") + shortBy(missed(r, f.apply(h)).get())).collect(Collectors.joining(" · "));
    }
}
