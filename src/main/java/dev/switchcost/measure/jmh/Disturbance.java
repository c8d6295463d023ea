package dev.switchcost.measure.jmh;

import dev.switchcost.measure.footprint.CpuLimit;
import dev.switchcost.measure.sample.CpuTicks;
import dev.switchcost.measure.sample.Interference;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.openjdk.jmh.results.Result;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/**
 * The one rule that calls a trial disturbed: its measured CPUs were taken by others. A disturbed
 * trial is treated like a failed one (left out of every figure, the run exits 1) unless the user keeps
 * it with {@code run --allow-disturbed}.
 *
 * <p><b>The threshold.</b> A trial is disturbed when, on the CPUs its threads ran on, tasks outside its
 * JVM took more than {@value #MAX_OTHERS_PERCENT}% of the time on average over the measured iterations
 * ({@code interference.others}, see {@link InterferenceProfiler}), or the hypervisor stole more than
 * {@value #MAX_STEAL_PERCENT}% ({@code interference.steal}). Why 5: a busy loop pinned to the measured
 * CPU takes about half of it (the scheduler shares the CPU fairly), far above; a quiet machine leaves
 * well under 1% (kernel threads, interrupts, the tick quantisation of {@code /proc/stat} averaging
 * out over the iterations); 5% is where a CPU-time thief starts to change a µs handoff by more than the
 * run-to-run noise of the figure. The mean over iterations rather than the worst one: one
 * iteration's share is known only to ±1 tick (10 ms, 3% of a 300 ms iteration on one CPU), so a
 * per-iteration rule at 5% would raise false alarms; the worst iteration is still reported
 * ({@code interference.others.max}).
 *
 * <p><b>Sure beyond the tick.</b> {@code /proc/stat} charges a whole 10 ms tick to whatever runs on the
 * CPU when the tick fires, so a share is a count of ticks: k of the window's n. A short window cannot
 * tell 5% from 0 (a 400 ms {@code compare} cell on one CPU has n = 40; one stray tick reads 2.5%, two
 * of a JIT burst or a kernel thread 5%), and on a quiet machine such readings crossed the limit in most
 * {@code compare} cells and now and then in a 20-iteration trial. So where the window is known
 * ({@value #TICKS}, summed over iterations) a share counts as over the limit only when the limit is
 * below the one-sided {@value #CONFIDENCE_PERCENT}% lower bound of k/n (Clopper–Pearson): a pinned busy
 * loop (k/n ≈ 0.5) is far beyond it in any window, a stray tick never. Without the window (results
 * written before it was recorded) the plain share is compared with the limit.
 *
 * <p><b>Inconclusive, never silently passed.</b> A share over the limit whose lower bound is not (two ticks or
 * more of it: a 9 % niced neighbour over a 110-tick trial) is {@link Reading#inconclusive}: flagged like
 * a disturbed trial, with words that say the window was too short. Readings written before their unattributed
 * time was measured keep the rule they were made under.
 *
 * <p><b>Processes counted to the ns.</b> The tick rule cannot see a neighbour that takes a few percent: a quiet trial's
 * own tick sampling leaves 4–7 % of "others" no task accounts for, as large as a bursty neighbour's share. So the
 * processes outside the run are also counted by their own run time ({@value #NAMED}: each thread's {@code schedstat},
 * no sample), and a trial is disturbed when they took more than {@value #MAX_NAMED_PERCENT}% of the measured CPUs.
 * Interrupts are not in that count, nor judged at all then (a cross-CPU handoff raises its own: they are named); time no
 * thread accounts for stays under the tick rule. The limit and its A/A check (quiet trials of every family, and
 * neighbours from a pinned busy loop down to a 5 %-duty burst) are in docs/observability.md.
 *
 * <p><b>Throttled by a CPU quota.</b> A cgroup with a CFS quota (v1 {@code cpu.cfs_quota_us}, v2 {@code cpu.max})
 * runs its tasks for so much CPU time per period and then stops every one of them until the next period begins: at
 * 50 % of one CPU, up to 50 ms of each 100 ms period. That stop lands on whatever handoff was in flight, as a wait of
 * milliseconds in a figure of microseconds, and it takes nothing from the measured CPUs (they sit idle), so neither
 * others nor steal sees it for what it is (a SAME_CPU futex trial in a cgroup at 50 % of one CPU, throttled in 6 of its 7
 * measured periods, read 17,110 ns per switch against 3,483 outside it: 2026-11-28, docs/observability.md). So the
 * fork reads the throttling counters of its cgroup and of every one above it that sets a quota ({@link CpuLimit}) at
 * each measured iteration's edges ({@value #THROTTLED}, {@value #QUOTA_PERIODS}, {@value #THROTTLED_MS}, summed;
 * {@value #QUOTA_CGROUP}{@code <cgroup>} names the quota), and a trial throttled in more than
 * {@value #MAX_THROTTLED_PERIODS} periods is disturbed. Why no allowance: the
 * count is the kernel's ({@code nr_throttled}), not a sample, so a trial that was never stopped reads exactly 0 and
 * no stray count needs forgiving; and even one throttled period stops the benchmark's threads for the rest of that
 * period, a pause that is no part of a switch's cost and cannot be taken out of the mean afterwards. A cgroup
 * without a quota, or with one the run never reaches, has nothing to count and is never called throttled.
 *
 * <p>The same rule judges every repetition of every {@code compare} cell: a JVM cell by its fork's results,
 * a native C cell by {@link #reading(Interference.Figures, CpuLimit.Throttling)} of the program's run
 * ({@link Interference#ofProgram}, and the throttling of this JVM's cgroup, which the program inherits, around it).
 * The rule gives values ({@link Reading}); the words for them are made in {@code render}.
 */
