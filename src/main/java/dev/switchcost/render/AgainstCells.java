package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.Like;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The question of {@link AgainstTable} that {@code switchcost compare} answers: the compare cells of each input,
 * matched by column, placement and JDK, each cell's mean over repetitions judged against A's by diff's rule.
 */
final class AgainstCells {

    private AgainstCells() {
    }

    /** A compare cell with samples to compare (not one that could not run). */
    static boolean measured(CompareResults.Cell c) {
        return c.unavailable() == null && !c.samples().isEmpty();
    }

    /** The compare cells, matched by column, placement and JDK; each cell's mean over repetitions judged by diff's rule. */
    static AgainstTable.Question question(List<Findings> inputs) {
        Findings a = inputs.get(0);
        Map<String, CompareResults.Cell> cellsA = cells(a.input());
        List<Map<String, CompareResults.Cell>> cellsX = inputs.stream().skip(1).map(f -> cells(f.input())).toList();
        LinkedHashSet<String> keys = new LinkedHashSet<>(cellsA.keySet());
        cellsX.forEach(m -> keys.addAll(m.keySet()));
        List<AgainstTable.Line> lines = new ArrayList<>();
        for (String key : keys) {
            CompareResults.Cell ca = cellsA.get(key);
            List<AgainstTable.Against> others = new ArrayList<>();
            CompareResults.Cell any = ca;
            for (int i = 1; i < inputs.size(); i++) {
                CompareResults.Cell cx = cellsX.get(i - 1).get(key);
                any = any != null ? any : cx;
                others.add(against(ca, a, cx, inputs.get(i)));
            }
            lines.add(new AgainstTable.Line(key, any.label() + " · " + any.placement() + (any.jdk() == null ? "" : " · JDK " + any.jdk()),
                    cellFigure(ca), others));
        }
        return new AgainstTable.Question("Native C vs JVM (switchcost compare)", "implementation · placement", CompareTable.VALUE_HEADER.replace(" ± 99.9%", "")
                + ", mean over the interleaved repetitions ± 99.9%", "", AgainstTable.sorted(lines),
                Collections.nCopies(inputs.size() - 1, null));
    }

    private static Map<String, CompareResults.Cell> cells(Results r) {
        Map<String, CompareResults.Cell> m = new LinkedHashMap<>();
        if (r.compare() != null) {
            r.compare().cells().stream().filter(AgainstCells::measured)
                    .forEach(c -> m.putIfAbsent(c.column() + " " + c.placement() + (c.jdk() == null ? "" : " JDK " + c.jdk()), c));
        }
        return m;
    }

    private static String cellFigure(CompareResults.Cell c) {
        if (c == null) {
            return AgainstTable.ABSENT;
        }
        return c.nanos().n() == 0 ? "FAILED" : Fmt.pm(CompareTable.shown(c));
    }

    /** Cell {@code cx} of input {@code x} against A's {@code ca}: as {@link Diff#rows} does for rows. */
    private static AgainstTable.Against against(CompareResults.Cell ca, Findings a, CompareResults.Cell cx, Findings x) {
        if (ca == null && cx == null) {
            return new AgainstTable.Against(AgainstTable.ABSENT, null, null, Set.of(), false);
        }
        if (ca == null) {
            return new AgainstTable.Against(cellFigure(cx), null, Diff.Verdict.ONLY_IN_B, Set.of(), false);
        }
        if (cx == null) {
            return new AgainstTable.Against(AgainstTable.ABSENT, null, Diff.Verdict.ONLY_IN_A, Set.of(), false);
        }
        if (ca.nanos().n() == 0 || cx.nanos().n() == 0) {
            return new AgainstTable.Against(cellFigure(cx), null, Diff.Verdict.FAILED, Set.of(), false);
        }
        Like.Side sa = a.side(ca);
        Like.Side sb = x.side(cx);
        Set<Like.Aspect> differ = sa.differences(sb);
        if (!AgainstTable.comparable(sa, sb)) {
            return new AgainstTable.Against(cellFigure(cx), null, null, differ, true);
        }
        Diff.Judged j = Diff.judge(ca.estimate(), cx.estimate(), true);
        return new AgainstTable.Against(cellFigure(cx), j.ratio(), j.verdict(), differ, false);
    }
}
