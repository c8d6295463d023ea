package dev.switchcost.measure.workload;

import dev.switchcost.measure.affinity.CpuPinning;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.linux.Syscalls;
import dev.switchcost.measure.sample.CountedThreads;
import dev.switchcost.measure.sample.SchedStat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The ping-pong protocol between the calling thread (side {@link Turn#A}) and a partner thread this
 * class owns (side {@link Turn#B}). One {@link #roundTrip()} passes the turn to the partner and
 * waits for it to come back: two handoffs.
 *
 * <p>Nothing here can hang. With a {@link CancellableTurn} (every blocking turn), a
 * {@link PairWatchdog} per pair cancels the turn when the partner thread ends or leaves the turn
 * unanswered for {@code timeoutNanos}, and the caller's round trip fails with that reason;
 * {@link #close()} cancels the turn, which releases the partner; a partner that fails cancels the
 * turn at once, and the next round trip throws its exception. Nothing on the hot path reads a clock
 * or arms a timer unless the turn itself is a timed one ({@link WaitKind#TIMED}). With a plain
 * {@link Turn} the caller's wait is bounded by {@code timeoutNanos} and the partner polls with a
 * bounded wait. The partner is a daemon, so it never keeps a JVM alive.
 *
 * <p>The partner may do {@link PartnerWork} each time it holds the turn, before it passes it back:
 * with that, side B can drive a ping-pong of its own, so the measured pair need not include the
 * calling thread (see {@link DrivenPingPong}).
 *
 * <p><b>Why not JMH's own ping-pong</b> ({@code JMHSample_18_Control}: a {@code @Group} of two
 * {@code @GroupThreads} that spin on an {@code AtomicBoolean} and leave when
 * {@code Control.stopMeasurement} is set). That works for spinning sides only: a side blocked in
 * {@code FUTEX_WAIT} or {@code park()} never looks at {@code Control}, so at the end of an iteration
 * whichever side JMH stops last waits forever for a partner that has gone (JMH then kills the fork
 * after its timeout, a failed trial instead of a figure). Both sides would also be JMH threads,
 * each counting its own half of the handoffs as ops, and JMH would start, stop and place them
 * itself. Here the JMH thread is side A and one op is one whole round trip; side B is a partner
 * thread this class starts, pins ({@link dev.switchcost.measure.affinity.Placement}) and releases
 * by cancelling the turn, which a blocked side does see.
 */
public final class PingPong implements AutoCloseable {

    /** How long one side waits for the other before it declares the partner lost. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 5;
    /** {@link #DEFAULT_TIMEOUT_SECONDS} in nanoseconds. */
    public static final long DEFAULT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(DEFAULT_TIMEOUT_SECONDS);
    /** How often an idle partner checks whether it should stop. */
    private static final long PARTNER_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    public static final String PARTNER_NAME = "switchcost-partner";
    /** {@code pinPartnerTo} for a partner left to the scheduler (what {@code Placement.Assignment} says when unpinned). */
    static final int UNPINNED = -1;

    private final Turn turn;
    private final long timeoutNanos;
    private final Thread partner;
    private final Supplier<? extends PartnerWork> work;
    private final CountDownLatch ready = new CountDownLatch(1);
    private volatile boolean stopping;
    private volatile Throwable partnerFailure;
    private volatile int partnerCpu = -1;
    /** The platform partner's kernel thread id, for the watchdog's look at its scheduler counters; -1 unknown. */
    private volatile int partnerTid = -1;
    /** The partner's scheduler activity at the watchdog's previous look (watchdog thread only). */
    private long partnerActivity = Long.MIN_VALUE;
    /** Inline ping-pongs only: side B's work, run on the caller; null for none. */
    private final Runnable inlineWork;
    /** Started with the partner when the turn is cancellable; null otherwise. */
    private PairWatchdog watchdog;

    private PingPong(Turn turn, long timeoutNanos, ThreadKind kind, int pinPartnerTo, String partnerName,
                     Supplier<? extends PartnerWork> work, Runnable inlineWork) {
        this.turn = turn;
        this.timeoutNanos = timeoutNanos;
        this.work = work;
        this.inlineWork = inlineWork;
        this.partner = kind == null ? null : kind.builder(partnerName).unstarted(() -> partnerLoop(pinPartnerTo));
    }

    /**
     * What the partner does each time it holds the turn, before it passes it back, with a life cycle:
     * created on the partner thread (after it is pinned and bound, before {@link #start} returns) and
     * closed there when the partner stops; an exception from either fails the partner like any other.
     */
    public interface PartnerWork extends AutoCloseable {
        /** Runs on the partner while it holds the turn. */
        void onTurn() throws Exception;

        /** Runs on the partner when it stops. */
        @Override
        default void close() {
        }
    }

    /** Does nothing: the partner of a plain ping-pong hands the turn straight back. */
    public static final Runnable NO_WORK = () -> { };

    /** A plain {@code Runnable} as partner work; {@link #NO_WORK} as none, so the hot path has nothing to call. */
    static Supplier<PartnerWork> asWork(Runnable partnerWork) {
        return partnerWork == NO_WORK ? null : () -> partnerWork::run;
    }

    /**
     * Starts an unpinned partner named {@code partnerName} and binds the calling thread as side A. (Pinned pairs are
     * {@link PlacedPingPong}, {@link DrivenPingPong} and {@link ProcessPingPong}, which take a
     * {@link dev.switchcost.measure.affinity.Placement}.)
     *
     * @param timeoutNanos bound on every wait
     * @param work         creates, on the partner thread, what it does each time it holds the turn, between receiving
     *                     it and passing it back (e.g. walking its working set); null for none. An exception from it
     *                     fails the partner: the next {@link #roundTrip()} throws it.
     * @throws IllegalStateException if the partner fails to start within the timeout or fails while starting
     */
    public static PingPong start(Turn turn, ThreadKind kind, long timeoutNanos, String partnerName,
                                 Supplier<? extends PartnerWork> work) {
        return start(turn, kind, UNPINNED, timeoutNanos, partnerName, work, null);
    }

    /**
     * The one way a partner starts; the pairs that take a placement pass the CPU it resolved to.
     *
     * @param pinPartnerTo   CPU to pin the partner to, or {@link #UNPINNED} (required for virtual partners)
     * @param partnerGuarded null, or, for a partner whose work holds the turn for long stretches, true while
     *                       that work is guarded by a watchdog of its own: this pair's watchdog does not count
     *                       that time as unanswered
     *                       ({@link PairWatchdog#start(CancellableTurn, int, long, PairWatchdog.Reason, BooleanSupplier)})
     */
    static PingPong start(Turn turn, ThreadKind kind, int pinPartnerTo, long timeoutNanos, String partnerName,
                          Supplier<? extends PartnerWork> work, BooleanSupplier partnerGuarded) {
        if (kind == ThreadKind.VIRTUAL && pinPartnerTo >= 0) {
            throw new IllegalArgumentException("a virtual partner cannot be pinned (cpu " + pinPartnerTo + " asked)");
        }
        PingPong p = new PingPong(turn, timeoutNanos, kind, pinPartnerTo, partnerName, work, null);
        turn.bind(Turn.A);
        p.partner.start();
        if (turn instanceof CancellableTurn c) {
            BooleanSupplier guarded = partnerGuarded;
            p.watchdog = PairWatchdog.start(c, Turn.B, timeoutNanos, PairWatchdog.threadEnded(p.partner, () -> p.stopping),
                    () -> p.partnerRanSinceLastLook() || guarded != null && guarded.getAsBoolean());
        }
        try {
            if (!p.ready.await(timeoutNanos, TimeUnit.NANOSECONDS)) {
                p.close();
                throw new IllegalStateException("partner did not start within " + timeoutNanos / 1_000_000 + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.close();
            throw new IllegalStateException("interrupted while starting the partner", e);
        }
        p.checkPartner();
        return p;
    }

    /**
     * Both sides run on the calling thread, one after the other: the protocol's own cost with no
     * switch and no cache-line transfer. Used where two spinners would have to share one CPU.
     *
     * @param partnerWork run where side B holds the turn; {@link #NO_WORK} for none
     */
    public static PingPong inline(Turn turn, Runnable partnerWork) {
        turn.bind(Turn.A);
        turn.bind(Turn.B);
        return new PingPong(turn, DEFAULT_TIMEOUT_NANOS, null, UNPINNED, null, null, partnerWork == NO_WORK ? null : partnerWork);
    }

    /** One round trip: hand the turn to the partner and wait for it to hand it back. */
    public void roundTrip() {
        if (partner == null) {
            turn.pass(Turn.B);
            turn.await(Turn.B, timeoutNanos);
            if (inlineWork != null) {
                inlineWork.run();
            }
            turn.pass(Turn.A);
            turn.await(Turn.A, timeoutNanos);
            return;
        }
        turn.pass(Turn.B);
        if (!turn.await(Turn.A, timeoutNanos)) {
            checkPartner();
            String why = watchdog == null ? null : watchdog.reason();
            if (why != null) {
                throw new IllegalStateException(why + " (partner " + partner.getState() + ")");
            }
            if (isCancelled()) {
                throw new IllegalStateException("turn cancelled (" + turn.mechanism() + ", partner " + partner.getState() + ")");
            }
            throw new IllegalStateException("partner did not hand the turn back within " + timeoutNanos / 1_000_000
                    + " ms (" + turn.mechanism() + ", partner " + partner.getState() + ")");
        }
        if (partnerFailure != null) {
            checkPartner();
        }
    }

    /**
     * Whether a platform partner was given a CPU since the watchdog last asked: its {@code schedstat}
     * (run time and timeslices) moved. A partner that is lost (parked with nobody to wake it, or stuck
     * on a latch) is frozen there; one that works is not, whatever phase the word shows when the
     * watchdog looks. Sampling the two-valued word alone gave false alarms in CI: the watchdog wakes
     * in step with the pair (on the CPU a parked side left idle), so it can see the same value 50 times
     * in a row from a healthy pair. Read by the watchdog every period, nothing on the pair's hot path;
     * false for a virtual partner (no thread of its own to read).
     */
    boolean partnerRanSinceLastLook() {
        int tid = partnerTid;
        if (tid < 0) {
            return false;
        }
        SchedStat s = SchedStat.read(ProcessHandle.current().pid(), tid);
        if (s == null) {
            return false;
        }
        long now = s.runNs() + s.timeslices();
        boolean ran = partnerActivity != Long.MIN_VALUE && now != partnerActivity;
        partnerActivity = now;
        return ran;
    }

    /**
     * @return the partner thread's time on a CPU so far ({@code schedstat} run time), ns, or -1 when it has no
     *         thread of its own to read (a virtual or inline partner) or has ended
     */
    public long partnerRunNs() {
        int tid = partnerTid;
        SchedStat s = tid < 0 ? null : SchedStat.read(ProcessHandle.current().pid(), tid);
        return s == null ? -1 : s.runNs();
    }

    /** @throws IllegalStateException carrying the partner's exception if it failed */
    public void checkPartner() {
        Throwable f = partnerFailure;
        if (f != null) {
            throw new IllegalStateException("partner failed: " + f, f);
        }
    }

    /** @return the CPU the partner was on after it started (and was pinned), or -1 for an inline ping-pong */
    public int partnerCpu() {
        return partnerCpu;
    }

    private boolean isCancelled() {
        return turn instanceof CancellableTurn c && c.isCancelled();
    }

    public Turn turn() {
        return turn;
    }

    /** @return the partner thread, or null for an inline ping-pong */
    public Thread partner() {
        return partner;
    }

    private void partnerLoop(int pinTo) {
        CpuPinning pin = null;
        PartnerWork task = null;
        try {
            if (pinTo >= 0) {
                pin = CpuPinning.pinCurrentThread(pinTo);
            }
            if (LibC.isAvailable()) {
                partnerCpu = Syscalls.currentCpu();
            }
            CountedThreads.registerCurrent(CountedThreads.PARTNER);
            if (LibC.isAvailable() && !Thread.currentThread().isVirtual()) {
                partnerTid = Syscalls.gettid();
            }
            turn.bind(Turn.B);
            if (work != null) {
                task = work.get();
            }
            ready.countDown();
            while (!stopping && !isCancelled()) {
                if (turn.await(Turn.B, PARTNER_POLL_NANOS) && !stopping) {
                    if (task != null) {
                        task.onTurn();
                    }
                    turn.pass(Turn.A);
                }
            }
        } catch (Throwable t) {
            partnerFailure = t;
            try {
                // wake the caller now; if this fails too, its bounded wait ends it
                if (turn instanceof CancellableTurn c) {
                    c.cancel();
                } else {
                    turn.pass(Turn.A);
                }
            } catch (Throwable again) {
                t.addSuppressed(again);
            }
        } finally {
            if (task != null) {
                try {
                    task.close();
                } catch (Throwable t) {
                    if (partnerFailure == null) {
                        partnerFailure = t;
                    } else {
                        partnerFailure.addSuppressed(t);
                    }
                }
            }
            CountedThreads.retireCurrent();
            ready.countDown();
            if (pin != null) {
                pin.close();
            }
        }
    }

    /**
     * Stops the partner and waits for it to end.
     *
     * @throws IllegalStateException if it has not ended within the timeout
     */
    @Override
    public void close() {
        if (partner == null) {
            return;
        }
        stopping = true;
        if (watchdog != null) {
            watchdog.close();
        }
        if (turn instanceof CancellableTurn c) {
            c.cancel();
        } else {
            turn.pass(Turn.B);
        }
        try {
            partner.join(TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + 1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (partner.isAlive()) {
            throw new IllegalStateException("partner " + partner + " did not stop (state " + partner.getState() + ")");
        }
    }
}