public final class Disturbance {

    public static final String OTHERS = "interference.others";
    public static final String STEAL = "interference.steal";
    /** Interrupts (irq + softirq) on the measured CPUs, percent: inside others, charged to no task. */
    public static final String IRQ = "interference.irq";
    /** The part of others no process and no interrupt accounts for, percent. */
    public static final String UNATTRIBUTED = "interference.unattributed";
    /** Processes outside the run, by their own run time ({@code schedstat}, ns: not a tick sample), percent. */
    public static final String NAMED = "interference.named";
    static final String INTRUDER = "interference.intruder.";
    public static final double MAX_OTHERS_PERCENT = 5;
    /** The limit for {@link #NAMED}: processes seen taking the measured CPUs, counted to the ns. */
    public static final double MAX_NAMED_PERCENT = 2;
    public static final double MAX_STEAL_PERCENT = 5;
    /** The measured CPUs' time of a trial in {@code /proc/stat} ticks, summed over its iterations. */
    public static final String TICKS = "interference.ticks";
    /** Confidence of the lower bound a share must clear, percent (one-sided). */
    public static final double CONFIDENCE_PERCENT = 99.9;
    /** Fewer ticks over the limit than this are a stray tick, not a share to judge. */
    static final long MIN_UNDECIDED_TICKS = 2;
    /** Periods in which a CPU quota throttled the fork's cgroup, summed over the measured iterations. */
    public static final String THROTTLED = "interference.quota.throttled";
    /** The quota's periods that elapsed with the cgroup's tasks running, summed. */
    public static final String QUOTA_PERIODS = "interference.quota.periods";
    /** How long the quota stopped the cgroup's tasks, ms, summed. */
    public static final String THROTTLED_MS = "interference.quota.throttled.ms";
    /** The prefix of the label naming the quota's cgroup; its score is the quota in percent of one CPU. */
    public static final String QUOTA_CGROUP = "interference.quota.cgroup.";
    /** More throttled periods than this disturb a trial: none is allowed (see the class comment). */
    public static final long MAX_THROTTLED_PERIODS = 0;

    private Disturbance() {
    }

