package dev.switchcost.results;

import dev.switchcost.launch.JdkPolicy;
import dev.switchcost.measure.machine.CacheSizes;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.List;
import java.util.Map;

/**
 * What {@code switchcost run --quick} runs, as data of the catalog: the benchmarks of the card's {@link Question}s, their
 * parameters and iterations, in four JMH runs (the means, the cache line, the price across CPUs, the sampled distribution) and the compare
 * cells beside them. {@code cli.RunCommand} turns it into JMH's options.
 */
public final class QuickSet {

    private QuickSet() {
    }

    /**
     * The --quick set: exactly what the answer card says. A futex handoff on one CPU and across two
     * (untimed waits, the JDK's FFM binding where it exists), virtual against platform threads through
     * LockSupport on one carrier, and the platform pair parked on one CPU (and across two) that the one-carrier
     * virtual pair is compared with like for like ({@code derive.Like}: two virtual threads on one carrier share
     * one CPU; the unpinned platform pair of the one-carrier class is no match for it), the syscall floor
     * (gettid); then the paired working-set round trip on one CPU in a run of its own ({@link #CACHE_INCLUDE},
     * the card's cache line: the whole cost through the caches, so no paired control is needed); then native C beside the JVM's futex handoff on one CPU
     * (switchcost compare's cells, {@link #COMPARE_JVM}).
     */
    public static final List<Question> MEANS = List.of(Question.FUTEX_ONE_CPU, Question.VIRTUAL_ONE_CPU,
            Question.PLATFORM_ONE_CPU_PARK, Question.SYSCALL_FLOOR);
    /**
     * The precision the quick run aims at, as a relative 99.9 % half-width: {@link #ONE_CPU_PRECISION} for a figure on
     * one CPU, {@link #ACROSS_PRECISION} for one whose threads wake each other across CPUs (its wake-up goes through the
     * host: forks differ more). After its {@link #FORKS} rounds the run adds forks to the trials short of it, within
     * {@link #BUDGET} for the whole run ({@code session.Precision}).
     */
    public static final double ONE_CPU_PRECISION = 0.05;
    public static final double ACROSS_PRECISION = 0.15;
    /** The whole quick run's budget, the C comparison included: three minutes after the build. */
    public static final java.time.Duration BUDGET = java.time.Duration.ofSeconds(170);

    /**
     * Whether a trial of {@code benchmark} with {@code params} runs on one CPU: its placement says so, or it has none and is
     * neither a platform pair of the virtual-thread classes (left to the scheduler) nor the two-carrier class.
     */
    public static boolean oneCpu(String benchmark, Map<String, String> params) {
        String placement = params.get(Param.PLACEMENT.key());
        if (placement != null) {
            return placement.equals(Question.ONE_CPU);
        }
        return !"PT_PT".equals(params.get(Param.PAIR.key())) && !benchmark.equals(Bench.VIRTUAL_TWO_CARRIERS.fullName());
    }

    /** JMH's include regex of {@link #MEANS}. */
    public static final String INCLUDE = include(MEANS);
    /**
     * The quick run's cache-line trials, in a JMH run of their own whose forks follow the mean rows' in each round, on
     * one CPU only (the card's line; across CPUs would add two trials nobody reads on the card): the paired working-set
     * round trip at {@link #workingSetKiB()} and at size 0 ({@link #PARAMS}).
     */
    public static final String CACHE_INCLUDE = include(List.of(Question.CACHE));
    public static final String CACHE_PLACEMENT = "SAME_CPU";
    /**
     * The quick run's price trial, in a JMH run of its own whose forks follow the cache line's in each round: the paired
     * working-set round trip at size 0 across two CPUs ({@link #PRICE_PARAMS}). With the cache line's size-0 row on one CPU it gives {@code sample}
     * and {@code forecast} both prices of a platform switch (the pair's CPU time per switch on one CPU and across two) right
     * after {@code run --quick}, with no other run. The card does not read it (its cache line stays on one CPU); it adds
     * one trial, about 10 s, to the quick run.
     */
    public static final Map<String, String> PRICE_PARAMS = Map.of(Param.PLACEMENT.key(), "CROSS_CPU",
            Param.WORKING_SET_KIB.key(), "0");
    /**
     * The quick set's parameters. The paired working-set row (the card's cache line) runs with private arrays,
     * stride 64 B, Li et al.'s walk and one size, {@link #workingSetKiB()}, and at size 0: the pair's CPU time
     * per switch there is the direct cost the card's whole cost through the caches is taken from
     * ({@code derive.IndirectCost.Paired#whole}). Placement is the futex handoff's, one CPU and across two; the cache
     * line's run replaces it with {@link #CACHE_PLACEMENT}. JMH ignores a parameter a benchmark does not declare,
     * so each run takes the ones its benchmarks have.
     */
    public static final Map<String, String> PARAMS = Map.of(
            Param.PLACEMENT.key(), "SAME_CPU,CROSS_CPU",
            Param.WAIT.key(), "UNTIMED",
            Param.BINDING.key(), Runtime.version().feature() >= JdkPolicy.FFM ? "FFM" : "JNA",
            Param.PAIR.key(), "VT_VT,PT_PT",
            Param.PRIMITIVE.key(), "LOCK_SUPPORT",
            Param.HANDOFF.key(), "FUTEX",
            Param.SHARING.key(), "PRIVATE",
            Param.STRIDE_BYTES.key(), "64",
            Param.WALK.key(), "LI",
            Param.WORKING_SET_KIB.key(), "0," + workingSetKiB());

