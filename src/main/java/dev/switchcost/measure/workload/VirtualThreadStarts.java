package dev.switchcost.measure.workload;

/**
 * Virtual threads started and joined one at a time by a virtual thread: what a server on virtual threads does per
 * task (a thread of its own, started, run to its end), with nothing else between.
 *
 * <p>Layout: a {@link PingPong} whose partner is the <em>starter</em>, a virtual thread; the caller hands it a turn,
 * the starter starts and joins {@code perTurn} virtual threads running {@code task}, one after another, and hands the
 * turn back. On one carrier ({@code -Djdk.virtualThreadScheduler.parallelism=1}) the carrier never waits inside a turn:
 * the starter's join unmounts it, the carrier runs the new thread to its end, which resumes the starter. So a turn's
 * time is the carrier's CPU time, and per start it holds the start, the new thread's mount, run and end, and the
 * starter's one unmount and mount in its join. The caller's two handoffs per turn are spread over the turn.
 *
 * <p>The join is untimed (a timed one would arm a timer per start); the pair's watchdog bounds a turn that never ends.
 */
public final class VirtualThreadStarts {

    /** The starter's name. */
    public static final String STARTER_NAME = "switchcost-starter";
    /** The started threads' name: not {@code switchcost-*}, they end before a profiler could read them. */
    static final String STARTED_NAME = "started";

    private VirtualThreadStarts() {
    }

    /**
     * @param perTurn      threads started and joined per {@link PingPong#roundTrip()}
     * @param task         what each runs
     * @param timeoutNanos bound on one turn
     * @return the pair: each {@code roundTrip()} is one turn of {@code perTurn} starts
     */
    public static PingPong start(int perTurn, Runnable task, long timeoutNanos) {
        if (perTurn < 1) {
            throw new IllegalArgumentException("perTurn must be positive: " + perTurn);
        }
        return PingPong.start(new UntimedParkTurn(), ThreadKind.VIRTUAL, timeoutNanos, STARTER_NAME, () -> new Starter(perTurn, task));
    }

    private record Starter(int perTurn, Runnable task, Thread.Builder builder) implements PingPong.PartnerWork {

        Starter(int perTurn, Runnable task) {
            this(perTurn, task, Thread.ofVirtual().name(STARTED_NAME));
        }

        @Override
        public void onTurn() throws InterruptedException {
            for (int i = 0; i < perTurn; i++) {
                builder.start(task).join();
            }
        }
    }
}
