package dev.switchcost.measure.workload;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.YieldingWaitStrategy;

/**
 * The turn through LMAX Disruptor 4's own API, as a user's configuration runs it: one
 * {@link RingBuffer} of size 2 per direction (single producer, a one-slot handoff: a side publishes only
 * after it received, so the ring never wraps), each with a fresh instance of the {@link WaitStrategy}'s
 * Disruptor {@code WaitStrategy}. Passing to a side publishes the next sequence of that side's ring
 * ({@code next()}/{@code publish()}, which calls the strategy's {@code signalAllWhenBlocking}); waiting is
 * {@code SequenceBarrier.waitFor} of the next sequence. {@link #cancel()} alerts both barriers, which every
 * Disruptor strategy checks while it waits.
 */
final class DisruptorTurn implements CancellableTurn {

    private final WaitStrategy strategy;
    @SuppressWarnings("unchecked")
    private final RingBuffer<Object>[] rings = new RingBuffer[2];
    private final SequenceBarrier[] barriers = new SequenceBarrier[2];
    private final long[] nextToReceive = {0, 0};
    private volatile int turn = A;
    private volatile boolean cancelled;

    DisruptorTurn(WaitStrategy strategy) {
        this.strategy = strategy;
        for (int side = A; side <= B; side++) {
            rings[side] = RingBuffer.createSingleProducer(Object::new, 2, disruptorStrategy(strategy));
            barriers[side] = rings[side].newBarrier();
        }
    }

    private static com.lmax.disruptor.WaitStrategy disruptorStrategy(WaitStrategy s) {
        return switch (s) {
            case DISRUPTOR_BLOCKING -> new BlockingWaitStrategy();
            case DISRUPTOR_SLEEPING -> new SleepingWaitStrategy();
            case DISRUPTOR_YIELDING -> new YieldingWaitStrategy();
            case DISRUPTOR_BUSY_SPIN -> new BusySpinWaitStrategy();
            default -> throw new IllegalArgumentException(s + " is not a Disruptor strategy");
        };
    }

    @Override
    public void pass(int side) {
        if (cancelled) {
            return;
        }
        turn = side;
        RingBuffer<Object> ring = rings[side];
        ring.publish(ring.next());
    }

    @Override
    public boolean await(int side, long timeoutNanos) {
        try {
            long want = nextToReceive[side];
            while (barriers[side].waitFor(want) < want) {
                if (cancelled) {
                    return false;
                }
            }
            nextToReceive[side] = want + 1;
            return !cancelled;
        } catch (AlertException | TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
        for (SequenceBarrier b : barriers) {
            b.alert();
        }
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public int current() {
        return turn;
    }

    @Override
    public String mechanism() {
        return strategy.mechanism();
    }
}
