package dev.switchcost.render;

import dev.switchcost.measure.nativebaseline.NativeSimulation;
import dev.switchcost.results.Column;
import dev.switchcost.results.CompareResults;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.PerSwitch;
import dev.switchcost.results.Stats;
import dev.switchcost.session.CompareSimulation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Renders {@link CompareResults} as one {@link Table} (text for the terminal, Markdown or HTML for
 * reports): for each placement, every column's time per switch (round trip ÷ 2) as the mean over repetitions with
 * its 99.9% error (the one rule, {@link Estimate}), its min–max, the ratio to the native baseline of
 * its group on that placement (with its error), and context switches per round trip; and the same figures as numbers
 * ({@link #json}, {@link #csv}).
 */
public final class CompareTable {

    private CompareTable() {
    }

    /** Header of the instructions column ({@code compare --simulate}). */
    public static final String INSTRUCTIONS_HEADER = "instructions/round trip: " + NativeSimulation.CALLGRIND_SOURCE;

    static final List<String> PARAMETERS = List.of("placement");

    /** The figure's header: a handoff row per switch (its round trip ÷ 2, as on the card), a gettid row per syscall. */
    static final String VALUE_HEADER = "ns/switch (round trip ÷ 2; gettid: ns/syscall) ± 99.9%";

    /** The factor from a cell's recorded figure (per round trip or per syscall) to the figure shown ({@link PerSwitch}). */
    static double factor(CompareResults.Cell c) {
        return PerSwitch.factor(Column.valueOf(c.column()));
    }

    /** A cell's figure as shown: per switch for a handoff's round trip. */
    static Estimate shown(CompareResults.Cell c) {
        return c.estimate().times(factor(c));
    }

    public static Table table(CompareResults r) {
        Table.Builder t = new Table.Builder("llrrrrr", "placement", "implementation", VALUE_HEADER, "min–max",
                "× native", "switches/round trip (vol + invol)", INSTRUCTIONS_HEADER);
        for (Figure f : figures(r)) {
            List<String> row = new ArrayList<>(row(f));
            row.add(r.simulation() == null ? "" : instructions(r.simulation(), f.cell()));
            t.row(row);
        }
        // the instructions column only where compare --simulate counted them
        return t.build().select(h -> r.simulation() != null || !h.equals(INSTRUCTIONS_HEADER));
    }

    /**
     * One row of the table before it is words: the cell on its placement and its group's native baseline there (null
     * when that has no figure). The table and its JSON and CSV both read these, so text, JSON and CSV agree.
     */
    record Figure(String placement, CompareResults.Cell cell, Estimate base, boolean baseline) {

        /** Ratio to the native baseline with its error; null for the baseline itself, without a baseline or a figure. */
        Estimate ratio() {
            return baseline || base == null || cell.nanos().n() == 0 ? null : cell.estimate().over(base);
        }
    }

    /** The rows in table order: per group, per placement, every cell (one per JDK of {@code compare --jdk}). */
    static List<Figure> figures(CompareResults r) {
        List<Figure> out = new ArrayList<>();
        for (Column.Group g : Column.Group.values()) {
            for (String placement : placements(r)) {
                Estimate base = r.cell(g.baseline(), placement).filter(c -> c.nanos().n() > 0).map(CompareResults.Cell::estimate).orElse(null);
                r.cells().stream().filter(c -> c.group().equals(g.name()) && c.placement().equals(placement))
                        .forEach(c -> out.add(new Figure(placement, c, base, c.column().equals(g.baseline().name()))));
            }
        }
        return out;
    }

    /** The run's placements, then any other a cell ran on (the syscall floor runs unpinned whatever was asked). */
    static List<String> placements(CompareResults r) {
        LinkedHashSet<String> all = new LinkedHashSet<>(r.placements());
        r.cells().forEach(c -> all.add(c.placement()));
        return List.copyOf(all);
    }

    private static List<String> row(Figure f) {
        String placement = f.placement();
        CompareResults.Cell c = f.cell();
        Status st = Status.of(c);
        // why a cell has no figure goes last, where a long reason widens no column
        if (st != Status.OK) {
            return st == Status.NOT_RUN ? List.of(placement, c.label(), "n/a", "", "", "not run: " + c.unavailable())
                    : List.of(placement, c.label(), st.name(), "", "", st.note(c));
        }
        Stats ns = c.nanos();
        String ratio = f.baseline() ? "1 (baseline)" : f.ratio() == null ? "n/a" : Fmt.times(f.ratio());
        String marks = Fmt.marks(failed(c), c.disturbed().size(), !c.disturbed().isEmpty() && c.disturbed().get(0).disturbedKept());
        double k = factor(c);
        return List.of(placement, c.label(), Fmt.pm(shown(c)) + marks, Fmt.num(ns.min() * k) + "–" + Fmt.num(ns.max() * k), ratio,
            Fmt.count(c.switches().median()) + " (" + Fmt.count(c.voluntary().median()) + " + " + Fmt.count(c.involuntary().median()) + ")");
    }

    private static long failed(CompareResults.Cell c) {
        return c.samples().stream().filter(s -> s.error() != null).count();
    }

    /** A cell's state, as the table (its name) and the export (in lower case) both say it, and why it has no figure. */
    private enum Status {
        NOT_RUN, DISTURBED, FAILED, OK;

        static Status of(CompareResults.Cell c) {
            return c.unavailable() != null ? NOT_RUN : c.nanos().n() > 0 ? OK
                    : failed(c) == 0 && !c.disturbed().isEmpty() ? DISTURBED : FAILED;
        }

        String note(CompareResults.Cell c) {
            return switch (this) {
                case NOT_RUN -> c.unavailable();
                case DISTURBED -> DisturbanceText.why(c.disturbed().get(0).interference());
                case FAILED -> c.samples().stream().map(CompareResults.Sample::error).filter(e -> e != null).findFirst()
                        .orElse("no samples");
                case OK -> null;
            };
        }
    }

    /**
     * One line per disturbed repetition, JVM or native: the cell, its placement and repetition, why (the
     * largest intruder named), and whether it was left out or kept ({@code --allow-disturbed}).
     */
    public static List<String> disturbances(CompareResults r) {
        return r.cells().stream().flatMap(c -> c.disturbed().stream().map(s -> c.label() + ", " + c.placement() + ", repetition "
                + s.repetition() + ": " + DisturbanceText.why(s.interference())
                + (s.disturbedKept() ? " (kept, marked: --allow-disturbed)" : " (left out of every figure)"))).toList();
    }

    /**
     * A native cell's simulated instructions per round trip (one count per program: valgrind runs one thread at a time
     * whatever the placement), why there is none, or blank for cells that are not counted.
     */
    static String instructions(CompareResults.Simulation s, CompareResults.Cell c) {
        return counted(c).map(x -> s.count(x).map(i -> Fmt.num(i.perRoundTrip()))
                .orElse(s.unavailable() == null ? "" : s.unavailable())).orElse("");
    }

    /** A native cell's simulated instructions per round trip as a number; null when it was not counted. */
    static Double instructionCount(CompareResults.Simulation s, CompareResults.Cell c) {
        return counted(c).flatMap(s::count).map(CompareResults.Instructions::perRoundTrip).orElse(null);
    }

    /** The cell's column where the simulation counts its instructions. */
    private static Optional<Column> counted(CompareResults.Cell c) {
        return Arrays.stream(Column.values()).filter(x -> x.name().equals(c.column()) && CompareSimulation.COLUMNS.contains(x))
                .findFirst();
    }

    /**
     * The fields of a row of {@code compare --format json|csv}, in order: the CSV header and the JSON keys. A row is one of
     * {@link #figures} as numbers: the mean over repetitions and its 99.9 % half-width in separate fields, the unit in its
     * own, min and max, the ratio to the native baseline of the row's group with its error, and the median switches per
     * round trip. A cell without a figure has a status (not_run, failed, disturbed) and a note saying why, and null numbers.
     */
    public static final List<String> EXPORT_COLUMNS = List.of("placement", "implementation", "column", "jdk", "unit", "status",
            "value", "error", "repetitions", "min", "max", "ratio_to_native", "ratio_error", "switches", "voluntary_switches",
            "involuntary_switches", "instructions", "failed_repetitions", "disturbed_repetitions", "note");

    public static String json(CompareResults r) {
        return Export.json(EXPORT_COLUMNS, exportRows(r));
    }

    public static String csv(CompareResults r) {
        return Export.csv(EXPORT_COLUMNS, exportRows(r));
    }

    static List<List<Object>> exportRows(CompareResults r) {
        return figures(r).stream().map(f -> fields(r, f)).toList();
    }

    private static List<Object> fields(CompareResults r, Figure f) {
        CompareResults.Cell c = f.cell();
        Stats ns = c.nanos();
        Status status = Status.of(c);
        boolean figure = ns.n() > 0;
        List<Object> o = new ArrayList<>(Arrays.asList(f.placement(), c.label(), c.column(), c.jdk(), unit(c),
                status.name().toLowerCase(Locale.ROOT)));
        Export.estimate(o, figure ? shown(c) : null);
        o.addAll(Arrays.asList(ns.n(), Export.finite(ns.min() * factor(c)), Export.finite(ns.max() * factor(c))));
        Export.estimate(o, f.baseline() && figure ? Estimate.exact(1) : f.ratio());
        o.addAll(Arrays.asList(Export.finite(c.switches().median()), Export.finite(c.voluntary().median()),
                Export.finite(c.involuntary().median())));
        o.add(r.simulation() == null ? null : instructionCount(r.simulation(), c));
        o.addAll(Arrays.asList(failed(c), c.disturbed().size(),
                status == Status.OK && f.baseline() ? "baseline" : status.note(c)));
        return o;
    }

    /** What a row's value is per: a switch (a handoff's round trip ÷ 2) or one gettid syscall. */
    static String unit(CompareResults.Cell c) {
        return PerSwitch.isRoundTrip(Column.valueOf(c.column())) ? "ns" + PerSwitch.ROUND_TRIP_UNIT : "ns/syscall";
    }

    public static String preamble(CompareResults r) {
        return r.repetitions() + " interleaved repetitions" + (r.quick() ? " (--quick)" : "") + "; JVM cells: " + r.jmhSettings()
                + ".\nUnits: handoff rows per switch (the round trip, two handoffs, ÷ 2, as on the card); gettid rows per syscall."
                + " Mean over repetitions ± 99.9%"
                + " interval; × native = ratio of means to the native program of the same row group and placement.\n"
                + (r.simulation() == null ? "" : "Instructions per round trip: " + NativeSimulation.CALLGRIND_SOURCE + " (valgrind runs one"
                + " thread at a time and sees no kernel code: the system calls and the switch itself are not counted; one count per"
                + " program, whatever the placement).\n");
    }

    public static String text(CompareResults r) {
        return "switchcost compare: " + preamble(r) + "\n" + table(r).text();
    }
}
