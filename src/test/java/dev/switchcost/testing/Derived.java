package dev.switchcost.testing;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.IndirectCost;
import dev.switchcost.results.JmhRow;

import java.util.List;

/** The working-set table of rows that are not a whole results directory, derived as {@link Findings#of} derives it. */
public final class Derived {

    private Derived() {
    }

    /** {@link IndirectCost#derive} over {@code rows}, with their paired estimates derived first, once. */
    public static List<IndirectCost.Row> workingSet(List<JmhRow> rows) {
        return IndirectCost.derive(rows, Findings.pairedRows(rows));
    }
}
