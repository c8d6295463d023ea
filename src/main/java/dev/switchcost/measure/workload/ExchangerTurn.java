package dev.switchcost.measure.workload;

import java.util.concurrent.Exchanger;

/**
 * The turn as a meeting at one {@link Exchanger}: passing and waiting are both {@code exchange}, so a
 * side's pass meets the other side's wait (A's first exchange of a round trip pairs with B's first,
 * its second with B's second). A rendezvous like {@link SynchronousQueueTurn}; the exchanger spins a
 * little before it parks (its arena and {@code SPINS}), which is what its CPU time shows.
 */
final class ExchangerTurn extends InterruptibleTurn {

    private static final Object TOKEN = new Object();
    private final Exchanger<Object> exchanger = new Exchanger<>();

    @Override
    void handOver(int side) throws InterruptedException {
        exchanger.exchange(TOKEN);
    }

    @Override
    void waitFor(int side) throws InterruptedException {
        exchanger.exchange(TOKEN);
    }

    @Override
    public String mechanism() {
        return "exchanger";
    }
}
