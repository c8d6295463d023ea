import dev.switchcost.render.Diff;
import dev.switchcost.results.Bench;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The A/A and A/B study of the quick run over independent results directories of the same code (scripts/studies/measure-aa.sh makes
 * them): for every row the runs share, the run-to-run spread, how often one run's interval holds another run's mean
 * (coverage), and how often diff's rule flags a pair of identical-code runs (false positives) — by today's rule and by
 * the old one-fork rule; then, for pairs of rows known to differ, how often the rule detects it.
 *
 * <p>Then, per row: how often the rule calls two runs "the same", and how often it flags B's figure scaled by a known
 * effect (×1.10, ×1.25: a slowdown injected into the data of every pair); and with {@code --reference DIR} (the same rows
 * after a long warm-up, in the same session) how many runs' intervals hold the reference figure (the design's bias).
 *
 * <p>Reads results through the one reader ({@link Results#load}) and judges with the one rule ({@link Diff#judge}).
 * Usage: {@code java -cp target/benchmarks.jar scripts/studies/AaStudy.java [--reference DIR] DIR...}
 */
public final class AaStudy {

    public static void main(String[] args) {
        List<Results> runs = new ArrayList<>();
        Results reference = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--reference")) {
                reference = Results.load(Path.of(args[++i]));
            } else {
                runs.add(Results.load(Path.of(args[i])));
            }
        }
        Map<String, List<JmhRow>> byKey = new LinkedHashMap<>();
        for (Results r : runs) {
            for (JmhRow x : r.usable()) {
                if (x.primary().isTimePerOp()) {
                    byKey.computeIfAbsent(x.key(), k -> new ArrayList<>()).add(x);
                }
            }
        }
        System.out.printf("A/A study: %d runs%n%n", runs.size());
        System.out.println("| row | runs | mean of run means (ns/op) | run-to-run sd | forks/run | median ± (rel.) | coverage | diff flags | old rule: coverage | old rule: flags |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        long[] total = new long[4];
        long[] totalOld = new long[4];
        for (Map.Entry<String, List<JmhRow>> e : byKey.entrySet()) {
            List<JmhRow> rows = e.getValue();
            if (rows.size() < 2) {
                continue;
            }
            long[] c = study(rows, false);
            long[] o = study(rows, true);
            for (int i = 0; i < 4; i++) {
                total[i] += c[i];
                totalOld[i] += o[i];
            }
            double[] means = rows.stream().mapToDouble(x -> x.estimate().value()).toArray();
            Estimate spread = Estimate.ofSamples(means);
            double sd = spread.standardError() * Math.sqrt(means.length);
            double[] rel = rows.stream().mapToDouble(x -> x.estimate().halfWidth() / x.estimate().value()).sorted().toArray();
            System.out.printf(Locale.ROOT, "| %s | %d | %,.1f | %.1f %% | %d | %.1f %% | %d/%d | %d/%d | %d/%d | %d/%d |%n",
                    e.getKey(), rows.size(), spread.value(), 100 * sd / spread.value(), rows.get(0).estimate().units(),
                    100 * rel[rel.length / 2], c[0], c[1], c[2], c[3], o[0], o[1], o[2], o[3]);
        }
        System.out.printf(Locale.ROOT, "%nAll rows: coverage %d/%d (%.1f %%), diff false positives %d/%d (%.1f %%); "
                        + "old one-fork rule: coverage %d/%d (%.1f %%), false positives %d/%d (%.1f %%)%n",
                total[0], total[1], pct(total[0], total[1]), total[2], total[3], pct(total[2], total[3]),
                totalOld[0], totalOld[1], pct(totalOld[0], totalOld[1]), totalOld[2], totalOld[3], pct(totalOld[2], totalOld[3]));
        abStudy(byKey);
        powerStudy(byKey);
        if (reference != null) {
            referenceStudy(byKey, reference);
        }
    }

    /** Per row: "same" verdicts over pairs of runs, and flags with B's figure scaled by ×1.10 and ×1.25. */
    static void powerStudy(Map<String, List<JmhRow>> byKey) {
        double[] effects = {1.10, 1.25};
        System.out.println();
        System.out.println("Power: every unordered pair of runs, B's figure scaled by a known effect (a slowdown injected into"
                + " the data)");
        System.out.println();
        System.out.println("| row | pairs | same (A/A) | flagged (A/A) | flagged at ×1.10 | flagged at ×1.25 |");
        System.out.println("|---|---|---|---|---|---|");
        long[] all = new long[5];
        for (Map.Entry<String, List<JmhRow>> e : byKey.entrySet()) {
            List<JmhRow> rows = e.getValue();
            long pairs = 0;
            long same = 0;
            long flagged = 0;
            long[] hits = new long[effects.length];
            for (int i = 0; i < rows.size(); i++) {
                for (int j = i + 1; j < rows.size(); j++) {
                    Estimate a = rows.get(i).estimate();
                    Estimate b = rows.get(j).estimate();
                    pairs++;
                    Diff.Verdict v = Diff.judge(a, b, true).verdict();
                    same += v == Diff.Verdict.SAME ? 1 : 0;
                    flagged += v.flagged() ? 1 : 0;
                    for (int k = 0; k < effects.length; k++) {
                        hits[k] += Diff.judge(a, b.times(effects[k]), true).verdict() == Diff.Verdict.SLOWER ? 1 : 0;
                    }
                }
            }
            if (pairs == 0) {
                continue;
            }
            all[0] += pairs;
            all[1] += same;
            all[2] += flagged;
            all[3] += hits[0];
            all[4] += hits[1];
            System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %d | %d |%n", e.getKey(), pairs, same, flagged, hits[0], hits[1]);
        }
        System.out.printf(Locale.ROOT, "%nAll rows: same %d/%d (%.1f %%), flagged %d (%.1f %%), ×1.10 flagged %d (%.1f %%),"
                        + " ×1.25 flagged %d (%.1f %%)%n", all[1], all[0], pct(all[1], all[0]), all[2], pct(all[2], all[0]),
                all[3], pct(all[3], all[0]), all[4], pct(all[4], all[0]));
    }

    /** Per row: how many runs' 99.9 % intervals hold the reference run's figure (the same rows after a long warm-up). */
    static void referenceStudy(Map<String, List<JmhRow>> byKey, Results reference) {
        System.out.println();
        System.out.println("Bias: each run's interval against the same row after a long warm-up, in the same session ("
                + reference.source() + ")");
        System.out.println();
        System.out.println("| row | reference (ns/op) | ± | runs holding it | median run / reference |");
        System.out.println("|---|---|---|---|---|");
        for (JmhRow ref : reference.usable()) {
            List<JmhRow> rows = byKey.get(ref.key());
            if (rows == null || !ref.primary().isTimePerOp()) {
                continue;
            }
            Estimate r = ref.estimate();
            long holding = rows.stream().filter(x -> Math.abs(x.estimate().value() - r.value()) <= x.estimate().halfWidth()).count();
            double[] ratio = rows.stream().mapToDouble(x -> x.estimate().value() / r.value()).sorted().toArray();
            System.out.printf(Locale.ROOT, "| %s | %,.1f | %,.1f | %d/%d | %.3f |%n", ref.key(), r.value(), r.halfWidth(), holding,
                    rows.size(), ratio[ratio.length / 2]);
        }
    }

    /**
     * Coverage over ordered pairs (i's interval holds j's mean) and flags over unordered pairs.
     *
     * @return covered, ordered pairs, flagged, unordered pairs
     */
    static long[] study(List<JmhRow> rows, boolean old) {
        long covered = 0;
        long ordered = 0;
        long flagged = 0;
        long unordered = 0;
        for (int i = 0; i < rows.size(); i++) {
            Estimate a = old ? Estimate.oldOneForkRule(rows.get(i).primary()) : rows.get(i).estimate();
            for (int j = 0; j < rows.size(); j++) {
                if (i == j) {
                    continue;
                }
                Estimate b = old ? Estimate.oldOneForkRule(rows.get(j).primary()) : rows.get(j).estimate();
                ordered++;
                if (Math.abs(b.value() - a.value()) <= a.halfWidth()) {
                    covered++;
                }
                if (j > i) {
                    unordered++;
                    // the old one-fork rule's figures are not judged (their error is within one fork): what it flagged was
                    // whether the two intervals failed to overlap
                    boolean flag = old ? Math.abs(a.value() - b.value()) > a.halfWidth() + b.halfWidth()
                            : Diff.judge(a, b, true).verdict().flagged();
                    if (flag) {
                        flagged++;
                    }
                }
            }
        }
        return new long[] {covered, ordered, flagged, unordered};
    }

    /** Known differences within the quick set, each judged across every pair of runs (A from run i, B from run j). */
    static void abStudy(Map<String, List<JmhRow>> byKey) {
        String[][] known = {
            {"one CPU against two CPUs (futex)", Bench.FUTEX_ROUND_TRIP.shortName(), "placement=SAME_CPU", "placement=CROSS_CPU"},
            {"one CPU against two CPUs (park)", Bench.PARK_ROUND_TRIP.shortName(), "placement=SAME_CPU", "placement=CROSS_CPU"},
            {"virtual pair against platform pair, one carrier", Bench.VIRTUAL_ONE_CARRIER.shortName(), "pair=VT_VT", "pair=PT_PT"},
        };
        System.out.println();
        System.out.println("A/B study: known differences, A from one run against B from another (every ordered pair of runs)");
        System.out.println();
        System.out.println("| difference | B/A (median over pairs) | detected | old rule: detected |");
        System.out.println("|---|---|---|---|");
        for (String[] k : known) {
            List<JmhRow> a = find(byKey, k[1], k[2]);
            List<JmhRow> b = find(byKey, k[1], k[3]);
            if (a.isEmpty() || b.isEmpty()) {
                System.out.printf("| %s | not in these runs | | |%n", k[0]);
                continue;
            }
            long detected = 0;
            long detectedOld = 0;
            long pairs = 0;
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                for (int j = 0; j < b.size(); j++) {
                    if (i == j && a.size() == b.size()) {
                        continue;
                    }
                    pairs++;
                    Diff.Judged v = Diff.judge(a.get(i).estimate(), b.get(j).estimate(), true);
                    ratios.add(v.ratio().value());
                    detected += v.verdict().flagged() ? 1 : 0;
                    Estimate oa = Estimate.oldOneForkRule(a.get(i).primary());
                    Estimate ob = Estimate.oldOneForkRule(b.get(j).primary());
                    detectedOld += Math.abs(oa.value() - ob.value()) > oa.halfWidth() + ob.halfWidth() ? 1 : 0;
                }
            }
            ratios.sort(null);
            System.out.printf(Locale.ROOT, "| %s | %.2f | %d/%d (%.1f %%) | %d/%d |%n", k[0], ratios.get(ratios.size() / 2),
                    detected, pairs, pct(detected, pairs), detectedOld, pairs);
        }
    }

    /** Rows of {@code shortName} whose parameters include {@code param} ("name=value"), one per run, in run order. */
    static List<JmhRow> find(Map<String, List<JmhRow>> byKey, String shortName, String param) {
        List<JmhRow> out = new ArrayList<>();
        String[] nv = param.split("=");
        for (List<JmhRow> rows : byKey.values()) {
            JmhRow first = rows.get(0);
            if (first.shortName().equals(shortName) && nv[1].equals(first.param(nv[0])) && "avgt".equals(first.mode())) {
                out.addAll(rows);
            }
        }
        return out;
    }

    static double pct(long a, long b) {
        return b == 0 ? Double.NaN : 100.0 * a / b;
    }
}
