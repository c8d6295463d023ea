package dev.switchcost.render;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.switchcost.derive.IndirectCost.Flag;
import dev.switchcost.derive.IndirectCost.Row;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.derive.ProcessThreadCost;
import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.results.Estimate;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Renders {@link IndirectCost}: the paired estimate first, then the paper's estimator with the raw
 * per-switch times it subtracts, each flagged where it is not a cost; as text, TSV, JSON lines and CSV; and
 * {@link ProcessThreadCost}'s process minus thread switch per placement.
 */
public final class IndirectTable {

    private IndirectTable() {
    }

    /** How the paired column reads: the value only when clean, else the flags and, in brackets, the value. */
    public static String pairedCell(Row r) {
        IndirectCost.Paired p = r.paired();
        if (p == null) {
            return "not run";
        }
        return p.clean() ? Fmt.pm(p.indirect()) : flagged(p.flags(), p.indirect());
    }

    /**
     * How the whole cache cost reads (in the switch and after it: {@link IndirectCost.Paired#whole()}): the value only
     * when clean, else the flags and, in brackets, the value; "–" where the row has no paired estimate.
     */
    public static String wholeCell(Row r) {
        IndirectCost.Paired p = r.paired();
        if (p == null) {
            return "–";
        }
        if (r.workingSetKiB() == 0 && p.whole() != null && p.wholeClean()) {
            return "0 (direct row)";
        }
        return p.wholeClean() ? Fmt.pm(p.whole()) : flagged(p.wholeFlags(), p.whole());
    }

    /** The flags and, in brackets, the value where it has one. */
    private static String flagged(Set<Flag> flags, Estimate e) {
        String names = flags.stream().map(Flag::name).collect(Collectors.joining(","));
        return e != null && Double.isFinite(e.value()) ? names + " [" + Fmt.pm(e) + "]" : names;
    }

    /** How the paper's indirect column reads: the value only when clean, else the flag and, in brackets, the arithmetic. */
    public static String indirectCell(Row r) {
        if (!r.paperRun()) {
            return "not run";
        }
        if (r.indirect() == null) {
            return "n/a (" + missingWhat(r) + ")";
        }
        if (r.workingSetKiB() == 0) {
            return "0 (direct row)";
        }
        return r.clean() ? Fmt.pm(r.indirect()) : r.flags().stream().map(Flag::name).collect(Collectors.joining(","))
                + " [" + Fmt.pm(r.indirect()) + "]";
    }

    private static String missingWhat(Row r) {
        List<String> m = new ArrayList<>();
        if (r.direct() == null) {
            m.add("no size-0 roundTrip");
        }
        if (r.walk() == null) {
            m.add("no walkAlone " + r.workingSetKiB() + " KiB/" + r.strideBytes() + " B");
        }
        return String.join(", ", m);
    }

    static final List<String> PARAMETERS = List.of("jdk", "class", "handoff", "placement", "sharing", "walk", "strideB", "cacheMark");

    static final List<String> PAIRED = List.of("cache_ns/switch", "paired_ns/switch", "walk1_ns", "walk2_ns", "control_ns",
            "beyond_ns/switch");
    static final List<String> PAPER = List.of("paper_ns/switch", "total_ns/switch", "direct_ns/switch", "walk_ns/switch",
            "walk2arrays_ns/switch");

    /**
     * The report's tables: the paired estimate's where it ran, then the paper's estimator's where it ran, beside the same
     * row names (one table of both is 2,000 px wide; an estimator that did not run is a column of "not run").
     */
    static List<Table> reportTables(List<Row> rows, CacheSizes caches) {
        Table t = table(rows, caches);
        boolean paired = rows.stream().anyMatch(r -> r.paired() != null);
        boolean paper = rows.stream().anyMatch(Row::paperRun);
        if (paired && paper) {
            return List.of(t.select(h -> !PAPER.contains(h)),
                    t.select(h -> PARAMETERS.contains(h) || h.equals("sizeKiB") || PAPER.contains(h)));
        }
        return List.of(paper ? t.select(h -> !PAIRED.contains(h)) : t.select(h -> !PAPER.contains(h)));
    }

