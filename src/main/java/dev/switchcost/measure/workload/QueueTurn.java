package dev.switchcost.measure.workload;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedTransferQueue;

/**
 * The turn as a token in a queue per side: passing to a side puts the token in that side's queue,
 * waiting is a {@code take} from one's own. {@link #transfer()}: {@link LinkedTransferQueue#transfer},
 * which returns only once the receiver has taken the token (a rendezvous, spinning briefly before it
 * parks); {@link #oneSlot()}: a one-slot {@link ArrayBlockingQueue}, whose {@code put} never waits here
 * (the slot is empty: the receiver took the last token before it passed back) and whose waits are a
 * {@code ReentrantLock} condition.
 */
final class QueueTurn extends InterruptibleTurn {

    private static final Object TOKEN = new Object();

    private final BlockingQueue<Object>[] queues;
    private final boolean transfer;
    private final String mechanism;

    private QueueTurn(BlockingQueue<Object> a, BlockingQueue<Object> b, boolean transfer, String mechanism) {
        @SuppressWarnings("unchecked")
        BlockingQueue<Object>[] q = new BlockingQueue[] {a, b};
        this.queues = q;
        this.transfer = transfer;
        this.mechanism = mechanism;
    }

    /** @return a turn over {@code LinkedTransferQueue.transfer}/{@code take} */
    static QueueTurn transfer() {
        return new QueueTurn(new LinkedTransferQueue<>(), new LinkedTransferQueue<>(), true, "transfer-queue");
    }

    /** @return a turn over a one-slot {@code ArrayBlockingQueue}'s {@code put}/{@code take} */
    static QueueTurn oneSlot() {
        return new QueueTurn(new ArrayBlockingQueue<>(1), new ArrayBlockingQueue<>(1), false, "array-blocking-queue");
    }

    @Override
    void handOver(int side) throws InterruptedException {
        if (transfer) {
            ((LinkedTransferQueue<Object>) queues[side]).transfer(TOKEN);
        } else {
            queues[side].put(TOKEN);
        }
    }

    @Override
    void waitFor(int side) throws InterruptedException {
        queues[side].take();
    }

    @Override
    public String mechanism() {
        return mechanism;
    }
}
