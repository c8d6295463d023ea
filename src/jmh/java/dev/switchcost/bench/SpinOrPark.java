package dev.switchcost.bench;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.workload.ReplyDelay;
import dev.switchcost.measure.workload.Turn;
import dev.switchcost.measure.workload.WaitStrategy;
import org.openjdk.jmh.annotations.*;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> Should a waiting thread spin, yield or park, and for how long, when its partner answers
 * after a reply time D? Which costs less here, in latency and in CPU burned: parking at once, spinning,
 * spinning for a budget B and then parking, or the strategies Agrona and the LMAX Disruptor ship?
 *
 * <p><b>Method.</b> One op = one handoff round trip: the JMH thread (side A, the waiter) passes the turn to a
 * partner platform thread (side B), B does its reply work for D ({@code replyNs}: busy work polled against
 * {@code System.nanoTime()}, the same as the C twin's CLOCK_MONOTONIC loop; {@code exp:MEAN} draws D from an
 * exponential table with a fixed seed, {@code bimodal:PCT:NS} answers PCT % of the turns after NS and the rest at
 * once, see {@link ReplyDelay}) and passes the turn back, and A's wait ends.
 * <b>Both sides wait with the same {@code strategy}</b> ({@link WaitStrategy}: {@code PARK}, {@code SPIN},
 * {@code YIELD}, {@code SPIN_THEN_PARK}, {@code BACKOFF}, Agrona's {@code BackoffIdleStrategy},
 * {@code SleepingIdleStrategy}, {@code YieldingIdleStrategy} with their defaults, and the Disruptor 4
 * {@code Blocking}, {@code Sleeping}, {@code Yielding}, {@code BusySpin} wait strategies driven through a
 * {@code RingBuffer} per direction). {@code budgetNs} is the spin budget B of {@code SPIN_THEN_PARK}; every
 * other strategy ignores it (run them at {@code budgetNs=0}). {@code placement}: {@code SAME_CPU} (both
 * pinned to one CPU: a spinning waiter delays its own partner until the scheduler preempts it, and that
 * shows), {@code CROSS_CPU}, {@code SMT_SIBLING} (where the machine has SMT) or {@code UNPINNED}. The pair is guarded by a watchdog thread (not per op) that cancels a stuck
 * turn, so no strategy hangs, SPIN on one CPU included.
 *
 * <p><b>Latency: {@code Mode.SampleTime}</b>, so one row holds the mean and the percentiles (p99) of single
 * round trips. JMH reads the clock around sampled ops only (it samples a fraction of ops and batches short
 * ones), a few tens of ns against round trips of microseconds; {@code avgt} would give the mean alone and a
 * p99 would then need a clock read per op of our own. <b>CPU</b>: both threads' {@code schedstat} run time
 * over each iteration, read before its first op and after its last, per op ({@code cpu.pair}, from
 * {@code PairedWalkProfiler}); <b>switches</b>: {@code ctxsw.total.norm} ({@code ContextSwitchProfiler});
 * disturbed iterations are marked by {@code InterferenceProfiler}.
 *
 * <p><b>Expected.</b> Across CPUs, for D well under a park/unpark round trip, spinning (and
 * SPIN_THEN_PARK with B ≥ D) answers fastest with ≈ 0 switches, and burns CPU ≈ 2 × latency; PARK burns
 * less while it waits but pays a wake-up per handoff. As D grows past B the spin is wasted, and the budget
 * that minimises latency + CPU should sit near the block cost (Karlin et al.'s 2-competitive rule, derived as
 * {@code SpinBudget}). A fixed D has its optimum at an end (B = 0, or any B ≥ D, which is spinning), and an
 * exponential D is memoryless, so a budget between the ends wins clearly only when replies come in two kinds:
 * the bimodal mix, where a short spin catches the quick replies and parking saves the slow ones. On one CPU spinning only delays the partner: SPIN pays a scheduler tick per handoff.
 * A hypothesis; the run's figures are the answer ({@code docs/spin-or-park.md}).
 *
 * <p><b>Run.</b> {@code scripts/studies/measure-spin.sh} (the restricted sweep, three forks per cell; {@code --resolve}: two CPUs,
 * ten forks, D = 0 and the bimodal mix), or by hand
 * {@code scripts/switchcost run --full 'SpinOrPark\.handoff$' -p strategy=PARK,SPIN -p budgetNs=0 -p replyNs=0,10000}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class SpinOrPark {

    @State(Scope.Thread)
    public static class Pair extends PlacedPair {
        @Param
        public WaitStrategy strategy;

        /** SPIN_THEN_PARK's spin budget B, ns; the other strategies ignore it. */
        @Param({"0", "1000", "2000", "5000", "10000", "20000", "50000"})
        public long budgetNs;

        /** The partner's reply delay D: ns, exp:MEAN or bimodal:PCT:NS ({@link ReplyDelay}). */
        @Param({"0", "2000", "10000", "50000", "200000", "exp:20000", "bimodal:5:500000"})
        public String replyNs;

        /** Every placement, as every placed class declares them (unavailable ones are narrowed away before JMH runs). */
        @Param
        public Placement placement;

        ReplyDelay reply;

        @Override
        protected Placement where() {
            return placement;
        }

        @Override
        protected Turn newTurn() {
            reply = ReplyDelay.parse(replyNs);
            return strategy.newTurn(budgetNs);
        }

        @Override
        protected Runnable partnerWork() {
            return reply;
        }

        @Override
        protected boolean reportsPairCpu() {
            return true;
        }

        @Override
        protected String describe() {
            return "both sides wait with " + strategy + (strategy == WaitStrategy.SPIN_THEN_PARK ? " (budget " + budgetNs + " ns)" : "")
                    + ", partner replies after " + replyNs + " ns of busy work (mean " + Math.round(reply.meanNs()) + " ns)"
                    + "; one op = one round trip";
        }
    }

    @Benchmark
    public void handoff(Pair p) {
        p.roundTrip();
    }
}
