package dev.switchcost.render;

import dev.switchcost.measure.nativebaseline.NativeSimulation;
import dev.switchcost.results.SimulatedMisses;

import java.util.Comparator;
import java.util.List;

/**
 * Renders {@link SimulatedMisses}: cachegrind's D1 and last-level misses per switch of {@code ws_threads} against the
 * working-set size, from {@code simulated.jsonl} ({@code scripts/simulate-native.sh -o DIR}), in the report's working-set
 * section. {@link #table(List)} takes any list of rows, so a chart can plot {@link SimulatedMisses#pairedLlPerSwitch()}
 * (or D1) against {@link SimulatedMisses#workingSetKib()} beside the measured indirect cost, labelled with {@link #LABEL}.
 */
public final class SimulatedMissesTable {

    public static final String LABEL = NativeSimulation.CACHEGRIND_SOURCE;

    /** What the table is, in one paragraph. */
    public static final String LEGEND = "Misses per switch, " + LABEL + ": scripts/simulate-native.sh runs ws_threads (Li et al.'s "
            + "walk between two threads' futex handoffs) under valgrind's cachegrind with this machine's L1 and, as its one last "
            + "level (LL), L3 or L2. Valgrind runs one thread at a time, so both sides share one simulated cache, as on one CPU; "
            + "it sees no kernel code and has no prefetcher. Per switch = whole-program misses / (2 × round trips); paired extra = "
            + "misses of the walk right after a switch − the same walk at once again (the misses the switch causes). Counts, not times.";

    private SimulatedMissesTable() {
    }

    static final List<String> PARAMETERS = List.of("stride (B)", "walk");

    /** One row per size and simulated last level, by size, then L2 before L3; null when there are none. */
    public static Table table(List<SimulatedMisses> rows) {
        if (rows.isEmpty()) {
            return null;
        }
        Table.Builder t = new Table.Builder("rrlrrrrr", "working set (KiB)", "stride (B)", "LL =", "D1 misses/switch",
                "LL misses/switch", "paired extra D1/switch", "paired extra LL/switch", "walk");
        for (SimulatedMisses m : rows.stream().sorted(Comparator.comparingLong(SimulatedMisses::workingSetKib)
                .thenComparing(SimulatedMisses::llLevel)).toList()) {
            t.row(Fmt.num(m.workingSetKib()), Fmt.num(m.strideBytes()), m.llLevel(), Fmt.num(m.d1MissesPerSwitch()),
                    Fmt.num(m.llMissesPerSwitch()), Fmt.num(m.pairedD1PerSwitch()), Fmt.num(m.pairedLlPerSwitch()), m.walk());
        }
        return t.build();
    }
}
