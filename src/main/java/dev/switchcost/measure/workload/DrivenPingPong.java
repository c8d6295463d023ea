package dev.switchcost.measure.workload;

import dev.switchcost.measure.affinity.Placement;
import dev.switchcost.measure.linux.LibC;
import dev.switchcost.measure.sample.CountedThreads;

/**
 * A ping-pong between two tasks of any {@link ThreadKind}, neither of them the calling thread, run in
 * batches: the caller hands a turn to the <em>ping</em> task, which does {@code roundTripsPerDrive}
 * round trips with its <em>pong</em> task and hands the turn back.
 *
 * <p>Why: a JMH worker is a platform thread. For two virtual threads to take turns with each other
 * (the only way two virtual threads can switch without the kernel), neither side can be the JMH
 * thread; so the caller only starts and collects batches, and its two extra handoffs per batch are
 * amortized over the batch.
 *
 * <p>Layout: an outer {@link PingPong} (caller = side A, ping = partner, {@link UntimedParkTurn}, one
 * wait per batch, guarded by the outer pair's {@link PairWatchdog}, which does not time ping out while it
 * is inside a batch, since ping holds the outer turn for whole batches and the inner pair's own
 * watchdog guards the batch) whose partner work is an inner
 * {@link PingPong} (ping = side A, pong = partner, the measured {@link Turn}). If the inner pair stalls
 * its own watchdog cancels the inner turn, ping fails and cancels the outer one, and the caller's
 * wait fails; {@link #close()} then cancels the inner turn so every task ends.
 * Partner threads are named {@code switchcost-ping}/{@code switchcost-pong} and register as
 * partners with {@link CountedThreads}; the caller is registered as the worker by its owner.
 */
public final class DrivenPingPong implements AutoCloseable {

    public static final String PING_NAME = "switchcost-ping";
    public static final String PONG_NAME = "switchcost-pong";

    /**
     * Round trips per {@link #drive()} in the virtual-thread handoff benchmarks (their {@code @OperationsPerInvocation}):
     * one op of theirs is one round trip, this many per invocation. Here, not in the benchmark, so that readers of their
     * results (the catalog, {@code results.Family}) need not import a benchmark.
     */
    public static final int BENCHMARK_ROUND_TRIPS_PER_DRIVE = 1000;

    private final PingPong outer;
    private final Turn inner;
    private final Driver driver;

    private DrivenPingPong(PingPong outer, Turn inner, Driver driver) {
        this.outer = outer;
        this.inner = inner;
        this.driver = driver;
    }

    /**
     * @param placement          where ping (side A) and pong (side B) run; pinned placements need two platform tasks
     * @param turn               the handoff between ping and pong (a fresh one, side A's turn)
     * @param ping               kind of the ping task
     * @param pong               kind of the pong task
     * @param roundTripsPerDrive round trips per {@link #drive()}
     * @param timeoutNanos       bound on one {@link #drive()}
     * @throws dev.switchcost.measure.affinity.PlacementUnavailableException when the machine cannot provide the placement
     */
    public static DrivenPingPong start(Placement placement, Turn turn, ThreadKind ping, ThreadKind pong, int roundTripsPerDrive,
                                       long timeoutNanos) {
        if (roundTripsPerDrive < 1) {
            throw new IllegalArgumentException("roundTripsPerDrive must be positive: " + roundTripsPerDrive);
        }
        Placement.Assignment a = placement.assignHere().require();
        if (a.isPinned() && (ping == ThreadKind.VIRTUAL || pong == ThreadKind.VIRTUAL)) {
            throw new IllegalArgumentException("placement " + placement + " pins ping and pong, and a virtual thread cannot be pinned");
        }
        int pinPing = a.isPinned() ? a.cpuA() : PingPong.UNPINNED;
        int pinPong = a.isPinned() ? a.cpuB() : PingPong.UNPINNED;
        Driver driver = new Driver(turn, pong, pinPong, roundTripsPerDrive, timeoutNanos);
        try {
            PingPong outer = PingPong.start(new UntimedParkTurn(), ping, pinPing, timeoutNanos, PING_NAME, driver::open, driver::inBatch);
            return new DrivenPingPong(outer, turn, driver);
        } catch (RuntimeException | Error e) {
            if (turn instanceof CancellableTurn c) {
                c.cancel();
            }
            throw e;
        }
    }

    /** Runs one batch of round trips between ping and pong; throws if either failed or the batch timed out. */
    public void drive() {
        outer.roundTrip();
    }

    /** @throws IllegalStateException carrying a task's exception if one failed */
    public void check() {
        outer.checkPartner();
    }

    /** @return the CPU ping was on after it started (-1 if unknown); for a virtual ping, its carrier's at that moment */
    public int pingCpu() {
        return outer.partnerCpu();
    }

    /** @return the CPU pong was on after it started (-1 if unknown); for a virtual pong, its carrier's at that moment */
    public int pongCpu() {
        PingPong p = driver.pair;
        return p == null ? -1 : p.partnerCpu();
    }

    public Turn turn() {
        return inner;
    }

    /** Stops both tasks; if ping is stuck in the inner pair, cancels the inner turn first. */
    @Override
    public void close() {
        try {
            if (inner instanceof CancellableTurn c && outer.turn().current() == Turn.B) {
                c.cancel(); // the last batch never came back: ping is stuck in the inner pair
            }
            outer.close();
        } catch (IllegalStateException stuck) {
            if (inner instanceof CancellableTurn c) {
                c.cancel();
                outer.close();
            } else {
                throw stuck;
            }
        }
    }

    /** Ping's work: the inner ping-pong, created on ping's thread so that ping is its side A. */
    private static final class Driver implements PingPong.PartnerWork {
        private final Turn turn;
        private final ThreadKind pong;
        private final int pinPong;
        private final int roundTrips;
        private final long timeoutNanos;
        private volatile PingPong pair;
        /** Written twice a batch (not per round trip), read by the outer watchdog. */
        private volatile boolean inBatch;

        Driver(Turn turn, ThreadKind pong, int pinPong, int roundTrips, long timeoutNanos) {
            this.turn = turn;
            this.pong = pong;
            this.pinPong = pinPong;
            this.roundTrips = roundTrips;
            this.timeoutNanos = timeoutNanos;
        }

        /** Starts pong; called on ping's thread, so that ping is the inner pair's side A. */
        Driver open() {
            pair = PingPong.start(turn, pong, pinPong, timeoutNanos, PONG_NAME, null, null);
            return this;
        }

        @Override
        public void onTurn() {
            PingPong p = pair;
            inBatch = true;
            try {
                for (int i = 0; i < roundTrips; i++) {
                    p.roundTrip();
                }
            } finally {
                inBatch = false;
            }
        }

        boolean inBatch() {
            return inBatch;
        }

        @Override
        public void close() {
            PingPong p = pair;
            if (p != null) {
                p.close();
            }
        }
    }

    /** @return one line naming where each task is, for benchmark setup output */
    public String describe() {
        return PING_NAME + " " + kindOf(outer.partner()) + " on cpu " + cpu(pingCpu()) + ", "
                + PONG_NAME + " " + (driver.pair == null ? "?" : kindOf(driver.pair.partner())) + " on cpu " + cpu(pongCpu())
                + " (sched_getcpu at start" + (LibC.isAvailable() ? "" : ": unavailable") + ")";
    }

    private static String kindOf(Thread t) {
        return t.isVirtual() ? "virtual" : "platform";
    }

    private static String cpu(int cpu) {
        return cpu < 0 ? "?" : Integer.toString(cpu);
    }
}
