package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.Headline.Figure;
import dev.switchcost.derive.Headline;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.Modes;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Metric;
import dev.switchcost.results.Percentiles;
import dev.switchcost.results.Results;
import dev.switchcost.results.RunStatus;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The answer on one screen (on a terminal at most {@value #MAX_LINES} lines of at most {@value #WIDTH} columns):
 * what a switch costs on one CPU and across CPUs, virtual against platform threads, and the JVM
 * against plain C, each per switch with its 99.9% error and the switches counted, each followed by a
 * one-line reading; then where the full report is. Several JDKs in one input are shown side by side.
 */
public final class AnswerCard {

    public static final int MAX_LINES = 24;
    public static final int WIDTH = 100;

    private static final int LABEL = 12;
    private static final int WHAT = 40;
    private static final int CELL = 24;

    /** The mark of a figure from a disturbed trial the run kept ({@code --allow-disturbed}), explained on the card's "!" line. */
    static final String DISTURBED = "†";

    /**
     * The mark of a figure whose trial stopped on {@code --budget} before {@code --precision}, after its line with the
     * precision it reached, explained on the card's "!" line.
     */
    static final String IMPRECISE = "‡";

    /** What {@link #DISTURBED} means, under a table or chart that shows it. */
    static final String DISTURBED_LEGEND = DISTURBED + " from a disturbed trial the run kept (`--allow-disturbed`): other tasks"
            + " took its CPUs while it ran (Runs, below, names them)";

    /** {@code " †"} after a figure from a disturbed trial the run kept, else nothing. */
    static String disturbed(boolean kept) {
        return kept ? " " + DISTURBED : "";
    }

    private AnswerCard() {
    }

    /** The card of one input's findings for a terminal; {@code reportHtml} (may be null) is named on its last line. */
    public static String render(Findings f, Path reportHtml) {
        return render(f, reportHtml, true);
    }

    /**
     * The card; on a terminal ({@code terminal}) a line wider than {@value #WIDTH} columns is cut with "…" and the card
     * after {@value #MAX_LINES} lines, one screen; in a file or a pipe never: what is cut there is lost.
     */
    public static String render(Findings f, Path reportHtml, boolean terminal) {
        Results r = f.input();
        List<Headline> hs = f.headlines();
        List<String> out = new ArrayList<>();
        out.add("switchcost: what a context switch costs on this machine");
        out.add(r.machineCardLine());
        String settings = r.usable().stream().findFirst().map(x -> x.settings().describe()).orElse("no JMH rows");
        out.add("status: " + r.status().describe() + " · " + settings);
        long failed = r.rows().stream().filter(JmhRow::failed).count();
        if (failed > 0) {
            out.add("! " + failed + " row" + (failed == 1 ? "" : "s") + " from failed trials left out of every figure");
        }
        List<RunStatus.FailedTrial> disturbed = r.status().failedTrials().stream()
                .filter(RunStatus.FailedTrial::disturbed).toList();
        if (!disturbed.isEmpty()) {
            long kept = r.rows().stream().filter(JmhRow::disturbed).count();
            out.add("! " + disturbed.size() + " disturbed trial" + (disturbed.size() == 1 ? "" : "s")
                    + (kept > 0 ? " kept, marked " + DISTURBED + " (--allow-disturbed)" : " left out") + ": "
                    + disturbed.get(0).reason().replaceFirst("^disturbed: ", ""));
        }
        CardPrecision.line(r, hs).ifPresent(out::add);
        StringBuilder head = new StringBuilder(pad("ns per switch ± 99.9% CI (switches/round trip)", LABEL + WHAT));
        hs.forEach(h -> head.append(lpad("JDK " + h.jdk(), CELL)));
        out.add(head.toString().stripTrailing());

        List<String> measured = new ArrayList<>();
        List<String> notMeasured = new ArrayList<>();
        if (any(hs, Headline::sameCpu) || any(hs, Headline::crossCpu)) {
            section(out, r, hs, "One CPU", Headline::sameCpu, "Across CPUs", Headline::crossCpu,
                    reading(hs, Headline::pinning, (h, e) -> pinningWords(e)));
            measured.add(!any(hs, Headline::crossCpu) ? "one CPU" : !any(hs, Headline::sameCpu) ? "two CPUs" : "one CPU vs two CPUs");
        } else {
            notMeasured.add("one CPU vs two CPUs");
        }
        (virtualLines(out, r, hs) ? measured : notMeasured).add("virtual vs platform");
        if (hs.stream().allMatch(h -> h.nativeC() == null)) {
            if (r.compare() == null) {
                notMeasured.add("JVM vs C");
            } else {
                out.add(pad("JVM vs C", LABEL) + "no native rows in compare.json (" + nativeWhy(r) + ")");
            }
        } else {
            section(out, r, hs, "JVM vs C", Headline::nativeC, "", Headline::jvmVsC, reading(hs, Headline::jvmExtra,
                    (h, d) -> nativeWords(d, h.nativeC().perSwitch(), h.jvmOverC())));
            measured.add("JVM vs C");
        }
        if (any(hs, Headline::cache)) {
            List<String> cache = new ArrayList<>(cacheLines(hs));
            String missed = CardPrecision.marks(r, hs, Headline::cache);
            cache.set(0, cache.get(0) + (missed.isEmpty() ? "" : "  " + missed));
            out.addAll(cache);
        }
        (any(hs, Headline::cache) ? measured : notMeasured).add("cache");
        allocation(r).ifPresent(out::add);
        out.addAll(SpinSections.cardLines(f, LABEL));
        if (!notMeasured.isEmpty()) {
            // a targeted run: what it measured and what not, once
            // rows left out (failed or disturbed trials) were run but are not figures: --quick would not help
            Optional<String> leftOut = DisturbanceText.leftOut(List.of(r))
                    .or(() -> r.rows().stream().anyMatch(JmhRow::failed) ? Optional.of("failed rows") : Optional.empty());
            out.add((measured.isEmpty() ? leftOut.isPresent() ? "Not in the figures: " : "Not measured: "
                    : "Measured: " + String.join(", ", measured) + (leftOut.isPresent() ? "; not in the figures: " : "; not: "))
                    + String.join(", ", notMeasured) + (leftOut.isPresent() ? ";"
                    : " (run --quick measures " + (notMeasured.size() == 1 ? "it)" : "them)")));
            // on a line of its own: the card is no wider than a terminal
            leftOut.ifPresent(w -> out.add("  " + w + " (above)"));
        }
        if (reportHtml != null) {
            out.add("Report: " + reportHtml + "  (jmh.json opens in JMH Visualizer)");
        }
        if (!terminal) {
            return String.join("\n", out) + "\n";
        }
        List<String> lines = out.stream().map(AnswerCard::clip).toList();
        return String.join("\n", lines.size() > MAX_LINES ? lines.subList(0, MAX_LINES) : lines) + "\n";
    }

    /**
     * One line naming {@code -prof gc}'s bytes per op ({@code gc.alloc.rate.norm}) when rows carry them: their range
     * and where each row's figure is; empty otherwise.
     */
    static Optional<String> allocation(Results r) {
        DoubleSummaryStatistics b = r.usable().stream().mapToDouble(JmhRow::bytesPerOp).filter(Double::isFinite).summaryStatistics();
        if (b.getCount() == 0) {
            return Optional.empty();
        }
        String range = b.getMin() == b.getMax() ? Fmt.num(b.getMin()) : Fmt.num(b.getMin()) + " to " + Fmt.num(b.getMax());
        return Optional.of(pad("Allocation", LABEL) + range + " B/op in " + b.getCount() + " row" + (b.getCount() == 1 ? "" : "s")
                + " (-prof gc: " + JmhRow.ALLOC_NORM + "; each row in the report)");
    }

    /** The word for a cost through the caches that is not a plain number: the card's, and the report's answer table's. */
    static String cacheWord(Set<IndirectCost.Flag> flags) {
        return flags.contains(IndirectCost.Flag.NEGATIVE) ? "negative" : flags.contains(IndirectCost.Flag.CONTROL_BIASED) ? "biased"
                : "unresolved";
    }

    /**
     * The cache lines: the paired indirect cost per switch of the quick run's working set (a figure line per
     * JDK, as the other sections), and a reading in one line, from the first JDK that measured it. When it is
     * absent, unresolved or negative the card says so, never that a switch costs the same.
     */
    static List<String> cacheLines(List<Headline> hs) {
        Headline h = hs.stream().filter(x -> x.cache() != null).findFirst().orElse(null);
        if (h == null) {
            return List.of(pad("Cache", LABEL) + "not measured (switchcost run --quick measures it)");
        }
        // an increment over the direct cost, never a total: the sign says so
        String figures = cells("Cache", "added via the caches, " + h.cacheKiB() + " KiB/thread", hs, x -> x.cache() == null ? "–"
                : x.cacheFlags().isEmpty() ? increment(x.cache().perSwitch()) + " (" + Fmt.count(x.cache().switchesPerTrip()) + ")"
                        + (x.cache().disturbed() ? DISTURBED : "")
                : cacheWord(x.cacheFlags()));
        String jdk = hs.size() > 1 ? "JDK " + h.jdk() + ": " : "";
        Estimate e = h.cache().perSwitch();
        String reading;
        if (h.cacheFlags().contains(IndirectCost.Flag.NOT_COUNTED)) {
            reading = "with " + h.cacheKiB() + " KiB per thread: not counted (run without PairedWalkProfiler)";
        } else if (h.cacheFlags().contains(IndirectCost.Flag.NEGATIVE)) {
            reading = "with " + h.cacheKiB() + " KiB per thread: below 0 beyond its error (" + Fmt.pm(e) + " ns), not a cost";
        } else if (h.cacheFlags().contains(IndirectCost.Flag.CONTROL_BIASED)) {
            reading = "with " + h.cacheKiB() + " KiB per thread: " + Fmt.pm(e) + " ns, but the same timed walks with no"
                    + " switch read non-zero (switchcost indirect DIR shows the control): not a cost";
        } else if (!h.cacheFlags().isEmpty()) {
            reading = "with " + h.cacheKiB() + " KiB per thread no cost through the caches is resolved (" + Fmt.pm(e) + " ns)";
        } else {
            String share = h.cacheShare() == null || !Double.isFinite(h.cacheShare().value()) ? null : Fmt.times(h.cacheShare());
            // the one definition of direct, said once on the card (IndirectCost.DIRECT_DEFINITION, docs/reading-the-card.md)
            reading = increment(e) + " ns per switch through the caches"
                    + (share == null ? " (no size-0 row: no direct cost to set it against)"
                    : ", " + share + " the direct cost (CPU time per switch at 0 KiB)");
            if (jdk.length() + reading.length() > WIDTH - 5) {
                reading = reading.replace(" through the caches", " via the caches").replace(" the direct cost (", " direct (");
            }
            if (jdk.length() + reading.length() > WIDTH - 5 && share != null) {
                reading = reading.replace(" direct (CPU time per switch at 0 KiB)", " direct (CPU time at 0 KiB)");
            }
        }
        return List.of(figures, "  → " + jdk + reading);
    }

    /** An increment: {@code +1,757 ± 204}, its sign always written, so it never reads as a total. */
    static String increment(Estimate e) {
        return (e.value() >= 0 ? "+" : "") + Fmt.pm(e);
    }

    private static String nativeWhy(Results r) {
        return r.compare().cells().stream().filter(c -> c.column().startsWith("NATIVE") && c.unavailable() != null)
                .map(c -> c.unavailable()).findFirst().orElse("none measured on SAME_CPU");
    }

    private static boolean any(List<Headline> hs, Function<Headline, Figure> f) {
        return hs.stream().map(f).anyMatch(x -> x != null);
    }

    /**
     * Virtual against platform threads, like with like ({@code derive.Like}): the pair on one CPU and the pair unpinned,
     * each line naming where it ran, each ratio naming both sides; a pair with a side missing gets no ratio, and the
     * card says why once.
     *
     * @return whether any virtual- or platform-thread figure was shown
     */
    static boolean virtualLines(List<String> out, Results r, List<Headline> hs) {
        boolean oneCpu = any(hs, Headline::virtual) || any(hs, Headline::platform);
        boolean free = any(hs, Headline::virtualUnpinned) || any(hs, Headline::platformUnpinned);
        if (!oneCpu && !free) {
            return false;
        }
        String one = reading(hs, Headline::virtualGain, (h, g) -> gainWords(g, "one CPU", "one carrier", "pinned"));
        String unpinned = reading(hs, Headline::virtualGainUnpinned, (h, g) -> gainWords(g, "unpinned", "two carriers", "unpinned"));
        pair(out, r, hs, Headline::virtual, Headline::platform, one);
        pair(out, r, hs, Headline::virtualUnpinned, Headline::platformUnpinned, unpinned);
        // a pair whose ratio a mixture refused says so on its own line: "unlike rows" would be a second, wrong reason
        if (one == null && unpinned == null && !mixedPair(hs, Headline::virtual, Headline::platform)
                && !mixedPair(hs, Headline::virtualUnpinned, Headline::platformUnpinned)) {
            out.add("  → no virtual/platform ratio: virtual " + where(hs, Headline::virtual, Headline::virtualUnpinned)
                    + ", platform " + where(hs, Headline::platform, Headline::platformUnpinned) + ": unlike rows, not compared");
        }
        return true;
    }

    /** Where a side was measured: "on one CPU and unpinned", "unpinned", ..., or "not measured". */
    private static String where(List<Headline> hs, Function<Headline, Figure> oneCpu, Function<Headline, Figure> unpinned) {
        return any(hs, oneCpu) && any(hs, unpinned) ? "on one CPU and unpinned" : any(hs, oneCpu) ? "on one CPU"
                : any(hs, unpinned) ? "unpinned" : "not measured";
    }

    /** The lines of one virtual/platform pair that has a figure, then its reading. */
    private static void pair(List<String> out, Results r, List<Headline> hs, Function<Headline, Figure> v, Function<Headline, Figure> p,
                             String reading) {
        if (any(hs, v)) {
            line(out, r, hs, "Virtual", v);
        }
        if (any(hs, p)) {
            line(out, r, hs, "Platform", p);
        }
        ratioLine(out, hs, v, p, reading);
    }

    /**
     * A ratio's reading, marked when a figure it divides is from a kept disturbed trial; where a figure it would divide is a
     * mixture of two modes, that no ratio is made (a mixture is never one mean).
     */
    private static void ratioLine(List<String> out, List<Headline> hs, Function<Headline, Figure> a, Function<Headline, Figure> b,
                                  String reading) {
        if (reading == null && mixedPair(hs, a, b)) {
            out.add("  → no ratio: a mixture of two modes is never one mean (its modes above)");
        } else if (reading != null) {
            boolean disturbed = hs.stream().anyMatch(h -> disturbed(a.apply(h)) || disturbed(b.apply(h)));
            out.add("  → " + reading + (disturbed ? " " + DISTURBED : ""));
        }
    }

    /** Both sides measured, and a side of some JDK a mixture of two modes: the ratio is refused for it ({@code Like.ratio}). */
    private static boolean mixedPair(List<Headline> hs, Function<Headline, Figure> a, Function<Headline, Figure> b) {
        return any(hs, a) && any(hs, b) && hs.stream().anyMatch(h -> mixed(a.apply(h)) || mixed(b.apply(h)));
    }

    private static boolean mixed(Figure x) {
        return x != null && x.modes().mixed();
    }

    private static boolean disturbed(Figure x) {
        return x != null && x.disturbed();
    }

    /** A virtual/platform ratio (platform / virtual) in words naming both sides; never "the same" from an unknown error. */
    static String gainWords(Estimate r, String where, String virtualSide, String platformSide) {
        String v = "virtual threads (" + virtualSide + ")";
        String p = "platform ones (" + platformSide + ")";
        String unjudged = unjudged(r, where + ": platform (" + platformSide + ") / virtual (" + virtualSide + ") " + Fmt.times(r),
                where + ": " + v + " and " + p + " hand off at the same cost within " + margin() + " (equivalence test)");
        return unjudged != null ? unjudged : r.value() > 1 ? where + ": " + v + " hand off " + Fmt.times(r) + " cheaper than " + p
                : where + ": platform threads (" + platformSide + ") hand off " + Fmt.times(Estimate.exact(1).over(r))
                        + " cheaper than virtual ones (" + virtualSide + ")";
    }

    /**
     * A ratio's words where the rule does not call it a difference: {@code ratio} not judged (no error, one fork) or not
     * resolved, or {@code same} when equivalent to 1 within the margin; null where it differs from 1.
     */
    private static String unjudged(Estimate r, String ratio, String same) {
        if (!r.errorKnown()) {
            return ratio + "; error unknown (one iteration): not judged";
        }
        if (r.oneFork()) {
            return ratio + "; from one fork: not judged";
        }
        if (!r.differsFromOne(Estimate.MIN_EFFECT)) {
            return r.equivalentToOne(Estimate.MIN_EFFECT) ? same : ratio + ": " + Diff.NOT_RESOLVED_TEXT;
        }
        return null;
    }

    private static void section(List<String> out, Results r, List<Headline> hs, String labelA, Function<Headline, Figure> a,
                                String labelB, Function<Headline, Figure> b, String reading) {
        line(out, r, hs, labelA, a);
        line(out, r, hs, labelB, b);
        ratioLine(out, hs, a, b, reading);
    }

    private static void line(List<String> out, Results r, List<Headline> hs, String label, Function<Headline, Figure> f) {
        Figure any = hs.stream().map(f).filter(x -> x != null).findFirst().orElse(null);
        if (any == null) {
            out.add(pad(label, LABEL) + "not measured (switchcost run --quick measures it)");
            return;
        }
        String missedText = CardPrecision.marks(r, hs, f);
        out.add(cells(label, any.what(), hs, f, x -> (x.modes().mixed() ? "MIXED" : Fmt.pm(x.perSwitch())) + " ("
                + Fmt.count(x.switchesPerTrip()) + ")" + (x.disturbed() ? DISTURBED : ""))
                + (missedText.isEmpty() ? "" : "  " + missedText));
        if (hs.stream().map(f).anyMatch(x -> x != null && x.tail() != null)) {
            // the tail beside the mean: a handoff's median and 99th percentile per switch (JMH sample mode, round trip / 2)
            int batch = hs.stream().map(f).filter(x -> x != null && x.tail() != null).mapToInt(Figure::tripsPerSample).max().orElse(1);
            out.add(cells("", batch > 1 ? "  median · p99 (means of " + Fmt.num(batch) + " trips)" : "  median · p99 (sampled)", hs, f,
                    x -> x.tail() == null ? "–" : medianP99(x.tail())));
        }
        if (hs.stream().map(f).anyMatch(x -> x != null && x.modes().mixed())) {
            // a mixture is named by its modes, never averaged into one mean ±
            out.add(cells("", "  two modes: ns (share of samples)", hs, f, x -> x.modes().mixed() ? modesText(x.modes()) : "–"));
        }
    }

    /** A line of the card: its label and what it shows, then a cell per JDK. */
    private static String cells(String label, String what, List<Headline> hs, Function<Headline, String> cell) {
        StringBuilder sb = new StringBuilder(pad(label, LABEL)).append(pad(what, WHAT));
        hs.forEach(h -> sb.append(lpad(cell.apply(h), CELL)));
        return sb.toString().stripTrailing();
    }

    /** {@link #cells} of a figure per JDK, "–" where a JDK has none. */
    private static String cells(String label, String what, List<Headline> hs, Function<Headline, Figure> f,
                                Function<Figure, String> cell) {
        return cells(label, what, hs, h -> f.apply(h) == null ? "–" : cell.apply(f.apply(h)));
    }

    /** {@code 2,006 32% · 7,935 68%}: each mode's centre, ns, and its share of the samples. */
    static String modesText(Modes m) {
        return String.join(" · ", m.modes().stream().map(x -> Fmt.num(Math.round(x.centre())) + " "
                + Math.round(x.share() * 100) + "%").toList());
    }

    /** {@code 1,908 · 6,952}: the median and 99th percentile, ns; "–" for a p99 of under 100 samples ({@link Percentiles#resolves}). */
    static String medianP99(Percentiles p) {
        return Fmt.num(Math.round(p.p50())) + " · " + (p.resolves(0.99) ? Fmt.num(Math.round(p.p99())) : "–");
    }

    /** The futex handoff on two CPUs / on one CPU in words naming both sides; never "the same" from an unknown error. */
    static String pinningWords(Estimate r) {
        String unjudged = unjudged(r, "futex handoff, two CPUs / one CPU: " + Fmt.times(r),
                "futex handoff: one CPU and two CPUs cost the same within " + margin() + " here (equivalence test)");
        // a strict ping-pong's price, and this machine's wake-up of an idle CPU (cpuidle, virtualisation): not a law
        return unjudged != null ? unjudged : r.value() > 1
                ? "one CPU " + Fmt.times(r) + " cheaper than two for a strict futex ping-pong: pin such pairs together"
                : "futex handoff on two CPUs " + Fmt.times(Estimate.exact(1).over(r)) + " faster than on one CPU here";
    }

    /**
     * The JVM's extra cost over plain C in words, by the one rule on the ratio of the repetitions in which both ran
     * ({@link Diff#ratio}, paired): "matches" only by the equivalence test within the minimum effect, "adds" only beyond
     * it, never from one repetition.
     */
    static String nativeWords(Estimate d, Estimate c, Estimate jvmOverC) {
        String extra = Fmt.pm(d) + " ns per switch (" + Fmt.percent(d.value() / c.value()) + ")";
        if (!d.errorKnown()) {
            return "the JVM vs plain C: " + Fmt.pm(d) + " ns per switch; error unknown (one iteration): not judged";
        }
        return switch (Diff.ratio(jvmOverC, Metric.NS_PER_OP, Estimate.MIN_EFFECT).verdict()) {
            case SAME -> "the JVM matches plain C within " + margin() + " here (equivalence test, paired: "
                    + "JVM is " + Fmt.times(jvmOverC) + " C)";
            case SLOWER -> "the JVM adds " + extra + " over plain C here";
            case FASTER -> "the JVM is faster than plain C by " + Fmt.pm(d.times(-1)) + " ns per switch here";
            case ONE_FORK -> "the JVM vs plain C: " + extra + "; from one fork: not judged";
            default -> "the JVM vs plain C: " + extra + ": " + Diff.NOT_RESOLVED_TEXT;
        };
    }

    /** The equivalence margin in words: "±10 %". */
    private static String margin() {
        return Fmt.percent(Estimate.MIN_EFFECT).replace("+", "±");
    }

    /** The first JDK's reading, and the other JDKs' figure in brackets. */
    private static String reading(List<Headline> hs, Function<Headline, Estimate> of,
                                  BiFunction<Headline, Estimate, String> say) {
        Headline first = hs.stream().filter(h -> of.apply(h) != null).findFirst().orElse(null);
        if (first == null) {
            return null;
        }
        String s = say.apply(first, of.apply(first));
        if (hs.size() == 1) {
            return s;
        }
        String others = hs.stream().filter(h -> h != first && of.apply(h) != null).map(h -> "JDK " + h.jdk() + ": "
                        + (Math.abs(of.apply(h).value()) < 50 ? Fmt.times(of.apply(h)) : Fmt.pm(of.apply(h)) + " ns"))
                .collect(Collectors.joining("; "));
        return "JDK " + first.jdk() + ": " + s + (others.isEmpty() ? "" : " [" + others + "]");
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s.substring(0, w - 1) + " " : s + " ".repeat(w - s.length());
    }

    private static String lpad(String s, int w) {
        return s.length() >= w ? " " + s : " ".repeat(w - s.length()) + s;
    }

    private static String clip(String s) {
        return s.length() <= WIDTH ? s : s.substring(0, WIDTH - 1) + "…";
    }
}
