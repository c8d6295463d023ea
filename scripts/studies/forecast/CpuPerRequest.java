package dev.switchcost.derive;

import dev.switchcost.measure.sample.LoadSummary;
import dev.switchcost.results.Estimate;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * A server's CPU time per request on platform threads against virtual threads: the measured windows of
 * {@code scripts/studies/measure-forecast.sh}, at a fixed request rate, platform and virtual interleaved (ABBA). A
 * window's figure is the server process's own CPU time over it (its cgroup's, in ns: every thread, the ended ones too,
 * and nothing of the load generator's; windows of 2026-11-25 read {@code utime + stime} of {@code /proc/PID/stat} in
 * 10 ms ticks) over the requests it answered in that window. The change platform → virtual pairs the k-th platform
 * window with the k-th virtual one, adjacent in ABBA order, so that a drift of the machine cancels, and takes the
 * between-pair interval of {@link Estimate#ofSamples}.
 */
public final class CpuPerRequest {

    /** The rate a run must hold, as a share of the target: below it the load was not the fixed rate asked for. */
    public static final double RATE_TOLERANCE = 0.02;

    private CpuPerRequest() {
    }

    /** The server's request threads: platform threads or virtual threads. */
    public enum Pool {
        PLATFORM, VIRTUAL;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** @throws IllegalArgumentException for anything but platform or virtual */
        public static Pool of(String label) {
            return Arrays.stream(values()).filter(p -> p.label().equals(label)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("pool must be platform or virtual, not \"" + label + "\""));
        }
    }

    /**
     * One measured window.
     *
     * @param index       its place in the interleaved order, from 1
     * @param pool        the server's request threads
     * @param targetRate  the fixed rate asked of the load generator, requests per second
     * @param load        what the load generator reported
     * @param cpuNs       the server's CPU time over the window, ns
     * @param voluntary   voluntary switches of the server's threads over the window: the threads alive at its end, one
     *                    born in it counted from 0; a thread that ended in it took its switches with it (the
     *                    {@code .proc} file's {@code threads_ended} says how many did; before that key was written, the
     *                    window's live threads were summed at each end, and a pool that shrank read low or negative)
     * @param involuntary involuntary switches, the same way
     * @param carriers    the server's ForkJoinPool carrier threads at the end of the window
     * @param jitNs       the part of {@code cpuNs} the JIT compiler threads took (a warm-up too short shows here);
     *                    -1 when not read
     */
    public record Run(int index, Pool pool, double targetRate, LoadSummary load, long cpuNs, long voluntary, long involuntary,
                      int carriers, long jitNs) {

        /** A window whose JIT compiler time was not read. */
        public Run(int index, Pool pool, double targetRate, LoadSummary load, long cpuNs, long voluntary, long involuntary,
                   int carriers) {
            this(index, pool, targetRate, load, cpuNs, voluntary, involuntary, carriers, -1);
        }

        /** The JIT compiler threads' share of the server's CPU time in the window; NaN when not read. */
        public double jitShare() {
            return jitNs < 0 || cpuNs <= 0 ? Double.NaN : (double) jitNs / cpuNs;
        }

        public double nsPerRequest() {
            return load.ok() == 0 ? Double.NaN : (double) cpuNs() / load.ok();
        }

        /**
         * CPU per request without the JIT compiler threads' time: what the forecast models (handoffs) is in the rest; a
         * fresh server still compiling in the window adds tens of percent that vary run to run. NaN when not read.
         */
        public double nsPerRequestWithoutJit() {
            return jitNs < 0 || load.ok() == 0 ? Double.NaN : (double) (cpuNs - jitNs) / load.ok();
        }

        public double switchesPerRequest() {
            return load.ok() == 0 ? Double.NaN : (double) (voluntary + involuntary) / load.ok();
        }

        /** The server's CPU time over the window's wall time: 1.0 is one CPU busy. */
        public double cpuShare() {
            return cpuNs() / (load.seconds() * 1e9);
        }

        /** Why this run is no measurement ({@code ForecastCheckReport} words it), or {@code null} when it is one. */
        public Problem problem() {
            return load.started() == 0 ? Problem.NO_LOAD
                    : !load.clean() ? Problem.NOT_EVERY_2XX
                    : !load.held(targetRate, RATE_TOLERANCE) ? Problem.RATE_NOT_HELD
                    : cpuNs <= 0 ? Problem.NO_CPU_TIME
                    : pool == Pool.VIRTUAL && carriers == 0 ? Problem.NO_CARRIER
                    : pool == Pool.PLATFORM && carriers > 0 ? Problem.CARRIERS_ON_PLATFORM
                    : null;
        }
    }

    /** Why a run is no measurement of the fixed load on the pool it names. */
    public enum Problem {
        /** The load generator finished no run. */
        NO_LOAD,
        /** Not every request answered with a 2xx. */
        NOT_EVERY_2XX,
        /** The fixed rate was not held within {@link #RATE_TOLERANCE}. */
        RATE_NOT_HELD,
        /** No CPU time was read for the server. */
        NO_CPU_TIME,
        /** The virtual pool ran without a carrier: not on virtual threads. */
        NO_CARRIER,
        /** The platform pool ran with virtual-thread carriers. */
        CARRIERS_ON_PLATFORM
    }

    /**
     * What the runs measured, derived once for the forecast check: each pool's CPU per request, the change platform →
     * virtual, and the same without the JIT compiler threads' CPU time where every run counted it, each change judged
     * against the forecast's interval.
     *
     * @param changeVerdict          the change against the forecast's interval; null without a forecast or a judgeable change
     * @param platformWithoutJit     null (and the other two without the JIT) unless every window counted the JIT's time
     * @param changeWithoutJitVerdict as {@code changeVerdict}, of the change without the JIT
     */
    public record Measured(Estimate platform, Estimate virtual, Estimate change, Verdict changeVerdict,
                           Estimate platformWithoutJit, Estimate virtualWithoutJit, Estimate changeWithoutJit,
                           Verdict changeWithoutJitVerdict) {
    }

    /**
     * The runs' figures and verdicts.
     *
     * @param lower the forecast's interval, ns per request; NaN without a forecast
     */
    public static Measured measure(List<Run> runs, double lower, double upper) {
        Estimate change = change(runs);
        boolean jit = runs.stream().allMatch(r -> r.jitNs() >= 0);
        Estimate changeWithoutJit = jit ? change(runs, Run::nsPerRequestWithoutJit) : null;
        return new Measured(of(runs, Pool.PLATFORM), of(runs, Pool.VIRTUAL), change, judged(change, lower, upper),
                jit ? of(runs, Pool.PLATFORM, Run::nsPerRequestWithoutJit) : null,
                jit ? of(runs, Pool.VIRTUAL, Run::nsPerRequestWithoutJit) : null, changeWithoutJit,
                changeWithoutJit == null ? null : judged(changeWithoutJit, lower, upper));
    }

    private static Verdict judged(Estimate change, double lower, double upper) {
        return Double.isNaN(lower) || Double.isNaN(upper) || !change.judgeable() ? null : judge(change, lower, upper);
    }

    /** CPU per request (ns) of one pool, between its runs; runs with a problem are left out. */
    public static Estimate of(List<Run> runs, Pool pool) {
        return of(runs, pool, Run::nsPerRequest);
    }

    /** A figure per request (ns) of one pool, between its runs; runs with a problem are left out. */
    public static Estimate of(List<Run> runs, Pool pool, ToDoubleFunction<Run> perRequest) {
        return Estimate.ofSamples(runs.stream().filter(r -> r.pool() == pool && r.problem() == null).mapToDouble(perRequest).toArray());
    }

    /**
     * The change platform → virtual in CPU per request (ns; negative: virtual threads spend less): the mean of the
     * differences of the pairs, the k-th platform run against the k-th virtual run, in run order; a pair with a
     * run that has a problem is left out.
     */
    public static Estimate change(List<Run> runs) {
        return change(runs, Run::nsPerRequest);
    }

    /** The change platform → virtual of a figure per request, as {@link #change(List)}. */
    public static Estimate change(List<Run> runs, ToDoubleFunction<Run> perRequest) {
        return Estimate.ofSamples(pairDifferences(runs, perRequest));
    }

    static double[] pairDifferences(List<Run> runs, ToDoubleFunction<Run> perRequest) {
        List<Run> platform = inOrder(runs, Pool.PLATFORM);
        List<Run> virtual = inOrder(runs, Pool.VIRTUAL);
        return IntStream.range(0, Math.min(platform.size(), virtual.size()))
                .filter(k -> platform.get(k).problem() == null && virtual.get(k).problem() == null)
                .mapToDouble(k -> perRequest.applyAsDouble(virtual.get(k)) - perRequest.applyAsDouble(platform.get(k)))
                .toArray();
    }

    private static List<Run> inOrder(List<Run> runs, Pool pool) {
        return runs.stream().filter(r -> r.pool() == pool).sorted((a, b) -> Integer.compare(a.index(), b.index())).toList();
    }

    /** Where a measured change stands against the forecast's interval. */
    public enum Standing {
        /** the measured change has no value */
        NO_VALUE,
        /** within the forecast's interval */
        INSIDE,
        /** outside it, and the measurement's error is unknown */
        OUTSIDE,
        /** outside it, and the measurement's own interval misses the forecast's too */
        MISS,
        /** outside it, but the measurement's own interval overlaps the forecast's */
        NOT_RESOLVED
    }

    /**
     * @param miss           how far outside the forecast's interval the measured change lies (ns per request; 0 unless outside)
     * @param below          whether it lies below the interval
     * @param pairsNeeded    ({@link Standing#NOT_RESOLVED}) how many times the pairs would bring the measurement's
     *                       half-width below the miss (the half-width shrinks as 1/√pairs)
     */
    public record Verdict(Standing standing, double miss, boolean below, double pairsNeeded) {
    }

    /** How a measured change stands against the forecast's interval [lower, upper] (ns per request). */
    public static Verdict judge(Estimate measured, double lower, double upper) {
        double m = measured.value();
        if (!Double.isFinite(m) || (m >= lower && m <= upper)) {
            return new Verdict(Double.isFinite(m) ? Standing.INSIDE : Standing.NO_VALUE, 0, false, 0);
        }
        double miss = m < lower ? lower - m : m - upper;
        if (!measured.errorKnown() || measured.lower() > upper || measured.upper() < lower) {
            return new Verdict(measured.errorKnown() ? Standing.MISS : Standing.OUTSIDE, miss, m < lower, 0);
        }
        double halfWidth = (measured.upper() - measured.lower()) / 2;
        return new Verdict(Standing.NOT_RESOLVED, miss, m < lower, Math.ceil(Math.pow(halfWidth / miss, 2)));
    }
}
