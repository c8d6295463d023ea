package dev.switchcost.measure.workload;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Hang protection for a handoff pair that costs nothing per operation: one daemon thread per pair
 * (per JMH trial), which every {@value #PERIOD_MILLIS} ms (a fiftieth of the timeout, if shorter)
 * looks at two things the protocol and the
 * JVM keep anyway, and cancels the turn when either says the partner is lost:
 * <ul>
 *   <li>the partner is gone: its thread ended, or its process exited or stopped
 *       ({@code partnerGone} returns a reason);</li>
 *   <li>the turn word has held the partner's number at every sample for the whole timeout: the
 *       waiting side handed the turn over and nobody handed it back. A running pair changes the word
 *       hundreds of thousands of times a second; were the samples independent of it, the chance that every one of 50 finds
 *       the same side would be 2<sup>-50</sup>, but they are not (below). While the turn is the waiting side's own
 *       (the JMH thread between operations or iterations, the end of a trial), nothing fires. A
 *       partner that holds the turn for long stretches of work (a {@link DrivenPingPong}'s batches)
 *       breaks that argument, and so does a watchdog that wakes in step with the pair (on a busy 2-CPU
 *       machine one saw the same value 50 times in a row from a healthy pair, a false alarm in CI); so a
 *       pair also says when its partner is known to be working (a platform partner's scheduler counters
 *       moved, or it is inside a batch whose own watchdog bounds it: its failure ends ping and with it
 *       the outer pair), and the unanswered clock does not run then.</li>
 * </ul>
 * Cancelling ({@link CancellableTurn#cancel()}: {@code FUTEX_WAKE} of a changed word, {@code unpark})
 * releases the waiter, which then fails with {@link #reason()}. Release bound: a gone partner is
 * noticed within one period; an unanswered turn within the timeout plus one period.
 *
 * <p>The thread is named {@value #NAME}, outside {@code switchcost-*}, so the context-switch
 * profiler does not count its ten wake-ups a second as the pair's.
 */
public final class PairWatchdog implements AutoCloseable {

    public static final String NAME = "pair-watchdog";
    static final long PERIOD_MILLIS = 100;

    private final Thread thread;
    private volatile boolean closed;
    private volatile String reason;

    private PairWatchdog(CancellableTurn turn, int partnerSide, long timeoutNanos, Reason partnerGone, BooleanSupplier partnerGuarded) {
        this.thread = Thread.ofPlatform().name(NAME).daemon(true)
                .unstarted(() -> watch(turn, partnerSide, timeoutNanos, partnerGone, partnerGuarded));
    }

    /** Why the partner is gone, or null while it is there. */
    @FunctionalInterface
    public interface Reason {
        String why();
    }

    /**
     * @param turn           the pair's turn, cancelled when the partner is lost
     * @param partnerSide    the side whose answer the other waits for ({@link Turn#B} for a partner)
     * @param timeoutNanos   how long the turn may stay with the partner
     * @param partnerGone    checked every period; a non-null reason cancels at once
     * @param partnerGuarded true while the partner is in work another watchdog guards; null for none
     */
    public static PairWatchdog start(CancellableTurn turn, int partnerSide, long timeoutNanos, Reason partnerGone,
                                     BooleanSupplier partnerGuarded) {
        PairWatchdog w = new PairWatchdog(turn, partnerSide, timeoutNanos, partnerGone, partnerGuarded);
        w.thread.start();
        return w;
    }

    /** A partner thread's liveness as a {@link Reason}. */
    public static Reason threadEnded(Thread partner, BooleanSupplier stopping) {
        return () -> !partner.isAlive() && !stopping.getAsBoolean() ? "partner thread " + partner.getName() + " ended" : null;
    }

    private void watch(CancellableTurn turn, int partnerSide, long timeoutNanos, Reason partnerGone, BooleanSupplier partnerGuarded) {
        long period = Math.max(1, Math.min(PERIOD_MILLIS, TimeUnit.NANOSECONDS.toMillis(timeoutNanos) / 50));
        long withPartnerSince = -1;
        try {
            while (!closed && !turn.isCancelled()) {
                Thread.sleep(period);
                if (closed) {
                    return;
                }
                String gone = partnerGone.why();
                if (gone != null) {
                    fire(turn, gone);
                    return;
                }
                long now = System.nanoTime();
                boolean guarded = partnerGuarded != null && partnerGuarded.getAsBoolean();
                if (turn.current() != partnerSide || guarded) {
                    withPartnerSince = -1;
                } else if (withPartnerSince < 0) {
                    withPartnerSince = now;
                } else if (now - withPartnerSince >= timeoutNanos) {
                    fire(turn, "partner did not hand the turn back within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                            + " ms (" + turn.mechanism() + ", seen by the watchdog)");
                    return;
                }
            }
        } catch (InterruptedException e) {
            // closed
        } catch (RuntimeException | Error e) {
            fire(turn, "watchdog failed: " + e);
        }
    }

    private void fire(CancellableTurn turn, String why) {
        if (closed) {
            return;
        }
        reason = why;
        turn.cancel();
    }

    /** @return why the watchdog cancelled the turn, or null if it has not */
    public String reason() {
        return reason;
    }

    /** Stops watching (the owner is closing the pair); does not cancel. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
