package dev.switchcost.session;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.jmh.TrialPlan;
import dev.switchcost.results.Column;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --budget} is one deadline for the whole run, and the run's plan counts every JMH run, fork and C cell. */
class PrecisionTest {

    private static long s(double seconds) {
        return Math.round(seconds * 1e9);
    }

    @Test
    void oneDeadlineBoundsEveryJmhRunOfTheRun() {
        AtomicLong now = new AtomicLong(0);
        Precision p = new Precision(0.03, Duration.ofSeconds(30));
        Precision.Deadline d = p.from(0, now::get);
        // the means: 20 forks in 20 s, 1 s each; 10 more fit while nothing is left to do after them
        now.set(s(20));
        assertEquals(10, d.forksThatFit(0, 20, 0));
        // none while the run's later JMH runs and the C cells (10 s of plan) still have to run after them
        assertEquals(0, d.forksThatFit(0, 20, s(10)));
        // the next JMH run starts at 26 s under the same deadline, not a fresh 30 s of its own
        now.set(s(28));
        assertEquals(2, d.forksThatFit(s(26), 2, 0), "2 forks of 1 s: two more end at 30 s");
        now.set(s(29.5));
        assertEquals(0, d.forksThatFit(s(26), 3, 0), "a fork of 1.2 s would end past the run's 30 s");
    }

    @Test
    void aForkLongerThanWhatIsLeftIsNotStarted() {
        AtomicLong now = new AtomicLong(s(100));
        Precision.Deadline d = new Precision(0.03, Duration.ofSeconds(174)).from(s(100), now::get);
        now.set(s(250));
        assertEquals(0, d.forksThatFit(s(100), 5, 0), "forks of 30 s, 24 s left: the run stops on the budget");
        assertEquals(2, d.forksThatFit(s(200), 5, 0), "forks of 10 s, 24 s left");
    }

    static Options quickLike(String include, int forks) {
        return new OptionsBuilder().include(include).forks(forks).warmupIterations(1).warmupTime(TimeValue.milliseconds(300))
                .measurementIterations(3).measurementTime(TimeValue.milliseconds(200)).build();
    }

    @Test
    void thePlanCountsEveryJmhRunForkJvmStartIterationAndCCell() {
        Options means = quickLike("SyscallBaseline\\.baseline$", 5);
        Options sampled = quickLike("SyscallBaseline\\.baseline$", 2);
        int trials = TrialPlan.of(means).size();
        CompareRunner.Settings compare = new CompareRunner.Settings(8, true, List.of(Placement.SAME_CPU),
                EnumSet.of(Column.NATIVE_FUTEX, Column.FFM_FUTEX), List.of(), false);
        RunSession.Plan plan = new RunSession.Plan(List.of(new RunSession.OnJdk(null, means, TrialPlan.of(means),
                List.of(new RunSession.Later("sampled", sampled)))), null, compare, false, true, null);
        // a fork: 1 s JVM start + 1 × 300 ms + 3 × 200 ms = 1.9 s; a quick C cell: 1 s + (3 + 2) × 200 ms = 2 s
        long expected = trials * 5 * s(1.9) + trials * 2 * s(1.9) + 16 * s(2);
        assertEquals(expected, RunSession.planned(plan).plannedNanos());
        // --precision runs at least two rounds, and the budget below that is said up front
        RunSession.Plan precise = new RunSession.Plan(plan.runs(), null, compare, false, true,
                new Precision(0.03, Duration.ofSeconds(30)));
        PlannedTime time = RunSession.planned(precise);
        assertEquals(expected, time.plannedNanos());
        String said = RunSession.budgetBelowPlan(precise.precision(), time).orElse("");
        assertTrue(said.startsWith("# --budget 30 s is below what this run takes at least (about "
                + Math.round(expected / 1e9) + " s"), said);
        assertTrue(RunSession.budgetBelowPlan(new Precision(0.03, Duration.ofHours(1)), time).isEmpty());
    }