    /** The table: the paired estimate and its two walks, then the paper's estimator beside its raw times, and cache misses where counted. */
    public static Table table(List<Row> rows, CacheSizes caches) {
        return table(rows, caches, true);
    }

    /**
     * As {@link #table(List, CacheSizes)}; {@code marked}: each estimate of a row derived from a disturbed trial the run
     * kept is marked † (not in TSV, whose cells are numbers to plot).
     */
    static Table table(List<Row> rows, CacheSizes caches, boolean marked) {
        Function<Row, String> mark = r -> AnswerCard.disturbed(marked && r.disturbed());
        boolean paper = rows.stream().anyMatch(Row::paperRun);
        // the whole cost has a column where any row recorded the pair's CPU time (switch.beyond)
        boolean whole = rows.stream().anyMatch(r -> r.paired() != null && r.paired().beyond() != null);
        // the estimates whole; the figures they come from may wrap before their error (w), so that the table fits a page
        List<Table.Column<Row>> c = new ArrayList<>();
        if (rows.stream().map(Row::jdk).distinct().count() > 1) {
            c.add(Table.col("jdk", 'l', Row::jdk));
        }
        c.addAll(List.of(Table.col("class", 'l', Row::benchmarkClass), Table.col("handoff", 'l', Row::handoff),
                Table.col("placement", 'l', Row::placement), Table.col("sharing", 'l', r -> String.valueOf(r.sharing()))));
        if (rows.stream().anyMatch(r -> r.walkKind() != null && !r.walkKind().equals("LI"))) {
            c.add(Table.col("walk", 'l', Row::walkKind));
        }
        c.addAll(List.of(Table.col("strideB", 'r', r -> String.valueOf(r.strideBytes())),
                Table.col("sizeKiB", 'r', r -> String.valueOf(r.workingSetKiB())),
                Table.col("cacheMark", 'l', r -> cacheMark(caches, r.workingSetKiB()))));
        if (whole) {
            c.add(Table.col("cache_ns/switch", 'r', r -> wholeCell(r) + mark.apply(r)));
        }
        c.addAll(List.of(Table.col("paired_ns/switch", 'r', r -> pairedCell(r) + mark.apply(r)),
                Table.col("walk1_ns", 'w', r -> paired(r, IndirectCost.Paired::first)),
                Table.col("walk2_ns", 'w', r -> paired(r, IndirectCost.Paired::second))));
        if (rows.stream().anyMatch(r -> r.paired() != null && r.paired().control() != null)) {
            c.add(Table.col("control_ns", 'w', r -> paired(r, IndirectCost.Paired::control)));
        }
        if (whole) {
            c.add(Table.col("beyond_ns/switch", 'w', r -> paired(r, IndirectCost.Paired::beyond)));
        }
        if (paper) {
            c.addAll(List.of(Table.col("paper_ns/switch", 'r', r -> indirectCell(r) + mark.apply(r)),
                    Table.col("total_ns/switch", 'w', r -> fmt(r.total())), Table.col("direct_ns/switch", 'w', r -> fmt(r.direct())),
                    Table.col("walk_ns/switch", 'w', r -> fmt(r.walk())), Table.col("walk2arrays_ns/switch", 'w', r -> fmt(r.walkTwoArrays()))));
        }
        c.add(Table.col("switches/op", 'r', r -> Fmt.count(r.switchesPerOp())));
        if (rows.stream().anyMatch(r -> Double.isFinite(r.missesPerSwitch()))) {
            c.addAll(List.of(Table.col("misses/switch", 'r', r -> Fmt.num(r.missesPerSwitch())),
                    Table.col("indirect_misses/switch", 'w', r -> fmt(r.indirectMisses()))));
        }
        return Table.of(c, rows);
    }

    /** A figure of the row's paired estimate; "–" where it has none. */
    private static String paired(Row r, Function<IndirectCost.Paired, Estimate> figure) {
        return r.paired() == null ? "–" : fmt(figure.apply(r.paired()));
    }

