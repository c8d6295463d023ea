package dev.switchcost.testing;

import java.util.concurrent.SynchronousQueue;

/**
 * A small JVM that switches: two threads hand a number back and forth through {@link SynchronousQueue}s (the program
 * {@code fixtures/async-profiler/context-switches-threads.collapsed} was captured from, compiled as {@code PingPong}).
 */
public final class PingPongFixture {

    private PingPongFixture() {
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        SynchronousQueue<Integer> there = new SynchronousQueue<>();
        SynchronousQueue<Integer> back = new SynchronousQueue<>();
        Thread ponger = new Thread(() -> {
            try {
                for (int i = 0; i < rounds; i++) {
                    back.put(there.take());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "ponger");
        ponger.start();
        for (int i = 0; i < rounds; i++) {
            there.put(i);
            back.take();
        }
        ponger.join();
    }
}
