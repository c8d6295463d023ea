package dev.switchcost.measure.affinity;

import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Placement choices on topologies captured from (or written to match) real machines. */
class PlacementTest {

    static Topology fixture(String name) {
        try {
            return Topology.read(Path.of(PlacementTest.class.getResource("/fixtures/sys-cpu/" + name).toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void twoCpuVmWithoutSmt() {
        Topology t = fixture("epyc-kvm-2cpu");
        CpuSet all = t.online();
        assertEquals(CpuSet.of(0, 1), all);

        Placement.Assignment same = Placement.SAME_CPU.assign(t, all);
        assertEquals(1, same.cpuA());
        assertEquals(1, same.cpuB());

        Placement.Assignment cross = Placement.CROSS_CPU.assign(t, all);
        assertEquals(0, cross.cpuA());
        assertEquals(1, cross.cpuB());

        Placement.Assignment unpinned = Placement.UNPINNED.assign(t, all);
        assertTrue(unpinned.isAvailable());
        assertFalse(unpinned.isPinned());
    }

    @Test
    void cannotProvideSmtSiblingsWithoutSmtAndSaysWhy() {
        Topology t = fixture("epyc-kvm-2cpu");
        Placement.Assignment smt = Placement.SMT_SIBLING.assign(t, t.online());
        assertFalse(smt.isAvailable());
        assertTrue(smt.unavailable().contains("no SMT siblings"), smt.unavailable());
        PlacementUnavailableException e = assertThrows(PlacementUnavailableException.class, smt::require);
        assertEquals(Placement.SMT_SIBLING, e.placement());
        assertTrue(e.getMessage().startsWith("placement SMT_SIBLING is not available on this machine"), e.getMessage());
    }

    @Test
    void smtMachinePairsSiblingsAndKeepsCrossCpuOnDifferentCores() {
        Topology t = fixture("smt-4cpu-2core-interleaved");
        CpuSet all = t.online();
        Placement.Assignment smt = Placement.SMT_SIBLING.assign(t, all);
        assertTrue(smt.isAvailable());
        assertTrue(t.areSiblings(smt.cpuA(), smt.cpuB()), smt.toString());

        Placement.Assignment cross = Placement.CROSS_CPU.assign(t, all);
        assertFalse(t.areSiblings(cross.cpuA(), cross.cpuB()), "CROSS_CPU must not be SMT siblings: " + cross);
        assertTrue(cross.cpuA() != cross.cpuB());
    }

    @Test
    void crossCpuRefusesWhenOnlySiblingsAreAllowed() {
        Topology t = fixture("smt-4cpu-2core-interleaved");
        Placement.Assignment cross = Placement.CROSS_CPU.assign(t, CpuSet.of(0, 2));
        assertFalse(cross.isAvailable());
        assertTrue(cross.unavailable().contains("SMT siblings"), cross.unavailable());
    }

    @Test
    void singleCpuMachineHasNoCrossCpu() {
        Topology t = fixture("single-cpu");
        assertTrue(Placement.SAME_CPU.assign(t, t.online()).isAvailable());
        Placement.Assignment cross = Placement.CROSS_CPU.assign(t, t.online());
        assertFalse(cross.isAvailable());
        assertTrue(cross.unavailable().contains("needs two CPUs"), cross.unavailable());
    }

    @Test
    void missingSysfsIsAClearError() {
        Exception e = assertThrows(RuntimeException.class, () -> Topology.read(Path.of("/nonexistent/cpu")));
        assertTrue(e.getMessage().contains("/nonexistent/cpu/online"), e.getMessage());
    }
}
