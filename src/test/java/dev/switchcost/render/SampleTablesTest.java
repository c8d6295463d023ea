package dev.switchcost.render;

import dev.switchcost.derive.Findings;
import dev.switchcost.derive.SampledThreads;
import dev.switchcost.derive.SwitchCost;
import dev.switchcost.results.Results;
import dev.switchcost.measure.sample.ThreadSampler.ThreadTotal;
import dev.switchcost.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleTablesTest {

    static final Path QUICK = Fixtures.results("quick-whole-cache-170s-epyc-kvm-jdk25");
    static final Path PLACEMENTS = Fixtures.results("workingset-placements-epyc-kvm-jdk25");

    @Test
    void showsThreadsThatSwitchedBusiestFirstWithTheirNamesMadeSafe() {
        SampledThreads s = SampledThreads.of(List.of(
                new ThreadTotal(1, 1, "idle", 0, 0, 0, 0, false),
                new ThreadTotal(1, 2, "evil\u001b]0;x\u0007", 10, 0, 0, 0, true),
                new ThreadTotal(1, 3, "busy", 3000, 40, 2_000_000_000L, 500_000_000L, false)), 2, Map.of(), Map.of());
        Table t = SampleTables.threads(s, 10);
        assertEquals(2, t.rows().size(), "the idle thread is left out: " + t.text());
        assertEquals(List.of("busy", "3", "user", "1,520", "1,500", "20", "250", "2"), t.rows().get(0));
        assertEquals("evil?]0;x? (ended)", t.rows().get(1).get(0));
        assertFalse(t.text().contains("\u001b"));
        assertEquals(1, SampleTables.threads(s, 1).rows().size());
        assertTrue(SampleTables.roles(s).text().contains("all threads"));
    }

    /** A working set's cost is named by what it counts: here the whole cost, in the switch and after it. */
    @Test
    void theCacheCostAddedIsNamedByWhatItCounts() {
        SwitchCost c = SwitchCost.of(Findings.of(Results.load(QUICK)), 1000, 1, 1, 256).orElseThrow();
        String said = String.join("\n", SampleTables.cost(c, "results/a", List.of(), Double.NaN));
        assertTrue(said.contains("Includes the cost through the caches, in the switch and after it, measured with 256 KiB touched"
                + " per thread between handoffs (" + Fmt.pm(c.indirect().paired().whole()) + " ns"), said);
        SwitchCost direct = SwitchCost.of(Findings.of(Results.load(QUICK)), 1000, 1, 1, 0).orElseThrow();
        assertTrue(String.join("\n", SampleTables.cost(direct, "results/a", List.of(), Double.NaN)).contains("Direct cost only"));
    }

    /** Results from another machine price the switches but say so, naming what differs and how to get this one's. */
    @Test
    void costsFromAnotherMachineSaySo() {
        SwitchCost c = SwitchCost.of(Findings.of(Results.load(PLACEMENTS)), 1000, 0.5, 2, 0)
                .orElseThrow();
        List<String> here = SampleTables.cost(c, "results/a", List.of(), Double.NaN);
        assertTrue(here.get(0).startsWith("What these switches cost in CPU time (this machine's measured CPU time per switch, from results/a)"),
                here.get(0));
        assertFalse(String.join("\n", here).contains("another machine"), String.join("\n", here));
        List<String> other = SampleTables.cost(c, "results/a", List.of(new SwitchCost.Difference("kernel", "6.1.0", "7.0.0")), Double.NaN);
        assertTrue(other.get(0).startsWith("What these switches cost in CPU time (the CPU time per switch measured on another machine, from results/a)"),
                other.get(0));
        assertEquals("  These costs were measured on another machine (kernel 6.1.0, here 7.0.0): run switchcost run --quick here"
                + " for this machine's.", other.get(other.size() - 1));
    }

    /** The cost line says the mix it priced with and where it came from, and latency on a line of its own. */
    @Test
    void theCostLineNamesTheMixAndKeepsLatencyApart() {
        SwitchCost c = SwitchCost.of(Findings.of(Results.load(PLACEMENTS)), 1000, 1, 2, 0,
                0.25, "30 same-CPU and 90 cross-CPU wake-ups, tracefs sched_waking/sched_wakeup").orElseThrow();
        String said = String.join("\n", SampleTables.cost(c, "results/a", List.of(), 12.5));
        assertTrue(said.contains("ns CPU per switch = "), said);
        assertTrue(said.contains("25.0 % of the sampled threads' wake-ups were on the waker's CPU, 75.0 % on another (30 same-CPU and 90"
                + " cross-CPU wake-ups, tracefs sched_waking/sched_wakeup), so that mix of the one-CPU and cross-CPU prices"), said);
        assertTrue(said.contains("Latency, not CPU: time your threads waited to be woken and run (schedstat run-queue delay) 12.5 ms per second"),
                said);
        SwitchCost assumed = SwitchCost.of(Findings.of(Results.load(PLACEMENTS)), 1000, 1, 2, 0)
                .orElseThrow();
        String guessed = String.join("\n", SampleTables.cost(assumed, "results/a", List.of(), Double.NaN));
        assertTrue(guessed.contains("not measured") && guessed.contains("an upper bound") && !guessed.contains("Latency"), guessed);
    }
}