    /** The report's headers in words for the identifiers {@code indirect}'s TSV and JSON keep. */
    static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("sizeKiB", "KiB per thread"), Map.entry("cacheMark", "cache mark"), Map.entry("strideB", "stride B"),
            Map.entry("cache_ns/switch", "through the caches, ns per switch"),
            Map.entry("paired_ns/switch", "after the switch (paired), ns per switch"),
            Map.entry("walk1_ns", "first walk, ns"), Map.entry("walk2_ns", "second walk, ns"),
            Map.entry("control_ns", "no-switch control, ns"),
            Map.entry("beyond_ns/switch", "CPU time less walks, ns per switch"),
            Map.entry("paper_ns/switch", "paper's indirect, ns per switch"), Map.entry("total_ns/switch", "round trip / 2, ns"),
            Map.entry("direct_ns/switch", "paper's direct (round trip / 2 at 0 KiB), ns"),
            Map.entry("walk_ns/switch", "walk alone / 2, ns"), Map.entry("walk2arrays_ns/switch", "two arrays alone / 2, ns"),
            Map.entry("switches/op", "switches per round trip"), Map.entry("misses/switch", "cache misses per switch"),
            Map.entry("indirect_misses/switch", "misses added per switch"));

    static String words(String header) {
        return WORDS.getOrDefault(header, header);
    }

    /** The report's key to its working-set tables, in the words of their headers, said once under all of them. */
    static String reportKey(CacheSizes caches) {
        return "Through the caches = the CPU time per switch less two walks at the second walk's speed, minus the same at"
                + " 0 KiB: what a switch costs through the caches, in the switch itself and in the walk after it (the card's"
                + " figure), an increment over the direct cost; " + IndirectCost.DIRECT_DEFINITION + ". CPU time less walks"
                + " = that figure before the size-0 subtraction (schedstat run time of both threads, so another task's time is"
                + " not in it); at 0 KiB it is the direct cost. After the switch (paired) = first walk − second walk, ns per"
                + " switch: on each wake a side times its first walk, right after the switch in, then an immediate second walk"
                + " with no switch between; it misses what the switch itself pays and can read below 0. No-switch control ="
                + " the same two walks on one thread with no switch (within its error of 0 when the estimator is unbiased)."
                + " The paper's estimator (Li, Ding and Shen): indirect = round trip / 2 − the paper's direct (round trip / 2"
                + " at 0 KiB, wall time) − walk alone / 2, from other forks, so it can come out negative. Errors: " + Estimate.RULE
                + ". Flags: " + flagLegend() + (caches != null ? " Cache marks: " + caches.describe() + "." : "");
    }

    public static String legend(CacheSizes caches) {
        return "cache = beyond - beyond at size 0, ns per switch: what a switch costs through the caches, in the switch itself"
                + " and in the walk after it; the headline estimate where recorded. beyond = the pair's CPU time per switch"
                + " (schedstat run time of both threads over each iteration, so time another task took is not in it) less two"
                + " walks at the second walk's speed: the direct cost plus everything the caches add; at size 0 it is the direct"
                + " cost itself, as the card and the report use the word: " + IndirectCost.DIRECT_DEFINITION + ". "
                + "paired = walk1 - walk2, ns per switch (roundTripPaired: on each wake a side times its first walk, right after"
                + " the switch in, and an immediate second walk with no switch between; same thread, same compiled loop, same"
                + " second): the cost after the switch only; it misses what the switch itself pays (its own data evicted,"
                + " write-backs) and can read below 0 where the switch pays write-backs the first walk then saves. control = walk1 - walk2 of walkAlonePaired: the same timed walks on one"
                + " thread with no switch, what the estimator reads when nothing happened (ns; within its error of 0 when"
                + " the estimator is unbiased). The paper's estimator (Li, Ding and Shen), beside it: per switch = per round"
                + " trip / 2; total = roundTrip/2; direct (the paper's, wall time, not the card's) = roundTrip(size 0)/2; walk = walkAlone/2 (one array, no switch, another"
                + " fork); paper = total - direct - walk; walk2arrays = two arrays, no switch (cache interference without a"
                + " switch). The paper's subtraction uses baselines from other forks (other JIT compilations, other CPU"
                + " frequencies) and so can come out negative. Errors: " + Estimate.RULE + ".\n"
                + "Flags: " + flagLegend() + (caches != null ? "\nCache marks: " + caches.describe() : "") + "\n";
    }

    /** Prints the table: aligned text with a legend, or TSV for plotting. */
    public static void print(List<Row> rows, CacheSizes caches, boolean tsv, PrintWriter out) {
        print(table(rows, caches, !tsv), tsv, legend(caches) + (rows.stream().anyMatch(Row::disturbed)
                ? AnswerCard.DISTURBED + " derived from a disturbed trial the run kept (--allow-disturbed).\n" : ""), out);
    }

    /** A table as TSV, or as text, a blank line and its legend (which ends its own line). */
    private static void print(Table t, boolean tsv, String legend, PrintWriter out) {
        out.print(tsv ? t.tsv() : t.text() + System.lineSeparator() + legend);
    }

    /** The answer's column: what a process switch costs more than a thread switch. */
    static final String PROCESS_MINUS_THREAD_COLUMN = "process-thread_ns/switch";

    /** {@link ProcessThreadCost}: process minus thread switch per placement. */
    public static Table processThreadTable(List<ProcessThreadCost.Row> rows) {
        return processThreadTable(rows, true);
    }

    /** As {@link #processThreadTable(List)}; {@code marked}: a figure of a disturbed trial the run kept is marked † (not in TSV). */
    static Table processThreadTable(List<ProcessThreadCost.Row> rows, boolean marked) {
        Table.Builder t = new Table.Builder("lrrrrr", "placement", "thread_ns/switch", "process_ns/switch", PROCESS_MINUS_THREAD_COLUMN,
            "thread_switches/op", "process_switches/op");
        for (ProcessThreadCost.Row r : rows) {
            String diff = r.difference() == null ? "n/a (" + (r.thread() == null ? "no roundTrip_threads" : "no roundTrip_processes") + ")"
                    : r.flag() == null ? Fmt.pm(r.difference()) : r.flag() + " [" + Fmt.pm(r.difference()) + "]";
            t.row(r.placement(), fmt(r.thread()) + AnswerCard.disturbed(marked && r.threadDisturbed() && r.thread() != null),
                    fmt(r.process()) + AnswerCard.disturbed(marked && r.processDisturbed() && r.process() != null), diff,
                Fmt.count(r.threadSwitchesPerOp()), Fmt.count(r.processSwitchesPerOp()));
        }
        return t.build();
    }

    public static void printProcessThread(List<ProcessThreadCost.Row> rows, boolean tsv, PrintWriter out) {
        print(processThreadTable(rows, !tsv), tsv, "Per switch = per round trip / 2; switches/op counts both sides (the partner process's"
                + " thread included). Flags: NEGATIVE below zero beyond its error; WITHIN_ERROR indistinguishable from 0;"
                + " NO_ERROR_ESTIMATE one iteration. Flagged values appear only in [brackets] after the flag."
                + (!tsv && disturbed(rows) ? " " + AnswerCard.DISTURBED + " a disturbed trial the run kept (--allow-disturbed)." : "")
                + " Errors: " + Estimate.RULE + "." + System.lineSeparator(), out);
    }

    /** Whether a figure of {@code rows} comes from a disturbed trial the run kept. */
    static boolean disturbed(List<ProcessThreadCost.Row> rows) {
        return rows.stream().anyMatch(r -> r.threadDisturbed() && r.thread() != null || r.processDisturbed() && r.process() != null);
    }

        static String flagLegend() {
        return "MISSING_BASELINE no size-0 or walkAlone row; NEGATIVE below zero beyond its error: not a cost;"
                + " WITHIN_ERROR indistinguishable from 0; NO_ERROR_ESTIMATE one iteration, no error;"
                + " WALK_DOMINATED walk > 90% of total (memory-bound; small difference of large numbers);"
                + " NOT_COUNTED roundTripPaired run without PairedWalkProfiler (or, for cache, without the pair's CPU time);"
                + " CONTROL_BIASED the no-switch control is resolved away from 0 and the estimate does not stand beyond it;"
                + " FEWER_SWITCHES (cache) the row or its size-0 row counted under " + IndirectCost.MIN_SWITCHES_PER_ROUND_TRIP
                + " switches per round trip: a handoff that did not switch is in its CPU time, so it is not a switch's."
                + " Flagged values appear only in [brackets] after the flag.";
    }

    /**
     * One JSON object per row and estimator, for scripts: the paired estimate (where roundTripPaired ran), the whole
     * cost through the caches ({@code "whole"}, where the pair's CPU time was recorded, with {@code beyond_ns_per_switch}) and
     * the paper's (where roundTrip ran). {@code ns_per_switch} and {@code error} (the 99.9% half-width) are
     * null where unknown; {@code flags} is empty when the value is a resolved, positive cost ({@code DIRECT_ROW}
     * marks the paper's size-0 row, whose indirect cost is 0 by definition; paper objects also carry the
     * direct cost they subtract).
     */
    public static List<String> jsonLines(List<Row> rows) {
        Gson gson = new GsonBuilder().serializeNulls().disableHtmlEscaping().create();
        return records(rows).stream().map(gson::toJson).toList();
    }

    /** The objects of {@link #jsonLines}, one per row and estimator, for JSON lines and {@link #csv}. */
    static List<Map<String, Object>> records(List<Row> rows) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.paired() != null) {
                IndirectCost.Paired p = r.paired();
                Map<String, Object> m = jsonRow(r, "paired", p.benchmark(), p.params(), p.indirect(), p.flags(), p.switchesPerOp());
                put(m, "control_ns", "control_error", p.control());
                out.add(m);
                if (p.beyond() != null) {
                    // at size 0 the whole cost is 0 by definition, with no flag unless that row switched too rarely
                    Map<String, Object> w = jsonRow(r, "whole", p.benchmark(), p.params(), p.whole(), p.wholeFlags(),
                            p.switchesPerOp());
                    put(w, "beyond_ns_per_switch", "beyond_error", p.beyond());
                    out.add(w);
                }
            }
            if (r.paperRun()) {
                Set<Flag> f = r.indirect() == null ? EnumSet.of(Flag.MISSING_BASELINE) : r.flags();
                Map<String, Object> m = jsonRow(r, "paper", r.benchmarkClass() + ".roundTrip", null, r.indirect(), f,
                        r.switchesPerOp());
                if (r.workingSetKiB() == 0) {
                    // the direct row: indirect is 0 by definition, not a measurement
                    m.put("ns_per_switch", 0.0);
                    m.put("error", 0.0);
                    m.put("flags", List.of("DIRECT_ROW"));
                }
                m.put("direct_ns_per_switch", r.direct() == null ? null : r.direct().value());
                m.put("direct_error", r.direct() == null || !Double.isFinite(r.direct().halfWidth()) ? null : r.direct().halfWidth());
                out.add(m);
            }
        }
        return out;
    }

    /**
     * The header of {@code indirect --format csv}: the working-set estimates of {@link #jsonLines} (one row per row and
     * estimator: paired, whole, paper) and the process-minus-thread rows, as CSV a spreadsheet reads: every value and its
     * 99.9 % half-width in separate numeric columns, the unit in its own, flags in one text column; empty where unknown. A
     * row fills the columns its estimator has.
     */
    public static final List<String> CSV_COLUMNS = List.of("benchmark", "params", "jdk", "size_kib", "stride_bytes", "walk",
            "placement", "handoff", "sharing", "estimator", "unit", "ns_per_switch", "error", "flags", "switches_per_op",
            "control_ns", "control_error", "beyond_ns_per_switch", "beyond_error", "direct_ns_per_switch", "direct_error",
            "thread_ns_per_switch", "thread_error", "process_ns_per_switch", "process_error", "thread_switches_per_op",
            "process_switches_per_op");

    public static String csv(List<IndirectCost.Row> workingSet, List<ProcessThreadCost.Row> processThread) {
        List<List<Object>> rows = new ArrayList<>(records(workingSet).stream().map(IndirectTable::csvCells).toList());
        for (ProcessThreadCost.Row r : processThread) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("placement", r.placement());
            m.put("estimator", "process_minus_thread");
            put(m, "ns_per_switch", "error", r.difference());
            m.put("flags", r.flag());
            put(m, "thread_ns_per_switch", "thread_error", r.thread());
            put(m, "process_ns_per_switch", "process_error", r.process());
            m.put("thread_switches_per_op", r.threadSwitchesPerOp());
            m.put("process_switches_per_op", r.processSwitchesPerOp());
            rows.add(csvCells(m));
        }
        return Export.csv(CSV_COLUMNS, rows);
    }

    /** One record in {@link #CSV_COLUMNS} order: numbers finite or empty, params as {@code k=v, k=v}, flags space-separated. */
    private static List<Object> csvCells(Map<String, Object> m) {
        m.put("unit", "ns/switch");
        List<Object> out = new ArrayList<>();
        for (String c : CSV_COLUMNS) {
            Object v = m.get(c);
            if (v instanceof Double d) {
                v = Export.finite(d);
            } else if (v instanceof Map<?, ?> params) {
                v = params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
            } else if (v instanceof Collection<?> flags) {
                v = flags.stream().map(String::valueOf).collect(Collectors.joining(" "));
            }
            out.add(v);
        }
        return out;
    }

    private static Map<String, Object> jsonRow(Row r, String estimator, String benchmark, Map<String, String> params,
                                                        Estimate e, Set<Flag> flags, double switchesPerOp) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", benchmark);
        m.put("params", params != null ? params : rowParams(r));
        m.put("jdk", r.jdk());
        m.put("size_kib", r.workingSetKiB());
        m.put("stride_bytes", r.strideBytes());
        m.put("walk", r.walkKind());
        m.put("placement", r.placement());
        m.put("handoff", r.handoff());
        m.put("sharing", r.sharing());
        m.put("estimator", estimator);
        put(m, "ns_per_switch", "error", e);
        m.put("flags", flags.stream().map(Flag::name).toList());
        m.put("switches_per_op", Double.isFinite(switchesPerOp) ? switchesPerOp : null);
        return m;
    }

    /** Puts {@code e}'s value and half-width under their keys, each null where unknown or not finite. */
    static void put(Map<String, Object> m, String value, String error, Estimate e) {
        m.put(value, e == null ? null : Export.finite(e.value()));
        m.put(error, e == null ? null : Export.finite(e.halfWidth()));
    }

    /** The parameters that identify a row, for the paper's estimator (several JMH rows feed it). */
    private static Map<String, String> rowParams(Row r) {
        Map<String, String> m = new TreeMap<>();
        m.put("handoff", r.handoff());
        m.put("placement", r.placement());
        if (r.sharing() != null) {
            m.put("sharing", r.sharing());
        }
        m.put("strideBytes", String.valueOf(r.strideBytes()));
        m.put("walk", r.walkKind());
        m.put("workingSetKiB", String.valueOf(r.workingSetKiB()));
        return m;
    }

    public static String fmt(Estimate e) {
        return e == null ? "–" : Fmt.pm(e);
    }

    /** @return which cache mark a size equals: {@code L1d}, {@code L2/2}, {@code LLC}, ..., or empty */
    static String cacheMark(CacheSizes c, long kib) {
        if (c == null || kib == 0) {
            return "";
        }
        boolean l2 = c.l2Bytes() > 0 && c.llcLevel() != 2; // an L2 that is the last level is named LLC
        List<Map.Entry<String, Long>> marks = List.of(Map.entry("L1d", c.l1dBytes()), Map.entry("L1d/2", c.l1dBytes() / 2),
                Map.entry("L2/2", l2 ? c.l2Bytes() / 2 : -1), Map.entry("L2", l2 ? c.l2Bytes() : -1),
                Map.entry("LLC/2", c.llcBytes() / 2), Map.entry("LLC", c.llcBytes()), Map.entry("2·LLC", 2 * c.llcBytes()));
        return marks.stream().filter(m -> m.getValue() == kib * 1024).map(Map.Entry::getKey).collect(Collectors.joining(","));
    }
}