    /** Used when this machine's caches cannot be read: half of a common 512 KiB L2. */
    public static final long WORKING_SET_FALLBACK_KIB = 256;

    /**
     * The quick run's working set per thread: half of L2 (two private arrays then fill it, so the switch
     * shows through the caches), at least L1d; {@link #WORKING_SET_FALLBACK_KIB} where sysfs says
     * nothing.
     */
    public static long workingSetKiB() {
        try {
            CacheSizes c = CacheSizes.current();
            long l2 = c.l2Bytes() > 0 ? c.l2Bytes() : c.llcBytes();
            return Math.max(c.l1dBytes(), l2 / 2) / 1024;
        } catch (RuntimeException e) {
            return WORKING_SET_FALLBACK_KIB;
        }
    }

    /**
     * compare's cells in --quick: plain C and the JVM's futex handoff on one CPU (the first of the JVM
     * columns this build and JDK have), interleaved. 8 repetitions: the 99.9% error of a mean of n
     * cells scales with t(n-1)/sqrt(n): 18 at n = 3, 1.9 at n = 8 (for 2.7 times the time).
     */
    public static final List<String> COMPARE_C = List.of("NATIVE_FUTEX");
    public static final List<String> COMPARE_JVM = Runtime.version().feature() >= JdkPolicy.FFM
            ? List.of("FFM_FUTEX", "JNA_FUTEX") : List.of("JNA_FUTEX");
    public static final int COMPARE_REPETITIONS = 8;
    /**
     * Forks per trial: each a round of its own ({@code measure.jmh.Rounds}), every trial once per round, so a trial's
     * forks are spread over the run and its error is built from the spread between them. More, shorter
     * forks rather than one long one: the variance lives between forks, not between a fork's iterations, and with k forks
     * the 99.9 % interval is t(k−1)/√k fork spreads wide: 18 at 3 forks, 3.9 at 5 (a 3-fork A/A run on 2026-11-25 read
     * 7,149 ± 20,558 ns across CPUs).
     */
    public static final int FORKS = 5;
    /**
     * Three warm-up iterations of 100 ms: the measured loops reach C2 within the first (the forks' flags,
     * {@code measure.jmh.ForkOptions#COMPILE_EARLY}), and the compilers settle before each measured iteration
     * ({@code CompilerSettleProfiler}). Without the early compile, 3 × 100 ms read a 9 µs round trip 3–5 % high and the
     * quick set warmed up for 3 × 300 ms; with it, two left the virtual pair about 10 % high (a recompile in the first
     * measured iteration). Three read the platform rows as a long warm-up does; the virtual pair, whose JDK scheduler
     * compiles later, drives itself for 1.2 s before its first iteration ({@code bench.HandoffTasks}) and then reads as a
     * long warm-up does too. A fork takes about 2.1 s instead of 2.9, the virtual pair's 3.3 s (docs/warm-up.md).
     */
    public static final int WARMUP_ITERATIONS = 3;
    public static final TimeValue WARMUP_TIME = TimeValue.milliseconds(100);
    /**
     * Two measured iterations of 300 ms rather than three of 200: the same time measured, one settle and one pair of
     * profiler readings fewer (about 0.25 s a fork); two still split a fork's variance from the forks' (the design rule).
     */
    public static final int ITERATIONS = 2;
    public static final TimeValue ITERATION_TIME = TimeValue.milliseconds(300);
    public static final String SUMMARY = "5 forks a round apart, each 3 x 100 ms warmup and 2 x 300 ms measurement, more where a"
            + " figure is short of its precision";

    /**
     * The quick run's distribution trials: the card's handoffs again in JMH's sample mode ({@code -bm sample}, a
     * {@code System.nanoTime} pair around each sampled invocation), in a JMH run of their own (its forks last in the first
     * two rounds), so that no clock is read in an average-time row. {@link Question#TIMER} (an empty op) sampled the
     * same way is the timer's own cost per sampled value, a row of its own. Shorter than the mean rows: the
     * percentiles need samples (tens of thousands from each fork's 2 × 300 ms), not iterations.
     */
    public static final List<Question> DISTRIBUTION = List.of(Question.FUTEX_ONE_CPU, Question.VIRTUAL_ONE_CPU, Question.TIMER);
    /** JMH's include regex of {@link #DISTRIBUTION}. */
    public static final String DISTRIBUTION_INCLUDE = include(DISTRIBUTION);
    /** Forks of the distribution trials: two, a round apart (their percentiles need samples more than forks). */
    public static final int DISTRIBUTION_FORKS = 2;
    public static final int DISTRIBUTION_WARMUP_ITERATIONS = WARMUP_ITERATIONS;
    public static final int DISTRIBUTION_ITERATIONS = ITERATIONS;

    /** JMH's include regex of the benchmarks that answer {@code questions}. */
    static String include(List<Question> questions) {
        return Bench.include(questions.stream().map(Question::runs).distinct().toArray(Bench[]::new));
    }
}
