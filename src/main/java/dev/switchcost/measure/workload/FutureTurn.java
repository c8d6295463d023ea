package dev.switchcost.measure.workload;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The turn as a fresh {@link CompletableFuture} per handoff, as code that hands a result to a waiting
 * thread does: each side waits with {@code get()} on its own future; passing {@code complete}s the
 * receiver's. The waiter, once woken, installs its next future before it passes the turn back, so
 * the partner (which can pass to it only after that) always completes the future it will wait on.
 * The allocation per handoff is part of what this primitive costs.
 */
final class FutureTurn extends InterruptibleTurn {

    private static final Object TOKEN = new Object();
    private final AtomicReferenceArray<CompletableFuture<Object>> next =
            new AtomicReferenceArray<>(new CompletableFuture[] {new CompletableFuture<>(), new CompletableFuture<>()});

    @Override
    void handOver(int side) {
        next.get(side).complete(TOKEN);
    }

    @Override
    void waitFor(int side) throws InterruptedException {
        CompletableFuture<Object> f = next.get(side);
        try {
            f.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a handoff future failed", e.getCause());
        }
        next.set(side, new CompletableFuture<>());
    }

    @Override
    public String mechanism() {
        return "completable-future";
    }
}