    @Test
    void theEtaIsThePlanLessWhatOfItRan() {
        PlannedTime t = new PlannedTime(List.of(new PlannedTime.JmhRun(3, 5, 1, s(0.3), 3, s(0.2))), 16, s(1.6));
        assertEquals(3 * 5 * s(1.9) + 16 * s(1.6), t.remainingNanos());
        t.forkStarted();
        t.done(s(0.3));
        t.done(TimeUnit.MILLISECONDS.toNanos(600));
        assertEquals(3 * 5 * s(1.9) + 16 * s(1.6) - s(1.9), t.remainingNanos(), "one fork ran");
        t.added(3 * s(1.9));
        assertEquals(3 * 6 * s(1.9) + 16 * s(1.6) - s(1.9), t.remainingNanos(), "--precision added a round of three trials");
        t.cellsDone();
        assertEquals(3 * 6 * s(1.9) - s(1.9), t.remainingNanos(), "the C cells ran");
    }

    /** One trial of {@code forkMeans} ns/op, a fork each, as Rounds merges them. */
    private static org.openjdk.jmh.results.RunResult trial(String placement, double... forkMeans) {
        return trial("dev.switchcost.bench.FutexPingPong.roundTrip", "placement", placement, forkMeans);
    }

    private static org.openjdk.jmh.results.RunResult trial(String benchmark, String param, String value, double... forkMeans) {
        org.openjdk.jmh.runner.WorkloadParams w = new org.openjdk.jmh.runner.WorkloadParams();
        w.put(param, value, 0);
        org.openjdk.jmh.infra.IterationParams it = new org.openjdk.jmh.infra.IterationParams(
                org.openjdk.jmh.runner.IterationType.MEASUREMENT, 1, TimeValue.milliseconds(200), 1);
        org.openjdk.jmh.infra.BenchmarkParams b = new org.openjdk.jmh.infra.BenchmarkParams(benchmark,
                "gen", false, 1, new int[] {1}, List.of(), forkMeans.length, 0, it, it, org.openjdk.jmh.annotations.Mode.AverageTime,
                w, TimeUnit.NANOSECONDS, 1, "java", List.of(), "25", "vm", "25", "1.37", TimeValue.minutes(10));
        List<org.openjdk.jmh.results.BenchmarkResult> forks = new java.util.ArrayList<>();
        for (double mean : forkMeans) {
            org.openjdk.jmh.results.IterationResult r = new org.openjdk.jmh.results.IterationResult(b, it,
                    new org.openjdk.jmh.results.IterationResultMetaData(1000, 1000));
            r.addResult(new org.openjdk.jmh.results.AverageTimeResult(org.openjdk.jmh.results.ResultRole.PRIMARY, "roundTrip",
                    1000, Math.round(mean * 1000), TimeUnit.NANOSECONDS));
            forks.add(new org.openjdk.jmh.results.BenchmarkResult(b, List.of(r)));
        }
        return new org.openjdk.jmh.results.RunResult(b, forks);
    }

    private static dev.switchcost.measure.jmh.TrialLedger.Outcome outcome(org.openjdk.jmh.results.RunResult... trials) {
        return new dev.switchcost.measure.jmh.TrialLedger.Outcome(List.of(trials), java.util.Map.of(), java.util.Map.of(), false);
    }

