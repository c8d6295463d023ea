package dev.switchcost.measure.footprint;

import dev.switchcost.measure.workload.ThreadKind;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Tasks of one kind that start, count themselves and wait on one latch until {@link #close()}: a
 * virtual thread parks (its stack moves to the heap and it holds no carrier), a platform thread
 * blocks in the kernel. {@link #close()} releases and joins every one of them, bounded.
 */
public final class ParkedTasks implements AutoCloseable {

    public static final String NAME = "switchcost-parked";

    private final Thread.Builder builder;
    private final CountDownLatch release = new CountDownLatch(1);
    private final LongAdder waiting = new LongAdder();
    private final List<Thread> threads = new ArrayList<>();

    public ParkedTasks(ThreadKind kind) {
        this.builder = kind.builder(NAME);
    }

    /**
     * @throws OutOfMemoryError when the JVM cannot create it (for a platform thread: {@code pthread_create}
     *                          failed, which a process/pid/map limit as well as memory can cause)
     */
    public void startOne() {
        threads.add(builder.start(this::waitForRelease));
    }

    private void waitForRelease() {
        waiting.increment();
        while (true) {
            try {
                release.await();
                return;
            } catch (InterruptedException e) {
                // only close() ends a parked task
            }
        }
    }

    /** Waits until every started task is waiting on the latch (or {@code timeout} passed). @return true if all are */
    public boolean awaitAllWaiting(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (waiting.sum() < threads.size()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            TimeUnit.MILLISECONDS.sleep(5);
        }
        // a task counts itself just before it parks: give the last ones a moment to get there
        TimeUnit.MILLISECONDS.sleep(50);
        return true;
    }

    public int size() {
        return threads.size();
    }

    /**
     * Releases every task and joins it, within 120 s overall.
     *
     * @throws IllegalStateException if some are still alive then
     */
    @Override
    public void close() {
        release.countDown();
        long alive = ThreadKind.joinAll(threads, Duration.ofSeconds(120));
        if (alive > 0) {
            throw new IllegalStateException(alive + " of " + threads.size() + " parked tasks did not end after release");
        }
        threads.clear();
    }
}
