package dev.switchcost.derive;

import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.Param;
import dev.switchcost.results.Results;
import dev.switchcost.testing.Derived;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwitchCostTest {

    /** Latency only: futex round trips, no pair's CPU time. */
    static final Path RUN = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
    /** The pair's CPU time per switch at size 0 on one and on two CPUs, and the working-set rows. */
    static final Path PLACEMENTS = Fixtures.results("workingset-placements-epyc-kvm-jdk25");
    static final Path WORKING_SET = Path.of("src/test/resources/fixtures/jmh-json/workingset-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json");

    @Test
    void switchesTimesTheCrossCpuCostIsTheCpuLostWithItsErrorScaled() {
        Findings found = Findings.of(Results.load(PLACEMENTS));
        SwitchCost c = SwitchCost.of(found, 1000, 0.5, 2, 0).orElseThrow();
        assertEquals(SwitchCost.Placement.CROSS_CPU, c.placement());
        assertEquals(SwitchCost.Why.SEVERAL_CPUS, c.why());
        Estimate per = SwitchPrices.of(found).crossCpu().perSwitch();
        assertEquals(found.paired().values().stream().filter(p -> p.params().get(Param.PLACEMENT.key()).equals("CROSS_CPU")
                && p.params().get(Param.WORKING_SET_KIB.key()).equals("0")).findFirst().orElseThrow().beyond(), per,
                "the pair's CPU time per switch, never the round trip's latency");
        assertEquals(per, c.perSwitch());
        // 1000 switches/s × ns per switch = ns of CPU per second; / 1e9 = share of one CPU
        assertEquals(per.value() * 1000 / 1e9, c.cpusLost().value(), 1e-15);
        assertEquals(per.halfWidth() * 1000 / 1e9, c.cpusLost().halfWidth(), 1e-15);
        assertTrue(c.cpusLost().errorKnown(), "the measured cost has an error, so does the CPU lost");
        // half a CPU busy: the share of the process's CPU time is twice the share of one CPU
        assertEquals(2 * c.cpusLost().value(), c.shareOfProcess().value(), 1e-15);
        assertEquals(2 * c.cpusLost().halfWidth(), c.shareOfProcess().halfWidth(), 1e-15);
        assertNull(c.indirect());
    }

    @Test
    void aProcessOnOneCpuIsPricedAtTheOneCpuFigure() {
        Findings found = Findings.of(Results.load(PLACEMENTS));
        SwitchCost c = SwitchCost.of(found, 10, 0, 1, 0).orElseThrow();
        assertEquals(SwitchCost.Placement.ONE_CPU, c.placement());
        assertEquals(SwitchPrices.of(found).sameCpu().perSwitch(), c.perSwitch());
        assertNull(c.shareOfProcess(), "a process that used no CPU has no share");
    }

    @Test
    void resultsWithoutThePairsCpuTimePriceNothing() {
        assertTrue(SwitchCost.of(Findings.of(Results.load(WORKING_SET)), 10, 1, 2, 0).isEmpty());
        assertTrue(SwitchCost.of(Findings.of(Results.load(RUN)), 10, 1, 2, 0).isEmpty(), "a round trip's latency is no price");
    }

    @Test
    void aMeasuredMixPricesEachPlacementAtItsShare() {
        Findings found = Findings.of(Results.load(PLACEMENTS));
        SwitchPrices p = SwitchPrices.of(found);
        SwitchCost c = SwitchCost.of(found, 1000, 1, 2, 0, 0.25, "trace").orElseThrow();
        assertEquals(SwitchCost.Why.MEASURED_MIX, c.why());
        assertEquals(SwitchCost.Placement.MIXED, c.placement());
        Estimate expected = p.sameCpu().perSwitch().times(0.25).plus(p.crossCpu().perSwitch().times(0.75));
        assertEquals(expected.value(), c.perSwitch().value(), 1e-9);
        assertEquals(expected.halfWidth(), c.perSwitch().halfWidth(), 1e-9);
        assertTrue(c.perSwitch().value() > p.sameCpu().perSwitch().value() && c.perSwitch().value() < p.crossCpu().perSwitch().value());
        assertEquals(SwitchCost.Placement.ONE_CPU, SwitchCost.of(found, 1, 1, 2, 0, 1, "trace").orElseThrow().placement());
    }

    @Test
    void aWorkingSetAddsTheIndirectCostMeasuredAtThatSize() {
        Results both = Results.load(PLACEMENTS);
        IndirectCost.Row at = Derived.workingSet(both.usable()).stream()
                .filter(x -> x.handoff().equals("FUTEX") && x.placement().equals("CROSS_CPU") && SwitchCost.indirectOf(x) != null
                        && x.workingSetKiB() > 0 && x.sharing().equals("PRIVATE"))
                .findFirst().orElseThrow(() -> new AssertionError("the captured run has a usable cross-CPU futex row"));
        SwitchCost c = SwitchCost.of(Findings.of(both), 1000, 1, 2, at.workingSetKiB()).orElseThrow();
        assertEquals(at.workingSetKiB(), c.indirect().workingSetKiB());
        Estimate expected = SwitchPrices.of(Findings.of(both)).crossCpu().perSwitch().plus(SwitchCost.indirectOf(c.indirect()));
        assertEquals(expected.value(), c.perSwitch().value(), 1e-9);
        assertEquals(expected.halfWidth(), c.perSwitch().halfWidth(), 1e-9);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SwitchCost.of(Findings.of(both), 1, 1, 2, 3));
        assertTrue(e.getMessage().startsWith("no indirect cost at 3 KiB (CROSS_CPU)"), e.getMessage());
        assertTrue(SwitchCost.of(Findings.of(Results.load(RUN)), 1, 1, 2, 256).isEmpty(), "no price to add it to");
    }

    /**
     * Where the pair's CPU time was recorded (the quick run of 2026-11-23 20:17, with its cache line at 256 KiB), a
     * working set adds the whole cost through the caches, in the switch and after it: the card's figure, not the
     * paired estimate of the cost after the switch only.
     */
    @Test
    void aWorkingSetAddsTheWholeCostWhereThePairsCpuTimeWasRecorded() {
        Results quick = Results.load(Fixtures.results("quick-whole-cache-170s-epyc-kvm-jdk25"));
        SwitchCost c = SwitchCost.of(Findings.of(quick), 1000, 1, 1, 256).orElseThrow();
        IndirectCost.Paired p = c.indirect().paired();
        assertTrue(p.hasWhole(), "the quick run recorded the pair's CPU time at 0 and 256 KiB");
        SwitchCost.Indirect used = SwitchCost.indirect(c.indirect());
        assertEquals(SwitchCost.Estimator.WHOLE, used.estimator());
        assertEquals(p.whole(), used.cost());
        assertTrue(Math.abs(p.whole().value() - p.indirect().value()) > 1, "whole and paired differ here: " + p);
        Estimate expected = SwitchPrices.of(Findings.of(quick)).sameCpu().perSwitch().plus(p.whole());
        assertEquals(expected.value(), c.perSwitch().value(), 1e-9);
        assertEquals(expected.halfWidth(), c.perSwitch().halfWidth(), 1e-9);
    }

    @Test
    void anotherMachineIsNamedByWhatDiffers() {
        MachineInfo m = Results.load(RUN).machine();
        assertTrue(SwitchCost.differences(m, m).isEmpty());
        MachineInfo other = new MachineInfo(m.schema(), m.capturedAt(), m.hostname(), m.cpu(), m.caches(),
                new MachineInfo.Kernel("7.0.0", "#1"), m.mitigations(), m.virtualization(), m.power(), m.jdk(), m.limits(), m.perf(),
                null, null, null);
        assertEquals(List.of(new SwitchCost.Difference("kernel", m.kernel().release(), "7.0.0")), SwitchCost.differences(m, other));
    }
}
