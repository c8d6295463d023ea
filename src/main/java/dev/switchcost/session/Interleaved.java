package dev.switchcost.session;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.ObjIntConsumer;
import java.util.function.Predicate;

/**
 * The order {@link CompareRunner} and {@link IndirectSweep} share: every cell that can run once per
 * repetition, in plan order on odd repetitions and reversed on even ones, so that drift (frequency,
 * noisy neighbours, thermal) hits every cell alike rather than whichever ran last.
 */
final class Interleaved {

    private Interleaved() {
    }

    /**
     * @param cells       the plan, in table order
     * @param repetitions how many times each cell runs
     * @param runs        whether a cell can run at all (one that cannot is skipped every time)
     * @param run         runs one cell in repetition {@code rep} (1-based)
     */
    static <C> void run(List<C> cells, int repetitions, Predicate<C> runs, ObjIntConsumer<C> run) {
        for (int rep = 1; rep <= repetitions; rep++) {
            List<C> order = new ArrayList<>(cells);
            if (rep % 2 == 0) {
                Collections.reverse(order);
            }
            for (C c : order) {
                if (runs.test(c)) {
                    run.accept(c, rep);
                }
            }
        }
    }
}