    /**
     * The result label that names an intruder: {@code interference.intruder.<pid>.<comm>}, the comm made safe
     * for a label ({@code ksoftirqd/0} and {@code kworker/0:1H} stay as the kernel names them).
     */
    static String intruderLabel(long pid, String comm) {
        return INTRUDER + pid + "." + comm.replaceAll("[^A-Za-z0-9_.:+/-]", "_");
    }

    /**
     * What the rule read: others' and the hypervisor's shares of the measured CPUs' time, and the largest
     * intruder. Words for it are made in {@code render}.
     *
     * @param othersPercent tasks outside the benchmark, percent of the measured CPUs' time (NaN when not measured)
     * @param stealPercent  stolen by the hypervisor, percent (NaN when not measured)
     * @param intruder      the largest process outside the benchmark on those CPUs, or null when none was seen
     * @param ticks         the window the shares are of, in {@code /proc/stat} ticks (0 when not known)
     * @param irqPercent    interrupts (irq + softirq), percent, inside others (null when not measured)
     * @param unattributedPercent the part of others that no process and no interrupt accounts for (null when not
     *                      measured: a reading written before the rule existed)
     * @param namedPercent  the processes outside the run by their own run time ({@code schedstat}, ns), percent (null
     *                      when not measured: a reading written before it was)
     * @param throttling    what a CPU quota of the run's cgroup did over the window (null when no cgroup up to the
     *                      hierarchy's root sets a quota, or a reading written before it was measured)
     */
    public record Reading(double othersPercent, double stealPercent, Intruder intruder, double ticks, Double irqPercent,
                          Double unattributedPercent, Double namedPercent, Throttling throttling) {

        /** A reading without a CPU quota (or from before quotas were read). */
        public Reading(double othersPercent, double stealPercent, Intruder intruder, double ticks, Double irqPercent,
                       Double unattributedPercent, Double namedPercent) {
            this(othersPercent, stealPercent, intruder, ticks, irqPercent, unattributedPercent, namedPercent, null);
        }

        /** A CPU quota stopped the run's threads in more than {@link #MAX_THROTTLED_PERIODS} periods. */
        public boolean throttled() {
            return throttling != null && throttling.throttled() > MAX_THROTTLED_PERIODS;
        }

        /**
         * Others took more than {@link #MAX_OTHERS_PERCENT}, beyond the tick count's own uncertainty. Where processes are
         * counted to the ns ({@link #namedPercent}), the interrupts are left out of that share: a cross-CPU handoff raises
         * its own (the C twin of a two-CPU handoff, 2026-11-26: 5–8 % of its CPUs' time in interrupts, and a long enough
         * window would put that beyond the bound); they are named, not judged.
         */
        public boolean othersCrossed() {
            double judged = namedPercent != null && irqPercent != null ? othersPercent - irqPercent : othersPercent;
            return beyond(judged, MAX_OTHERS_PERCENT, ticks);
        }

        /** The hypervisor stole more than {@link #MAX_STEAL_PERCENT}, beyond the tick count's own uncertainty. */
        public boolean stealCrossed() {
            return beyond(stealPercent, MAX_STEAL_PERCENT, ticks);
        }

        /**
         * Neither crossed, but a share is over its limit and the window is too short to tell whether it truly is:
         * a 9 % niced neighbour over 110 ticks is {@link #undecided}, not quiet. Only for readings that
         * tell their unattributed time apart (measured since the run's own forks, children and ended threads are
         * the run's): older ones counted those as others, and are judged by the rule they were measured under. Only time
         * that tasks were seen taking makes a window undecided: unattributed time is named, and counts once beyond the
         * bound, but a few stray ticks of it must not fail a quiet 40-tick compare cell (2026-11-25: 6 % of 41 ticks).
         */
        public boolean inconclusive() {
            if (unattributedPercent == null || othersCrossed() || stealCrossed() || namedCrossed() || throttled()) {
                return false;
            }
            // processes counted to the ns leave nothing to decide; before they were, their ticks did
            return undecided(stealPercent, MAX_STEAL_PERCENT, ticks)
                    || namedPercent == null && undecided(othersPercent - unattributedPercent, MAX_OTHERS_PERCENT, ticks);
        }

        /**
         * Processes outside the run took more than {@link #MAX_NAMED_PERCENT} of the measured CPUs by their own run time:
         * no tick sample, so no bound to clear (a bursty neighbour took 4.6 % beside a ping-pong, below the
         * tick rule's 5 % and its bound, and passed).
         */
        public boolean namedCrossed() {
            return namedPercent != null && namedPercent > MAX_NAMED_PERCENT;
        }

        /**
         * The rule: a limit crossed, a CPU quota throttled the run ({@link #throttled}), or the window too short to judge
         * a share over a limit ({@link #inconclusive}).
         */
        public boolean disturbed() {
            return othersCrossed() || stealCrossed() || namedCrossed() || throttled() || inconclusive();
        }
    }

