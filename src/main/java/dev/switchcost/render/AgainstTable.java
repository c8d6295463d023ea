package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.Like;
import dev.switchcost.derive.MachineDifferences;
import dev.switchcost.derive.Modes;
import dev.switchcost.derive.Study;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Family;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.Results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A report over several inputs compares them: "A against B". One table per question that A and another input both
 * measured (the handoff by mechanism and placement, virtual against platform threads, the cost through the caches, native C
 * against the JVM), the inputs in columns. Rows are matched as {@code switchcost diff} matches them ({@link Diff#rows}: its
 * key) and each is judged by diff's rule ({@link Diff#judge}); a row only one input has is listed as such. A ratio is made
 * only between like rows ({@link Like}): a comparison of two runs may cross the machine or the JDK, one at a time, and its
 * verdict says which; rows that differ in more are not compared. The first input is A; each other input has its own
 * columns against A.
 */
public final class AgainstTable {

    public static final String ID = "against";

    private AgainstTable() {
    }

    /**
     * One input's figure on one line, against A's.
     *
     * @param value   the figure as shown ("—" when this input has no such row)
     * @param ratio   this input / A with its error, or null where no ratio is made
     * @param verdict diff's verdict, or null when neither this input nor A has the row, or the rows are unlike
     * @param differ  the aspects in which the row differs from A's ({@link Like#differences}), empty when alike or not judged
     * @param unlike  whether the two rows differ in more than one of machine and JDK, or in placement or mechanism: not compared
     */
    record Against(String value, Estimate ratio, Diff.Verdict verdict, Set<Like.Aspect> differ, boolean unlike) {

        /** Whether this input and A both measured the row (a judged verdict, or unlike rows named as such). */
        boolean both() {
            return unlike || verdict != null && verdict != Diff.Verdict.ONLY_IN_A && verdict != Diff.Verdict.ONLY_IN_B;
        }
    }

    /** One row of a question's table: diff's key, the label shown, A's figure, and each other input's against it. */
    record Line(String key, String label, String a, List<Against> others) {
    }

    /**
     * One question's table.
     *
     * @param title    the question, as the report's section on it names it
     * @param what     the first column's header: what a row is
     * @param unit     what the figures are
     * @param constant what every row has in common (benchmark, parameters), lifted out of the rows; empty when nothing
     * @param lines    matched rows first, then those only in A, then those only in another input
     * @param noShared per other input, why it shares no row with A (the parameters only one side's rows carry), or null
     */
    record Question(String title, String what, String unit, String constant, List<Line> lines, List<String> noShared) {

        /** Per other input: how many rows it and A both measured, and how many of those differ beyond the error. */
        List<String> summary() {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < noShared.size(); i++) {
                int k = i;
                List<Against> xs = lines.stream().map(l -> l.others().get(k)).filter(x -> x.verdict() != null || x.unlike()).toList();
                long both = xs.stream().filter(Against::both).count();
                long differ = xs.stream().filter(x -> !x.unlike() && x.verdict().flagged()).count();
                String x = letter(i + 1);
                out.add(both == 0 ? (noShared.get(i) != null ? noShared.get(i) : "A and " + x + " share no row here.")
                        : "A and " + x + ": " + both + " of " + xs.size() + " rows measured by both, " + differ
                        + (differ == 1 ? " differs" : " differ") + " beyond the error.");
            }
            return out;
        }
    }

    /** What the comparison found: the questions compared, those only one input measured, and the rows in no question. */
    record Comparison(List<Question> questions, List<String> notCompared, List<String> outside) {
    }

    /** The section's title: "A against B", "A against B and C". */
    public static String title(int inputs) {
        return "A against " + and(IntStream.range(1, inputs).mapToObj(AgainstTable::letter).toList());
    }

    /** "x", "x and y", "x, y and z". */
    private static String and(List<String> names) {
        return names.size() < 2 ? String.join("", names)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    static String letter(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "#" + (i + 1);
    }

    /** The body of the section (the renderer writes its heading). */
    static void section(Doc doc, Study study) {
        List<Results> inputs = study.results();
        List<String> who = IntStream.range(0, inputs.size())
                .mapToObj(i -> letter(i) + " = " + inputs.get(i).label() + " (`" + inputs.get(i).source() + "`)").toList();
        doc.p(String.join(" · ", who) + "."
                + (inputs.size() > 2 ? " A is the first input; each other input has its own columns: its figure, its ratio to A"
                + " and its verdict against A." : ""));
        List<MachineDifferences.Difference> machines = study.machines();
        if (!machines.isEmpty()) {
            doc.p("**Across machines:** the inputs ran on machines that differ in what can move a figure: "
                    + String.join(", ", machines.stream().map(AgainstTable::fact).toList())
                    + " (every value under Runs). A ratio between them compares the machines as much as the code;"
                    + " its verdict says \"across machines\".");
        }
        doc.p("Rows are matched as `switchcost diff` matches them (benchmark, parameters and mode). B/A carries its 99.9% error;"
                + " the verdict is diff's: " + Diff.rule(Estimate.MIN_EFFECT) + ". A ratio is made only between like rows (same placement and"
                + " mechanism; the machine or the JDK may differ, not both); other rows are not compared.");
        for (int i = 0; i < inputs.size(); i++) {
            RunsSection.repeated(inputs.get(i), letter(i)).ifPresent(doc::p);
        }
        Comparison c = compare(study);
        for (Question q : c.questions()) {
            doc.h(3, q.title());
            doc.p(q.unit() + (q.constant().isEmpty() ? "" : "; every row: " + q.constant()) + ".");
            q.summary().forEach(doc::p);
            List<Line> shared = q.lines().stream().filter(AgainstTable::measuredByTwo).toList();
            if (!shared.isEmpty()) {
                doc.table(table(new Question(q.title(), q.what(), q.unit(), q.constant(), shared, q.noShared()), inputs.size()));
            }
            int alone = q.lines().size() - shared.size();
            if (alone > 0) {
                doc.p(alone + (alone == 1 ? " row" : " rows") + " measured by one input only "
                        + (shared.isEmpty() ? "" : "left out of the table ") + "(each under All JMH rows).");
            }
        }
        if (!c.notCompared().isEmpty()) {
            doc.p("Not compared, measured by one input only: " + String.join("; ", c.notCompared()) + ".");
        }
        if (!c.outside().isEmpty()) {
            doc.p("Rows in no table above (other benchmarks, sample-mode rows): " + String.join("; ", c.outside())
                    + ". `switchcost diff A B` compares every row of two inputs.");
        }
    }

    /** {@code kernel (6.18.44-fc-v509 · 6.18.44-fc-v782)}; only the fact's name where a value is too long to read inline. */
    private static String fact(MachineDifferences.Difference d) {
        boolean shortValues = d.values().stream().allMatch(v -> v.length() <= 24);
        return shortValues ? d.fact() + " (" + String.join(" · ", d.values().stream().map(v -> "`" + v + "`").toList()) + ")" : d.fact();
    }

    static boolean measuredByTwo(Line l) {
        return l.others().stream().anyMatch(Against::both);
    }

    /** The question's table: the row, A, then for each other input its figure, its ratio to A and the verdict. */
    static Table table(Question q, int inputs) {
        List<Table.Column<Line>> c = new ArrayList<>(List.of(Table.col(q.what(), 'l', Line::label),
                Table.col("A", 'r', Line::a)));
        for (int i = 1; i < inputs; i++) {
            int k = i - 1;
            String x = letter(i);
            c.addAll(List.of(Table.col(x, 'r', l -> l.others().get(k).value()),
                    Table.col(x + "/A", 'r', l -> l.others().get(k).ratio() == null ? "" : Fmt.times(l.others().get(k).ratio())),
                    Table.col(inputs == 2 ? "verdict" : "verdict " + x, 'l', l -> verdict(l.others().get(k), x))));
        }
        return Table.of(c, q.lines());
    }

    /** The verdict in words: diff's, naming the input, and where the rows differ in machine or JDK, that it crosses them. */
    static String verdict(Against x, String letter) {
        if (x.unlike()) {
            return "not compared: unlike rows (" + aspects(x.differ()) + " differ)";
        }
        if (x.verdict() == null) {
            return "";
        }
        String s = glue(x.verdict().text(letter));
        if (x.verdict().judged() && x.differ().contains(Like.Aspect.MACHINE)) {
            s += ", " + glue("across machines");
        }
        if (x.verdict().judged() && x.differ().contains(Like.Aspect.JDK)) {
            s += ", " + glue("across JDKs");
        }
        return s;
    }

    /** A short phrase kept on one line (no-break spaces): a narrow verdict column wraps between phrases, not in "only in A". */
    static String glue(String phrase) {
        return phrase.length() <= 20 ? phrase.replace(' ', '\u00a0') : phrase;
    }

    private static String aspects(Set<Like.Aspect> d) {
        return and(d.stream().map(a -> a == Like.Aspect.JDK ? "JDK" : a.name().toLowerCase(Locale.ROOT)).toList());
    }

    /** The questions {@code inputs} (two or more) compare, A being the first. */
    static Comparison compare(Study study) {
        List<Results> inputs = study.results();
        List<Question> questions = new ArrayList<>();
        List<String> notCompared = new ArrayList<>();
        boolean whole = everyPairedRowHasWhole(study.inputs());
        List<RowQuestion> rowQuestions = List.of(
                new RowQuestion("Handoff cost by mechanism and placement", PER_SWITCH, HandoffSections::mechanismRow, Cache.NONE),
                new RowQuestion("Virtual vs platform threads", PER_SWITCH, HandoffSections::virtualRow, Cache.NONE),
                new RowQuestion("Working set: indirect cost per switch", "ns per switch ± 99.9% that a switch adds through the caches:"
                        + (whole ? " the whole cost, in the switch and after it (the pair's CPU time per switch − two walks, less"
                        + " the same at size 0; its flags where it is no plain cost)"
                        : " the paired estimate, after the switch only (first walk after a switch − second walk, its flags where it"
                        + " is no plain cost; not every input recorded the pair's CPU time, which the whole cost needs)"),
                        AgainstTable::pairedRow, whole ? Cache.WHOLE : Cache.PAIRED));
        for (RowQuestion rq : rowQuestions) {
            add(questions, notCompared, rq.title(), rowQuestion(study.inputs(), rq), inputs, r -> r.rows().stream().anyMatch(rq.which()));
        }
        add(questions, notCompared, "Native C vs JVM (switchcost compare)", AgainstCells.question(study.inputs()), inputs,
                r -> r.compare() != null && r.compare().cells().stream().anyMatch(AgainstCells::measured));
        List<String> outside = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            List<JmhRow> rest = inputs.get(i).rows().stream()
                    .filter(rowQuestions.stream().map(RowQuestion::which).reduce(x -> false, Predicate::or).negate()).toList();
            if (!rest.isEmpty()) {
                TreeSet<String> classes = rest.stream().map(JmhRow::benchmarkClass).collect(Collectors.toCollection(TreeSet::new));
                String names = String.join(", ", classes.stream().limit(5).toList()) + (classes.size() > 5 ? ", …" : "");
                outside.add(letter(i) + " " + rest.size() + " (" + names + ")");
            }
        }
        return new Comparison(questions, notCompared, outside);
    }

    /** A handoff question's unit: a round trip per switch, as {@code diff} and the card show it ({@link PerSwitch}). */
    static final String PER_SWITCH = "ns" + PerSwitch.ROUND_TRIP_UNIT + " ± 99.9%";

    /** A question answered by JMH rows: which rows, and which cost through the caches is its figure rather than the score. */
    private record RowQuestion(String title, String unit, Predicate<JmhRow> which, Cache cache) {
    }

    /**
     * A row question's figure: the score ({@link #NONE}), or a paired round trip's cost through the caches, the same
     * estimate for every input: the whole cost where every input has it, else the paired estimate.
     */
    enum Cache {
        NONE, PAIRED, WHOLE;

        Estimate of(IndirectCost.Paired p) {
            return this == WHOLE ? p.whole() : p.indirect();
        }

        Set<IndirectCost.Flag> flags(IndirectCost.Paired p) {
            return this == WHOLE ? p.wholeFlags() : p.flags();
        }
    }

    /** Whether every input's paired round trips recorded the pair's CPU time here and at size 0 (the whole cost). */
    static boolean everyPairedRowHasWhole(List<Findings> inputs) {
        List<Boolean> whole = inputs.stream().flatMap(in -> in.input().usable().stream().filter(AgainstTable::pairedRow)
                .map(r -> in.paired(r).hasWhole())).toList();
        return !whole.isEmpty() && !whole.contains(false);
    }

    /** Keeps {@code q} when A and another input measured it; else names who did. */
    private static void add(List<Question> questions, List<String> notCompared, String title, Question q, List<Results> inputs,
                            Predicate<Results> measured) {
        List<String> who = IntStream.range(0, inputs.size()).filter(i -> measured.test(inputs.get(i))).mapToObj(AgainstTable::letter).toList();
        if (who.contains("A") && who.size() > 1) {
            questions.add(q);
        } else if (!who.isEmpty()) {
            notCompared.add(title.toLowerCase(Locale.ROOT).charAt(0) + title.substring(1) + " (" + String.join(", ", who) + ")");
        }
    }

    static boolean pairedRow(JmhRow r) {
        return Family.WORKING_SET.has(r) && Bench.Names.PAIRED_METHOD.equals(r.method()) && r.primary().isTimePerOp()
                && !"sample".equals(r.mode());
    }

    private static Question rowQuestion(List<Findings> inputs, RowQuestion rq) {
        Findings a = inputs.get(0);
        // per key: A's row and each other input's Diff.Row against A (null where neither has it)
        Map<String, JmhRow> rep = new LinkedHashMap<>();
        Map<String, Diff.Row[]> byKey = new LinkedHashMap<>();
        for (int i = 1; i < inputs.size(); i++) {
            for (Diff.Row r : Diff.rows(a.input(), inputs.get(i).input())) {
                JmhRow any = r.a() != null ? r.a() : r.b();
                if (!rq.which().test(any)) {
                    continue;
                }
                rep.putIfAbsent(r.key(), any);
                byKey.computeIfAbsent(r.key(), k -> new Diff.Row[inputs.size() - 1])[i - 1] = r;
            }
        }
        String constant = constant(rep.values());
        List<Line> lines = new ArrayList<>();
        for (Map.Entry<String, Diff.Row[]> e : byKey.entrySet()) {
            Diff.Row[] rs = e.getValue();
            JmhRow ra = Arrays.stream(rs).filter(r -> r != null && r.a() != null).map(Diff.Row::a).reduce((x, y) -> y).orElse(null);
            List<Against> others = IntStream.range(1, inputs.size()).mapToObj(i -> against(rs[i - 1], a, inputs.get(i), rq.cache())).toList();
            lines.add(new Line(e.getKey(), label(e.getKey(), rep.get(e.getKey()), rep.values()), figure(ra, a, rq.cache()), others));
        }
        List<String> noShared = new ArrayList<>();
        for (int i = 1; i < inputs.size(); i++) {
            int k = i - 1;
            List<Diff.Row> rows = byKey.values().stream().map(rs -> rs[k]).filter(Objects::nonNull).toList();
            List<JmhRow> mine = rows.stream().map(Diff.Row::b).filter(Objects::nonNull).toList();
            List<JmhRow> theirs = rows.stream().map(Diff.Row::a).filter(Objects::nonNull).toList();
            boolean shared = rows.stream().anyMatch(r -> r.a() != null && r.b() != null);
            noShared.add(shared || mine.isEmpty() || theirs.isEmpty() ? null : noShared(letter(i), theirs, mine));
        }
        return new Question(rq.title(), "row", rq.unit(), constant, sorted(lines), noShared);
    }

    /** Why A and {@code x} share no row of a question they both measured: the parameters only one side's rows carry. */
    private static String noShared(String x, List<JmhRow> a, List<JmhRow> b) {
        List<String> why = new ArrayList<>();
        onlyCarried(why, "A", a, b);
        onlyCarried(why, x, b, a);
        return "A and " + x + " share no row here" + (why.isEmpty() ? "" : ": " + String.join("; ", why)) + ".";
    }

    /** "only X's rows carry `p`, `q`": the parameters {@code mine} carry and {@code theirs} do not, if any. */
    private static void onlyCarried(List<String> why, String who, List<JmhRow> mine, List<JmhRow> theirs) {
        Set<String> only = mine.stream().flatMap(r -> r.params().keySet().stream()).collect(Collectors.toCollection(TreeSet::new));
        theirs.forEach(r -> only.removeAll(r.params().keySet()));
        if (!only.isEmpty()) {
            why.add("only " + who + "'s rows carry " + String.join(", ", only.stream().map(p -> "`" + p + "`").toList()));
        }
    }

    /** Lines measured by every input first, then by A and some, then A's alone, then the others' (each group in diff's order). */
    static List<Line> sorted(List<Line> lines) {
        List<Line> out = new ArrayList<>(lines);
        out.sort(Comparator.comparingInt(l -> {
            long judged = l.others().stream().filter(Against::both).count();
            boolean inA = !l.a().equals(ABSENT);
            return judged == l.others().size() ? 0 : judged > 0 ? 1 : inA ? 2 : 3;
        }));
        return out;
    }

    static final String ABSENT = "—";

    /** One other input's figure against A's, by diff's rule, where the rows are alike. */
    private static Against against(Diff.Row r, Findings a, Findings x, Cache cache) {
        if (r == null) {
            return new Against(ABSENT, null, null, Set.of(), false);
        }
        String value = figure(r.b(), x, cache);
        if (!r.verdict().judged()) {
            return new Against(value, null, r.verdict(), Set.of(), false);
        }
        if (HandoffSections.mixedRows(a).containsKey(r.a()) || HandoffSections.mixedRows(x).containsKey(r.b())) {
            return new Against(value, null, Diff.Verdict.MIXED, Set.of(), false);
        }
        Like.Side sa = a.side(r.a());
        Like.Side sb = x.side(r.b());
        if (!comparable(sa, sb)) {
            return new Against(value, null, null, sa.differences(sb), true);
        }
        if (cache == Cache.NONE) {
            return new Against(value, r.ratio(), r.verdict(), sa.differences(sb), false);
        }
        IndirectCost.Paired pa = a.paired(r.a());
        IndirectCost.Paired pb = x.paired(r.b());
        Diff.Judged j = Diff.judge(cache.of(pa), cache.of(pb), true);
        // a flagged estimate is no plain cost: it is compared, never divided
        Estimate ratio = cache.flags(pa).isEmpty() && cache.flags(pb).isEmpty() ? j.ratio() : null;
        return new Against(value, ratio, j.verdict(), sa.differences(sb), false);
    }

    /**
     * Whether two rows of different inputs may be divided ({@link Like}): a comparison of two runs varies the machine or the
     * JDK, one at a time; the placement and mechanism are the same.
     */
    static boolean comparable(Like.Side a, Like.Side b) {
        return a.alike(b, Like.Aspect.MACHINE) || a.alike(b, Like.Aspect.JDK);
    }

    /** A row's figure as shown: its score (FAILED where its trial failed), or its cost through the caches with its flags. */
    private static String figure(JmhRow r, Findings in, Cache cache) {
        if (r == null) {
            return ABSENT;
        }
        Modes mixed = HandoffSections.mixedRows(in).get(r);
        if (mixed != null) {
            return "MIXED: " + AnswerCard.modesText(mixed); // a mixture of two modes is never one mean
        }
        if (cache == Cache.NONE || r.failed()) {
            return Diff.perSwitch(r);
        }
        IndirectCost.Paired p = in.paired(r);
        Estimate e = cache.of(p);
        if (cache.flags(p).isEmpty()) {
            return Fmt.pm(e);
        }
        String flags = cache.flags(p).stream().map(f -> f.name().toLowerCase(Locale.ROOT).replace('_', ' '))
                .collect(Collectors.joining(", "));
        return e != null && Double.isFinite(e.value()) ? Fmt.pm(e) + " (" + flags + ")" : flags;
    }

    /** What every row shares: the benchmark when there is one, and each parameter with one value in all rows. */
    private static String constant(Collection<JmhRow> rows) {
        if (rows.size() < 2) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        Set<String> names = rows.stream().map(JmhRow::shortName).collect(Collectors.toSet());
        if (names.size() == 1) {
            parts.add("`" + names.iterator().next() + "`");
        }
        common(rows).forEach((k, v) -> parts.add("`" + k + "=" + v + "`"));
        return String.join(" ", parts);
    }

    private static Map<String, String> common(Collection<JmhRow> rows) {
        Map<String, String> out = new LinkedHashMap<>(rows.iterator().next().params());
        rows.forEach(r -> out.entrySet().removeIf(e -> !e.getValue().equals(r.param(e.getKey()))));
        return out;
    }

    /** The row's name without what every row of its table shares; the mode only where the rows' modes differ. */
    private static String label(String key, JmhRow r, Collection<JmhRow> all) {
        if (all.size() < 2) {
            return key;
        }
        Map<String, String> common = common(all);
        List<String> parts = new ArrayList<>();
        if (all.stream().map(JmhRow::shortName).distinct().count() > 1) {
            parts.add(r.shortName());
        }
        r.params().entrySet().stream().filter(e -> !common.containsKey(e.getKey()))
                .forEach(e -> parts.add(e.getKey() + "=" + e.getValue()));
        if (all.stream().map(JmhRow::mode).distinct().count() > 1) {
            parts.add("[" + r.mode() + "]");
        }
        String jdk = key.startsWith(r.key()) ? key.substring(r.key().length()).strip() : "";
        if (!jdk.isEmpty()) {
            parts.add(jdk);
        }
        return parts.isEmpty() ? key : String.join(" ", parts);
    }
}
