package dev.switchcost.render;

import dev.switchcost.results.SpinCompareResults;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code compare --spin --format json|csv}: {@link SpinCompareTable}'s figures as numbers, one row per grid cell and
 * implementation (C, JVM): ns and CPU ns per round trip as means over repetitions with their 99.9 % half-widths, the
 * mean switches per round trip the table prints, and on JVM rows the ratio to C with its error and the verdict
 * of {@link Diff#judge} (the same call the table makes).
 */
public final class SpinCompareExport {

    /** The fields of a row, in order: the CSV header and the JSON keys. */
    public static final List<String> COLUMNS = List.of("placement", "reply", "strategy", "budget_ns", "implementation", "unit",
            "status", "value", "error", "cpu_value", "cpu_error", "switches", "repetitions", "failed_repetitions",
            "disturbed_repetitions", "ratio_to_c", "ratio_error", "verdict", "cpu_ratio_to_c", "cpu_ratio_error", "cpu_verdict", "note");

    private SpinCompareExport() {
    }

    public static String json(SpinCompareResults r) {
        return Export.json(COLUMNS, rows(r));
    }

    public static String csv(SpinCompareResults r) {
        return Export.csv(COLUMNS, rows(r));
    }

    static List<List<Object>> rows(SpinCompareResults r) {
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
            judged(o, base == null ? null : SpinCompareTable.judged(base, c, SpinCompareResults.Sample::nsPerRoundTrip));
            judged(o, base == null ? null : SpinCompareTable.judged(base, c, SpinCompareResults.Sample::cpuNsPerRoundTrip));
            o.add(c.unavailable() != null ? c.unavailable()
                    : c.samples().stream().map(SpinCompareResults.Sample::error).filter(e -> e != null).findFirst().orElse(null));
            out.add(o);
        }
        return out;
    }

    private static void judged(List<Object> o, Diff.Judged j) {
        Export.estimate(o, j == null ? null : j.ratio());
        o.add(j == null ? null : j.verdict().name());
    }
}