    /**
     * What a CPU quota of the run's cgroup did over the measured window ({@link CpuLimit}).
     *
     * @param throttled    periods in which the quota ran out and the cgroup's tasks were stopped
     * @param periods      the quota's periods that elapsed with its tasks running
     * @param throttledMs  how long they were stopped, ms
     * @param quotaPercent the quota, percent of one CPU (50 for 50000 µs per 100000 µs; NaN when not known)
     * @param cgroup       the cgroup that sets it, its path in the hierarchy (null when not known)
     */
    public record Throttling(double throttled, double periods, double throttledMs, double quotaPercent, String cgroup) {

        /** The rule's view of a reading of {@link CpuLimit#between}. */
        public static Throttling of(CpuLimit.Throttling t) {
            return new Throttling(t.throttled(), t.periods(), t.throttledNs() / 1e6, 100 * t.quota().cpus(), t.quota().cgroup());
        }
    }

    /**
     * The largest process outside the benchmark on the measured CPUs.
     *
     * @param percent        its share of the measured CPUs' time
     * @param worstIteration whether {@code percent} is its worst JMH iteration's share (else the whole run's)
     */
    public record Intruder(long pid, String comm, double percent, boolean worstIteration) {
    }

    /**
     * The reading of a trial's secondary results (JMH's, aggregated over iterations and forks), or empty
     * when it was not measured (no {@code interference.*} results).
     */
    public static Optional<Reading> reading(Map<String, ? extends Result> secondary) {
        if (!secondary.containsKey(OTHERS) && !secondary.containsKey(STEAL)) {
            return Optional.empty();
        }
        double ticks = score(secondary, TICKS);
        return Optional.of(new Reading(score(secondary, OTHERS), score(secondary, STEAL), largestIntruder(secondary),
                Double.isNaN(ticks) ? 0 : ticks, known(score(secondary, IRQ)), known(score(secondary, UNATTRIBUTED)),
                known(score(secondary, NAMED)), throttling(secondary)));
    }

    /** The quota's throttling in a trial's results, or null when none was read (no quota, or results from before). */
    static Throttling throttling(Map<String, ? extends Result> secondary) {
        if (!secondary.containsKey(THROTTLED)) {
            return null;
        }
        // the tightest quota named, should iterations have named more than one
        Map.Entry<String, ? extends Result> quota = secondary.entrySet().stream().filter(e -> e.getKey().startsWith(QUOTA_CGROUP))
                .min(Comparator.comparingDouble(e -> e.getValue().getScore())).orElse(null);
        return new Throttling(score(secondary, THROTTLED), score(secondary, QUOTA_PERIODS), score(secondary, THROTTLED_MS),
                quota == null ? Double.NaN : quota.getValue().getScore(),
                quota == null ? null : quota.getKey().substring(QUOTA_CGROUP.length()));
    }