    @Test
    void eachTrialIsRecordedWithThePrecisionItReached(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        Precision p = new Precision(0.03, Duration.ofSeconds(30));
        dev.switchcost.measure.jmh.TrialLedger.Outcome o = outcome(trial("SAME_CPU", 100, 100.1, 99.9), trial("CROSS_CPU", 100, 120, 80));
        List<dev.switchcost.results.PrecisionResults.Trial> trials = p.trials(o, "21.0.5", t -> t.params().get("placement").equals("SAME_CPU") ? 2.5 : 0);
        assertEquals(2, trials.size());
        assertTrue(trials.get(0).reached(), trials.toString());
        assertFalse(trials.get(1).reached(), trials.toString());
        assertEquals(java.util.Map.of("placement", "CROSS_CPU", "jdk", "21.0.5"), trials.get(1).params());
        assertEquals("avgt", trials.get(1).mode());
        assertEquals(3, trials.get(1).forks());
        assertEquals(2.5, trials.get(0).secondsPerFork(), "what a fork of its JMH run took");
        assertEquals(Precision.MAX_FORKS + 1, trials.get(1).forksNeeded(), "±20 % between forks: " + Precision.MAX_FORKS + " forks are too few for 3 %");
        assertEquals(List.of("FutexPingPong.roundTrip avgt placement=CROSS_CPU"), p.imprecise(o));
        new dev.switchcost.results.PrecisionResults(1, 0.03, 0.03, 30, trials).write(tmp);
        dev.switchcost.results.PrecisionResults read = dev.switchcost.results.PrecisionResults.read(
                tmp.resolve(dev.switchcost.results.PrecisionResults.FILE_NAME));
        assertEquals(trials.get(1), read.missed().get(0));
        // a run whose every trial reached it stops at once, whatever the clock says
        Precision.Deadline d = p.from(0, () -> 0);
        assertTrue(p.next(d, 0, () -> 0).apply(outcome(trial("SAME_CPU", 100, 100.1, 99.9))).isEmpty());
        // and a trial whose forks differ too much for the most forks a trial may have gets none: the budget goes where it can resolve a figure
        assertTrue(p.next(d, 0, () -> 0).apply(o).isEmpty(), "±20 % at 3 %: out of reach");
    }

    @Test
    void forksAreAddedOnlyToTrialsShortOfTheirTargetAndWithinReachNearestFirst() {
        Precision quick = new Precision(0.05, 0.15, Duration.ofSeconds(170));
        Precision.Deadline d = quick.from(0, () -> 0);
        dev.switchcost.measure.jmh.TrialLedger.Outcome o = outcome(
                trial("SAME_CPU", 100, 104, 96, 102, 98),   // ±7 % of 5 %: a few more forks
                trial("CROSS_CPU", 100, 104, 96, 102, 98),  // the same spread across CPUs: within 15 %
                trial("dev.switchcost.bench.SyscallBaseline.gettid", "binding", "FFM", 100, 101, 99, 100.5, 99.5),
                trial("dev.switchcost.bench.VirtualThreadHandoffOneCarrier.roundTrip", "pair", "VT_VT", 100, 105, 95, 103, 97));
        List<String> next = quick.next(d, 0, () -> 0).apply(o).stream().map(TrialPlan.Trial::toString).toList();
        assertEquals(List.of("FutexPingPong.roundTrip avgt placement=SAME_CPU", "VirtualThreadHandoffOneCarrier.roundTrip avgt pair=VT_VT"),
                next, "one CPU held to 5 %, across CPUs to 15 %; the one nearer its target first");
        assertEquals(0.15, quick.targetOf(TrialPlan.key(trial("dev.switchcost.bench.VirtualThreadHandoffOneCarrier.roundTrip",
                "pair", "PT_PT", 1, 2).getParams())), "an unpinned platform pair is on two CPUs");
        assertEquals("precision 5.0 % (15.0 % across CPUs): 2 trial(s) short of it when the run's budget (170 s) or reach ended:"
                + " FutexPingPong.roundTrip avgt placement=SAME_CPU ±12.2 % with 5 forks, 10 needed;"
                + " VirtualThreadHandoffOneCarrier.roundTrip avgt pair=VT_VT ±15.9 % with 5 forks, 13 needed", quick.summary(o));
        // forks of 1 s: with 13 left both reach their targets (5 and 8 more); with 5 only the nearer one does, so only it gets
        // a fork; with 1 neither would, and none is added
        AtomicLong now = new AtomicLong(s(20));
        for (int left : new int[] {13, 5, 1}) {
            Precision.Deadline late = new Precision(0.05, 0.15, Duration.ofSeconds(20 + left)).from(0, now::get);
            assertEquals(left == 13 ? next : left == 5 ? next.subList(0, 1) : List.of(),
                    quick.next(late, 0, () -> 0).apply(o).stream().map(TrialPlan.Trial::toString).toList(), left + " s left");
        }
    }
}
