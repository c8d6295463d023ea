package dev.switchcost.bench;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.jmh.PairedWalkProfiler;
import dev.switchcost.measure.linux.Binding;
import dev.switchcost.measure.linux.Syscalls;
import dev.switchcost.measure.machine.CacheSizes;
import dev.switchcost.measure.workload.FutexTurn;
import dev.switchcost.measure.workload.PairedWalk;
import dev.switchcost.measure.workload.ThreadKind;
import dev.switchcost.measure.workload.Turn;
import dev.switchcost.measure.workload.WaitKind;
import dev.switchcost.measure.workload.WorkingSet;
import org.openjdk.jmh.annotations.*;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * <b>Question.</b> How much does a switch cost through the caches, beyond its direct cost, when each
 * side touches a working set between handoffs, as a function of working-set size and access stride?
 *
 * <p><b>Method.</b> Li, Ding and Shen's (ExpCS 2007) design on the JVM. The JMH thread (side A) and
 * a partner thread (side B) ping-pong; each, on receiving the turn, walks its working set
 * ({@link WorkingSet#walk()}; {@code walk=LI}, the default, is Li et al.'s traversal: every 8-byte
 * element of {@code workingSetKiB} read-modified-written once, in stride-major order, so the stride
 * sets locality, not work; {@code walk=SPARSE} touches one word every {@code strideBytes}) and then
 * passes the turn. {@code sharing=PRIVATE}: each side walks its own
 * array (Li et al.); {@code SHARED}: both walk one array, as the blog study's {@code timectxswws}
 * does. {@code handoff}: {@code FUTEX} (raw futex through JNA, {@link FutexTurn}) or {@code PARK}
 * ({@code LockSupport.park()}) with a platform partner, untimed ({@code -p wait=TIMED} for a timeout
 * on every wait); the virtual-thread partner needs
 * an unpinned placement and lives in the sibling {@link WorkingSetVirtualHandoff}.
 * <b>Unit of {@code roundTrip}: one op = one round trip = two switches, and each side walks once.</b>
 *
 * <p><b>The paired estimator</b> ({@code roundTripPaired}, the headline): each side, on each wake, times a
 * first walk (right after the partner ran) and an immediate second walk (no switch between);
 * {@link PairedWalkProfiler}'s {@code indirect.paired} is first − second, ns per switch, measured in one
 * thread, one compiled loop and one second, with JMH's error across iterations. Its control,
 * {@code walkAlonePaired}, times the same two walks on one thread with no switch and should read 0. The
 * paper's estimator below subtracts baselines from other forks and can come out negative; it stays for
 * comparison.
 *
 * <p>Baselines in this class, with no handoff: {@code walkAlone} walks one array of the same size
 * and stride twice per op on one thread (the same accesses as both sides of a round trip, with no
 * partner to evict them: Li et al.'s single-process program); {@code walkAlone_twoArrays} walks two
 * such arrays alternately (the PRIVATE pair's cache interference, without any switch). The direct
 * cost is {@code roundTrip} at {@code workingSetKiB=0}. Per switch (half a round trip, so divide every
 * score by 2): total = roundTrip/2, direct = roundTrip(0)/2, walk = walkAlone/2, indirect = total −
 * direct − walk. {@code switchcost indirect RESULTS.json} derives them from a JMH {@code -rf json}
 * file and flags negative or implausible values.
 *
 * <p><b>Expected.</b> Indirect ≈ 0 while both working sets fit in a cache level the switch does not
 * disturb; for PRIVATE on SAME_CPU it should rise once 2·size exceeds a cache (L1d/2, L2/2, LLC/2:
 * the marks {@code CacheSizes} derives) and grow with stride up to the line size. CROSS_CPU PRIVATE
 * keeps each array in its own core's L1/L2, so its indirect cost can come out <em>negative</em>
 * against the one-CPU baseline; SHARED across CPUs pays for lines bouncing between cores. Past the
 * LLC the walk is memory-bound and dwarfs the switch. Switches per op as in {@link FutexPingPong}
 * (≈ 2 on SAME_CPU), independent of size: check {@code ctxsw.total.norm} with
 * {@code -prof dev.switchcost.measure.jmh.ContextSwitchProfiler}. A hypothesis; results live in README.md.
 *
 * <p><b>Run.</b> {@code scripts/switchcost run --full 'WorkingSetHandoff\.(roundTripPaired|walkAlonePaired|roundTrip|walkAlone)$'
 * -p workingSetKiB=$(scripts/switchcost working-set-sizes) -p strideBytes=64 -p placement=SAME_CPU -p handoff=FUTEX
 * -p sharing=PRIVATE}, then {@code switchcost indirect DIR} (docs/working-set-method.md has the figures' commands).
 *
 * @see <a href="https://www.usenix.org/legacy/events/expcs07/papers/2-li.pdf">Li, Ding, Shen: Quantifying the cost of context switch</a>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 10, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1)
public class WorkingSetHandoff {

    /** Whether the two sides walk their own arrays or one array together. */
    public enum Sharing {
        /** Each side walks its own array (Li, Ding, Shen). */
        PRIVATE,
        /** Both sides walk one array (the blog study's {@code timectxswws}). */
        SHARED
    }

    /** How a side blocks while the other holds the turn, and what kind of thread the partner is. */
    public enum Handoff {
        /** Raw {@code FUTEX_WAIT/WAKE_PRIVATE} through JNA; platform partner. */
        FUTEX(ThreadKind.PLATFORM),
        /**
         * The same futex through the JDK's FFM (JDK 22 and later), whose path from Java to the system call is shorter
         * than JNA's (no JNI transition, no libffi): what the binding's own code and data add to the cost through the
         * caches, against {@code FUTEX}. Run only when asked ({@code -p handoff=FUTEX_FFM}).
         */
        FUTEX_FFM(ThreadKind.PLATFORM),
        /** {@code LockSupport.park/unpark}; platform partner. */
        PARK(ThreadKind.PLATFORM),
        /** {@code LockSupport.park/unpark}; virtual partner (unpinned only: {@link WorkingSetVirtualHandoff}). */
        VIRTUAL(ThreadKind.VIRTUAL);

        final ThreadKind partner;

        Handoff(ThreadKind partner) {
            this.partner = partner;
        }

        Turn newTurn(WaitKind wait) {
            return this == FUTEX ? FutexTurn.allocatePrivate(wait, Binding.JNA)
                    : this == FUTEX_FFM ? FutexTurn.allocatePrivate(wait, Binding.FFM) : wait.parkTurn();
        }
    }

    /**
     * A placed ping-pong whose sides walk their working sets between handoffs; the subclass says
     * where and with which handoff. Public so {@link WorkingSetVirtualHandoff} reuses it.
     */
    @State(Scope.Thread)
    public abstract static class Pair extends PlacedPair {
        /** Working set per side, KiB (the same defaults as {@link Alone}). */
        @Param({"0", "16", "256", "4096", "65536"})
        public int workingSetKiB;

        /** Bytes between touched words (the same defaults as {@link Alone}). */
        @Param({"8", "64", "128", "4096"})
        public int strideBytes;

        @Param
        public Sharing sharing;

        /** LI: every element, stride-major (Li et al.); SPARSE: one word per stride ({@link WorkingSet.Walk}). */
        @Param({"LI"})
        public WorkingSet.Walk walk;

        @Param({"UNTIMED"})
        public WaitKind wait;

        WorkingSet mine;
        WorkingSet partners;
        /** The paired states only: each side's timed double walk. */
        PairedWalk minePaired;
        PairedWalk partnersPaired;

        abstract Handoff handoff();

        /** @return true when each side walks twice per wake, timing each walk (the paired estimator) */
        boolean paired() {
            return false;
        }

        @Override
        protected Turn newTurn() {
            mine = WorkingSet.ofKiB(workingSetKiB, strideBytes, walk);
            partners = sharing == Sharing.SHARED ? mine : WorkingSet.ofKiB(workingSetKiB, strideBytes, walk);
            if (paired()) {
                minePaired = new PairedWalk(mine);
                partnersPaired = new PairedWalk(partners);
            }
            if (handoff().partner == ThreadKind.VIRTUAL && where() != Placement.UNPINNED) {
                throw new IllegalArgumentException("handoff=VIRTUAL needs placement=UNPINNED (a virtual thread cannot be"
                        + " pinned), got " + where() + "; WorkingSetVirtualHandoff runs that case");
            }
            return handoff().newTurn(wait);
        }

        @Override
        protected ThreadKind partnerKind() {
            return handoff().partner;
        }

        @Override
        protected Runnable partnerWork() {
            return paired() ? partnersPaired::walkTwice : partners::walk;
        }

        /**
         * Paired states: hands both sides' walk times to {@link PairedWalkProfiler}. Runs on the JMH thread,
         * which holds the turn after the iteration's last round trip, so the partner is waiting and its
         * sums are complete and visible (the turn's handoff orders them).
         */
        @TearDown(Level.Iteration)
        public void recordPairedWalks() {
            if (minePaired != null) {
                long runNs = pairRunNs();
                PairedWalkProfiler.recordPairRun(runNs < 0 || pairRunAtStart < 0 ? -1 : runNs - pairRunAtStart);
                PairedWalkProfiler.record(minePaired.takeFirstNanos(), minePaired.takeSecondNanos());
                PairedWalkProfiler.record(partnersPaired.takeFirstNanos(), partnersPaired.takeSecondNanos());
            }
        }

        /** The pair's CPU time when the iteration's ops start ({@link #recordPairedWalks} takes the rest). */
        long pairRunAtStart = -1;

        /** Paired states: notes the pair's CPU time before the iteration's first op. */
        @Setup(Level.Iteration)
        public void markPairRun() {
            if (minePaired != null) {
                pairRunAtStart = pairRunNs();
            }
        }

        @Override
        protected String describe() {
            return sharing + " working set " + workingSetKiB + " KiB, stride " + strideBytes + " B, " + walk + " walk, "
                    + mine.touchesPerWalk() + " touches per walk" + (paired() ? ", paired (two timed walks per wake)" : "");
        }

        /** A walks, hands over; B walks, hands back. */
        public void walkAndRoundTrip() {
            mine.walk();
            roundTrip();
        }

        /** A walks twice (timed), hands over; B walks twice (timed), hands back. */
        public void pairedWalksAndRoundTrip() {
            minePaired.walkTwice();
            roundTrip();
        }
    }

    /** Platform partner, futex or park, pinned as {@code placement} says. */
    @State(Scope.Thread)
    public static class PlatformPair extends Pair {
        @Param({"FUTEX", "PARK"})
        public Handoff handoff;

        /**
         * Every placement, like every placed class, so one JMH run can narrow them all with one -p; the sweep
         * script asks for {@code -p placement=SAME_CPU,CROSS_CPU}.
         */
        @Param
        public Placement placement;

        @Override
        protected Placement where() {
            return placement;
        }

        @Override
        Handoff handoff() {
            return handoff;
        }
    }

    /** {@link PlatformPair} with the paired estimator: each side walks twice per wake, timing each walk. */
    @State(Scope.Thread)
    public static class PairedPlatformPair extends PlatformPair {
        @Override
        boolean paired() {
            return true;
        }
    }

    /**
     * The no-handoff baselines: one thread, pinned where SAME_CPU would put side A (so it runs on the
     * CPU the SAME_CPU round trips use), or unpinned where that is unavailable.
     */
    @State(Scope.Thread)
    public static class Alone extends CountedTrial {
        /** Working set, KiB (the same defaults as {@link Pair}). */
        @Param({"0", "16", "256", "4096", "65536"})
        public int workingSetKiB;

        /** Bytes between touched words: 8 (every word), 64 (every line), 128 (every other line), 4096 (every page). */
        @Param({"8", "64", "128", "4096"})
        public int strideBytes;

        /** The same walk as {@link Pair#walk}. */
        @Param({"LI"})
        public WorkingSet.Walk walk;

        WorkingSet one;
        WorkingSet other;
        /** {@link #one}'s timed double walk, for {@code walkAlonePaired}. */
        PairedWalk onePaired;
        CpuPinning pin;

        @Override
        protected void open() {
            one = WorkingSet.ofKiB(workingSetKiB, strideBytes, walk);
            other = WorkingSet.ofKiB(workingSetKiB, strideBytes, walk);
            onePaired = new PairedWalk(one);
            Placement.Assignment a = Placement.SAME_CPU.assignHere();
            pin = a.isAvailable() ? CpuPinning.pinCurrentThread(a.cpuA()) : null;
            System.err.println("# walk alone: " + Thread.currentThread().getName()
                    + (pin == null ? " unpinned (" + a.unavailable() + ")" : " pinned") + " on cpu " + Syscalls.currentCpu()
                    + "; working set " + workingSetKiB + " KiB, stride " + strideBytes + " B, " + walk + " walk");
        }

        @Override
        protected void close() {
            if (pin != null) {
                pin.close();
            }
        }
    }

    /** What the control does, untimed, before each paired walk: what it leaves in L1d for the first walk. */
    public enum Before {
        /** Nothing: the first walk starts where the previous second walk left the caches. */
        NONE,
        /** Reads one word per line of an L1d-sized array: the first walk starts on an L1d of clean lines. */
        READ_L1D,
        /** Writes one word per line of an L1d-sized array: the first walk starts on an L1d of dirty lines. */
        WRITE_L1D,
        /**
         * Calls {@code sched_yield} ({@link Thread#yield()}): the first walk starts on what the scheduler's
         * kernel path left in the caches, with no other thread run (nothing else is runnable on the CPU).
         */
        YIELD
    }

    /** {@link Alone} with the paired walk's sums handed to {@link PairedWalkProfiler} after each iteration. */
    @State(Scope.Thread)
    public static class AlonePaired extends Alone {
        /**
         * A diagnostic: {@code READ_L1D} or {@code WRITE_L1D} fills L1d with clean or dirty lines of another
         * array before each paired walk (untimed), so the control shows what the state of L1d the first walk
         * meets does to the estimate, with no switch; {@code YIELD} enters the scheduler's kernel path
         * ({@code sched_yield}) and comes back, so the control shows what a kernel entry alone does.
         */
        @Param({"NONE"})
        public Before before;

        /** L1d's size (CacheSizes; 32 KiB where sysfs says nothing) in words, one line apart when swept. */
        long[] l1d;

        @Setup(Level.Trial)
        public void allocateL1dArray() {
            long bytes;
            try {
                bytes = CacheSizes.current().l1dBytes();
            } catch (RuntimeException e) {
                bytes = 32 * 1024;
            }
            l1d = new long[(int) (bytes / Long.BYTES)];
        }

        /** The {@link #before} step; returns what it read, for a Blackhole. */
        long prepare() {
            long[] a = l1d;
            long sum = 0;
            switch (before) {
                case READ_L1D:
                    for (int i = 0; i < a.length; i += 8) {
                        sum += a[i];
                    }
                    break;
                case WRITE_L1D:
                    for (int i = 0; i < a.length; i += 8) {
                        a[i]++;
                    }
                    break;
                case YIELD:
                    Thread.yield();
                    break;
                default:
                    break;
            }
            return sum;
        }

        /** Runs on the JMH thread, the only one that walks. */
        @TearDown(Level.Iteration)
        public void recordPairedWalks() {
            PairedWalkProfiler.record(onePaired.takeFirstNanos(), onePaired.takeSecondNanos());
        }
    }

    /** One op = one round trip = two switches; each side walks its working set once. */
    @Benchmark
    public void roundTrip(PlatformPair p) {
        p.walkAndRoundTrip();
    }

    /**
     * The paired estimator: one op = one round trip = two switches; each side, on each wake, walks its
     * working set twice, timing each walk ({@link PairedWalk}). Run with
     * {@code -prof dev.switchcost.measure.jmh.PairedWalkProfiler} ({@code switchcost run} adds it): its
     * {@code indirect.paired} is first − second walk, ns per switch, measured in one thread, one compiled
     * loop and one second; {@code walk.first} and {@code walk.second} are the two walks. The primary score
     * (four walks and six clock reads per round trip) is not a switch cost.
     */
    @Benchmark
    public void roundTripPaired(PairedPlatformPair p) {
        p.pairedWalksAndRoundTrip();
    }

    /** Baseline: one array walked twice, no handoff (Li et al.'s single-process program). One op = two walks. */
    @Benchmark
    public void walkAlone(Alone s) {
        s.one.walk();
        s.one.walk();
    }

    /**
     * The paired estimator's control: one thread times a first and a second walk of one array exactly as
     * {@link #roundTripPaired} does ({@link PairedWalk#walkTwice()}), with no switch anywhere. One op = one
     * paired walk. Its {@code indirect.paired} is what the estimator reads when no switch happened; it
     * should be within its error of 0, and a value resolved away from 0 is a bias of the estimator, not a
     * cost ({@code switchcost indirect} prints it beside the paired estimate and flags the row).
     * {@code -p before=READ_L1D} or {@code WRITE_L1D} first fills L1d with clean or dirty lines (untimed):
     * what the first walk after a switch may meet, reproduced without a switch (docs/working-set-method.md).
     */
    @Benchmark
    public void walkAlonePaired(AlonePaired s, Blackhole bh) {
        bh.consume(s.prepare());
        s.onePaired.walkTwice();
    }

    /** Diagnostic: two arrays walked alternately, no handoff (the PRIVATE pair's cache interference alone). One op = two walks. */
    @Benchmark
    public void walkAlone_twoArrays(Alone s) {
        s.one.walk();
        s.other.walk();
    }
}
