package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The card's spin line on the committed sweep of 2026-11-25 (docs/spin-or-park.md, "Measured here"): the
 * 2-competitive budget of two CPUs, the measured best budget and the verdict, which three forks cannot resolve. The
 * sweeps are extracts (the fixtures' README): the two-CPU rows the card reads, each iteration's histogram cut to one
 * bin at its mean.
 */
class SpinCardLineTest {

    static final Path SWEEP = Fixtures.results("spin-sweep-epyc-kvm-jdk25");
    static final Path QUICK = Fixtures.results("quick-aa-run-1-epyc-kvm-jdk25");

    @Test
    void theCardNamesTheBudgetTheBestAndWhatThreeForksCannotResolve() {
        String card = AnswerCard.render(Findings.of(Results.load(SWEEP)), null);
        List<String> lines = card.lines().toList();
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("Spin")).findFirst().orElseThrow(() -> new AssertionError(card)));
        assertTrue(lines.get(at).endsWith("spin up to 6.35 µs, then park (2-competitive on two CPUs)"), card);
        assertEquals("  → measured best at D=0 µs: B=20 µs, not resolved from park/spin, agrees", lines.get(at + 1), card);
        assertTrue(lines.stream().noneMatch(l -> l.endsWith("…")), "no line cut at the card's width: " + card);
    }

    static final Path RESOLVED = Fixtures.results("spin-sweep-ten-forks-epyc-kvm-jdk25");

    /** Ten forks and the bimodal reply mix: the best budget's interval lies below PARK's and SPIN's, and the card says so. */
    @Test
    void tenForksResolveABudgetThatBeatsBothEndsAndAgreesWithTheCard() {
        Findings f = Findings.of(Results.load(RESOLVED));
        String card = AnswerCard.render(f, null);
        List<String> lines = card.lines().toList();
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("Spin")).findFirst().orElseThrow(() -> new AssertionError(card)));
        assertTrue(lines.get(at).endsWith("spin up to 7.89 µs, then park (2-competitive on two CPUs)"), card);
        assertEquals("  → measured best at D=5 % at 500 µs: B=20 µs, beats park & spin, agrees", lines.get(at + 1), card);
        dev.switchcost.derive.SpinBudget.Reply win = f.spin("CROSS_CPU").firstWin();
        assertTrue(win.best().costNs().upper() < win.park().costNs().lower(), "below PARK's interval");
        assertTrue(win.best().costNs().upper() < win.spin().costNs().lower(), "below SPIN's interval");
    }

    @Test
    void aRunWithoutTheSweepHasNoSpinLine() {
        String card = AnswerCard.render(Findings.of(Results.load(QUICK)), null);
        assertTrue(card.lines().noneMatch(l -> l.startsWith("Spin")), card);
    }

    @Test
    void replyDelaysReadAsAPersonSaysThem() {
        assertEquals("10 µs", SpinSections.reply("10000"));
        assertEquals("exp(20 µs)", SpinSections.reply("exp:20000"));
        assertEquals("5 % at 500 µs", SpinSections.reply("bimodal:5:500000"));
    }
}
