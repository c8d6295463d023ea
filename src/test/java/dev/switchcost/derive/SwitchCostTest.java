package dev.switchcost.derive;

import dev.switchcost.measure.machine.MachineInfo;
import dev.switchcost.results.Estimate;
import dev.switchcost.results.JmhRow;
import dev.switchcost.results.Results;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwitchCostTest {

    static final Path RUN = Path.of("src/test/resources/fixtures/results/epyc-kvm-2vcpu-jdk25");
    static final Path WORKING_SET = Path.of("src/test/resources/fixtures/jmh-json/workingset-amd-epyc-kvm-2vcpu-jmh1.37-jdk25.json");

    @Test
    void switchesTimesTheCrossCpuCostIsTheCpuLostWithItsErrorScaled() {
        Results r = Results.load(RUN);
        Headline h = Headline.perJdk(r).get(0);
        SwitchCost c = SwitchCost.of(Findings.of(r), 1000, 0.5, 2, 0).orElseThrow();
        assertEquals(SwitchCost.Placement.CROSS_CPU, c.placement());
        assertEquals(SwitchCost.Why.SEVERAL_CPUS, c.why());
        Estimate per = h.crossCpu().perSwitch();
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
        Results r = Results.load(RUN);
        SwitchCost c = SwitchCost.of(Findings.of(r), 10, 0, 1, 0).orElseThrow();
        assertEquals(SwitchCost.Placement.ONE_CPU, c.placement());
        assertEquals(Headline.perJdk(r).get(0).sameCpu().perSwitch(), c.perSwitch());
        assertNull(c.shareOfProcess(), "a process that used no CPU has no share");
    }

    @Test
    void resultsWithoutAFutexHandoffPriceNothing() {
        assertTrue(SwitchCost.of(Findings.of(Results.load(WORKING_SET)), 10, 1, 2, 0).isEmpty());
    }

    @Test
    void aWorkingSetAddsTheIndirectCostMeasuredAtThatSize() {
        Results run = Results.load(RUN);
        List<JmhRow> rows = new ArrayList<>(run.rows());
        rows.addAll(Results.load(WORKING_SET).rows());
        Results both = new Results(run.source(), run.status(), run.machine(), run.compare(), rows, run.jmhFiles(), run.notes(), run.simulated(), run.indirectSweep());
        IndirectCost.Row at = IndirectCost.derive(both.usable()).stream()
                .filter(x -> x.handoff().equals("FUTEX") && x.placement().equals("CROSS_CPU") && x.indirect() != null
                        && x.workingSetKiB() > 0 && x.sharing().equals("PRIVATE") && SwitchCost.USABLE.containsAll(x.flags()))
                .findFirst().orElseThrow(() -> new AssertionError("the captured run has a usable cross-CPU futex row"));
        SwitchCost c = SwitchCost.of(Findings.of(both), 1000, 1, 2, at.workingSetKiB()).orElseThrow();
        assertEquals(at.workingSetKiB(), c.indirect().workingSetKiB());
        Estimate expected = Headline.perJdk(both).get(0).crossCpu().perSwitch().plus(SwitchCost.indirectOf(c.indirect()));
        assertEquals(expected.value(), c.perSwitch().value(), 1e-9);
        assertEquals(expected.halfWidth(), c.perSwitch().halfWidth(), 1e-9);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SwitchCost.of(Findings.of(both), 1, 1, 2, 3));
        assertTrue(e.getMessage().startsWith("no indirect cost at 3 KiB (CROSS_CPU)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SwitchCost.of(Findings.of(run), 1, 1, 2, 256));
        assertTrue(e.getMessage().contains("measured at no size"), e.getMessage());
    }

    /**
     * Where the pair's CPU time was recorded (the quick run of 2026-11-23 20:17, with its cache line at 256 KiB), a
     * working set adds the whole cost through the caches, in the switch and after it: the card's figure, not the
     * paired estimate of the cost after the switch only.
     */
    @Test
    void aWorkingSetAddsTheWholeCostWhereThePairsCpuTimeWasRecorded() {
        Results quick = Results.load(Path.of("docs/results/2026-11-23e-epyc-kvm/quick"));
        SwitchCost c = SwitchCost.of(Findings.of(quick), 1000, 1, 1, 256).orElseThrow();
        IndirectCost.Paired p = c.indirect().paired();
        assertTrue(p.hasWhole(), "the quick run recorded the pair's CPU time at 0 and 256 KiB");
        SwitchCost.Indirect used = SwitchCost.indirect(c.indirect());
        assertEquals(SwitchCost.Estimator.WHOLE, used.estimator());
        assertEquals(p.whole(), used.cost());
        assertTrue(Math.abs(p.whole().value() - p.indirect().value()) > 1, "whole and paired differ here: " + p);
        Estimate expected = Headline.perJdk(quick).get(0).sameCpu().perSwitch().plus(p.whole());
        assertEquals(expected.value(), c.perSwitch().value(), 1e-9);
        assertEquals(expected.halfWidth(), c.perSwitch().halfWidth(), 1e-9);
    }

    @Test
    void anotherMachineIsNamedByWhatDiffers() {
        MachineInfo m = Results.load(RUN).machine();
        assertTrue(SwitchCost.differences(m, m).isEmpty());
        MachineInfo other = new MachineInfo(m.schema(), m.capturedAt(), m.hostname(), m.cpu(), m.caches(),
                new MachineInfo.Kernel("7.0.0", "#1"), m.mitigations(), m.virtualization(), m.power(), m.jdk(), m.limits(), m.perf());
        assertEquals(List.of(new SwitchCost.Difference("kernel", m.kernel().release(), "7.0.0")), SwitchCost.differences(m, other));
    }
}
