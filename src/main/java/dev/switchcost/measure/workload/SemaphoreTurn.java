package dev.switchcost.measure.workload;

import java.util.concurrent.Semaphore;

/**
 * The turn as a {@link Semaphore} per side, no permits at first: passing to a side {@code release}s
 * its semaphore, waiting {@code acquire}s one's own (an AQS wait: a park underneath).
 */
final class SemaphoreTurn extends InterruptibleTurn {

    private final Semaphore[] permits = {new Semaphore(0), new Semaphore(0)};

    @Override
    void handOver(int side) {
        permits[side].release();
    }

    @Override
    void waitFor(int side) throws InterruptedException {
        permits[side].acquire();
    }

    @Override
    public String mechanism() {
        return "semaphore";
    }
}
