package dev.switchcost.measure.workload;

import java.time.Duration;
import java.util.List;

/** Which kind of Java thread runs a side of a handoff. */
public enum ThreadKind {
    /** A platform thread: one kernel thread, switched by the kernel scheduler. */
    PLATFORM,
    /** A virtual thread (JEP 444): mounted on a carrier thread of the JDK's scheduler, switched by the JVM. */
    VIRTUAL;

    /** @return a builder for an unstarted thread of this kind, daemon where the kind allows it */
    public Thread.Builder builder(String name) {
        return this == PLATFORM ? Thread.ofPlatform().name(name).daemon(true) : Thread.ofVirtual().name(name);
    }

    /**
     * Joins every thread within {@code timeout} overall; an interrupt does not cut the wait short, and is kept.
     *
     * @return how many are still alive then
     */
    public static long joinAll(List<Thread> threads, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean interrupted = false;
        for (Thread t : threads) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                t.join(Duration.ofNanos(left));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return threads.stream().filter(Thread::isAlive).count();
    }
}
