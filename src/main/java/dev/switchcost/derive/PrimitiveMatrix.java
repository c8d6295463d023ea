package dev.switchcost.derive;

import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Family;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Metric;
import dev.switchcost.results.Param;

import java.util.List;

/**
 * The primitive matrix: per primitive × kind × placement, the round trip's time, the switches counted and
 * the CPU time the pair burned, each per round trip. Platform rows are {@code PrimitiveHandoff}'s (with the pair's
 * CPU time, {@code cpu.pair}); virtual rows are the virtual-thread handoff classes' {@code VT_VT} rows, whose
 * {@code cpu.pair} is the run time of the carriers that run ping and pong plus the JMH thread that drives them (none
 * in results made before the classes reported it: the cell then says so). A disturbed row is a cell marked, never merged with
 * another.
 */
public final class PrimitiveMatrix {

    /**
     * @param primitive  the {@code HandoffPrimitive}
     * @param kind       {@code platform}, {@code virtual, 1 carrier}, {@code virtual, 2 carriers}
     * @param placement  the placement ({@code UNPINNED} for virtual threads)
     * @param time       ns per round trip
     * @param switches   counted switches per round trip, NaN without the profiler
     * @param cpu        the pair's CPU time per round trip, ns, or null where not read
     * @param disturbed  why the row is disturbed, or null
     */
    public record Cell(String primitive, String kind, String placement, Estimate time, double switches, Estimate cpu,
                       String disturbed) {
    }

    private PrimitiveMatrix() {
    }

    /** @return the cells, in the order of the rows; empty without PrimitiveHandoff rows */
    public static List<Cell> of(List<JmhRow> rows) {
        return rows.stream().noneMatch(Family.PRIMITIVE_HANDOFF::has) ? List.of() : rows.stream()
                .filter(r -> r.primary().isTimePerOp() && (Family.PRIMITIVE_HANDOFF.has(r)
                        || Family.VIRTUAL_HANDOFF.has(r) && "VT_VT".equals(r.param(Param.PAIR))))
                .map(PrimitiveMatrix::cell).toList();
    }

    private static Cell cell(JmhRow r) {
        boolean platform = Family.PRIMITIVE_HANDOFF.has(r);
        String kind = platform ? "platform" : "virtual, " + r.param(Param.CARRIERS) + " carrier" + ("1".equals(r.param(Param.CARRIERS)) ? "" : "s");
        Metric cpu = r.secondary().get(PairedWalkProfiler.CPU);
        return new Cell(r.param(Param.PRIMITIVE), kind, platform ? r.param(Param.PLACEMENT) : "UNPINNED", r.estimate(),
                r.switchesPerOp(), cpu == null ? null : cpu.estimate(), r.disturbance());
    }
}
