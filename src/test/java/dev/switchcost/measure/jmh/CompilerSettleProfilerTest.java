package dev.switchcost.measure.jmh;

import dev.switchcost.measure.sample.SchedStat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompilerSettleProfilerTest {

    private static final IterationParams MEASURED = new IterationParams(IterationType.MEASUREMENT, 3, TimeValue.milliseconds(200), 1);
    private static final BenchmarkParams WARMED = params(3);
    private static final IterationParams WARMUP = new IterationParams(IterationType.WARMUP, 3, TimeValue.milliseconds(300), 1);

    /** A clock that moves only when the profiler sleeps, and compiler threads whose run time the test scripts. */
    private static final class Script {
        long nowNs;
        final Deque<Map<Integer, Long>> reads = new ArrayDeque<>();
        Map<Integer, Long> last = Map.of();
        int sleeps;
        final List<String> events = new java.util.ArrayList<>();

        Supplier<Map<Integer, Long>> compilers() {
            return () -> {
                if (!reads.isEmpty()) {
                    last = reads.poll();
                }
                return last;
            };
        }

        CompilerSettleProfiler profiler() throws ProfilerException {
            return new CompilerSettleProfiler("", compilers(), compilers(), () -> nowNs, ms -> {
                sleeps++;
                events.add("sleep");
                nowNs += ms * 1_000_000L;
            }, tids -> {
                events.add("confine " + new java.util.TreeSet<>(tids));
                return () -> events.add("back");
            });
        }
    }

    private static Map<String, Double> after(CompilerSettleProfiler p) {
        return p.afterIteration(null, MEASURED, null).stream().collect(Collectors.toMap(Result::getLabel, Result::getScore));
    }

    @Test
    void waitsUntilTheCompilersHaveNotRunForThreePolls() throws ProfilerException {
        Script s = new Script();
        // the compilers run through the first three polls, then stop at 40 ms of CPU time
        s.reads.addAll(List.of(Map.of(7, 10_000_000L), Map.of(7, 20_000_000L), Map.of(7, 30_000_000L),
                Map.of(7, 40_000_000L)));
        CompilerSettleProfiler p = s.profiler();
        p.beforeIteration(WARMED, MEASURED);
        assertEquals(3 + CompilerSettleProfiler.QUIET_POLLS, s.sleeps, "three polls while they ran, then three quiet ones");
        // the benchmark's own compilation inside the window: 5 ms more
        s.reads.add(Map.of(7, 45_000_000L));
        Map<String, Double> r = after(p);
        assertEquals(5.0, r.get(CompilerSettleProfiler.WINDOW), 1e-9);
        assertEquals((3 + CompilerSettleProfiler.QUIET_POLLS) * CompilerSettleProfiler.POLL_MS, r.get(CompilerSettleProfiler.SETTLE), 1e-9);
        assertEquals(0.0, r.get(CompilerSettleProfiler.CAPPED));
    }

    @Test
    void theCompilersAreConfinedWhileTheySettleAndSetBackBeforeTheWindow() throws ProfilerException {
        Script s = new Script();
        s.reads.addAll(List.of(Map.of(7, 1L, 9, 5L), Map.of(7, 2L, 9, 5L)));
        CompilerSettleProfiler p = s.profiler();
        p.beforeIteration(WARMED, MEASURED);
        assertEquals("confine [7, 9]", s.events.get(0));
        assertEquals("back", s.events.get(s.events.size() - 1), "masks set back after the last poll: " + s.events);
    }

    @Test
    void theMasksAreSetBackWhenAReadFails() throws ProfilerException {
        List<String> events = new java.util.ArrayList<>();
        CompilerSettleProfiler p = new CompilerSettleProfiler("", () -> Map.of(7, 1L), () -> {
            throw new java.io.UncheckedIOException(new java.io.IOException("schedstat unreadable"));
        }, () -> 0L, ms -> { }, tids -> {
            events.add("confine");
            return () -> events.add("back");
        });
        assertThrows(java.io.UncheckedIOException.class, () -> p.beforeIteration(WARMED, MEASURED));
        assertEquals(List.of("confine", "back"), events);
    }

    @Test
    void aNewCompilerThreadIsWorkNotQuiet() throws ProfilerException {
        Script s = new Script();
        s.reads.addAll(List.of(Map.of(7, 1L), Map.of(7, 1L), Map.of(7, 1L, 8, 0L)));
        CompilerSettleProfiler p = s.profiler();
        p.beforeIteration(WARMED, MEASURED);
        assertEquals(2 + CompilerSettleProfiler.QUIET_POLLS, s.sleeps, "the quiet count starts again when a thread appears");
    }

    @Test
    void stopsWaitingAtTheCapAndSaysSo() throws ProfilerException {
        Script s = new Script();
        for (long i = 1; i <= 1_000; i++) {
            s.reads.add(Map.of(7, i * 1_000_000L));
        }
        CompilerSettleProfiler p = s.profiler();
        p.beforeIteration(WARMED, MEASURED);
        Map<String, Double> r = after(p);
        assertEquals(CompilerSettleProfiler.CAP_MS, r.get(CompilerSettleProfiler.SETTLE), 1e-9);
        assertEquals(1.0, r.get(CompilerSettleProfiler.CAPPED));
        assertTrue(r.get(CompilerSettleProfiler.WINDOW) >= 0);
    }

    @Test
    void aCompilerThreadThatEndedDoesNotMakeTheWindowNegative() throws ProfilerException {
        Script s = new Script();
        s.reads.add(Map.of(7, 50_000_000L, 8, 10_000_000L));
        CompilerSettleProfiler p = s.profiler();
        p.beforeIteration(WARMED, MEASURED);
        s.reads.add(Map.of(7, 50_000_000L));
        assertEquals(0.0, after(p).get(CompilerSettleProfiler.WINDOW));
    }

    @Test
    void aWarmupIterationIsNotWaitedForNorReported() throws ProfilerException {
        Script s = new Script();
        s.reads.addAll(List.of(Map.of(7, 1L), Map.of(7, 2L), Map.of(7, 3L)));
        CompilerSettleProfiler p = s.profiler();
        p.beforeIteration(WARMED, WARMUP);
        assertEquals(0, s.sleeps);
        assertTrue(p.afterIteration(null, WARMUP, null).isEmpty());
    }

    @Test
    void aTrialWithoutWarmupIsNotWaitedForNorReported() throws ProfilerException {
        Script s = new Script();
        s.reads.addAll(List.of(Map.of(7, 1L), Map.of(7, 2L), Map.of(7, 3L)));
        CompilerSettleProfiler p = s.profiler();
        p.beforeIteration(params(0), MEASURED);
        assertEquals(0, s.sleeps);
        assertTrue(p.afterIteration(params(0), MEASURED, null).isEmpty());
    }

    /** A trial's parameters with {@code warmups} warm-up iterations of 300 ms, three measured of 200 ms. */
    private static BenchmarkParams params(int warmups) {
        IterationParams warmup = new IterationParams(IterationType.WARMUP, warmups, TimeValue.milliseconds(300), 1);
        return new BenchmarkParams("b", "b_jmhTest", false, 1, new int[]{1}, List.of(), 1, 0, warmup, MEASURED,
                Mode.AverageTime, new WorkloadParams(), TimeUnit.NANOSECONDS, 1, "java", List.of(), Runtime.version().toString(),
                "vm", "vm", "1.37", TimeValue.minutes(1));
    }

    @Test
    void takesNoOptions() {
        ProfilerException e = assertThrows(ProfilerException.class, () -> new CompilerSettleProfiler("cap=5"));
        assertTrue(e.getMessage().contains("takes no options"), e.getMessage());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void findsThisJvmsCompilerThreadsByTheirKernelNames() {
        assertFalse(SchedStat.runNsOfSelfThreads(CompilerSettleProfiler.COMPILER_THREADS).isEmpty(),
                "HotSpot's C1 and C2 threads are named " + CompilerSettleProfiler.COMPILER_THREADS);
    }

    @Test
    void isTheLastProfilerOnEveryFork() {
        assertEquals(CompilerSettleProfiler.class, ForkOptions.PROFILERS.get(ForkOptions.PROFILERS.size() - 1));
    }
}