    /**
     * Whether a share of {@code percent} of a window of {@code ticks} is over {@code limitPercent} with
     * {@value #CONFIDENCE_PERCENT}% confidence: the one-sided Clopper–Pearson lower bound of k/n, with
     * n = ticks and k = the share's ticks, is above the limit. {@code ticks} below 1: the plain comparison.
     */
    static boolean beyond(double percent, double limitPercent, double ticks) {
        if (!(percent > limitPercent)) {
            return false;
        }
        if (!(ticks >= 1)) {
            return true;
        }
        long n = Math.round(ticks);
        long k = Math.min(n, Math.round(percent / 100 * ticks));
        if (k == 0) {
            return false;
        }
        double lower = new BetaDistribution(k, n - k + 1).inverseCumulativeProbability(1 - CONFIDENCE_PERCENT / 100);
        return 100 * lower > limitPercent;
    }

    /**
     * Whether a share over {@code limitPercent} is still within its window's uncertainty:
     * {@value #MIN_UNDECIDED_TICKS} ticks or more of it were seen (one stray tick of a 10 ms timer lands on any task, and
     * is never evidence), the window is known, and {@link #beyond} could not decide. Such a trial is not
     * passed: it is marked inconclusive (run longer iterations to judge it).
     */
    static boolean undecided(double percent, double limitPercent, double ticks) {
        return percent > limitPercent && ticks >= 1 && Math.round(percent / 100 * ticks) >= MIN_UNDECIDED_TICKS
                && !beyond(percent, limitPercent, ticks);
    }

    /** The reading of one measured run's figures ({@link Interference#between}), without a quota's throttling. */
    public static Reading reading(Interference.Figures f) {
        return reading(f, null);
    }

    /**
     * The reading of one measured run's figures, e.g. a native program's, and what a CPU quota did meanwhile.
     *
     * @param throttling the run's cgroup's throttling over the same window ({@link CpuLimit#between}); null when no
     *                   quota was found or it could not be read
     */
    public static Reading reading(Interference.Figures f, CpuLimit.Throttling throttling) {
        Intruder i = f.intruder().filter(x -> f.intruderPercent() >= InterferenceProfiler.INTRUDER_MIN_PERCENT)
                .map(x -> new Intruder(x.pid(), x.comm(), f.intruderPercent(), false)).orElse(null);
        return new Reading(f.othersPercent(), f.percent(f.stealNs()), i, (double) f.timeNs() / CpuTicks.NS_PER_TICK,
                f.percent(f.irqNs()), f.percent(f.unattributedNs()), f.namedPercent(),
                throttling == null ? null : Throttling.of(throttling));
    }

    /** The result label that names the cgroup setting a quota, made safe for a label as {@link #intruderLabel} is. */
    static String quotaLabel(String cgroup) {
        return QUOTA_CGROUP + cgroup.replaceAll("[^A-Za-z0-9_.:+/-]", "_");
    }

    /** The reading of a disturbed trial, or empty when it is not (or was not measured). */
    public static Optional<Reading> of(Map<String, ? extends Result> secondary) {
        return reading(secondary).filter(Reading::disturbed);
    }

    /** The largest intruder named in the results' labels (its worst iteration's share); null without one. */
    static Intruder largestIntruder(Map<String, ? extends Result> secondary) {
        // the first of equal shares, as max keeps it
        return secondary.entrySet().stream().filter(e -> e.getKey().startsWith(INTRUDER))
                .max(Comparator.comparingDouble(e -> e.getValue().getScore())).map(e -> {
                    String rest = e.getKey().substring(INTRUDER.length());
                    int dot = rest.indexOf('.');
                    return new Intruder(Long.parseLong(rest.substring(0, dot)), rest.substring(dot + 1), e.getValue().getScore(), true);
                }).orElse(null);
    }

    private static Double known(double percent) {
        return Double.isNaN(percent) ? null : percent;
    }

    private static double score(Map<String, ? extends Result> secondary, String label) {
        Result r = secondary.get(label);
        return r == null ? Double.NaN : r.getScore();
    }
}
